// The totals list the bag, checkout, the confirmation and the order history share (ordering.md section 2): it renders
// the lines the totals selectors decided (events/selectors/totals.ts) and decides nothing itself.
import type { TotalsLines } from '../../events/selectors/totals';
import { Money } from './Money';
import './totals.css';

export interface TotalsProps {
  readonly currency: string;
  readonly lines: TotalsLines;
  readonly className?: string;
}

export function Totals({ currency, lines, className }: TotalsProps) {
  const { subTotal, totalTaxes, discount, tip, fees, total, paidWith } = lines;
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
      {discount !== null ? (
        <div className="totals-discount">
          <dt>Discount</dt>
          <dd>
            <Money amount={discount} currency={currency} negative />
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
      {paidWith !== null && paidWith.giftCard > 0 ? (
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
