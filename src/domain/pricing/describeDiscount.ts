// The note under a coupon or reward (ordering.md section 3): it depends on percentage or amount, an optional maximum,
// and scope. Wording (the spec gives none):
//   "10% off your entire order"                          EntireOrder, percentage
//   "10% off your entire order, up to $5.00"             ... with MaximumMoney
//   "$2.00 off your entire order"                        EntireOrder, amount
//   "15% off one item" / "$2.00 off one item"            Items (the cheapest matching line)
//   "15% off one item from eligible categories"          Categories
// An amount discount with a smaller MaximumMoney shows the maximum as its amount (that is what it takes off). A discount
// giving both reads as its percentage (as pricing applies it); one giving neither reads "$0.00 off ...".
import type { Discount } from '../discounts/codecs';
import { formatMoney } from '../money';

/** "8.8750" -> "8.875", "010" -> "10", "12.0" -> "12": the percentage as a person writes it. */
export function formatPercentage(percentage: string): string {
  const [whole = '0', fraction = ''] = percentage.trim().split('.');
  const w = whole.replace(/^0+(?=\d)/, '') || '0';
  const f = fraction.replace(/0+$/, '');
  return f === '' ? w : `${w}.${f}`;
}

function scopeOf(discount: Discount): string {
  switch (discount.Type) {
    case 'EntireOrder':
      return 'your entire order';
    case 'Items':
      return 'one item';
    case 'Categories':
      return 'one item from eligible categories';
  }
}

/** The sentence a shopper reads under a coupon or reward, so they know what it takes off before choosing it. */
export function describeDiscount(discount: Discount, currency: string): string {
  const scope = scopeOf(discount);
  const max = discount.MaximumMoney;
  if (discount.Percentage !== undefined) {
    const upTo = max === undefined ? '' : `, up to ${formatMoney(max, currency)}`;
    return `${formatPercentage(discount.Percentage)}% off ${scope}${upTo}`;
  }
  const amount = Math.min(discount.AmountMoney ?? 0, max ?? Infinity);
  return `${formatMoney(amount, currency)} off ${scope}`;
}
