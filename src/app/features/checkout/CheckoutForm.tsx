// Checkout's form, once the bag has something in it: the blocks in the spec's order (ordering.md section 2) and the
// summary beside them. It comes with the order's code (the `checkoutForm` part); the page around it (CheckoutPage.tsx)
// says what an empty bag or an unchosen location needs without it.
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { feesTotal } from '../../../domain/delivery/charges';
import { splitWithGiftCard } from '../../../domain/payments/giftCardSplit';
import { chosenGiftCard } from '../../../events/selectors/checkout';
import { deliveryFees } from '../../../events/selectors/delivery';
import { useSelected, useStateSlice } from '../../hooks/useStateSlice';
import { useViews } from '../../runtime/RuntimeContext';
import { CardBlock } from './CardBlock';
import { CheckoutDraftsProvider } from './checkoutDrafts';
import { FulfillmentBlock } from './FulfillmentBlock';
import { GuestBlock } from './GuestBlock';
import { OrderSummary } from './OrderSummary';
import { PickupTimeBlock } from './PickupTimeBlock';
import { usePickupMovedNotice } from './usePickupMovedNotice';
import './checkout.css';

export interface CheckoutFormProps {
  readonly location: LocationCatalog;
  /** Told when Place Order starts and ends: the page keeps the form while the order empties the bag. */
  readonly onPlacing: (placing: boolean) => void;
}

export function CheckoutForm({ location, onPlacing }: CheckoutFormProps) {
  const views = useViews();
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const free = useSelected(views.bag, (bag) => bag.preview?.grandTotal === 0);
  // A saved gift card whose balance covers the whole order: no card is needed beside it.
  const grandTotal = useSelected(views.bag, (bag) => bag.preview?.grandTotal ?? null);
  const giftBalance = useStateSlice((s) => chosenGiftCard(s)?.balance ?? null);
  const fees = useStateSlice((s) => feesTotal(deliveryFees(s)));
  const giftCovers = grandTotal !== null && giftBalance !== null && splitWithGiftCard(grandTotal + fees, giftBalance).card === 0;
  usePickupMovedNotice(location);

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
            <OrderSummary location={location} onPlacing={onPlacing} />
          </aside>
        </div>
      </div>
    </CheckoutDraftsProvider>
  );
}
