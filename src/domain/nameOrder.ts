// The order of names in the shopper's lists (categories and items sorted by name, the location picker): en-US,
// case and accents ignored, numbers by value ('Store 2' before 'Store 10').
import { once } from './once';

/**
 * The collator is made the first time two names are compared, not as the module loads: making one reads the locale's
 * collation data (about 3 ms at 1x, 12 at a phone's 4x), and the module is part of the page's first code, which most
 * menus (sorted by ordinal) never need it for.
 */
const collator = once(() => new Intl.Collator('en-US', { sensitivity: 'base', numeric: true }));

/** Compares two names in that order. */
export function compareNames(a: string, b: string): number {
  return collator().compare(a, b);
}
