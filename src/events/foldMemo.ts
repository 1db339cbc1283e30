// What one fold remembers between its events so the bag rules need not start over on every change. It belongs to the
// fold that made it (a store, a replay, a simulation), never to a module: two folds in one process share nothing.
// Every entry is matched by the very objects it was made from, so a stale entry is never read, only replaced.
import type { LocationCatalog } from '../domain/catalog/catalogIndex';
import type { CartLine } from '../domain/cart/cartLine';
import type { BagDiscount, Discount } from '../domain/discounts/codecs';
import type { StockCounts } from '../domain/items/stock';
import { pricingMemo, type BagTotals, type PricingMemo } from '../domain/pricing/priceCart';

export interface FoldMemo {
  /** The last bag the stock rule settled, with where and under which counts: it holds no more than its stock there. */
  withinStock: { readonly lines: readonly CartLine[]; readonly location: LocationCatalog; readonly counts: StockCounts } | null;
  /** The last totals worked out for the tip rule, with what they were priced from. */
  totals: {
    readonly lines: readonly CartLine[];
    readonly location: LocationCatalog;
    readonly discount: BagDiscount | null;
    readonly totals: BagTotals | null;
  } | null;
  /** What pricing reads of the bag's coupon or reward: a bag keeps the same one over many changes. */
  discount: { readonly applied: BagDiscount; readonly discount: Discount | null } | null;
  /** The last bag left with a tip above 0, with where and with which discount: its tip fits the maximum there. */
  tipFits: {
    readonly lines: readonly CartLine[];
    readonly location: LocationCatalog;
    readonly discount: BagDiscount | null;
    readonly amount: number;
  } | null;
  /** Pricing's own: the lines of the last bag priced. */
  readonly pricing: PricingMemo;
}

/** An empty memo, for a new fold. */
export function foldMemo(): FoldMemo {
  return { withinStock: null, totals: null, discount: null, tipFits: null, pricing: pricingMemo() };
}
