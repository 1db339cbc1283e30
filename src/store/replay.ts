// Replaying a log file line by line through the same decoding and reducers the storefront uses. Lines can come
// from a stream (the CLI reads files of any size this way) or from text in memory.
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex } from '../domain/catalog/catalogIndex';
import type { DomainEvent } from '../events/catalogue';
import { contextOf, type ReduceContext } from '../events/context';
import { reduce, skip } from '../events/reduce';
import { initialState, type State } from '../events/state';
import { checkLog, type Checked } from './logCheck';
import { lineSplitter, type LogHeader } from './logFile';

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
  const replay = replayer(options);
  for await (const text of lines) {
    const problem = await replay.line(text);
    if (problem !== undefined) return E.left(problem);
  }
  return replay.finish();
}

/**
 * Replays a log given as pieces of its text, cut anywhere (as a file stream reads them). Lines end as a line reader
 * ends them (`\n`, `\r\n` or a lone `\r`), so line numbers match `replayLines` over Node's readline. The lines of
 * each piece are applied without waiting a turn of the event loop per line.
 */
export async function replayText(pieces: AsyncIterable<string> | Iterable<string>, options: ReplayOptions = {}): Promise<E.Either<string, ReplayResult>> {
  const replay = replayer(options);
  const lines = lineSplitter();
  const apply = async (texts: readonly string[]): Promise<string | undefined> => {
    for (const text of texts) {
      let problem = replay.line(text);
      if (problem instanceof Promise) problem = await problem;
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  for await (const piece of pieces) {
    const problem = await apply(lines.push(piece));
    if (problem !== undefined) return E.left(problem);
  }
  const problem = await apply(lines.end());
  return problem === undefined ? replay.finish() : E.left(problem);
}

/** Applies lines one at a time: a problem (the first bad line) or nothing, at once unless the line is a catalog. */
function replayer(options: ReplayOptions) {
  const catalogs = new Map<string, CatalogIndex>();
  const context = contextOf(catalogs);
  options.onContext?.(context);
  const check = checkLog(options.verifyHashes === false ? { verifyHashes: false } : {});
  let state = initialState;
  let eventsRead = 0;
  let stoppedEarly = false;

  const apply = (item: Checked): string | undefined => {
    if (E.isLeft(item)) return item.left[0]!;
    const read = item.right;
    if (read === null || read.kind === 'header') return undefined;
    if (read.kind === 'catalog') {
      catalogs.set(read.hash, read.index);
      return undefined;
    }
    eventsRead++;
    if (stoppedEarly) return undefined;
    if (read.decoded.kind === 'skipped') {
      state = skip(state, read.decoded.type, read.seq);
      return undefined;
    }
    const event = read.decoded.event;
    if (options.until !== undefined && Date.parse(event.at) > options.until) {
      stoppedEarly = true;
      return undefined;
    }
    state = reduce(state, event, context);
    options.onEvent?.(event, state);
    return undefined;
  };

  return {
    line(text: string): string | undefined | Promise<string | undefined> {
      const item = check.lineNow(text);
      return item instanceof Promise ? item.then(apply) : apply(item);
    },
    finish(): E.Either<string, ReplayResult> {
      const empty = check.finish();
      const header = check.header();
      if (empty.length > 0 || header === undefined) return E.left(empty[0] ?? 'line 1: expected a countertop-log header');
      return E.right({ header, state, context, catalogs, eventsRead, stoppedEarly });
    },
  };
}
