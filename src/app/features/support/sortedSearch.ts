// The console's one search of a sorted list: an event by its seq (the address), a row by the entry it starts at, a
// row by its top. Each was a binary search of its own.

/** The last place `0..count-1` whose key is at or before `value`, the keys rising with the place; -1 when none is. */
export function lastAtOrBefore(count: number, keyAt: (place: number) => number, value: number): number {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (keyAt(middle) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
