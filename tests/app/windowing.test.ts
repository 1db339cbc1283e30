// The timeline's window: the rows drawn cover the view and no more than the overscan beyond it, a row is found by
// its distance from the top, a chosen row is scrolled into full view by the least move, and unmeasured rows are
// counted at the mean of those measured.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DRAW_ALL_UP_TO,
  ESTIMATE_SAMPLE,
  FIRST_ESTIMATE_PX,
  keyedRowOffsets,
  OVERSCAN_PX,
  RowHeights,
  revealTop,
  rowAt,
  rowOffsets,
  windowOf,
} from '../../src/app/features/support/windowing';

const heightsArb = fc.array(fc.integer({ min: 1, max: 300 }), { minLength: DRAW_ALL_UP_TO + 1, maxLength: DRAW_ALL_UP_TO + 300 });
const offsetsOf = (heights: readonly number[]) => rowOffsets(heights.length, (i) => heights[i]!);

describe('the rows’ tops', () => {
  it('adds up the heights: each top is the sum of the rows above, the last entry the whole height', () => {
    expect([...rowOffsets(3, (i) => [10, 20, 5][i]!)]).toEqual([0, 10, 30, 35]);
    expect([...rowOffsets(0, () => 1)]).toEqual([0]);
  });

  it('finds the row at a distance from the top: the last whose top is at or above it', () => {
    const offsets = rowOffsets(3, (i) => [10, 20, 5][i]!);
    expect([0, 9, 10, 29.5, 30, 34, 35, 1000].map((y) => rowAt(offsets, y))).toEqual([0, 0, 1, 1, 2, 2, 2, 2]);
    expect(
      rowAt(
        rowOffsets(0, () => 1),
        50,
      ),
    ).toBe(0);
  });

  it('finds, for any heights and distance, the row that spans it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (heights, share) => {
          const offsets = offsetsOf(heights);
          const total = offsets[heights.length]!;
          const y = share * (total - 0.001);
          const row = rowAt(offsets, y);
          expect(offsets[row]!).toBeLessThanOrEqual(y);
          expect(offsets[row + 1]!).toBeGreaterThan(y);
        },
      ),
    );
  });
});

describe('the window', () => {
  it('draws every row of a short list, with no space above or below', () => {
    const offsets = rowOffsets(DRAW_ALL_UP_TO, () => 58);
    expect(windowOf(offsets, 5_000, 500)).toEqual({ start: 0, end: DRAW_ALL_UP_TO, before: 0, after: 0 });
  });

  it('draws a long list’s rows in view and the overscan around them, the space of the others kept above and below', () => {
    const offsets = rowOffsets(20_000, () => 50);
    // Scrolled to row 1,000's top, a 500-pixel view: rows 1,000 to 1,009 in view, 12 more each way.
    const shown = windowOf(offsets, 50_000, 500, 600);
    expect(shown).toEqual({ start: 988, end: 1_022, before: 988 * 50, after: (20_000 - 1_022) * 50 });
    // At the top and at the end, the window stops at the list's edges.
    expect(windowOf(offsets, 0, 500, 600)).toMatchObject({ start: 0, end: 22, before: 0 });
    expect(windowOf(offsets, 20_000 * 50 - 500, 500, 600)).toMatchObject({ start: 19_978, end: 20_000, after: 0 });
  });

  it('covers the view, the drawn rows and the space around them add up to the whole, and it draws no row wholly beyond the overscan', () => {
    fc.assert(
      fc.property(heightsArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 2_000 }), (heights, share, height) => {
        const offsets = offsetsOf(heights);
        const count = heights.length;
        const total = offsets[count]!;
        const top = share * Math.max(total - height, 0);
        const { start, end, before, after } = windowOf(offsets, top, height);
        expect(start).toBeLessThan(end);
        expect(before).toBe(offsets[start]);
        expect(before + (offsets[end]! - offsets[start]!) + after).toBeCloseTo(total, 6);
        // Every row that meets the view is drawn.
        expect(offsets[start]!).toBeLessThanOrEqual(top);
        expect(offsets[end]!).toBeGreaterThanOrEqual(Math.min(top + height, total));
        // No row is drawn that ends before the overscan above or starts after the overscan below.
        expect(offsets[start + 1]!).toBeGreaterThan(top - OVERSCAN_PX);
        expect(offsets[end - 1]!).toBeLessThan(top + height + OVERSCAN_PX);
      }),
    );
  });
});

describe('revealing the chosen row', () => {
  const offsets = rowOffsets(DRAW_ALL_UP_TO + 100, (i) => (i === 7 ? 400 : 50));

  it('moves as little as the browser’s nearest scroll does', () => {
    // Already in full view: no move.
    expect(revealTop(offsets, 3, 100, 300)).toBe(100);
    // Above the view: its top at the view's top.
    expect(revealTop(offsets, 1, 100, 300)).toBe(50);
    // Below: its bottom at the view's bottom.
    expect(revealTop(offsets, 10, 0, 300)).toBe(offsets[11]! - 300);
    // Taller than the view: its top at the view's top.
    expect(revealTop(offsets, 7, 0, 300)).toBe(offsets[7]);
  });

  it('puts any row in full view (or its top at the view’s top when taller), and leaves a row in view where it is', () => {
    fc.assert(
      fc.property(heightsArb, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 50, max: 2_000 }), (heights, pick, share, height) => {
        const rowOffsetsOf = offsetsOf(heights);
        const index = pick % heights.length;
        const top = share * rowOffsetsOf[heights.length]!;
        const next = revealTop(rowOffsetsOf, index, top, height);
        const rowTop = rowOffsetsOf[index]!;
        const rowBottom = rowOffsetsOf[index + 1]!;
        if (rowBottom - rowTop > height) expect(next).toBe(rowTop);
        else {
          expect(next).toBeLessThanOrEqual(rowTop);
          expect(next + height).toBeGreaterThanOrEqual(rowBottom);
        }
        if (rowTop >= top && rowBottom <= top + height) expect(next).toBe(top);
      }),
    );
  });
});

describe('the heights kept', () => {
  it('counts unmeasured rows at the mean of those measured, and forgets them all when the width changes', () => {
    const heights = new RowHeights();
    expect(heights.estimate()).toBe(FIRST_ESTIMATE_PX);
    expect(heights.set('e1', 40)).toBe(true);
    expect(heights.set('e2', 80)).toBe(true);
    expect(heights.estimate()).toBe(60);
    // The same height again is no change; a new one replaces the old in the mean.
    expect(heights.set('e1', 40)).toBe(false);
    expect(heights.set('e1', 100)).toBe(true);
    expect(heights.estimate()).toBe(90);
    expect(heights.get('e1')).toBe(100);
    heights.clear();
    expect(heights.get('e1')).toBeUndefined();
    expect(heights.estimate()).toBe(FIRST_ESTIMATE_PX);
  });

  it('holds the estimate once enough rows are measured, so rows measured far down move no other unmeasured row', () => {
    const heights = new RowHeights();
    for (let i = 0; i < ESTIMATE_SAMPLE; i++) heights.set(`e${i}`, i % 2 === 0 ? 40 : 80);
    expect(heights.estimate()).toBe(60);
    // Taller rows measured later: their own heights count, the estimate for the others stays.
    for (let i = ESTIMATE_SAMPLE; i < 3 * ESTIMATE_SAMPLE; i++) heights.set(`e${i}`, 120);
    expect(heights.get(`e${ESTIMATE_SAMPLE}`)).toBe(120);
    expect(heights.estimate()).toBe(60);
    const offsets = rowOffsets(4 * ESTIMATE_SAMPLE, (i) => heights.get(`e${i}`) ?? heights.estimate());
    expect(offsets[4 * ESTIMATE_SAMPLE]! - offsets[3 * ESTIMATE_SAMPLE]!).toBe(60 * ESTIMATE_SAMPLE);
    // A new width forgets it: the next rows measured make it again.
    heights.clear();
    heights.set('e0', 30);
    expect(heights.estimate()).toBe(30);
  });
});

describe("the timeline's rows' tops", () => {
  it('are the sums of each row’s height, measured or estimated, whichever rows of the log the keys are', () => {
    fc.assert(
      fc.property(
        // Rows in the log's order: each an event (its seq) or a folded run (its first seq negated), some left out.
        fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 80 }),
        // Heights measured, by seq and sign, some of rows not in this list (another search's, folded otherwise).
        fc.array(fc.tuple(fc.integer({ min: 1, max: 90 }), fc.boolean(), fc.double({ min: 10, max: 300, noNaN: true })), { maxLength: 70 }),
        (rows, measured) => {
          const keys = rows.flatMap(([kept, folded], i) => (kept ? [folded ? -(i + 1) : i + 1] : []));
          const heights = new RowHeights<number>();
          for (const [seq, folded, height] of measured) heights.set(folded ? -seq : seq, height);
          const estimate = heights.estimate();
          expect(keyedRowOffsets(keys, heights)).toEqual(rowOffsets(keys.length, (i) => heights.get(keys[i]!) ?? estimate));
        },
      ),
    );
  });
});
