// An exported session log opened for the support console: every line checked as `countertop log validate` checks
// it (all problems, with line numbers), then the events folded once, keeping a state every SNAPSHOT_EVERY events,
// so any event's state is one snapshot plus fewer than SNAPSHOT_EVERY reducer steps away (a 10,000-event log
// seeks in well under a millisecond; `npm run bench -- support`). The fold, which holds each event's states before
// and after, keeps its marker and its one-line summary as it goes (the summary in the search's text, textSearch.ts):
// the timeline's rows and the search read them without replaying anything. Told to report its progress, a long log's
// opening pauses now and then, so the page that opens it paints and answers meanwhile.
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex } from '../domain/catalog/catalogIndex';
import type { DomainEvent } from '../events/catalogue';
import { contextOf, currentLocation, type ReduceContext } from '../events/context';
import { reduce, skip } from '../events/reduce';
import { initialClientState, reduceClient, type ClientState } from '../events/reducers/client';
import { markerOf, summarize, type Marker } from '../events/selectors/summary';
import { initialState, type State } from '../events/state';
import { checkLog, type Checked } from './logCheck';
import { lineSplitter, type LogHeader } from './logFile';
import { textSearchMaker, type TextSearch } from './textSearch';

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

/** What the timeline shows of an event: its parts made by the fold, put together the first time it is asked for. */
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
  /** The timeline's search: each entry's seq, type and one-line summary (what `info` says), made by the fold. */
  readonly search: TextSearch;
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
  const fold = foldOf(catalogs, every);
  for (const entry of entries) fold.add(entry);
  return fold.view(header);
}

/** The one-line summary of `entry`, read against the states before and after it. */
function summaryOf(entry: LogEntry, before: State, after: State, ctx: ReduceContext): string {
  if (entry.event === null) return `Skipped: ${entry.type} v${entry.v} (this app does not read it)`;
  return summarize(entry.event, before, after, ctx);
}

/** The text the search looks in for an entry: its seq, its type and its summary, a space between each. */
const searchTextOf = (entry: LogEntry, summary: string): string => `${entry.seq} ${entry.type} ${summary}`;

/** The summary back from an entry's search text (searchTextOf). */
const summaryIn = (entry: LogEntry, text: string): string => text.slice(String(entry.seq).length + entry.type.length + 2);

/** The marker of `entry`: a skipped one is a warning. */
function markerOfEntry(entry: LogEntry, before: State, after: State): Marker {
  return entry.event === null ? 'warning' : markerOf(entry.event, before, after);
}

/** The fold behind a seekable log, kept so a log that grows (a shared visit followed live) folds only what is new. */
function foldOf(catalogs: ReadonlyMap<string, CatalogIndex>, every: number) {
  const context = contextOf(catalogs);
  const all: LogEntry[] = [];
  const markers: Marker[] = [];
  // Each summary is kept in the search's text (textSearch.ts), as it was made: a million summaries kept one string
  // each were about 70 MB of objects the collector marked again and again.
  const search = textSearchMaker();
  // The time zone of the location chosen after each event (UTC before one is): a few strings, each held many times.
  const zones: string[] = [];
  // snapshots[k] is the moment after all[k * every - 1] (snapshots[0] is the start); they only ever grow.
  const snapshots: Moment[] = [START];
  // The infos asked for (the rows drawn, a few dozen of thousands), kept so each is the same object each time.
  const infos = new Map<number, EntryInfo>();
  let moment = START;
  let zoneFor: { readonly locationId: string | null; readonly hash: string | null; readonly zone: string } = { locationId: null, hash: null, zone: 'UTC' };
  return {
    add(entry: LogEntry) {
      const before = moment.state;
      moment = step(moment, entry, context);
      markers.push(markerOfEntry(entry, before, moment.state));
      search.add(searchTextOf(entry, summaryOf(entry, before, moment.state, context)));
      // Looked up again only when the location or the catalog changed (a few times in a visit).
      const { state } = moment;
      if (state.locationId !== zoneFor.locationId || state.catalog.hash !== zoneFor.hash) {
        zoneFor = { locationId: state.locationId, hash: state.catalog.hash, zone: currentLocation(state, context)?.location.Timezone ?? 'UTC' };
      }
      zones.push(zoneFor.zone);
      all.push(entry);
      if (all.length % every === 0) snapshots.push(moment);
    },
    /** The log as it is now: a later add leaves this view as it was. */
    view(header: LogHeader): SeekableLog {
      const entries = all.slice();
      const texts = search.view();
      return {
        header,
        entries,
        markers: markers.slice(),
        search: texts,
        info(index) {
          if (!Number.isInteger(index) || index < 0 || index >= entries.length) throw new RangeError(`no entry ${index} in a log of ${entries.length}`);
          let info = infos.get(index);
          if (info === undefined) {
            info = { summary: summaryIn(entries[index]!, texts.text(index)), marker: markers[index]!, zone: zones[index]! };
            infos.set(index, info);
          }
          return info;
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
   * Told how far the opening is (lines checked and their events read, then events folded): given, the opening also
   * pauses for a turn of the event loop every PAUSE_EVERY_MS, so a page can paint the progress and answer while a
   * long log opens.
   */
  readonly onProgress?: (progress: OpenProgress) => void;
  /** The time between pauses, in milliseconds (PAUSE_EVERY_MS; 0 pauses at every chance). */
  readonly pauseEvery?: number;
}

/** How far an opening is: the lines checked, the events read from them, and how many of those are folded. */
export interface OpenProgress {
  readonly lines: number;
  readonly events: number;
  readonly folded: number;
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
export function openGrowingLog(text: string, options: OpenOptions = {}): Promise<E.Either<string[], GrowingLog>> {
  return openLogPieces([text], options);
}

/**
 * Opens a log that comes a piece of text at a time (a file's stream, decoded) as openGrowingLog opens its text: the
 * pieces cut into lines as they come and each line checked, so neither the text nor its lines are ever held whole (a
 * million-event file is about 350 MB); then the events read are folded. Pieces may be cut anywhere, even inside a
 * line. (Each event folded as its line was checked cost about a tenth more processor time: the check and the fold
 * each run faster in a loop of their own.)
 */
export async function openLogPieces(pieces: AsyncIterable<string> | Iterable<string>, options: OpenOptions = {}): Promise<E.Either<string[], GrowingLog>> {
  const check = checkLog();
  const catalogs = new Map<string, CatalogIndex>();
  const every = options.every ?? SNAPSHOT_EVERY;
  const fold = foldOf(catalogs, every);
  /** Takes a checked line: its catalog kept, its event added to `entries`, its problems to `problems`. */
  const take = (item: Checked, entries: LogEntry[], problems: string[]) => {
    if (E.isLeft(item)) {
      problems.push(...item.left);
      return;
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
        line: check.lineNumber(),
        type: checked.raw.type,
        v: checked.raw.v,
        at: checked.raw.at,
        event: decoded.kind === 'event' ? decoded.event : null,
      });
    }
  };
  const entries: LogEntry[] = [];
  const problems: string[] = [];
  const told = options.onProgress;
  const due = pacer(options.pauseEvery ?? PAUSE_EVERY_MS);
  const lines = lineSplitter();
  /** Checks lines in order, their events into `into` and their problems into `refused`; paced while opening. */
  const read = async (texts: readonly string[], into: LogEntry[], refused: string[], paced: boolean) => {
    for (const text of texts) {
      if (paced && told && due()) {
        told({ lines: check.lineNumber(), events: entries.length, folded: 0 });
        await pause();
      }
      // Answered at once for an event: a turn of the event loop per line cost a long log about a tenth of its reading.
      const now = check.lineNow(text);
      take(now instanceof Promise ? await now : now, into, refused);
    }
  };
  for await (const piece of pieces) await read(lines.push(piece), entries, problems, true);
  await read(lines.end(), entries, problems, true);
  problems.push(...check.finish());
  const header = check.header();
  if (problems.length > 0 || header === undefined) return E.left(problems.length > 0 ? problems : ['line 1: expected a countertop-log header']);
  // In pieces of a snapshot's span, pausing when due.
  for (let done = 0; done < entries.length; done += every) {
    if (told && due()) {
      told({ lines: check.lineNumber(), events: entries.length, folded: done });
      await pause();
    }
    for (let i = done; i < Math.min(done + every, entries.length); i++) fold.add(entries[i]!);
  }
  // The fold holds them now; the grown log's closures would keep this list too.
  entries.length = 0;
  return E.right({
    log: fold.view(header),
    async grow(more) {
      const grown: LogEntry[] = [];
      const refused: string[] = [];
      await read(more, grown, refused, false);
      for (const entry of grown) fold.add(entry);
      return { log: fold.view(header), problems: refused };
    },
  });
}
