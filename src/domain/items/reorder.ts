// Reorder of one line of an earlier order at the current location (ordering.md section 5 "Reorder of a line"; the
// situations are listed in section 8, the wording is ours, see reorderMessages.ts).
//
// Checks, first failure wins: the item and variation are still sold here; stock is left after what the bag holds;
// every option ordered is still offered with the item; every list's minimum and maximum are met by the options that
// are in stock; no option ordered is out of stock. A quantity above the stock left shrinks, with a warning.
// Where the spec is silent: an option ordered that is out of stock now fails the reorder even when its list is
// optional (we do not change what the shopper chose without telling them); the note is cut at 50 characters; a
// quantity below 1 in the order is read as 1.
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog, ResolvedModifierList } from '../catalog/catalogIndex';
import type { CartLine } from '../cart/cartLine';
import type { OrderLineItem } from '../orders/codecs';
import { limitNote } from './itemPanel';
import { itemOutOfStock } from './messages';
import {
  reorderItemUnavailable,
  reorderOptionalMissing,
  reorderOptionsMissing,
  reorderOverLimit,
  reorderQuantityReduced,
  reorderRequiredMissing,
} from './reorderMessages';
import { choicesByList, choicesOf, countChosen, isOptionOutOfStock, modifierListRule, tidyChoices } from './modifierRules';
import { type StockCounts, remainingForPanel } from './stock';

export interface ReorderedLine {
  /** The bag line to add; the caller gives it a key (keys arrive in events). */
  readonly line: Omit<CartLine, 'key'>;
  /** Set when the quantity was reduced to the stock left. */
  readonly warning?: string;
}

/** The bag line that repeats an earlier order's line here, or the reason it cannot, worded for the shopper. */
export function reorderLine(
  catalog: LocationCatalog,
  orderLine: OrderLineItem,
  counts: StockCounts,
  inCart: readonly CartLine[],
): E.Either<string, ReorderedLine> {
  const entry = catalog.variations.get(orderLine.VariationId);
  if (!entry || entry.item.item.Id !== orderLine.ItemId) return E.left(reorderItemUnavailable(orderLine.ItemName));
  const item = entry.item;
  const name = item.item.Name;

  const remaining = remainingForPanel(counts, entry.variation, inCart);
  if (remaining < 1) return E.left(itemOutOfStock(name));

  const chosen = new Map<string, string[]>();
  const gone: string[] = [];
  const soldOut: string[] = [];
  const seen = new Set<string>();
  for (const ordered of orderLine.Modifiers ?? []) {
    if (seen.has(ordered.Id)) continue;
    seen.add(ordered.Id);
    const found = findOption(item.modifierLists, ordered.Id);
    if (!found) gone.push(ordered.Name);
    else if (isOptionOutOfStock(found.option)) soldOut.push(ordered.Name);
    else if (chosen.has(found.list.list.Id)) chosen.get(found.list.list.Id)!.push(ordered.Id);
    else chosen.set(found.list.list.Id, [ordered.Id]);
  }
  if (gone.length > 0) return E.left(reorderOptionsMissing(name, gone));

  const modifiers = tidyChoices(item, choicesByList(chosen));
  for (const list of item.modifierLists) {
    const rule = modifierListRule(list);
    const n = countChosen(list, choicesOf(modifiers, list.list.Id));
    if (n < rule.min) return E.left(reorderRequiredMissing(name, list.list.Name));
    if (n > rule.max) return E.left(reorderOverLimit(name, list.list.Name));
  }
  if (soldOut.length > 0) return E.left(reorderOptionalMissing(name, soldOut));

  const ordered = Number.isFinite(orderLine.Quantity) ? Math.max(1, Math.trunc(orderLine.Quantity)) : 1;
  const quantity = Math.min(ordered, remaining);
  const line = { itemId: item.item.Id, variationId: entry.variation.Id, quantity, modifiers, note: limitNote(orderLine.Note ?? '') };
  return E.right(quantity < ordered ? { line, warning: reorderQuantityReduced(name, quantity) } : { line });
}

function findOption(lists: readonly ResolvedModifierList[], modifierId: string) {
  for (const list of lists) {
    const option = list.modifiers.find((m) => m.Id === modifierId);
    if (option) return { list, option };
  }
  return undefined;
}
