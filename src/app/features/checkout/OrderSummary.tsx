// The order summary (ordering.md sections 2 and 9): the lines, the coupon or reward, Subtotal, Tax, Discount (only
// when there is one, shown negative), a delivery's fees, Tip (only when the location shows tipping and there is one), Total
// (and what a chosen gift card pays of it, and the card the rest), the
// location's checkout message for the chosen fulfillment, and 'Place Order'.
import { Totals } from '../../components/Totals';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { fulfillmentMessage } from '../../../domain/fulfillment';
import { showTipLine, tippingEnabled } from '../../../domain/tip';
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
import { chargedTotal } from '../../../domain/delivery/charges';
import { currentQuote } from '../../../events/selectors/delivery';
import { unusedDiscount } from '../../../events/selectors/bag';
import { chosenGiftCard, paymentSplit } from '../../../events/selectors/checkout';

export function OrderSummary({ location, onPlacing }: { readonly location: LocationCatalog; readonly onPlacing: (placing: boolean) => void }) {
  const views = useViews();
  const bag = useView(views.bag);
  const tip = useStateSlice((s) => s.bag.tip);
  const discount = useStateSlice((s) => s.bag.discount);
  const fulfillmentType = useStateSlice((s) => s.checkout.fulfillmentType);
  const quote = useStateSlice(currentQuote);
  const fees = fulfillmentType === 'DELIVERY' && quote?.available ? { deliveryFee: quote.deliveryFee, serviceFee: quote.serviceFee } : null;
  // On a history entry of its own: Back closes it and stays on checkout.
  const tipDialog = useDialogEntry('tip');
  useCommitMark();
  const preview = bag.preview;
  const currency = bag.currency;
  const tipping = tippingEnabled(location.location);
  const message = fulfillmentType ? fulfillmentMessage(location.location, fulfillmentType, 'CheckoutMessage') : undefined;
  // A string, so the slice is the same value while nothing changed.
  const needs = useStateSlice((s) => unusedDiscount(s, bag)?.needs ?? null);
  // What a chosen gift card pays of the total (0 without one): the summary says it and what the card is charged.
  const giftCardPays = useStateSlice((s) => (chosenGiftCard(s) === null ? 0 : paymentSplit(s, bag).giftCard));
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
      {preview ? (
        <Totals
          className="summary-totals"
          currency={currency}
          subTotal={preview.subTotal}
          totalTaxes={preview.totalTaxes}
          totalDiscounts={preview.totalDiscounts}
          tip={
            showTipLine(location.location, preview.totalTips)
              ? { amount: preview.totalTips, label: `Tip${tip.percent !== null ? ` (${tip.percent}%)` : ''}` }
              : null
          }
          fees={fees}
          total={chargedTotal(preview.grandTotal, fees)}
          paidWith={giftCardPays > 0 ? { giftCard: giftCardPays, card: chargedTotal(preview.grandTotal, fees) - giftCardPays } : null}
        />
      ) : null}
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
      <PlaceOrder onPlacing={onPlacing} total={preview ? <Money amount={chargedTotal(preview.grandTotal, fees)} currency={currency} /> : undefined} />
      {tipping && preview ? (
        <TipModal open={tipDialog.open} onClose={tipDialog.close} location={location.location} currency={currency} preview={preview} tip={tip} />
      ) : null}
    </section>
  );
}
