// Rules every bag change goes through (ordering.md section 4, "Cart actions" and "Inventory updates"): quantities
// never above stock, a tip above the allowed maximum resets to 0, and a changed bag gets a new idempotency key.
import type { LocationCatalog } from '../../domain/catalog/catalogIndex';
import type { CartLine } from '../../domain/cart/cartLine';
import type { EveryField } from '../../domain/everyField';
import { discountOf, type BagDiscount, type Discount } from '../../domain/discounts/codecs';
import { clampLinesToStock, knownCount, NO_COUNTS, NOTHING_CLAMPED, type ClampResult, type StockCounts } from '../../domain/items/stock';
import { bagTotals, type BagTotals } from '../../domain/pricing/priceCart';
import { maximumTip, tipExceedsMaximum, tippingEnabled, type TipBasis } from '../../domain/tip';
import type { FoldMemo } from '../foldMemo';
import type { BagState, Clamp, Removal, State } from '../state';

/** `bagTotals`, kept for the very same lines, discount and location: a tip or stock change leaves the lines alone. */
function totalsOf(memo: FoldMemo, lines: readonly CartLine[], discount: BagDiscount | null, location: LocationCatalog): BagTotals | null {
  const known = memo.totals;
  if (known !== null && known.lines === lines && known.location === location && known.discount === discount) return known.totals;
  const totals = bagTotals(location, lines, pricedDiscount(memo, discount), memo.pricing);
  memo.totals = { lines, location, discount, totals };
  return totals;
}

/** `discountOf`, kept for the very same coupon or reward: copying one for each check of the tip was 4% of a fold. */
function pricedDiscount(memo: FoldMemo, applied: BagDiscount | null): Discount | null {
  if (applied === null) return null;
  const known = memo.discount;
  if (known !== null && known.applied === applied) return known.discount;
  const discount = discountOf(applied);
  memo.discount = { applied, discount };
  return discount;
}

/**
 * Whether the tip still fits the location's maximum for this bag; pricing runs only when there is a tip to check.
 * It reads what `priceCart(location, lines, { discount, tipAmount })` would give (refused: not allowed), from the
 * bag's totals alone.
 */
export function tipStillAllowed(bag: Pick<BagState, 'lines' | 'discount' | 'tip'>, location: LocationCatalog, memo: FoldMemo): boolean {
  const tip = bag.tip.amount;
  if (tip === 0) return true;
  if (!tippingEnabled(location.location)) return false;
  // priceCart refuses a tip that is not whole minor units.
  if (!Number.isSafeInteger(tip) || tip < 0) return false;
  const totals = totalsOf(memo, bag.lines, bag.discount, location);
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

/**
 * The tip is known to fit without pricing: it fitted the bag the change starts from, here, and the bag only grew.
 * Without a discount the tip base (subtotal plus taxes) only grows with the bag. With one it can fall: a fully
 * discounted bag's base is the gross total (the tip rule's fallback), and adding a paid line moves it back to the
 * smaller real total. The event-log property found that case; keep the discount condition.
 */
function tipStillFits(memo: FoldMemo, before: BagState, next: Pick<BagState, 'lines' | 'discount' | 'tip'>, location: LocationCatalog): boolean {
  const fits = memo.tipFits;
  return (
    next.discount === null &&
    fits !== null &&
    fits.discount === null &&
    fits.lines === before.lines &&
    fits.location === location &&
    fits.amount === next.tip.amount &&
    onlyGrew(before.lines, next.lines)
  );
}

/** The bag kept every line it had, in place, each with as many or more, and may have more lines after them. */
function onlyGrew(before: readonly CartLine[], after: readonly CartLine[]): boolean {
  if (after.length < before.length) return false;
  for (let i = 0; i < before.length; i++) {
    const a = after[i]!;
    const b = before[i]!;
    if (a === b) continue;
    // lineWithQuantity keeps everything of the line but its quantity, modifiers included.
    if (a.key !== b.key || a.itemId !== b.itemId || a.variationId !== b.variationId || a.modifiers !== b.modifiers || a.note !== b.note) return false;
    if (!(a.quantity >= b.quantity)) return false;
  }
  return true;
}

export interface Settled {
  readonly bag: BagState;
  readonly removal: Removal | null;
  readonly clamp: Clamp | null;
}

/** The counts the stock rule reads for a bag at this location: none until the location's own arrive. */
function countsAt(state: State, location: LocationCatalog): StockCounts {
  return state.inventory.locationId === location.location.Id ? state.inventory.counts : NO_COUNTS;
}

/**
 * The stock rule for the next bag. When the bag the change starts from is the one the rule last left as it was, here
 * (a replay's next change almost always starts from it), only the variation whose lines or count changed is looked at.
 */
function clampToStock(memo: FoldMemo, basis: readonly CartLine[], location: LocationCatalog, lines: readonly CartLine[], counts: StockCounts): ClampResult {
  const known = memo.withinStock;
  // The counts the starting bag is known to be within; an empty bag is within any.
  const settledUnder = basis.length === 0 ? counts : known !== null && known.lines === basis && known.location === location ? known.counts : null;
  let result: ClampResult;
  if (settledUnder === null) result = clampLinesToStock(lines, location, counts);
  else {
    const changed = changedVariation(basis, lines, settledUnder, counts);
    result =
      changed === null
        ? { lines, removedCount: 0, clamped: NOTHING_CLAMPED }
        : clampLinesToStock(lines, location, counts, changed === SEVERAL ? undefined : changed);
  }
  // What the rule gives back is within stock: a second pass keeps it as it is.
  memo.withinStock = { lines: result.lines, location, counts };
  return result;
}

const SEVERAL: unique symbol = Symbol('several variations');

/**
 * The one variation whose lines or count differ between a bag within stock and the next (null: none does). Lines are
 * compared by object: what lies between the two bags' common start and common end is what changed.
 */
function changedVariation(
  before: readonly CartLine[],
  after: readonly CartLine[],
  countsBefore: StockCounts,
  counts: StockCounts,
): string | null | typeof SEVERAL {
  let changed: string | null = null;
  if (before !== after) {
    let start = 0;
    while (start < before.length && start < after.length && before[start] === after[start]) start++;
    let endBefore = before.length;
    let endAfter = after.length;
    while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
      endBefore--;
      endAfter--;
    }
    for (let i = start; i < endBefore; i++) {
      const id = before[i]!.variationId;
      if (changed !== null && changed !== id) return SEVERAL;
      changed = id;
    }
    for (let i = start; i < endAfter; i++) {
      const id = after[i]!.variationId;
      if (changed !== null && changed !== id) return SEVERAL;
      changed = id;
    }
  }
  if (counts !== countsBefore) {
    for (let i = 0; i < after.length; i++) {
      const id = after[i]!.variationId;
      if (id === changed || Object.is(knownCount(countsBefore, id), knownCount(counts, id))) continue;
      if (changed !== null) return SEVERAL;
      changed = id;
    }
  }
  return changed;
}

/**
 * Applies the rules to a bag whose lines, discount or tip just changed, or to the state's own bag when its counts did
 * (`state` holds the counts that apply now): clamp to known stock, drop lines with none left, reset the tip when the
 * item count fell or the tip is now above the maximum, and take the event's new key. What changed is found here,
 * from the state's bag and the next one; no caller says it.
 */
export function settleBag(
  state: State,
  location: LocationCatalog,
  next: Pick<BagState, 'lines' | 'discount' | 'tip'>,
  newKey: string,
  event: { readonly seq: number; readonly at: string },
  memo: FoldMemo,
  reason: Removal['reason'] = 'stock',
): Settled {
  const clamped = clampToStock(memo, state.bag.lines, location, next.lines, countsAt(state, location));
  const fell = clamped.removedCount > 0 || clamped.clamped.length > 0;
  let tip = next.tip;
  const candidate = { lines: clamped.lines, discount: next.discount, tip };
  if (tip.amount > 0 && (fell || (!tipStillFits(memo, state.bag, next, location) && !tipStillAllowed(candidate, location, memo)))) {
    tip = { amount: 0, percent: null };
  }
  if (tip.amount > 0) memo.tipFits = { lines: clamped.lines, location, discount: next.discount, amount: tip.amount };
  return {
    bag: { lines: clamped.lines, discount: next.discount, tip, idempotencyKey: newKey },
    removal:
      clamped.removedCount > 0
        ? { seq: event.seq, at: event.at, count: clamped.removedCount, reason, names: removedItemNames(next.lines, clamped.lines, location) }
        : null,
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

/**
 * The names of the items whose lines are in `before` and not in `after`, once each in bag order, read from the
 * catalog the lines were sold from (the item id when it has none of them), so the bag can name what it took out.
 */
export function removedItemNames(before: readonly CartLine[], after: readonly CartLine[], location: LocationCatalog | undefined): string[] {
  const kept = new Set<string>();
  for (const line of after) kept.add(line.key);
  const names: string[] = [];
  for (const line of before) {
    if (kept.has(line.key)) continue;
    const name = location?.variations.get(line.variationId)?.item.item.Name ?? location?.items.get(line.itemId)?.item.Name ?? line.itemId;
    if (!names.includes(name)) names.push(name);
  }
  return names;
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
