// The totals list the bag, checkout and confirmation share (ordering.md section 2): Subtotal, Tax, Discount (only
// when above 0, shown negative), a delivery's Delivery Fee and Service Fee, Tip (only when the caller says the
// location shows it), Total, and when a gift card paid part or all of it, what the gift card paid and what the card
// was charged (issue 34).
import { Money } from './Money';
import './totals.css';

export interface TotalsProps {
  readonly currency: string;
  readonly subTotal: number;
  readonly totalTaxes: number;
  readonly totalDiscounts: number;
  /** The tip row, or null when it is not shown. */
  readonly tip: { readonly amount: number; readonly label: string } | null;
  /** A delivery's fees, after taxes and the discount and before the tip (README, "Money and pricing"). */
  readonly fees?: { readonly deliveryFee: number; readonly serviceFee: number } | null | undefined;
  readonly total: number;
  /** How the total is paid when a gift card pays some of it (nothing shown otherwise). */
  readonly paidWith?: { readonly giftCard: number; readonly card: number } | null | undefined;
  readonly className?: string;
}

export function Totals({ currency, subTotal, totalTaxes, totalDiscounts, tip, fees, total, paidWith, className }: TotalsProps) {
  return (
    <dl className={`totals${className ? ` ${className}` : ''}`}>
      <div>
        <dt>Subtotal</dt>
        <dd>
          <Money amount={subTotal} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>
          <Money amount={totalTaxes} currency={currency} />
        </dd>
      </div>
      {totalDiscounts > 0 ? (
        <div className="totals-discount">
          <dt>Discount</dt>
          <dd>
            <Money amount={totalDiscounts} currency={currency} negative />
          </dd>
        </div>
      ) : null}
      {fees ? (
        <>
          <div className="totals-fee">
            <dt>Delivery Fee</dt>
            <dd>
              <Money amount={fees.deliveryFee} currency={currency} />
            </dd>
          </div>
          <div className="totals-fee">
            <dt>Service Fee</dt>
            <dd>
              <Money amount={fees.serviceFee} currency={currency} />
            </dd>
          </div>
        </>
      ) : null}
      {tip ? (
        <div>
          <dt>{tip.label}</dt>
          <dd>
            <Money amount={tip.amount} currency={currency} />
          </dd>
        </div>
      ) : null}
      <div className="totals-grand">
        <dt>Total</dt>
        <dd>
          <Money amount={total} currency={currency} />
        </dd>
      </div>
      {paidWith && paidWith.giftCard > 0 ? (
        <>
          <div className="totals-paid">
            <dt>Gift card</dt>
            <dd>
              <Money amount={paidWith.giftCard} currency={currency} negative />
            </dd>
          </div>
          <div className="totals-paid">
            <dt>Charged to card</dt>
            <dd>
              <Money amount={paidWith.card} currency={currency} />
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
