import { formatDiscount, formatMoney } from '../../domain/money';

/** An amount in minor units, shown in the location currency; discounts show negative. */
export function Money({ amount, currency, negative = false }: { readonly amount: number; readonly currency: string; readonly negative?: boolean }) {
  return <span className="price">{negative ? formatDiscount(amount, currency) : formatMoney(amount, currency)}</span>;
}
