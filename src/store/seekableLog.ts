// An exported session log opened for the support console: every line checked as `countertop log validate` checks
// it (all problems, with line numbers), then the events folded once, keeping a state every SNAPSHOT_EVERY events,
// so any event's state is one snapshot plus fewer than SNAPSHOT_EVERY reducer steps away (a 10,000-event log
// seeks in well under a millisecond; `npm run bench -- support`). The fold keeps each event's marker; the one-line
// summaries the timeline shows are worked out only when asked, a snapshot's span at a time (a console draws a few
// dozen rows of thousands). Told to report its progress, a long log's opening pauses now and then, so the page that
// opens it paints and answers meanwhile.
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex } from '../domain/catalog/catalogIndex';
import type { DomainEvent } from '../events/catalogue';
import { contextOf, currentLocation, type ReduceContext } from '../events/context';
import { reduce, skip } from '../events/reduce';
import { initialClientState, reduceClient, type ClientState } from '../events/reducers/client';
import { markerOf, summarize, type Marker } from '../events/selectors/summary';
import { initialState, type State } from '../events/state';
import { checkLog } from './logCheck';
import { splitLines, type LogHeader } from './logFile';

export type { Marker };

const SNAPSHOT_EVERY = 100;

/** One event of the log as the timeline lists it. */
export interface LogEntry {
  readonly seq: number;
  /** The line of the file it was read from. */
  readonly line: number;
  readonly type: string;
  readonly v: number;
  readonly at: string;
  /** The decoded (and upcast) event; null when skipped (an unknown type, a newer version). */
  readonly event: DomainEvent | null;
}

/** The domain state and the client state (page, dialog) after an event. */
export interface Moment {
  readonly state: State;
  readonly client: ClientState;
}

/** What the timeline shows of an event: worked out the first time it is asked for, and kept. */
export interface EntryInfo {
  readonly summary: string;
  readonly marker: Marker;
  /** The time zone of the location chosen at that moment (UTC before one is). */
  readonly zone: string;
}

export interface SeekableLog {
  readonly header: LogHeader;
  readonly entries: readonly LogEntry[];
  /** Each entry's failure or warning marker (null for none), known once the log is open. */
  readonly markers: readonly Marker[];
  /** What the timeline shows of `entries[index]`, the same object each time (a RangeError outside the entries). */
  readonly info: (index: number) => EntryInfo;
  readonly context: ReduceContext;
  /** The moment after `entries[index]`; -1 gives the moment before the first event. */
  readonly at: (index: number) => Moment;
}

const START: Moment = { state: initialState, client: initialClientState };

function step(moment: Moment, entry: LogEntry, ctx: ReduceContext): Moment {
  if (entry.event === null) return { state: skip(moment.state, entry.type, entry.seq), client: moment.client };
  return { state: reduce(moment.state, entry.event, ctx), client: reduceClient(moment.client, entry.event) };
}

/** Builds the seekable log from checked entries (the part the benchmark measures apart from parsing). */
export function seekable(header: LogHeader, entries: readonly LogEntry[], catalogs: ReadonlyMap<string, CatalogIndex>, every = SNAPSHOT_EVERY): SeekableLog {
  const fold = foldOf(header, catalogs, every);
  fold.add(entries);
  return fold.view();
}

/** What the timeline shows of `entry`, read against the states before and after it. */
function entryInfo(entry: LogEntry, before: State, after: State, marker: Marker, ctx: ReduceContext): EntryInfo {
  const zone = currentLocation(after, ctx)?.location.Timezone ?? 'UTC';
  if (entry.event === null) return { summary: `Skipped: ${entry.type} v${entry.v} (this app does not read it)`, marker, zone };
  return { summary: summarize(entry.event, before, after, ctx), marker, zone };
}

/** The marker of `entry`: a skipped one is a warning. */
function markerOfEntry(entry: LogEntry, before: State, after: State): Marker {
  return entry.event === null ? 'warning' : markerOf(entry.event, before, after);
}

/** The fold behind a seekable log, kept so a log that grows (a shared visit followed live) folds only what is new. */
function foldOf(header: LogHeader, catalogs: ReadonlyMap<string, CatalogIndex>, every: number) {
  const context = contextOf(catalogs);
  const all: LogEntry[] = [];
  const markers: Marker[] = [];
  // snapshots[k] is the moment after all[k * every - 1] (snapshots[0] is the start); they only ever grow.
  const snapshots: Moment[] = [START];
  // infos[i] once asked for: an event's info depends on the events before it only, so a log that grows keeps them.
  const infos: (EntryInfo | undefined)[] = [];
  let moment = START;
  /** The info of all[index], with the rest of its snapshot's span that the fold holds (one walk from the snapshot). */
  const infoOf = (index: number): EntryInfo => {
    const kept = infos[index];
    if (kept !== undefined) return kept;
    const k = Math.floor(index / every);
    let current = snapshots[k]!;
    const end = Math.min((k + 1) * every, all.length);
    for (let i = k * every; i < end; i++) {
      const next = step(current, all[i]!, context);
      infos[i] ??= entryInfo(all[i]!, current.state, next.state, markers[i]!, context);
      current = next;
    }
    return infos[index]!;
  };
  return {
    add(more: readonly LogEntry[]) {
      for (const entry of more) {
        const before = moment.state;
        moment = step(moment, entry, context);
        markers.push(markerOfEntry(entry, before, moment.state));
        all.push(entry);
        if (all.length % every === 0) snapshots.push(moment);
      }
    },
    /** The log as it is now: a later add leaves this view as it was. */
    view(): SeekableLog {
      const entries = all.slice();
      return {
        header,
        entries,
        markers: markers.slice(),
        info(index) {
          if (!Number.isInteger(index) || index < 0 || index >= entries.length) throw new RangeError(`no entry ${index} in a log of ${entries.length}`);
          return infoOf(index);
        },
        context,
        at(index) {
          const target = Math.min(Math.max(index, -1), entries.length - 1);
          const k = Math.min(Math.floor((target + 1) / every), snapshots.length - 1);
          let current = snapshots[k]!;
          for (let i = k * every; i <= target; i++) current = step(current, entries[i]!, context);
          return current;
        },
      };
    },
  };
}

/** A catalog's JSON without its pictures (ImageUrl, LogoUrl): the console shows pages without fetching anything. */
function withoutPictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPictures);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (key === 'ImageUrl' || key === 'LogoUrl' ? [] : [[key, withoutPictures(inner)]])));
}

export interface OpenOptions {
  /** Snapshot spacing (SNAPSHOT_EVERY). */
  readonly every?: number;
  /** Keep the catalogs' picture URLs (true by default; the console leaves them out). */
  readonly pictures?: boolean;
  /**
   * Told how far the opening is (lines checked, then events folded, out of all): given, the opening also pauses
   * for a turn of the event loop every PAUSE_EVERY_MS, so a page can paint the progress and answer while a long
   * log opens.
   */
  readonly onProgress?: (progress: OpenProgress) => void;
  /** The time between pauses, in milliseconds (PAUSE_EVERY_MS; 0 pauses at every chance). */
  readonly pauseEvery?: number;
}

export interface OpenProgress {
  readonly stage: 'checking' | 'folding';
  readonly done: number;
  readonly of: number;
}

/** How long the opening of a long log works between pauses, when it tells its progress. */
const PAUSE_EVERY_MS = 100;

/** Whether a pause for a turn of the event loop is due (at most one every `every` ms). */
function pacer(every: number): () => boolean {
  let since = performance.now();
  return () => {
    const now = performance.now();
    if (now - since < every) return false;
    since = now;
    return true;
  };
}
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A log that may grow after it is opened: a shared visit followed live, whose new lines arrive after the file. */
export interface GrowingLog {
  readonly log: SeekableLog;
  /** Checks the lines that follow (catalogs and events, as the file's own): the longer log, and any line refused. */
  readonly grow: (lines: readonly string[]) => Promise<{ readonly log: SeekableLog; readonly problems: readonly string[] }>;
}

/** Opens a log's text: every problem with its line number (as `countertop log validate` says them), or the log. */
export async function openLogText(text: string, options: OpenOptions = {}): Promise<E.Either<string[], SeekableLog>> {
  const opened = await openGrowingLog(text, options);
  return E.isLeft(opened) ? opened : E.right(opened.right.log);
}

/** Opens a log's text as openLogText does, keeping its check and its fold for lines that follow. */
export async function openGrowingLog(text: string, options: OpenOptions = {}): Promise<E.Either<string[], GrowingLog>> {
  const every = options.every ?? SNAPSHOT_EVERY;
  const check = checkLog();
  const catalogs = new Map<string, CatalogIndex>();
  const told = options.onProgress;
  const due = pacer(options.pauseEvery ?? PAUSE_EVERY_MS);
  /** Checks lines in order, keeping their catalogs: the events read, and the problems. */
  const read = async (lines: readonly string[], progress?: (progress: OpenProgress) => void) => {
    const problems: string[] = [];
    const entries: LogEntry[] = [];
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!;
      if (progress && due()) {
        progress({ stage: 'checking', done: i, of: lines.length });
        await pause();
      }
      // Answered at once for an event: a turn of the event loop per line cost a long log about a tenth of its reading.
      const now = check.lineNow(text);
      const item = now instanceof Promise ? await now : now;
      const line = check.lineNumber();
      if (E.isLeft(item)) {
        problems.push(...item.left);
        continue;
      }
      const checked = item.right;
      if (checked?.kind === 'catalog') {
        // The hash was checked on the catalog as written; only the index the pages read goes without pictures.
        const index = options.pictures === false ? decodeCatalog(withoutPictures(checked.catalog)) : E.right(checked.index);
        catalogs.set(checked.hash, E.isRight(index) ? index.right : checked.index);
      } else if (checked?.kind === 'event') {
        const decoded = checked.decoded;
        entries.push({
          seq: checked.seq,
          line,
          type: checked.raw.type,
          v: checked.raw.v,
          at: checked.raw.at,
          event: decoded.kind === 'event' ? decoded.event : null,
        });
      }
    }
    return { entries, problems };
  };
  const first = await read(splitLines(text), told);
  const problems = [...first.problems, ...check.finish()];
  const header = check.header();
  if (problems.length > 0 || header === undefined) return E.left(problems.length > 0 ? problems : ['line 1: expected a countertop-log header']);
  const fold = foldOf(header, catalogs, every);
  if (told === undefined) fold.add(first.entries);
  else {
    // In pieces of a snapshot's span, pausing when due.
    for (let done = 0; done < first.entries.length; done += every) {
      if (due()) {
        told({ stage: 'folding', done, of: first.entries.length });
        await pause();
      }
      fold.add(first.entries.slice(done, done + every));
    }
  }
  return E.right({
    log: fold.view(),
    async grow(lines) {
      const more = await read(lines);
      fold.add(more.entries);
      return { log: fold.view(), problems: more.problems };
    },
  });
}
