// Rules every bag change goes through (ordering.md section 4, "Cart actions" and "Inventory updates"): quantities
// never above stock, a tip above the allowed maximum resets to 0, and a changed bag gets a new idempotency key.
import type { LocationCatalog } from '../../domain/catalog/catalogIndex';
import type { CartLine } from '../../domain/cart/cartLine';
import type { EveryField } from '../../domain/everyField';
import { couponDiscount, rewardDiscount, type Discount } from '../../domain/discounts/codecs';
import { clampLinesToStock, NO_COUNTS, NOTHING_CLAMPED, type ClampResult, type StockCounts } from '../../domain/items/stock';
import { bagTotals, type BagTotals } from '../../domain/pricing/priceCart';
import { maximumTip, tipExceedsMaximum, tippingEnabled, type TipBasis } from '../../domain/tip';
import type { BagDiscount, BagState, Clamp, Removal, State } from '../state';

/** The Discount of each applied coupon or reward, made once: pricing reads it on every check of the tip. */
const discounts = new WeakMap<BagDiscount, Discount>();

export function discountOf(applied: BagDiscount | null): Discount | null {
  if (applied === null) return null;
  let discount = discounts.get(applied);
  if (discount === undefined) {
    discount = applied.kind === 'coupon' ? couponDiscount(applied.coupon) : rewardDiscount(applied.reward);
    discounts.set(applied, discount);
  }
  return discount;
}

/**
 * The last totals worked out, with the lines, location and discount they were priced with: a tip or stock change
 * that left the lines alone asks again for the very same. One slot, as for the stock rule's `withinStock`.
 */
let lastTotals: {
  readonly lines: readonly CartLine[];
  readonly location: LocationCatalog;
  readonly discount: BagDiscount | null;
  readonly totals: BagTotals | null;
} | null = null;

/** `bagTotals`, kept for the very same lines, discount and location. */
function totalsOf(lines: readonly CartLine[], discount: BagDiscount | null, location: LocationCatalog): BagTotals | null {
  const known = lastTotals;
  if (known !== null && known.lines === lines && known.location === location && known.discount === discount) return known.totals;
  const totals = bagTotals(location, lines, discountOf(discount));
  lastTotals = { lines, location, discount, totals };
  return totals;
}

/**
 * Whether the tip still fits the location's maximum for this bag; pricing runs only when there is a tip to check.
 * It reads what `priceCart(location, lines, { discount, tipAmount })` would give (refused: not allowed), from the
 * bag's totals alone.
 */
export function tipStillAllowed(bag: Pick<BagState, 'lines' | 'discount' | 'tip'>, location: LocationCatalog): boolean {
  const tip = bag.tip.amount;
  if (tip === 0) return true;
  if (!tippingEnabled(location.location)) return false;
  // priceCart refuses a tip that is not whole minor units.
  if (!Number.isSafeInteger(tip) || tip < 0) return false;
  const totals = totalsOf(bag.lines, bag.discount, location);
  if (totals === null) return false;
  // Taxes on lines of 0 or more are 0 or more, so the tip base is at least the subtotal after the discount, and the
  // maximum only grows with the base: a tip within the maximum of that much fits, and no tax needs working out.
  const floor = totals.subTotal - totals.discountAmount;
  if (totals.noNegativeLine && floor > 0 && Number.isSafeInteger(floor + tip)) {
    if (tip <= maximumTip(location.location, { grandTotal: floor, totalTips: 0, grossTotal: totals.subTotal })) return true;
  }
  // The basis exactly as priceCart sums it; the gross total is read (and worked out) only for a bag of 0 or less.
  const basis: TipBasis = {
    grandTotal: totals.subTotal - totals.totalDiscounts + totals.totalTaxes + tip,
    totalTips: tip,
    get grossTotal() {
      return totals.grossTotal;
    },
  };
  return !tipExceedsMaximum(tip, location.location, basis);
}

export interface Settled {
  readonly bag: BagState;
  readonly removal: Removal | null;
  readonly clamp: Clamp | null;
}

export interface SettleOptions {
  /** Why lines the stock rule drops were dropped. */
  readonly reason?: Removal['reason'];
  /**
   * The change only added to the bag (a line, or quantity). Without a discount the tip base (subtotal plus taxes)
   * only grows with the bag, so a tip that fitted still fits and pricing is skipped. With a discount it can fall: a
   * fully discounted bag's base is the gross total (the tip rule's fallback), and adding a paid line moves it back
   * to the smaller real total. The event-log property found that case; keep the discount condition.
   */
  readonly grew?: boolean;
  /**
   * What differs from the state's bag for the stock rule: null when the lines are the state's own, a variation id
   * when only that variation's lines (or its count) changed. Unset, every line is looked at.
   */
  readonly changed?: string | null;
  /** The counts the state's bag was settled with, when the state brings new ones (an inventory update). */
  readonly countsBefore?: StockCounts;
}

/** The counts the stock rule reads for a bag at this location: none until the location's own arrive. */
export function countsAt(state: State, location: LocationCatalog): StockCounts {
  return state.inventory.locationId === location.location.Id ? state.inventory.counts : NO_COUNTS;
}

/**
 * The last bag the stock rule left as it was, with where and under which counts: clamping it again would change
 * nothing. A replay's next bag change almost always starts from it, so the rule then looks at the changed variation's
 * lines only (or at none). One slot rather than a map: that is the bag the next change starts from.
 */
let withinStock: { readonly lines: readonly CartLine[]; readonly location: LocationCatalog; readonly counts: StockCounts } | null = null;

function clampToStock(state: State, location: LocationCatalog, lines: readonly CartLine[], counts: StockCounts, options: SettleOptions): ClampResult {
  const { changed } = options;
  const known = withinStock;
  const basis = state.bag.lines;
  // An empty bag is within stock anywhere (the bag after an order, or one the shopper emptied).
  const settledBefore =
    basis.length === 0 || (known !== null && known.lines === basis && known.location === location && known.counts === (options.countsBefore ?? counts));
  const result =
    changed === undefined || !settledBefore
      ? clampLinesToStock(lines, location, counts)
      : changed === null && lines === basis && counts === (options.countsBefore ?? counts)
        ? { lines, removedCount: 0, clamped: NOTHING_CLAMPED }
        : clampLinesToStock(lines, location, counts, changed ?? undefined);
  // What the rule gives back is within stock: a second pass keeps it as it is.
  withinStock = { lines: result.lines, location, counts };
  return result;
}

/**
 * Applies the rules to a bag whose lines (or discount) just changed: clamp to known stock, drop lines with none left,
 * reset the tip when the item count fell or the tip is now above the maximum, and take the event's new key.
 */
export function settleBag(
  state: State,
  location: LocationCatalog,
  next: Pick<BagState, 'lines' | 'discount' | 'tip'>,
  newKey: string,
  event: { readonly seq: number; readonly at: string },
  options: SettleOptions = {},
): Settled {
  const clamped = clampToStock(state, location, next.lines, countsAt(state, location), options);
  const fell = clamped.removedCount > 0 || clamped.clamped.length > 0;
  let tip = next.tip;
  const candidate = { lines: clamped.lines, discount: next.discount, tip };
  const priceToCheck = options.grew !== true || next.discount !== null;
  if (tip.amount > 0 && (fell || (priceToCheck && !tipStillAllowed(candidate, location)))) tip = { amount: 0, percent: null };
  return {
    bag: { lines: clamped.lines, discount: next.discount, tip, idempotencyKey: newKey },
    removal: clamped.removedCount > 0 ? { seq: event.seq, at: event.at, count: clamped.removedCount, reason: options.reason ?? 'stock' } : null,
    clamp: clamped.clamped.length > 0 ? { seq: event.seq, at: event.at, lines: clamped.clamped } : null,
  };
}

/**
 * The bag with a new key, written out field by field. A spread (`{ ...bag, idempotencyKey }`) now and then gave the
 * engine another shape for the same four fields, and every reducer reading a bag of several shapes slowed down (the
 * fold of a 100,000-event log took about 12% longer).
 */
export function bagWithKey(bag: BagState, idempotencyKey: string): BagState {
  const written: EveryField<BagState> = { lines: bag.lines, discount: bag.discount, tip: bag.tip, idempotencyKey };
  return written;
}

/** Writes a settled bag into the state, keeping the previous warnings unless this change raised new ones. */
export function withSettledBag(state: State, settled: Settled): State {
  return {
    ...state,
    bag: settled.bag,
    warnings:
      settled.removal === null && settled.clamp === null
        ? state.warnings
        : { ...state.warnings, removal: settled.removal ?? state.warnings.removal, clamp: settled.clamp ?? state.warnings.clamp },
  };
}

/** Two lines are the same order of the same thing: adding one again adds to its quantity. */
export function sameChoice(a: CartLine, b: CartLine): boolean {
  if (a.itemId !== b.itemId || a.variationId !== b.variationId || a.note !== b.note) return false;
  let listsA = 0;
  for (const id in a.modifiers) {
    const x = a.modifiers[id] ?? [];
    if (x.length === 0) continue;
    listsA++;
    if (!sameIds(x, b.modifiers[id] ?? [])) return false;
  }
  let listsB = 0;
  for (const id in b.modifiers) if ((b.modifiers[id]?.length ?? 0) > 0) listsB++;
  return listsA === listsB;
}

/** The same ids, in any order; the item panel writes them in list order, so the in-order check usually decides. */
function sameIds(x: readonly string[], y: readonly string[]): boolean {
  if (x.length !== y.length) return false;
  if (x.every((id, i) => id === y[i])) return true;
  const sorted = [...y].sort();
  return [...x].sort().every((id, i) => id === sorted[i]);
}
