// The order summary (ordering.md sections 2 and 9): the lines, the coupon or reward, the totals (checkout's totals
// view: Subtotal to Total, with a delivery's fees, the tip and a gift card's part), the location's checkout message
// for the chosen fulfillment, and 'Place Order'.
import { Totals } from '../../components/Totals';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { fulfillmentMessage } from '../../../domain/fulfillment';
import { tippingEnabled } from '../../../domain/tip';
import { Money } from '../../components/Money';
import { OrderLines } from '../../components/OrderLines';
import { bagOrderLines } from '../../../events/selectors/orderLines';
import { useView } from '../../hooks/useView';
import { useDialogEntry } from '../../shell/historyEntries';
import { useViews } from '../../runtime/RuntimeContext';
import { PlaceOrder } from './PlaceOrder';
import { TipModal } from './TipModal';
import { useCommitMark } from './useCommitMark';
import { useStateSlice } from '../../hooks/useStateSlice';
import { unusedDiscount } from '../../../events/selectors/bag';

export function OrderSummary({ location, onPlacing }: { readonly location: LocationCatalog; readonly onPlacing: (placing: boolean) => void }) {
  const views = useViews();
  const bag = useView(views.bag);
  const tip = useStateSlice((s) => s.bag.tip);
  const discount = useStateSlice((s) => s.bag.discount);
  const fulfillmentType = useStateSlice((s) => s.checkout.fulfillmentType);
  // Subtotal to Total, with the delivery's fees, the tip and what a chosen gift card pays (events/selectors/totals.ts).
  const totals = useView(views.checkoutTotals);
  // On a history entry of its own: Back closes it and stays on checkout.
  const tipDialog = useDialogEntry('tip');
  useCommitMark();
  const preview = bag.preview;
  const currency = bag.currency;
  const tipping = tippingEnabled(location.location);
  const message = fulfillmentType ? fulfillmentMessage(location.location, fulfillmentType, 'CheckoutMessage') : undefined;
  // A string, so the slice is the same value while nothing changed.
  const needs = useStateSlice((s) => unusedDiscount(s, bag)?.needs ?? null);
  const discountName = discount === null ? null : discount.kind === 'coupon' ? discount.coupon.Name : discount.reward.Name;

  return (
    <section className="checkout-summary card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary-title">
        Order Summary
      </h2>
      <OrderLines lines={bagOrderLines(bag.lines)} currency={currency}>
        {discountName ? (
          <li className="summary-line summary-coupon">
            <span className="summary-qty" aria-hidden="true">
              %
            </span>
            <span className="summary-item">
              <span className="summary-name">{discountName}</span>
              <span className="summary-detail">{discount?.kind === 'coupon' ? 'Coupon' : 'Reward'}</span>
              {needs !== null ? <span className="summary-detail summary-discount-needs">{needs}</span> : null}
            </span>
            <span className="summary-price">
              {needs === null && preview?.appliedDiscount ? <Money amount={preview.appliedDiscount.amount} currency={currency} negative /> : null}
            </span>
          </li>
        ) : null}
      </OrderLines>
      {totals ? <Totals className="summary-totals" currency={currency} lines={totals} /> : null}
      {preview && preview.totalInclusiveTaxes > 0 ? (
        <p className="field-hint summary-inclusive">
          Prices include <Money amount={preview.totalInclusiveTaxes} currency={currency} /> tax.
        </p>
      ) : null}
      {tipping && preview ? (
        <button type="button" className="btn btn-secondary btn-block summary-tip-button" onClick={tipDialog.show}>
          {tip.amount > 0 ? 'Change Tip' : 'Add A Tip'}
        </button>
      ) : null}
      {message ? <p className="notice notice-info summary-message">{message}</p> : null}
      <PlaceOrder onPlacing={onPlacing} total={totals ? <Money amount={totals.total} currency={currency} /> : undefined} />
      {tipping && preview ? (
        <TipModal open={tipDialog.open} onClose={tipDialog.close} location={location.location} currency={currency} preview={preview} tip={tip} />
      ) : null}
    </section>
  );
}
