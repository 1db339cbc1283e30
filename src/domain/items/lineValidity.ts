// Whether a bag line can be ordered at a location (ordering.md section 4 "Location selection: drops invalid line
// items"). Stock is not part of it: counts change by the minute and have their own rule (`clampLinesToStock`).
import type { IndexedItem, LocationCatalog, ResolvedModifierList } from '../catalog/catalogIndex';
import type { Modifier } from '../catalog/codecs';
import type { CartLine } from '../cart/cartLine';
import { choicesOf, countChosen, isOptionOutOfStock, modifierListRule, type ModifierListRule } from './modifierRules';

/**
 * The definition of `lineValidAt`: each list and option searched for in the item's own arrays. The fast one below,
 * with each item's lists indexed once, gives the same (tests/domain/bagRuleShortcuts.properties.test.ts).
 */
export function plainLineValidAt(catalog: LocationCatalog, line: CartLine): boolean {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) return false;
  const entry = catalog.variations.get(line.variationId);
  if (!entry || entry.item.item.Id !== line.itemId) return false;
  return plainChoicesValidFor(entry.item, line.modifiers);
}

/** The option part of the definition. */
function plainChoicesValidFor(item: IndexedItem, modifiers: CartLine['modifiers']): boolean {
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

/** An item's lists by id, each list's options by id (the first of a repeated id, as a search in order finds) and rule. */
interface ItemChoices {
  readonly lists: ReadonlyMap<string, { readonly list: ResolvedModifierList; readonly options: ReadonlyMap<string, Modifier> }>;
  readonly rules: readonly ModifierListRule[];
}

/** Worked out once per item of a catalog: every bag line is checked against its item's lists. */
const itemChoices = new WeakMap<IndexedItem, ItemChoices>();

function choicesOfItem(item: IndexedItem): ItemChoices {
  let known = itemChoices.get(item);
  if (known === undefined) {
    const lists = new Map<string, { list: ResolvedModifierList; options: Map<string, Modifier> }>();
    for (const list of item.modifierLists) {
      if (lists.has(list.list.Id)) continue;
      const options = new Map<string, Modifier>();
      for (const option of list.modifiers) if (!options.has(option.Id)) options.set(option.Id, option);
      lists.set(list.list.Id, { list, options });
    }
    known = { lists, rules: item.modifierLists.map(modifierListRule) };
    itemChoices.set(item, known);
  }
  return known;
}

/** The option part of `lineValidAt`, shared with reorder. */
export function choicesValidFor(item: IndexedItem, modifiers: CartLine['modifiers']): boolean {
  const { lists, rules } = choicesOfItem(item);
  for (const listId in modifiers) {
    if (!Object.hasOwn(modifiers, listId)) continue;
    const chosen = modifiers[listId] ?? [];
    if (chosen.length === 0) continue;
    const list = lists.get(listId);
    if (!list) return false;
    for (let i = 0; i < chosen.length; i++) {
      const id = chosen[i]!;
      if (chosen.indexOf(id) !== i) return false;
      const option = list.options.get(id);
      if (!option || isOptionOutOfStock(option)) return false;
    }
  }
  for (let k = 0; k < item.modifierLists.length; k++) {
    const list = item.modifierLists[k]!;
    const rule = rules[k]!;
    const n = countChosen(list, choicesOf(modifiers, list.list.Id));
    if (n < rule.min || n > rule.max) return false;
  }
  return true;
}
