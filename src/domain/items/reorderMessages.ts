// Reorder of a line (ordering.md sections 5 and 8; the wording is ours): what the shopper is told about a line of an
// earlier order that cannot be repeated as it was. Apart from the first page's messages: reorder loads on demand.

/** Reorder: the item or the variation ordered is not sold at this location any more. */
export function reorderItemUnavailable(itemName: string): string {
  return `${itemName} is no longer available at this location.`;
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
