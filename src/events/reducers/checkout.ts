// Checkout settings (ordering.md section 4): fulfillment (choosing one clears the others), curbside vehicle, dine-in
// note or skip ('No Table'), pickup notes, pickup date and time, guest details, and the card stages' outcomes.
import type { EveryField } from '../../domain/everyField';
import { NO_TABLE, canCheckOutWith } from '../../domain/fulfillment';
import type { CardSummary } from '../catalogue';
import { currentLocation } from '../context';
import { emptyCheckout, type CheckoutState, type State } from '../state';
import type { Handlers } from './handler';
import { bagWithKey } from './bagRules';

type CheckoutEvents =
  | 'GiftCardChosen'
  | 'FulfillmentChosen'
  | 'FulfillmentCleared'
  | 'CurbsideVehicleSaved'
  | 'DineInNoteSaved'
  | 'PickupNotesSaved'
  | 'PickupTimeChosen'
  | 'PickupTimeAdjusted'
  | 'GuestDetailsSaved'
  | 'GuestDetailsCleared'
  | 'CardSelected'
  | 'CardAdded'
  | 'CardRemoved';

/**
 * The checkout with some settings changed, written out field by field: spreading the changes over it gave the engine
 * a new shape for the same fields now and then, which slowed every reducer reading it (as for the bag, bagWithKey).
 */
export function checkoutWith(checkout: CheckoutState, changes: Partial<CheckoutState>): CheckoutState {
  const c = { ...checkout, ...changes };
  const written: EveryField<CheckoutState> = {
    fulfillmentType: c.fulfillmentType,
    pickupNotes: c.pickupNotes,
    dineIn: c.dineIn,
    vehicle: c.vehicle,
    guest: c.guest,
    guestConfirmed: c.guestConfirmed,
    transientCard: c.transientCard,
    selectedCardKey: c.selectedCardKey,
    giftCardId: c.giftCardId,
  };
  return written;
}

function withCheckout(state: State, changes: Partial<CheckoutState>, idempotencyKey?: string): State {
  return {
    ...state,
    checkout: checkoutWith(state.checkout, changes),
    bag: idempotencyKey === undefined ? state.bag : bagWithKey(state.bag, idempotencyKey),
  };
}

const byKey = (key: string) => (card: CardSummary) => card.key === key;

export const checkoutHandlers: Handlers<CheckoutEvents> = {
  GiftCardChosen(state, event) {
    const id = event.data.giftCardId;
    // Only a gift card the account holds; choosing what is already chosen changes nothing.
    if (state.checkout.giftCardId === id || (id !== null && !state.account.giftCards.some((card) => card.id === id))) return state;
    return withCheckout(state, { giftCardId: id }, event.data.idempotencyKey);
  },

  FulfillmentChosen(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const type = event.data.fulfillmentType;
    if (!location || !canCheckOutWith(location.location, type) || state.checkout.fulfillmentType === type) return state;
    // Choosing one clears the others' settings; the remembered vehicle stays (curbside state is kept across orders).
    return withCheckout(state, { fulfillmentType: type, pickupNotes: '', dineIn: emptyCheckout.dineIn }, event.data.idempotencyKey);
  },

  FulfillmentCleared(state, event) {
    if (state.checkout.fulfillmentType === null) return state;
    return withCheckout(state, { fulfillmentType: null, pickupNotes: '', dineIn: emptyCheckout.dineIn }, event.data.idempotencyKey);
  },

  CurbsideVehicleSaved(state, event) {
    return withCheckout(state, { vehicle: event.data.vehicle }, event.data.idempotencyKey);
  },

  DineInNoteSaved(state, event) {
    const { note, skipNote } = event.data;
    return withCheckout(state, { dineIn: { note: skipNote ? NO_TABLE : note, skipNote } }, event.data.idempotencyKey);
  },

  PickupNotesSaved(state, event) {
    return withCheckout(state, { pickupNotes: event.data.notes }, event.data.idempotencyKey);
  },

  PickupTimeChosen(state, event, ctx) {
    const { choice } = event.data;
    if (!currentLocation(state, ctx)) return state;
    return {
      ...state,
      pickup: { choice, userSelected: true, mustConfirmDate: false },
      bag: bagWithKey(state.bag, event.data.idempotencyKey),
    };
  },

  // The clock moved the time: a move away from a time the bag had is kept as a warning, so the page and a replay
  // both say so (ordering.md section 4, "A timer tick refreshes dates, times and open state").
  PickupTimeAdjusted(state, event) {
    const { from, to, mustConfirmDate, idempotencyKey } = event.data;
    const moved = from !== null && (to === null || to.date !== from.date || to.time !== from.time);
    return {
      ...state,
      pickup: { choice: to, userSelected: false, mustConfirmDate },
      bag: bagWithKey(state.bag, idempotencyKey),
      warnings: moved ? { ...state.warnings, pickupMoved: { seq: event.seq, at: event.at, from, to } } : state.warnings,
    };
  },

  GuestDetailsSaved(state, event) {
    return withCheckout(state, { guest: event.data.guest, guestConfirmed: event.data.confirmed }, event.data.idempotencyKey);
  },

  GuestDetailsCleared(state, event) {
    if (state.checkout.guest === null) return state;
    return withCheckout(state, { guest: null, guestConfirmed: false }, event.data.idempotencyKey);
  },

  // Card stages (section 4): selecting a saved card makes it the default; a transient card is selected, not saved.
  CardSelected(state, event) {
    const { card, idempotencyKey } = event.data;
    const saved = state.account.savedCards.find(byKey(card.key));
    if (saved) return withCheckout({ ...state, account: { ...state.account, defaultCardKey: saved.key } }, { selectedCardKey: saved.key }, idempotencyKey);
    if (state.checkout.transientCard?.key === card.key) return withCheckout(state, { selectedCardKey: card.key }, idempotencyKey);
    return state;
  },

  CardAdded(state, event) {
    const { card, idempotencyKey } = event.data;
    if (card.saved) {
      const savedCards = [...state.account.savedCards.filter((c) => c.key !== card.key), card];
      return withCheckout({ ...state, account: { ...state.account, savedCards, defaultCardKey: card.key } }, { selectedCardKey: card.key }, idempotencyKey);
    }
    return withCheckout(state, { transientCard: card, selectedCardKey: card.key }, idempotencyKey);
  },

  CardRemoved(state, event) {
    const { key, idempotencyKey } = event.data;
    const { account, checkout } = state;
    const savedCards = account.savedCards.filter((c) => c.key !== key);
    const transientCard = checkout.transientCard?.key === key ? null : checkout.transientCard;
    if (savedCards.length === account.savedCards.length && transientCard === checkout.transientCard) return state;
    // Removing the selected card clears the selection; removing the default falls back to the first remaining card.
    const defaultCardKey = account.defaultCardKey === key ? (savedCards[0]?.key ?? null) : account.defaultCardKey;
    return withCheckout(
      { ...state, account: { ...account, savedCards, defaultCardKey } },
      { transientCard, selectedCardKey: checkout.selectedCardKey === key ? null : checkout.selectedCardKey },
      idempotencyKey,
    );
  },
};
