// Checkout (ordering.md section 2): fulfillment, Personal Info (guests only), card, pickup date and time, and the
// order summary, in that order; on a wide screen the summary stands beside the blocks. Reached again once its order
// is placed (Back from the confirmation), it has nothing left to check out: the shopper lands on home instead.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { useReplaceWhileShown } from '../../shell/historyEntries';
import { useLocationChooser } from '../../shell/LocationChooserContext';
import { CardBlock } from './CardBlock';
import { CheckoutDraftsProvider } from './checkoutDrafts';
import { FulfillmentBlock } from './FulfillmentBlock';
import { GuestBlock } from './GuestBlock';
import { OrderSummary } from './OrderSummary';
import { PickupTimeBlock } from './PickupTimeBlock';
import { usePickupMovedNotice } from './usePickupMovedNotice';
import { useSelected, useStateSlice } from '../../hooks/useStateSlice';
import { chosenGiftCard } from '../../../events/selectors/checkout';
import { deliveryFees } from '../../../events/selectors/delivery';
import { feesTotal } from '../../../domain/delivery/charges';
import { splitWithGiftCard } from '../../../domain/payments/giftCardSplit';
import './checkout.css';

export function CheckoutPage() {
  const views = useViews();
  const chooser = useLocationChooser();
  const location = useView(views.location);
  const itemCount = useView(views.itemCount);
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const free = useSelected(views.bag, (bag) => bag.preview?.grandTotal === 0);
  // A saved gift card whose balance covers the whole order: no card is needed beside it.
  const grandTotal = useSelected(views.bag, (bag) => bag.preview?.grandTotal ?? null);
  const giftBalance = useStateSlice((s) => chosenGiftCard(s)?.balance ?? null);
  const fees = useStateSlice((s) => feesTotal(deliveryFees(s)));
  const giftCovers = grandTotal !== null && giftBalance !== null && splitWithGiftCard(grandTotal + fees, giftBalance).card === 0;
  const placed = useStateSlice((s) => s.placement.status === 'placed');
  const [placing, setPlacing] = useState(false);
  usePickupMovedNotice(location);
  const replace = useReplaceWhileShown();
  const done = placed && itemCount === 0 && !placing;
  useEffect(() => {
    if (done) replace('/');
  }, [done, replace]);

  useEffect(() => {
    document.title = 'Checkout - Order Online';
    return () => {
      document.title = 'Order Online';
    };
  }, []);

  if (location === null) {
    return (
      <div className="container checkout-page">
        <h1>Checkout</h1>
        <div className="card checkout-empty">
          <p>Choose a location to check out.</p>
          {chooser.canChange ? (
            <button type="button" className="btn btn-primary" onClick={chooser.open}>
              Choose a Location
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  if (itemCount === 0 && !placing) {
    if (placed) return null;
    return (
      <div className="container checkout-page">
        <h1>Checkout</h1>
        <div className="card checkout-empty">
          <p>Your bag is currently empty.</p>
          <Link className="btn btn-primary" to="/">
            Continue Shopping
          </Link>
        </div>
      </div>
    );
  }

  let step = 0;
  return (
    <CheckoutDraftsProvider>
      <div className="container checkout-page">
        <h1 className="checkout-title">Checkout</h1>
        <div className="checkout-layout">
          <div className="checkout-main">
            <FulfillmentBlock step={++step} location={location} />
            {signedIn ? null : <GuestBlock step={++step} />}
            <CardBlock step={++step} signedIn={signedIn} free={free} giftCovers={giftCovers} />
            <PickupTimeBlock step={++step} location={location} />
          </div>
          <aside className="checkout-aside">
            <OrderSummary location={location} onPlacing={setPlacing} />
          </aside>
        </div>
      </div>
    </CheckoutDraftsProvider>
  );
}
