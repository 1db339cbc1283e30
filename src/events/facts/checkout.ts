// Checkout settings (ordering.md section 4): fulfillment and its details, the pickup time, the guest, the card.
import * as t from 'io-ts';
import { FulfillmentTypeCodec } from '../../domain/orders/codecs';
import {
  CARD_PERSONAL,
  CARD_SAFE,
  CardSummaryCodec,
  GuestDetailsCodec,
  Id,
  PERSON_PERSONAL,
  PICKUP_CHOICE_FIELDS,
  PickupChoice,
  VehicleCodec,
  VEHICLE_PERSONAL,
  fact,
  under,
} from './shared';

const KEY = ['idempotencyKey'];
const cardFact = fact(t.type({ card: CardSummaryCodec, idempotencyKey: Id }), {
  personal: under('card', CARD_PERSONAL),
  safe: [...under('card', CARD_SAFE), ...KEY],
});

export const checkoutFacts = {
  FulfillmentChosen: fact(t.type({ fulfillmentType: FulfillmentTypeCodec, idempotencyKey: Id }), { safe: KEY }),
  FulfillmentCleared: fact(t.type({ idempotencyKey: Id }), { safe: KEY }),
  /** The car staff look for at the curb (personal: with the store and the hour it picks the shopper out), and a note. */
  CurbsideVehicleSaved: fact(t.type({ vehicle: VehicleCodec, idempotencyKey: Id }), {
    personal: under('vehicle', VEHICLE_PERSONAL),
    safe: KEY,
  }),
  DineInNoteSaved: fact(t.type({ note: t.string, skipNote: t.boolean, idempotencyKey: Id }), { safe: ['note', ...KEY] }),
  PickupNotesSaved: fact(t.type({ notes: t.string, idempotencyKey: Id }), { safe: ['notes', ...KEY] }),
  /** The shopper picked a date and time the schedule offered at that moment (the command checks it). */
  PickupTimeChosen: fact(t.type({ choice: PickupChoice, idempotencyKey: Id }), { safe: [...under('choice', PICKUP_CHOICE_FIELDS), ...KEY] }),
  /** The clock made the chosen time invalid; the command that noticed moved it (or cleared it when nothing is left). */
  PickupTimeAdjusted: fact(
    t.type({ from: t.union([PickupChoice, t.null]), to: t.union([PickupChoice, t.null]), mustConfirmDate: t.boolean, idempotencyKey: Id }),
    { safe: [...under('from', PICKUP_CHOICE_FIELDS), ...under('to', PICKUP_CHOICE_FIELDS), ...KEY] },
  ),
  /**
   * A guest's details, given with 'Continue' (`confirmed`: the block shows them) or kept as typed when the shopper left
   * a valid form or pressed 'Place Order' (the form stays on screen, in the page and in the support console alike).
   */
  GuestDetailsSaved: fact(t.type({ guest: GuestDetailsCodec, confirmed: t.boolean, idempotencyKey: Id }), {
    personal: under('guest', PERSON_PERSONAL),
    safe: KEY,
  }),
  GuestDetailsCleared: fact(t.type({ idempotencyKey: Id }), { safe: KEY }),
  CardSelected: cardFact,
  /** A tokenised card was registered; `card.saved` says whether the shopper asked to remember it. */
  CardAdded: cardFact,
  CardRemoved: fact(t.type({ key: Id, idempotencyKey: Id }), { safe: ['key', ...KEY] }),
  /**
   * A saved gift card chosen to pay this order (null: none), by its id: the number never enters the log, and the
   * split follows the balance the log holds (issue 34).
   */
  GiftCardChosen: fact(t.type({ giftCardId: t.union([Id, t.null]), idempotencyKey: Id }), { safe: ['giftCardId', ...KEY] }),
};
