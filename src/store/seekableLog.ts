// An exported session log opened for the support console: every line checked as `countertop log validate` checks
// it (all problems, with line numbers), then the events folded once, keeping a state every SNAPSHOT_EVERY events,
// so any event's state is one snapshot plus fewer than SNAPSHOT_EVERY reducer steps away (a 10,000-event log
// seeks in well under a millisecond; `npm run bench -- support`).
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

export const SNAPSHOT_EVERY = 100;

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

/** What the timeline shows of an event, worked out once when the log opens. */
export interface EntryInfo {
  readonly summary: string;
  readonly marker: Marker;
  /** The time zone of the location chosen at that moment (UTC before one is). */
  readonly zone: string;
}

export interface SeekableLog {
  readonly header: LogHeader;
  readonly entries: readonly LogEntry[];
  readonly info: readonly EntryInfo[];
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
  const context = contextOf(catalogs);
  // snapshots[k] is the moment after entries[k * every - 1] (snapshots[0] is the start).
  const snapshots: Moment[] = [START];
  const info: EntryInfo[] = [];
  let moment = START;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const before = moment.state;
    moment = step(moment, entry, context);
    const zone = currentLocation(moment.state, context)?.location.Timezone ?? 'UTC';
    info.push(
      entry.event === null
        ? { summary: `Skipped: ${entry.type} v${entry.v} (this app does not read it)`, marker: 'warning', zone }
        : { summary: summarize(entry.event, before, moment.state, context), marker: markerOf(entry.event, before, moment.state), zone },
    );
    if ((i + 1) % every === 0) snapshots.push(moment);
  }
  return {
    header,
    entries,
    info,
    context,
    at(index) {
      const target = Math.min(Math.max(index, -1), entries.length - 1);
      const k = Math.min(Math.floor((target + 1) / every), snapshots.length - 1);
      let current = snapshots[k]!;
      for (let i = k * every; i <= target; i++) current = step(current, entries[i]!, context);
      return current;
    },
  };
}

/** A catalog's JSON without its pictures (ImageUrl, LogoUrl): the console shows pages without fetching anything. */
export function withoutPictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPictures);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (key === 'ImageUrl' || key === 'LogoUrl' ? [] : [[key, withoutPictures(inner)]])));
}

export interface OpenOptions {
  /** Snapshot spacing (SNAPSHOT_EVERY). */
  readonly every?: number;
  /** Keep the catalogs' picture URLs (true by default; the console leaves them out). */
  readonly pictures?: boolean;
}

/** Opens a log's text: every problem with its line number (as `countertop log validate` says them), or the log. */
export async function openLogText(text: string, options: OpenOptions = {}): Promise<E.Either<string[], SeekableLog>> {
  const every = options.every ?? SNAPSHOT_EVERY;
  const check = checkLog();
  const problems: string[] = [];
  const catalogs = new Map<string, CatalogIndex>();
  const entries: LogEntry[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const item = await check.line(lines[i]!, i + 1);
    if (E.isLeft(item)) {
      problems.push(...item.left);
      continue;
    }
    const read = item.right;
    if (read?.kind === 'catalog') {
      // The hash was checked on the catalog as written; only the index the pages read goes without pictures.
      const index = options.pictures === false ? decodeCatalog(withoutPictures(read.catalog)) : E.right(read.index);
      catalogs.set(read.hash, E.isRight(index) ? index.right : read.index);
    } else if (read?.kind === 'event') {
      const decoded = read.decoded;
      entries.push({
        seq: read.seq,
        line: i + 1,
        type: read.raw.type,
        v: read.raw.v,
        at: read.raw.at,
        event: decoded.kind === 'event' ? decoded.event : null,
      });
    }
  }
  problems.push(...check.finish());
  const header = check.header();
  if (problems.length > 0 || header === undefined) return E.left(problems.length > 0 ? problems : ['line 1: expected a countertop-log header']);
  return E.right(seekable(header, entries, catalogs, every));
}
