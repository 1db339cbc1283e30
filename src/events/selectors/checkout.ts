// Whether the order can be placed, and why not (ordering.md section 5 "Place order allowed only when").
import type { CardSummary } from '../catalogue';
import type { AttemptKey, GiftCardSummary, State } from '../state';
import { splitWithGiftCard, type GiftCardSplit } from '../../domain/payments/giftCardSplit';
import { unusedDiscount, type BagView } from './bag';
import { chargedTotal } from '../../domain/delivery/charges';
import { deliveryBlocker, deliveryFees } from './delivery';

/**
 * The conditions, in the spec's order, with the line a shopper sees next to a disabled 'Place Order' (the spec gives
 * the conditions, not their wording).
 */
export const PLACE_ORDER_BLOCKERS = {
  identity: 'Sign in or enter your personal info.',
  card: 'Choose a card to pay with.',
  cardRefused: 'Use another card: this one was not accepted.',
  time: 'Choose a pickup date and time.',
  /** The time the store offered is not today: the shopper confirms the day before the order goes (issue 34). */
  confirmDate: 'Confirm the date of your order.',
  empty: 'Your bag is empty.',
  pending: 'Your order is being placed.',
  fulfillment: 'Choose how you will get your order.',
  vehicle: 'Add your vehicle details.',
  outOfStock: 'Some items in your bag are out of stock.',
  table: 'Add a table note or skip it.',
  deliverySignIn: 'Sign in to have your order delivered.',
  address: 'Choose an address to deliver to.',
  quote: 'Getting your delivery quote.',
  outOfRange: 'This location does not deliver to your address.',
  /** Said with the discount's name and what it needs (unusedDiscountBlocker); this is the fallback. */
  discount: 'Your coupon or reward takes nothing off this order: add what it needs, or remove it.',
} as const;

export type Blocker = keyof typeof PLACE_ORDER_BLOCKERS;

export interface Readiness {
  readonly canPlace: boolean;
  readonly blockers: readonly Blocker[];
  readonly messages: readonly string[];
}

export function selectedCard(state: State): CardSummary | null {
  const key = state.checkout.selectedCardKey;
  if (key === null) return null;
  if (state.checkout.transientCard?.key === key) return state.checkout.transientCard;
  return state.account.savedCards.find((card) => card.key === key) ?? null;
}

/** The saved gift card chosen to pay this order: signed in, still on the account, with a balance known to be above 0. */
export function chosenGiftCard(state: State): GiftCardSummary | null {
  const id = state.checkout.giftCardId;
  if (id === null || state.account.profile === null) return null;
  const card = state.account.giftCards.find((c) => c.id === id);
  return card !== undefined && card.balance !== null && card.balance > 0 ? card : null;
}

/** What the order charges (fees included) and how it is paid: the chosen gift card's part and the card's. */
export function paymentSplit(state: State, bag: BagView): GiftCardSplit & { readonly total: number } {
  // Without a preview yet the total is unknown, so a card is needed (as the readiness has always counted it).
  const total = chargedTotal(bag.preview?.grandTotal ?? 1, deliveryFees(state));
  const giftCard = chosenGiftCard(state);
  return { total, ...(giftCard === null ? { giftCard: 0, card: total } : splitWithGiftCard(total, giftCard.balance ?? 0)) };
}

/** The selected card, when the last attempt's failure refused it (and so the shopper must choose or enter another). */
function refusedCard(state: State): CardSummary | null {
  const card = selectedCard(state);
  return card !== null && card.key === state.placement.refusedCardKey ? card : null;
}

/**
 * Whether the last attempt's failure is the selected card's (declined, a bad CVV): the card's block says it, aloud,
 * and the other places that show it (the notice by Place Order, the toast) are seen, not heard a second time.
 */
export function failureAtCard(state: State): boolean {
  return refusedCard(state) !== null;
}

/** What the order type still needs: a type this checkout takes, the vehicle for curbside, a table note or skip for dine in. */
export function fulfillmentBlockers(state: State): Blocker[] {
  const checkout = state.checkout;
  const blockers: Blocker[] = [];
  if (checkout.fulfillmentType === null) blockers.push('fulfillment');
  // Delivery: signed in, an address selected, and a quote for it that says this location delivers there.
  const delivery = deliveryBlocker(state);
  if (delivery !== null) blockers.push(delivery);
  if (checkout.fulfillmentType === 'CURBSIDE' && checkout.vehicle === null) blockers.push('vehicle');
  if (checkout.fulfillmentType === 'DINEIN' && !checkout.dineIn.skipNote && checkout.dineIn.note.trim() === '') blockers.push('table');
  return blockers;
}

export function placeOrderReadiness(state: State, bag: BagView): Readiness {
  const blockers: Blocker[] = [];
  const checkout = state.checkout;
  if (state.account.profile === null && checkout.guest === null) blockers.push('identity');
  // A gift card that covers the whole order needs no card beside it.
  if (selectedCard(state) === null && paymentSplit(state, bag).card !== 0) blockers.push('card');
  else if (refusedCard(state) !== null) blockers.push('cardRefused');
  if (state.pickup.choice === null) blockers.push('time');
  else if (state.pickup.mustConfirmDate) blockers.push('confirmDate');
  if (state.bag.lines.length === 0) blockers.push('empty');
  if (state.placement.status === 'pending') blockers.push('pending');
  const fulfillment = fulfillmentBlockers(state);
  if (fulfillment.includes('fulfillment')) blockers.push('fulfillment');
  if (fulfillment.includes('vehicle')) blockers.push('vehicle');
  if (bag.lines.some((line) => line.outOfStock)) blockers.push('outOfStock');
  if (fulfillment.includes('table')) blockers.push('table');
  const delivery = deliveryBlocker(state);
  if (delivery !== null) blockers.push(delivery);
  // A coupon or reward that takes nothing off is said before the order goes, never spent for nothing.
  const unused = state.bag.lines.length > 0 ? unusedDiscount(state, bag) : null;
  if (unused !== null) blockers.push('discount');
  return {
    canPlace: blockers.length === 0,
    blockers,
    messages: blockers.map((b) => (b === 'discount' && unused !== null ? unused.blocker : PLACE_ORDER_BLOCKERS[b])),
  };
}

/**
 * The idempotency key the next attempt goes out under: the key of an attempt whose outcome is unknown, as long as
 * there is one (the API then answers with that attempt's order instead of making a second), else the bag's key.
 */
export function attemptKey(state: State): AttemptKey {
  return state.placement.unconfirmedKey ?? state.bag.idempotencyKey;
}

/**
 * The failure Place Order keeps in sight: until the shopper changes something (which renews the bag's key), and for
 * as long as the attempt is still in doubt (a re-entered card changes the key but not what the shopper must know).
 */
export function placementNotice(state: State): string | null {
  const p = state.placement;
  if (p.status !== 'failed' || !p.message) return null;
  return p.idempotencyKey === state.bag.idempotencyKey || p.unconfirmedKey === p.idempotencyKey ? p.message : null;
}
