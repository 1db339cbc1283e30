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

/** 'Latte', 'Latte and Mocha', 'Latte, Mocha and Tea'. */
function namesInProse(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'An item';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/**
 * Lines taken out of the bag because their items sold out (ordering.md section 4 "Inventory updates" names no words
 * for it; the spec's removed-items sentence is kept for a change of location): each item named once, with the reason.
 */
export function soldOutRemoved(names: readonly string[]): string {
  return names.length > 1
    ? `${namesInProse(names)} are out of stock at this time, so we removed them from your bag.`
    : `${namesInProse(names)} is out of stock at this time, so we removed it from your bag.`;
}

/** Lines taken out of the bag because the menu no longer sells their items here. */
export function noLongerSoldRemoved(names: readonly string[]): string {
  return names.length > 1
    ? `${namesInProse(names)} are no longer on the menu here, so we removed them from your bag.`
    : `${namesInProse(names)} is no longer on the menu here, so we removed it from your bag.`;
}
