// Replaying a log file line by line through the same decoding and reducers the storefront uses. Lines can come
// from a stream (the CLI reads files of any size this way) or from text in memory.
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex } from '../domain/catalog/catalogIndex';
import type { DomainEvent } from '../events/catalogue';
import { contextOf, type ReduceContext } from '../events/context';
import { reduce, skip } from '../events/reduce';
import { initialState, type State } from '../events/state';
import { checkLog } from './logCheck';
import type { LogHeader } from './logFile';

export interface ReplayOptions {
  /** Stop before the first event later than this instant (epoch ms). */
  readonly until?: number;
  /** Called after each applied event, with the state it produced. */
  readonly onEvent?: (event: DomainEvent, state: State) => void;
  /** Check that each catalog snapshot hashes to its name (on by default). */
  readonly verifyHashes?: boolean;
  /** Receives the reduce context before the first event, for callers that derive views in `onEvent`. */
  readonly onContext?: (context: ReduceContext) => void;
}

export interface ReplayResult {
  readonly header: LogHeader;
  readonly state: State;
  readonly context: ReduceContext;
  readonly catalogs: ReadonlyMap<string, CatalogIndex>;
  /** Events read from the file (applied or not). */
  readonly eventsRead: number;
  /** Whether `until` stopped the replay before the end. */
  readonly stoppedEarly: boolean;
}

/** Replays lines; the failure is the first bad line, named by its number. */
export async function replayLines(lines: AsyncIterable<string> | Iterable<string>, options: ReplayOptions = {}): Promise<E.Either<string, ReplayResult>> {
  const catalogs = new Map<string, CatalogIndex>();
  const context = contextOf(catalogs);
  options.onContext?.(context);
  const check = checkLog(options.verifyHashes === false ? { verifyHashes: false } : {});
  let state = initialState;
  let lineNo = 0;
  let eventsRead = 0;
  let stoppedEarly = false;
  for await (const text of lines) {
    lineNo++;
    const item = await check.line(text, lineNo);
    if (E.isLeft(item)) return E.left(item.left[0]!);
    const read = item.right;
    if (read === null || read.kind === 'header') continue;
    if (read.kind === 'catalog') {
      catalogs.set(read.hash, read.index);
      continue;
    }
    eventsRead++;
    if (stoppedEarly) continue;
    if (read.decoded.kind === 'skipped') {
      state = skip(state, read.decoded.type, read.seq);
      continue;
    }
    const event = read.decoded.event;
    if (options.until !== undefined && Date.parse(event.at) > options.until) {
      stoppedEarly = true;
      continue;
    }
    state = reduce(state, event, context);
    options.onEvent?.(event, state);
  }
  const empty = check.finish();
  const header = check.header();
  if (empty.length > 0 || header === undefined) return E.left(empty[0] ?? 'line 1: expected a countertop-log header');
  return E.right({ header, state, context, catalogs, eventsRead, stoppedEarly });
}
