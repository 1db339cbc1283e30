// Prices shown before and while an item is configured (ordering.md section 2 "price or price range", section 4
// "Estimated cost ... with no variation chosen a min-max price range is shown").
import type { Item } from '../catalog/codecs';
import { formatMoney } from '../money';

export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

/** Cheapest and dearest variation price (minor units), for item cards and the panel before a variation is chosen. */
export function priceRange(item: Pick<Item, 'Variations'>): PriceRange {
  if (item.Variations.length === 0) return { min: 0, max: 0 };
  let min = Infinity;
  let max = -Infinity;
  for (const v of item.Variations) {
    if (v.Price < min) min = v.Price;
    if (v.Price > max) max = v.Price;
  }
  return { min, max };
}

/** One price when every variation costs the same: the card shows "$4.25", not "$4.25 - $4.25". */
function isSinglePrice(range: PriceRange): boolean {
  return range.min === range.max;
}

/** As the item card and the panel show it: "$4.25", or "$4.25 – $5.45" (an en dash, as ranges are written). */
export function formatPriceRange(range: PriceRange, currency: string): string {
  return isSinglePrice(range) ? formatMoney(range.min, currency) : `${formatMoney(range.min, currency)} \u2013 ${formatMoney(range.max, currency)}`;
}

/** Ordering.md section 4: (variation price plus modifier prices) times quantity, in minor units. */
export function estimatedCost(variationPrice: number, modifiersPrice: number, quantity: number): number {
  return (variationPrice + modifiersPrice) * quantity;
}
