// A coupon or reward that takes nothing off the bag (nothing in it matches, or the bag is empty). Such a discount is
// never sent with an order, so it never spends points or uses up a coupon; the bag and checkout say what it needs.
// The words are ours (the spec has none):
//   "Add a Drip Coffee to use this reward."                    Items: the catalog's names, as it writes them
//   "Add a Latte (Large) or a Scone to use this coupon."       Variations name their item and themselves
//   "Add an item from Pastries to use this reward."            Categories
//   "Add an item to use this coupon."                          EntireOrder, or nothing it names is sold here
import type { LocationCatalog } from '../catalog/catalogIndex';
import type { Discount } from './codecs';

/** At most this many names are listed; past it the sentence ends 'or another eligible item'. */
const MOST_NAMES = 3;

/** 'a Drip Coffee', 'an Espresso': the indefinite article a reader expects before the name. */
function withArticle(name: string): string {
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** 'x', 'x or y', 'x, y or z'. */
function orList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, MOST_NAMES);
  return orList(names.length > MOST_NAMES ? [...shown, 'another eligible item'] : shown);
}

/** What the discount names that this location sells, in the catalog's words. */
function eligibleNames(discount: Discount, location: LocationCatalog): { readonly names: readonly string[]; readonly categories: boolean } {
  if (discount.Type === 'Categories') {
    const wanted = discount.Categories ?? [];
    const names = location.categories.filter((category) => wanted.includes(category.Id)).map((category) => category.Name);
    return { names, categories: true };
  }
  if (discount.Type !== 'Items') return { names: [], categories: false };
  const names: string[] = [];
  for (const id of discount.Items ?? []) {
    const item = location.items.get(id);
    if (item) names.push(withArticle(item.item.Name));
  }
  for (const id of discount.Variations ?? []) {
    const entry = location.variations.get(id);
    if (!entry || discount.Items?.includes(entry.item.item.Id)) continue;
    names.push(withArticle(`${entry.item.item.Name} (${entry.variation.Name})`));
  }
  return { names, categories: false };
}

/** The sentence under a coupon or reward that takes nothing off the bag: what to add to use it. */
export function discountNeeds(discount: Discount, location: LocationCatalog): string {
  const what = discount.kind === 'coupon' ? 'this coupon' : 'this reward';
  const { names, categories } = eligibleNames(discount, location);
  if (names.length === 0) return `Add an item to use ${what}.`;
  if (categories) return `Add an item from ${listed(names)} to use ${what}.`;
  return `Add ${listed(names)} to use ${what}.`;
}

/** Why Place Order waits: the discount would take nothing off, and what to do about it. */
export function unusedDiscountBlocker(discount: Discount, location: LocationCatalog): string {
  const needs = discountNeeds(discount, location);
  return `${discount.Name} takes nothing off this order. ${needs.slice(0, -1)}, or remove it.`;
}

/**
 * The one discount an order sends: the bag's, only when the priced bag shows it taking something off. A discount
 * that takes nothing off is left out, so the order never spends points or a coupon on it.
 */
export function discountToSend<D>(discount: D | null, appliedAmount: number | null | undefined): D | null {
  return discount !== null && (appliedAmount ?? 0) > 0 ? discount : null;
}

/** What a toast says when a coupon or reward goes into the bag, with the one it replaced, if any (one per order). */
export function discountAddedMessage(added: string, replaced: string | null, plain: string): string {
  if (replaced === null || replaced === added) return plain;
  return `Only one discount applies to an order: ${added} now replaces ${replaced}.`;
}
