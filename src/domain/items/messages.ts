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

// --- reorder of a line (ordering.md sections 5 and 8; wording ours) ------------------------------------------------

/** Reorder: the item or the variation ordered is not sold at this location any more. */
export function reorderItemUnavailable(itemName: string): string {
  return `${itemName} is no longer available at this location.`;
}

/** Reorder and quick add: no stock left for the variation (after what is already in the bag). */
export function itemOutOfStock(itemName: string): string {
  return `${itemName} is out of stock at this time.`;
}

/** Reorder: options of the earlier order that the item no longer offers at all. */
export function reorderOptionsMissing(itemName: string, optionNames: readonly string[]): string {
  return `One or more options of ${itemName} are no longer offered: ${optionNames.join(', ')}. Open the item to choose again.`;
}

/** Reorder: a list that now needs a choice the earlier order does not have (or whose choice is out of stock). */
export function reorderRequiredMissing(itemName: string, listName: string): string {
  return `A required option of ${itemName} is missing: ${listName}. Open the item to choose it.`;
}

/** Reorder: the earlier choices are more than a list now allows. */
export function reorderOverLimit(itemName: string, listName: string): string {
  return `Some options of ${itemName} have exceeded their limits: ${listName}. Open the item to change them.`;
}

/** Reorder: options of optional lists that are out of stock now; the rules would hold without them, but the shopper chose them. */
export function reorderOptionalMissing(itemName: string, optionNames: readonly string[]): string {
  return `An option of ${itemName} is not available at this time: ${optionNames.join(', ')}. Open the item to choose again.`;
}

/** Reorder succeeded with less than the earlier quantity (a warning, not a failure). */
export function reorderQuantityReduced(itemName: string, count: number): string {
  return `The quantity of ${itemName} will be reduced to ${count}: there is only ${count} available at this time.`;
}
