// Decisions for checkout (ordering.md sections 4 and 5): fulfillment, the pickup time and the clock's moves of it,
// guest details cleared, cards added, selected and removed. What the shopper types (the guest's details, the notes,
// the vehicle) is decided by the forms' rules in ./details.ts, which loads with the first form sent.
import { canCheckOutWith } from '../../domain/fulfillment';
import type { FulfillmentType } from '../../domain/orders/codecs';
import type { PickupChoice } from '../../domain/time/pickupChoice';
import type { CardSummary } from '../../events/catalogue';
import { currentLocation, type ReduceContext } from '../../events/context';
import type { State } from '../../events/state';
import { accept, append, event, refuse, type Decision, type Given, type TimeRules } from './decision';
import { CARD_AGAIN_MESSAGE } from '../../domain/orders/orderErrors';
import { NO_LOCATION } from './shopping';

export const NOT_OFFERED = 'This location does not offer that.';
export const CARD_GONE = 'That card is no longer available. Please choose another.';
export const TIME_GONE = 'That time is no longer available. Please choose another.';

export function chooseFulfillment(state: State, context: ReduceContext, type: FulfillmentType, given: Given): Decision {
  const location = currentLocation(state, context);
  if (!location || !canCheckOutWith(location.location, type)) return refuse(NOT_OFFERED);
  if (state.checkout.fulfillmentType === type) return append();
  return append(event('FulfillmentChosen', { fulfillmentType: type, idempotencyKey: given.newKey() }));
}

export function clearFulfillment(given: Given): Decision {
  return append(event('FulfillmentCleared', { idempotencyKey: given.newKey() }));
}

/** The shopper picks a day and time; it must be offered at this moment. */
export function choosePickupTime(state: State, context: ReduceContext, choice: PickupChoice, given: Given, time: TimeRules): Decision {
  const location = currentLocation(state, context);
  if (!location) return refuse(NO_LOCATION);
  if (!time.isPickupChoiceValid(time.pickupSchedule(location.location, given.now), choice)) return refuse(TIME_GONE);
  return append(event('PickupTimeChosen', { choice, idempotencyKey: given.newKey() }));
}

/**
 * The clock's decision: when the moment made the chosen time invalid, move it (recorded, so a replay shows the
 * move and the notice). Answers the new choice when it moved, undefined when nothing changed.
 */
export function keepPickupTimeValid(state: State, context: ReduceContext, given: Given, time: TimeRules): Decision<PickupChoice | null | undefined> {
  const location = currentLocation(state, context);
  const chosen = state.pickup.choice;
  if (!location) return accept(undefined);
  const schedule = time.pickupSchedule(location.location, given.now);
  if (chosen !== null && time.isPickupChoiceValid(schedule, chosen)) return accept(undefined);
  const resolved = time.resolvePickupChoice(schedule, chosen);
  if (chosen === null && resolved.choice === null) return accept(undefined);
  return accept(
    resolved.choice,
    event('PickupTimeAdjusted', { from: chosen, to: resolved.choice, mustConfirmDate: resolved.mustConfirmDate, idempotencyKey: given.newKey() }),
  );
}

export function editGuest(given: Given): Decision {
  return append(event('GuestDetailsCleared', { idempotencyKey: given.newKey() }));
}

/** A card the provider accepted (and, when remembered, the API registered): it becomes the selected card. */
export function addCard(card: CardSummary, given: Given): Decision<CardSummary> {
  return accept(card, event('CardAdded', { card, idempotencyKey: given.newKey() }));
}

/** The cards the shopper can pick from: those saved with the account and the one entered in this page. */
function knownCard(state: State, cardKey: string): CardSummary | undefined {
  return (
    state.account.savedCards.find((card) => card.key === cardKey) ?? (state.checkout.transientCard?.key === cardKey ? state.checkout.transientCard : undefined)
  );
}

export function selectCard(state: State, card: CardSummary, given: Given): Decision {
  if (!knownCard(state, card.key)) return refuse(CARD_GONE);
  return append(event('CardSelected', { card, idempotencyKey: given.newKey() }));
}

export function removeCard(state: State, cardKey: string, given: Given): Decision {
  if (!knownCard(state, cardKey)) return append();
  return append(event('CardRemoved', { key: cardKey, idempotencyKey: given.newKey() }));
}

/**
 * A card entered before a reload: its one-use token lived in memory and is gone, so the card cannot be charged. It is
 * removed and the shopper asked for it again (the card block on sight, Place Order before it sends).
 */
export function dropStaleCard(state: State, nonceOf: (cardKey: string) => string | undefined, given: Given): Decision {
  const card = state.checkout.transientCard;
  if (card === null || nonceOf(card.key) !== undefined) return append();
  return refuse(CARD_AGAIN_MESSAGE, event('CardRemoved', { key: card.key, idempotencyKey: given.newKey() }));
}
