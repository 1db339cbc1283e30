// Replaying a log file line by line through the same decoding and reducers the storefront uses. Lines can come
// from a stream (the CLI reads files of any size this way) or from text in memory.
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex } from '../domain/catalog/catalogIndex';
import type { DomainEvent } from '../events/catalogue';
import { contextOf, type ReduceContext } from '../events/context';
import { decodeEvent } from '../events/envelope';
import { reduce, skip } from '../events/reduce';
import { initialState, type State } from '../events/state';
import { catalogText, hashText } from './catalogRepository';
import { readLogLine, type LogHeader } from './logFile';

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
  let header: LogHeader | undefined;
  let state = initialState;
  let lineNo = 0;
  let eventsRead = 0;
  let lastSeq = 0;
  let stoppedEarly = false;
  for await (const text of lines) {
    lineNo++;
    const item = readLogLine(text, lineNo, header === undefined);
    if (E.isLeft(item)) return item;
    if (item.right === null) continue;
    const read = item.right;
    if (read.kind === 'header') {
      header = read.header;
      continue;
    }
    if (read.kind === 'catalog') {
      const decoded = decodeCatalog(read.catalog);
      if (E.isLeft(decoded)) return E.left(`line ${lineNo}: catalog ${read.hash} does not decode: ${decoded.left.slice(0, 3).join('; ')}`);
      if (options.verifyHashes !== false) {
        const actual = await hashText(catalogText(read.catalog));
        if (actual !== read.hash) return E.left(`line ${lineNo}: catalog content does not match its hash ${read.hash}`);
      }
      catalogs.set(read.hash, decoded.right);
      continue;
    }
    eventsRead++;
    if (read.seq <= lastSeq) return E.left(`line ${lineNo}: event seq ${read.seq} is not after ${lastSeq}`);
    lastSeq = read.seq;
    if (stoppedEarly) continue;
    const decoded = decodeEvent(read.raw, read.seq);
    if (E.isLeft(decoded)) return E.left(`line ${lineNo}: ${read.raw.type}: ${decoded.left.join('; ')}`);
    if (decoded.right.kind === 'skipped') {
      state = skip(state, decoded.right.type, read.seq);
      continue;
    }
    const event = decoded.right.event;
    if (options.until !== undefined && Date.parse(event.at) > options.until) {
      stoppedEarly = true;
      continue;
    }
    state = reduce(state, event, context);
    options.onEvent?.(event, state);
  }
  if (header === undefined) return E.left('line 1: the file is empty; expected a countertop-log header');
  return E.right({ header, state, context, catalogs, eventsRead, stoppedEarly });
}
