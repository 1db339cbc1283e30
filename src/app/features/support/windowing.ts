// The timeline's window: which rows of a long list are drawn, given where the list is scrolled. Rows wrap to different
// heights, so each row's height is the one measured when it was last drawn, or an estimate (the mean of the first rows
// measured) until then; a row's top is the sum of the heights above it. The list measures; this keeps and adds up.
import { lastAtOrBefore } from './sortedSearch';

/** Below this many rows every row is drawn: the browser's find-in-page and a screen reader's browse mode reach them all. */
export const DRAW_ALL_UP_TO = 400;
/** Drawn beyond each edge of the view, in pixels, so a quick scroll or an arrow key finds its row already drawn. */
export const OVERSCAN_PX = 600;
/** The estimate before any row is measured (about a row of two lines). */
export const FIRST_ESTIMATE_PX = 58;
/**
 * How many measured rows make the estimate, which then holds until the width changes. A mean that moved with every
 * row measured moved every unmeasured row with it: a window far down a long list landed on other rows at each
 * measurement, which measured new rows, which moved the mean (25 rounds to open a 100,000-event log at its last event).
 */
export const ESTIMATE_SAMPLE = 50;

/**
 * The heights measured so far, by row key, with their sum and count for the estimate. The timeline keys its rows by
 * number: a long log's offsets look up every row's key, and 100,000 string keys cost more to make and to find.
 */
export class RowHeights<Key = string> {
  private readonly measured = new Map<Key, number>();
  private total = 0;
  /** The estimate, once ESTIMATE_SAMPLE rows were measured. */
  private settled: number | null = null;

  /** Records a row's height; true when it is new or changed. */
  set(key: Key, height: number): boolean {
    const before = this.measured.get(key);
    if (before === height) return false;
    this.total += height - (before ?? 0);
    this.measured.set(key, height);
    if (this.settled === null && this.measured.size === ESTIMATE_SAMPLE) this.settled = this.total / ESTIMATE_SAMPLE;
    return true;
  }

  get(key: Key): number | undefined {
    return this.measured.get(key);
  }

  /** Every height measured, with its row's key. */
  entries(): IterableIterator<[Key, number]> {
    return this.measured.entries();
  }

  /** The height an unmeasured row is given: the mean of those measured, until ESTIMATE_SAMPLE were; then that mean. */
  estimate(): number {
    if (this.settled !== null) return this.settled;
    return this.measured.size === 0 ? FIRST_ESTIMATE_PX : this.total / this.measured.size;
  }

  /** Forgets every height and the estimate (the list's width changed, so rows wrap differently). */
  clear(): void {
    this.measured.clear();
    this.total = 0;
    this.settled = null;
  }
}

/** The top of every row and, last, the height of them all: `offsets[i]` is row i's top, `offsets[count]` the total. */
export function rowOffsets(count: number, heightOf: (index: number) => number): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightOf(i);
  return offsets;
}

/**
 * `rowOffsets` of rows keyed by number, the keys' magnitudes rising with the rows (the timeline's: an event's seq, or
 * a folded row's first seq negated): each height measured is placed by a binary search of the keys, rather than every
 * row's key looked up among the heights (a million rows' lookups took about 40 ms); the same sums, in the same order.
 */
export function keyedRowOffsets(keys: readonly number[], heights: RowHeights<number>): Float64Array {
  const estimate = heights.estimate();
  const measured: (readonly [place: number, height: number])[] = [];
  for (const [key, height] of heights.entries()) {
    const place = lastAtOrBefore(keys.length, (row) => Math.abs(keys[row]!), Math.abs(key));
    if (place !== -1 && keys[place] === key) measured.push([place, height]);
  }
  measured.sort((a, b) => a[0] - b[0]);
  const offsets = new Float64Array(keys.length + 1);
  let next = 0;
  for (let i = 0; i < keys.length; i++) {
    let height = estimate;
    if (measured[next]?.[0] === i) height = measured[next++]![1];
    offsets[i + 1] = offsets[i]! + height;
  }
  return offsets;
}

/** The row at a distance from the list's top: the last row whose top is at or above it (0 for an empty list). */
export function rowAt(offsets: Float64Array, y: number): number {
  return Math.max(
    lastAtOrBefore(offsets.length - 1, (row) => offsets[row]!, y),
    0,
  );
}

/** The rows drawn, `start` to `end` (exclusive), and the space left above and below them. */
export interface ListWindow {
  readonly start: number;
  readonly end: number;
  readonly before: number;
  readonly after: number;
}

/** The rows that meet the view (scrolled to `top`, `height` tall) widened by `overscan` pixels each way. */
export function windowOf(offsets: Float64Array, top: number, height: number, overscan = OVERSCAN_PX): ListWindow {
  const count = offsets.length - 1;
  const total = offsets[count]!;
  if (count <= DRAW_ALL_UP_TO) return { start: 0, end: count, before: 0, after: 0 };
  const start = rowAt(offsets, Math.max(top - overscan, 0));
  // The rows that start above the bottom edge: a row starting on it is not in the window.
  const bottom = top + height + overscan;
  const last = rowAt(offsets, bottom);
  const end = Math.max(offsets[last]! < bottom ? last + 1 : last, start + 1);
  return { start, end, before: offsets[start]!, after: total - offsets[end]! };
}

/**
 * Where to scroll so row `index` is in full view, moving as little as possible (as `scrollIntoView({ block:
 * 'nearest' })`): the same `top` when it already is; its top at the view's top when it is taller than the view.
 */
export function revealTop(offsets: Float64Array, index: number, top: number, height: number): number {
  const rowTop = offsets[index]!;
  const rowBottom = offsets[index + 1]!;
  if (rowTop < top || rowBottom - rowTop > height) return rowTop;
  if (rowBottom > top + height) return rowBottom - height;
  return top;
}
