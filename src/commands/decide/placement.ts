// Decisions of placing the bag (ordering.md section 4 "Order placement"): whether it may go and what it sends, what
// the API's answer means, and what a status check settles about an attempt left without an answer. The API calls
// and their error shapes stay in ../placeOrder.ts, which hands these decisions plain answers.
import * as E from 'fp-ts/lib/Either.js';
import type { OrderRequest } from '../../domain/orders/codecs';
import {
  CARD_AGAIN_MESSAGE,
  INTERRUPTED_ORDER_MESSAGE,
  ORDER_STATUS_TIMEOUT_MESSAGE,
  orderFailureMessage,
  type OrderFailure,
  type OrderPayment,
} from '../../domain/orders/orderErrors';
import { MINIMUM_CARD_CHARGE } from '../../domain/payments/giftCardSplit';
import { formatMoney } from '../../domain/money';
import type { EventDataOf } from '../../events/catalogue';
import { currentLocation, type ReduceContext } from '../../events/context';
import { bagView } from '../../events/selectors/bag';
import { paymentSplit, placeOrderReadiness, selectedCard } from '../../events/selectors/checkout';
import type { AttemptKey, State } from '../../events/state';
import { accept, event, refuse, type Decision, type Given, type TimeRules } from './decision';
import { dropStaleCard } from './checkout';
import { chargedTotal } from '../../domain/delivery/charges';
import { deliveryFees } from '../../events/selectors/delivery';
import { buildOrderRequest } from './orderRequest';

/** An order the API took. */
export interface PlacedOrder {
  readonly orderId: string;
}

export interface PlacementStart {
  readonly request: OrderRequest;
  /** Placed through the queue (the location or the configuration asks for it). */
  readonly queued: boolean;
  readonly signedIn: boolean;
}

export interface PlacementSetting {
  /** The configuration's QueueOrders. */
  readonly queueOrders: boolean;
  /** The one-use token of a card entered in this page, by card key (tokens are never stored). */
  readonly nonceOf: (cardKey: string) => string | undefined;
}

/**
 * Place Order pressed: refused with the first reason while the bag is not ready; a card entered before a reload is
 * removed and asked for again; otherwise the start is recorded with the request it sends.
 */
export function startPlacement(
  state: State,
  context: ReduceContext,
  setting: PlacementSetting,
  given: Given,
  time: Pick<TimeRules, 'prepTimeMillis'>,
): Decision<PlacementStart, OrderFailure> {
  const location = currentLocation(state, context);
  const bag = bagView(state, context);
  const readiness = placeOrderReadiness(state, bag);
  if (!location || !bag.preview || !readiness.canPlace) return refuse({ message: readiness.messages[0] ?? 'Could not place order!', codes: [] });
  const card = selectedCard(state);
  const nonce = card && !card.saved ? setting.nonceOf(card.key) : undefined;
  if (card && !card.saved && nonce === undefined && paymentSplit(state, bag).card > 0) {
    const stale = dropStaleCard(state, setting.nonceOf, given);
    return refuse({ message: E.isLeft(stale.outcome) ? stale.outcome.left : CARD_AGAIN_MESSAGE, codes: [] }, ...stale.facts);
  }
  const request = buildOrderRequest(state, location, bag.preview, given.now, time.prepTimeMillis(location.location), nonce);
  const queued = setting.queueOrders || location.location.QueueOrders === true;
  return accept(
    { request, queued, signedIn: state.account.profile !== null },
    event('OrderPlacementStarted', {
      idempotencyKey: request.idempotencyKey,
      queued,
      locationId: location.location.Id,
      grandTotal: chargedTotal(bag.preview.grandTotal, deliveryFees(state)),
      pickupAt: request.pickupAt ?? null,
    }),
  );
}

type PlacedData = EventDataOf<'OrderPlaced'>;

/** The API's answer to a placement, in plain terms. */
export type PlacementAnswer =
  | { readonly kind: 'placed'; readonly orderId: string; readonly order: PlacedData['order'] }
  /** Refused with the API's error values, or 'unknown' when no answer says anything of the order. */
  | { readonly kind: 'failed'; readonly values: readonly string[]; readonly outcome: 'refused' | 'unknown' }
  /** The queue's status checks ran out before the order settled. */
  | { readonly kind: 'timedOut' };

/** How a request pays, where a refusal's words depend on it: a gift card beside the card (orderErrors.ts). */
export function paymentOf(state: State, ctx: ReduceContext, request: Pick<OrderRequest, 'giftCard' | 'card'>): OrderPayment {
  const currency = currentLocation(state, ctx)?.currency;
  if (request.giftCard === undefined || request.card === undefined || currency === undefined) return {};
  return { giftCardBeside: { leastCardCharge: formatMoney(MINIMUM_CARD_CHARGE, currency) } };
}

/**
 * Records what the answer says: the order made (and a new key for the next bag), or the error table's message, in
 * the terms of how the order was paid (`payment`).
 */
export function placementAnswered(attempt: AttemptKey, answer: PlacementAnswer, given: Given, payment: OrderPayment = {}): Decision<PlacedOrder, OrderFailure> {
  if (answer.kind === 'placed') {
    return accept(
      { orderId: answer.orderId },
      event('OrderPlaced', { idempotencyKey: attempt, orderId: answer.orderId, order: answer.order, nextIdempotencyKey: given.newKey() }),
    );
  }
  const { message, codes } =
    answer.kind === 'timedOut' ? { message: ORDER_STATUS_TIMEOUT_MESSAGE, codes: ['TIMEOUT'] } : orderFailureMessage(answer.values, payment);
  const outcome = answer.kind === 'timedOut' ? 'unknown' : answer.outcome;
  return refuse({ message, codes }, event('OrderPlacementFailed', { idempotencyKey: attempt, codes, message, outcome }));
}

/** What the API says of an attempt's key (OrderStatus / GuestOrderStatus): made, failed, or nothing settled yet. */
export type AttemptStatus =
  | { readonly kind: 'complete'; readonly orderId: string; readonly order: PlacedData['order'] }
  | { readonly kind: 'error'; readonly values: readonly string[] }
  | { readonly kind: 'unsettled' };

export type AttemptOutcome =
  { readonly kind: 'none' } | { readonly kind: 'placed'; readonly orderId: string } | { readonly kind: 'unknown' } | { readonly kind: 'refused' };

/**
 * Settles the attempt in doubt by what its status says: the order it made, or the errors it failed with. 'Not found'
 * settles nothing (the API may not have reached the request yet): a page left in flight is marked failed with the
 * interrupted-order notice, and the key is kept for the next attempt.
 */
export function attemptChecked(state: State, inDoubt: AttemptKey, status: AttemptStatus, given: Given): Decision<AttemptOutcome, never> {
  if (state.placement.unconfirmedKey !== inDoubt) return accept<AttemptOutcome>({ kind: 'none' });
  if (status.kind === 'complete') {
    return accept<AttemptOutcome>(
      { kind: 'placed', orderId: status.orderId },
      event('OrderPlaced', { idempotencyKey: inDoubt, orderId: status.orderId, order: status.order, nextIdempotencyKey: given.newKey() }),
    );
  }
  if (status.kind === 'error') {
    const { message, codes } = orderFailureMessage(status.values);
    return accept<AttemptOutcome>({ kind: 'refused' }, event('OrderPlacementFailed', { idempotencyKey: inDoubt, codes, message, outcome: 'refused' }));
  }
  if (state.placement.status !== 'pending') return accept<AttemptOutcome>({ kind: 'unknown' });
  return accept<AttemptOutcome>(
    { kind: 'unknown' },
    event('OrderPlacementFailed', { idempotencyKey: inDoubt, codes: ['INTERRUPTED'], message: INTERRUPTED_ORDER_MESSAGE, outcome: 'unknown' }),
  );
}
