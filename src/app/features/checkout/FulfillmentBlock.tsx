// Fulfillment (ordering.md sections 2 and 4): the location's enabled types (pickup when none is), choosing one
// clears the others' settings; curbside asks for the vehicle, dine in for a table note or 'skip note', pickup for
// optional instructions, delivery for an address from the account's address book and its quote.
import * as E from 'fp-ts/lib/Either.js';
import { useState } from 'react';
import { FULFILLMENT_LABELS, checkoutFulfillments } from '../../../domain/fulfillment';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import type { FulfillmentType } from '../../../domain/orders/codecs';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { CheckoutSection } from '../../components/CheckoutSection';
import { CurbsideVehicle } from './CurbsideVehicle';
import { DineInNote } from './DineInNote';
import { PickupNotes } from './PickupNotes';
import { DeliveryDetails } from './DeliveryDetails';
import { useStateSlice } from '../../hooks/useStateSlice';
import { PLACE_ORDER_BLOCKERS, fulfillmentBlockers } from '../../../events/selectors/checkout';

const HINTS: Readonly<Record<FulfillmentType, string>> = {
  PICKUP: 'Collect it inside',
  DINEIN: 'We bring it to your table',
  CURBSIDE: 'We bring it to your car',
  DELIVERY: 'We bring it to you',
};

export function FulfillmentBlock({ step, location }: { readonly step: number; readonly location: LocationCatalog }) {
  const commands = useCommands();
  const checkout = useStateSlice((s) => s.checkout);
  // The tile shows the shopper's pick at once, while the command records it.
  const [picked, setPicked] = useState<FulfillmentType | null>(null);
  const offered = checkoutFulfillments(location.location);
  const type = picked ?? checkout.fulfillmentType;
  const saved = checkout.fulfillmentType;
  const done = useStateSlice((s) => fulfillmentBlockers(s).length === 0);

  const choose = async (next: FulfillmentType) => {
    setPicked(next);
    const result = await commands.chooseFulfillment(next);
    setPicked(null);
    if (E.isLeft(result)) notify.error(result.left);
  };

  return (
    <CheckoutSection step={step} title="Order Type" done={done}>
      {offered.length === 1 ? (
        // One type is no choice: one line says how the order comes, with no tiles to tap.
        <p className="checkout-one-type">
          <span className="checkout-choice-name">{FULFILLMENT_LABELS[offered[0]!]}</span>
          <span className="checkout-choice-hint">{HINTS[offered[0]!]}</span>
        </p>
      ) : (
        <fieldset className="checkout-choices">
          <legend className="visually-hidden">How would you like to get your order?</legend>
          {offered.map((option) => (
            <label key={option} className={`checkout-choice${type === option ? ' is-selected' : ''}`}>
              <input type="radio" name="fulfillment" value={option} checked={type === option} onChange={() => void choose(option)} />
              <span className="checkout-choice-text">
                <span className="checkout-choice-name">{FULFILLMENT_LABELS[option]}</span>
                <span className="checkout-choice-hint">{HINTS[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {saved === 'CURBSIDE' ? <CurbsideVehicle vehicle={checkout.vehicle} /> : null}
      {saved === 'DINEIN' ? <DineInNote saved={checkout.dineIn} /> : null}
      {saved === 'PICKUP' ? <PickupNotes saved={checkout.pickupNotes} /> : null}
      {saved === 'DELIVERY' ? <DeliveryDetails location={location} /> : null}
      {type === null && offered.length > 1 ? <p className="muted checkout-nudge">{PLACE_ORDER_BLOCKERS.fulfillment}</p> : null}
    </CheckoutSection>
  );
}
