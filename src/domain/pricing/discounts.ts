// The one coupon or reward of an order (ordering.md sections 3 and 9): what it matches, how much it takes off, and
// which lines carry it so taxes are computed on what the shopper actually pays.
import type { Discount } from '../discounts/codecs';
import { applyRatio, percentRatio, spreadByWeight } from './rounding';

/** What a discount needs to know of a bag line. */
export interface DiscountableLine {
  readonly key: string;
  readonly itemId: string;
  readonly variationId: string;
  readonly categoryIds: readonly string[];
  readonly grossSales: number;
}

/** Where a discount landed: its amount and each line's share of it (in bag order). */
export interface DiscountSplit {
  readonly amount: number;
  /** The line an Items or Categories discount covers; null for EntireOrder or when nothing matched. */
  readonly lineKey: string | null;
  readonly perLine: readonly number[];
}

/**
 * Whether a discount of type Items or Categories can cover a line: Items matches the item id in Items or the
 * variation id in Variations; Categories matches any category listing the item. EntireOrder matches every line.
 */
function discountMatchesLine(discount: Discount, line: Omit<DiscountableLine, 'key' | 'grossSales'>): boolean {
  switch (discount.Type) {
    case 'EntireOrder':
      return true;
    case 'Items':
      return (discount.Items?.includes(line.itemId) ?? false) || (discount.Variations?.includes(line.variationId) ?? false);
    case 'Categories': {
      const wanted = discount.Categories;
      return wanted !== undefined && line.categoryIds.some((id) => wanted.includes(id));
    }
  }
}

/**
 * The discount on an amount it covers, truncated: a percentage (capped by MaximumMoney), otherwise AmountMoney;
 * never above the amount itself nor above MaximumMoney. A discount giving both uses its Percentage; one giving
 * neither (or an unreadable percentage) takes nothing off.
 */
function discountOn(discount: Discount, covered: number): number {
  let amount = 0;
  if (discount.Percentage !== undefined) {
    const ratio = percentRatio(discount.Percentage);
    amount = ratio === null ? 0 : applyRatio(covered, ratio, 'down');
  } else if (discount.AmountMoney !== undefined) {
    amount = discount.AmountMoney;
  }
  if (discount.MaximumMoney !== undefined && amount > discount.MaximumMoney) amount = discount.MaximumMoney;
  return Math.max(0, Math.min(amount, covered));
}

/**
 * The line an Items or Categories discount covers (section 9: only the cheapest matching line): the matching line
 * with the lowest grossSales, the earliest in the bag on ties. -1 when no line matches.
 */
function cheapestMatchingLine(discount: Discount, lines: readonly DiscountableLine[]): number {
  let best = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!discountMatchesLine(discount, line)) continue;
    if (best === -1 || line.grossSales < lines[best]!.grossSales) best = i;
  }
  return best;
}

/**
 * Applies the order's discount: EntireOrder covers the subtotal and is spread over the lines in proportion to their
 * grossSales (shares add up exactly); Items and Categories cover the whole cheapest matching line.
 */
export function splitDiscount(discount: Discount, lines: readonly DiscountableLine[]): DiscountSplit {
  if (discount.Type === 'EntireOrder') {
    const weights = lines.map((line) => line.grossSales);
    let subTotal = 0;
    for (const w of weights) subTotal += w;
    const amount = discountOn(discount, subTotal);
    return { amount, lineKey: null, perLine: spreadByWeight(amount, weights) };
  }
  const perLine = new Array<number>(lines.length).fill(0);
  const index = cheapestMatchingLine(discount, lines);
  if (index === -1) return { amount: 0, lineKey: null, perLine };
  const line = lines[index]!;
  const amount = discountOn(discount, line.grossSales);
  perLine[index] = amount;
  return { amount, lineKey: line.key, perLine };
}

/** What `splitDiscount` takes off in all (its `amount`), without spreading it over the lines. */
export function discountAmount(discount: Discount, lines: readonly DiscountableLine[]): number {
  if (discount.Type === 'EntireOrder') {
    let subTotal = 0;
    for (const line of lines) subTotal += line.grossSales;
    return discountOn(discount, subTotal);
  }
  const index = cheapestMatchingLine(discount, lines);
  return index === -1 ? 0 : discountOn(discount, lines[index]!.grossSales);
}
