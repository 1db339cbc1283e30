// What the bag shows (ordering.md section 2, Cart screen): lines with names and prices, the preview totals from the
// rule engine, the item count (a discount counts as one), and the warnings the rules raised.
import * as E from 'fp-ts/lib/Either.js';
import type { IndexedItem, LocationCatalog } from '../../domain/catalog/catalogIndex';
import type { CartLine } from '../../domain/cart/cartLine';
import { choicesOf } from '../../domain/items/modifierRules';
import { availableStock } from '../../domain/items/stock';
import { noLongerSoldRemoved, onlyAvailable, soldOutRemoved } from '../../domain/items/messages';
import { discountOf } from '../../domain/discounts/codecs';
import { discountNeeds, unusedDiscountBlocker } from '../../domain/discounts/unused';
import { priceCart, type PricedLine, type Preview } from '../../domain/pricing/priceCart';
import { currentLocation, type ReduceContext } from '../context';
import type { Removal, State } from '../state';

/** The spec's removed-items warning, word for word (section 4). */
export const REMOVED_ITEMS_WARNING = 'We removed items from your cart because they are not available at this location.';

export interface BagLineView {
  readonly line: CartLine;
  readonly itemName: string;
  readonly variationName: string;
  readonly modifierNames: readonly string[];
  readonly imageUrl: string | null;
  readonly priced: PricedLine | null;
  /** What is left for this variation (Infinity when not limited). */
  readonly stock: number;
  readonly outOfStock: boolean;
}

export interface BagView {
  readonly location: LocationCatalog | null;
  readonly currency: string;
  readonly lines: readonly BagLineView[];
  readonly preview: Preview | null;
  /** Problems pricing found (a line the catalog no longer sells); empty normally. */
  readonly problems: readonly string[];
  readonly itemCount: number;
}

/**
 * Item count: the quantities plus one for a coupon or reward (section 4), once the bag holds something to buy: a
 * reward alone is not something in the bag, so the badge and the bag page ('Your bag is currently empty.') agree.
 */
export function itemCount(state: Pick<State, 'bag'>): number {
  let count = 0;
  for (const line of state.bag.lines) count += line.quantity;
  return count > 0 && state.bag.discount !== null ? count + 1 : count;
}

/** The name of the coupon or reward the bag holds; null when it holds none. */
export function heldDiscountName(state: Pick<State, 'bag'>): string | null {
  const held = state.bag.discount;
  return held === null ? null : held.kind === 'coupon' ? held.coupon.Name : held.reward.Name;
}

/** The bag's coupon or reward when it takes nothing off (nothing in the bag matches it), with what it needs. */
export interface UnusedDiscount {
  readonly name: string;
  /** 'Add a Drip Coffee to use this reward.' */
  readonly needs: string;
  /** What Place Order says while it waits. */
  readonly blocker: string;
}

export function unusedDiscount(state: State, bag: Pick<BagView, 'location' | 'preview'>): UnusedDiscount | null {
  const discount = discountOf(state.bag.discount);
  if (discount === null || bag.location === null) return null;
  if (bag.preview !== null && (bag.preview.appliedDiscount?.amount ?? 0) > 0) return null;
  return { name: discount.Name, needs: discountNeeds(discount, bag.location), blocker: unusedDiscountBlocker(discount, bag.location) };
}

function modifierNames(item: IndexedItem | undefined, line: CartLine): string[] {
  if (!item) return [];
  const names: string[] = [];
  for (const list of item.modifierLists) {
    const chosen = choicesOf(line.modifiers, list.list.Id);
    for (const modifier of list.modifiers) if (chosen.includes(modifier.Id)) names.push(modifier.Name);
  }
  return names;
}

const NO_COUNTS: Readonly<Record<string, number>> = {};

/** The stock counts of the current location; none while the counts held are another location's. */
export function currentCounts(state: State): Readonly<Record<string, number>> {
  return state.inventory.locationId === state.locationId ? state.inventory.counts : NO_COUNTS;
}

export function bagView(state: State, ctx: ReduceContext): BagView {
  const location = currentLocation(state, ctx) ?? null;
  const counts = currentCounts(state);
  const priced = location ? priceCart(location, state.bag.lines, { discount: discountOf(state.bag.discount), tipAmount: state.bag.tip.amount }) : null;
  const preview = priced && E.isRight(priced) ? priced.right : null;
  const lines = state.bag.lines.map((line): BagLineView => {
    const entry = location?.variations.get(line.variationId);
    const stock = entry ? availableStock(counts, entry.variation) : 0;
    return {
      line,
      itemName: entry?.item.item.Name ?? line.itemId,
      variationName: entry?.variation.Name ?? line.variationId,
      modifierNames: modifierNames(entry?.item, line),
      imageUrl: entry?.item.item.ImageUrl ?? null,
      priced: preview?.lineItems[line.key] ?? null,
      stock,
      outOfStock: stock <= 0,
    };
  });
  return {
    location,
    currency: location?.currency ?? 'USD',
    lines,
    preview,
    problems: priced && E.isLeft(priced) ? priced.left : [],
    itemCount: itemCount(state),
  };
}

export interface Warning {
  readonly seq: number;
  readonly at: string;
  readonly kind: 'removed' | 'stock' | 'pickup' | 'reorder';
  readonly message: string;
}

/**
 * What the bag says of lines it took out: a change of location keeps the spec's sentence (section 4); an item that
 * sold out, or that a new menu no longer sells, is named with that reason.
 */
export function removalMessage(removal: Removal): string {
  if (removal.reason === 'location' || removal.names.length === 0) return REMOVED_ITEMS_WARNING;
  return removal.reason === 'stock' ? soldOutRemoved(removal.names) : noLongerSoldRemoved(removal.names);
}

/** The warnings the state carries, derived from it so a replay shows them exactly as the page did. */
export function bagWarnings(state: State): Warning[] {
  const warnings: Warning[] = [];
  const { removal, clamp } = state.warnings;
  if (removal && removal.count > 0) warnings.push({ seq: removal.seq, at: removal.at, kind: 'removed', message: removalMessage(removal) });
  if (clamp) for (const line of clamp.lines) warnings.push({ seq: clamp.seq, at: clamp.at, kind: 'stock', message: onlyAvailable(line.to) });
  const reorder = state.warnings.reorder;
  if (reorder) for (const message of reorder.messages) warnings.push({ seq: reorder.seq, at: reorder.at, kind: 'reorder', message });
  return warnings.sort((a, b) => a.seq - b.seq);
}
