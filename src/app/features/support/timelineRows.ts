// The timeline's rows: each event, except a page load's bookkeeping (its links, layout, device, the stock counted,
// the catalog read again, the same page recorded twice, the share's progress, the pickup time moved after an
// order), which folds into one row that opens on demand. An event with a failure or warning marker is never folded.
// And the pace of playing the timeline: the time the shopper took between two events, within bounds. Pure.
import type { LogEntry, Marker } from '../../runtime/replayRuntime';
import { lastAtOrBefore } from './sortedSearch';

/**
 * A row: one event, by its index (a number, not an object: a million events' rows are then one array of numbers, made
 * and marked by the collector in a fraction of the time), or bookkeeping events folded.
 */
export type TimelineRow = number | FoldedRow;

/** Bookkeeping events, folded: their indexes in order (two or more). */
export interface FoldedRow {
  readonly kind: 'folded';
  readonly indexes: readonly number[];
}

const BOOKKEEPING = new Set([
  'FooterLinksLoaded',
  'MenuLayoutLoaded',
  'BusinessKindLoaded',
  'DeviceSeen',
  'InventoryCounted',
  'CatalogLoaded',
  'VisitShareSent',
  'PickupTimeAdjusted',
]);

/** Whether an event is bookkeeping: one of those types, or a page recorded again (the path the last page had). */
function bookkeeping(entry: LogEntry, marker: Marker, lastPath: string | null): boolean {
  if (marker !== null) return false;
  if (entry.event?.type === 'PageViewed') return entry.event.data.path === lastPath;
  return BOOKKEEPING.has(entry.type);
}

/** The indexes of the entries of a type ('' for every type), in order. */
export function entriesOfType(entries: readonly LogEntry[], typeFilter: string): number[] {
  const out: number[] = [];
  entries.forEach((entry, i) => {
    if (typeFilter === '' || entry.type === typeFilter) out.push(i);
  });
  return out;
}

/**
 * Of `among` (entries' indexes, in order), those the search found (`found`, in order too); `found` itself when
 * `among` is every entry of a log of `all`.
 */
export function searchedEntries(among: readonly number[], found: readonly number[], all = Infinity): readonly number[] {
  if (among.length === all) return found;
  const out: number[] = [];
  for (let i = 0, j = 0; i < among.length && j < found.length;) {
    if (among[i]! < found[j]!) i++;
    else if (among[i]! > found[j]!) j++;
    else {
      out.push(among[i]!);
      i++;
      j++;
    }
  }
  return out;
}

/**
 * The rows of the `shown` entries: runs of two or more bookkeeping events fold into one row, unless the run's first
 * index is in `opened`.
 */
export function timelineRows(entries: readonly LogEntry[], markers: readonly Marker[], shown: readonly number[], opened: ReadonlySet<number>): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 2 && !opened.has(run[0]!)) rows.push({ kind: 'folded', indexes: run });
    else for (const index of run) rows.push(index);
    run = [];
  };
  let lastPath: string | null = null;
  let next = 0;
  for (const index of shown) {
    // The page a bookkeeping PageViewed repeats is the last one recorded before it, shown or not.
    for (; next < index; next++) lastPath = pathOf(entries[next]!) ?? lastPath;
    const entry = entries[index]!;
    if (bookkeeping(entry, markers[index]!, lastPath)) run.push(index);
    else {
      flush();
      rows.push(index);
    }
    lastPath = pathOf(entry) ?? lastPath;
    next = index + 1;
  }
  flush();
  return rows;
}

function pathOf(entry: LogEntry): string | null {
  return entry.event?.type === 'PageViewed' ? entry.event.data.path : null;
}

/** Whether a row holds the entry at `index`. */
export const rowHolds = (row: TimelineRow, index: number): boolean => (typeof row === 'number' ? row === index : row.indexes.includes(index));

/**
 * The place of the row holding the entry at `index`, -1 when none does: the rows are in the entries' order, so the
 * row is the last one starting at or before it (a seek in a 100,000-row timeline looked at every row before).
 */
export function rowOf(rows: readonly TimelineRow[], index: number): number {
  const found = lastAtOrBefore(rows.length, (place) => rowStart(rows[place]!), index);
  return found !== -1 && rowHolds(rows[found]!, index) ? found : -1;
}

/** The first entry a row holds. */
const rowStart = (row: TimelineRow): number => (typeof row === 'number' ? row : row.indexes[0]!);

/** What a folded row says: how many events, and of which types. */
export function foldedSummary(entries: readonly LogEntry[], indexes: readonly number[]): string {
  const types = [...new Set(indexes.map((index) => entries[index]!.type))];
  return `Page bookkeeping: ${indexes.length} events (${types.join(', ')})`;
}

/** Playing the timeline: the shortest and longest wait before the next event, in milliseconds. */
export const PLAY_MIN_MS = 250;
export const PLAY_MAX_MS = 2_000;

/** How long to wait before showing `to` after `from` while playing: the shopper's own gap, within the bounds. */
export function playDelay(from: LogEntry, to: LogEntry): number {
  const gap = Date.parse(to.at) - Date.parse(from.at);
  return Number.isFinite(gap) ? Math.min(Math.max(gap, PLAY_MIN_MS), PLAY_MAX_MS) : PLAY_MIN_MS;
}
