// Whether a bag line can be ordered at a location (ordering.md section 4 "Location selection: drops invalid line
// items"). Stock is not part of it: counts change by the minute and have their own rule (`clampLinesToStock`).
import type { IndexedItem, LocationCatalog } from '../catalog/catalogIndex';
import type { CartLine } from '../cart/cartLine';
import { choicesOf, countChosen, isOptionOutOfStock, modifierListRule } from './modifierRules';

/**
 * True when the item and variation are sold at the location, every chosen option belongs to one of the item's lists
 * there and is not sold out, no option is chosen twice, every list's rule is met, and the quantity is a whole number
 * of at least 1.
 */
export function lineValidAt(catalog: LocationCatalog, line: CartLine): boolean {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) return false;
  const entry = catalog.variations.get(line.variationId);
  if (!entry || entry.item.item.Id !== line.itemId) return false;
  return choicesValidFor(entry.item, line.modifiers);
}

/** The option part of `lineValidAt`, shared with reorder. */
export function choicesValidFor(item: IndexedItem, modifiers: CartLine['modifiers']): boolean {
  for (const listId in modifiers) {
    if (!Object.hasOwn(modifiers, listId)) continue;
    const chosen = modifiers[listId] ?? [];
    if (chosen.length === 0) continue;
    const list = item.modifierLists.find((l) => l.list.Id === listId);
    if (!list) return false;
    for (const [i, id] of chosen.entries()) {
      if (chosen.indexOf(id) !== i) return false;
      const option = list.modifiers.find((m) => m.Id === id);
      if (!option || isOptionOutOfStock(option)) return false;
    }
  }
  for (const list of item.modifierLists) {
    const rule = modifierListRule(list);
    const n = countChosen(list, choicesOf(modifiers, list.list.Id));
    if (n < rule.min || n > rule.max) return false;
  }
  return true;
}
