// What the item panel, the bag and reorder tell the shopper, in one place so the wording can be read and checked
// against the spec. Panel wording is ordering.md section 5 word for word; reorder wording is ours (the spec names
// the situations in section 8 but not the words).

/** Ordering.md section 5: no variation chosen in the item panel. */
export const VARIATION_REQUIRED = 'A variation is required';

/** Ordering.md section 5: a required single-choice list with no choice. */
export function listRequired(listName: string): string {
  return `${listName} is required`;
}

/**
 * Ordering.md section 5: fewer choices than the minimum. A list above its maximum gets this same message with the
 * list's minimum as the count (the spec says the maximum "reuses the minimum message").
 */
export function atLeast(count: number, listName: string): string {
  return count === 1 ? `At least 1 value from ${listName} is required` : `At least ${count} values from ${listName} are required`;
}

/** Ordering.md section 5: the quantity asked for is more than the stock left for the shopper. */
export function onlyAvailable(count: number): string {
  return `There is only ${count} available at this time.`;
}

/** Ordering.md section 2: item card of an item whose every variation is sold out. */
export const OUT_OF_STOCK_BADGE = 'Out of Stock';

/** Ordering.md section 5: an option whose QuantityAvailable is 0 or less. */
export const OPTION_OUT_OF_STOCK = 'out of stock';

/** Reorder and quick add: no stock left for the variation (after what is already in the bag). */
export function itemOutOfStock(itemName: string): string {
  return `${itemName} is out of stock at this time.`;
}
