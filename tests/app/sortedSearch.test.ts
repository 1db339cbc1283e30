// The console's one binary search, held to a scan of the list.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { lastAtOrBefore } from '../../src/app/features/support/sortedSearch';

it('finds the last place whose key is at or before the value, as a scan does, and -1 when none is', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (keys, value) => {
      const sorted = [...keys].sort((a, b) => a - b);
      const scanned = sorted.findLastIndex((key) => key <= value);
      expect(lastAtOrBefore(sorted.length, (place) => sorted[place]!, value)).toBe(scanned);
    }),
  );
  expect(lastAtOrBefore(0, () => 0, 5)).toBe(-1);
});
