// Placing the bag (ordering.md section 4 "Order placement"), apart from the other checkout commands so that the
// request builder, the error table and the queue load with the first order rather than with the first page. Called
// only through checkoutCommands().placeOrder, which keeps a second call from starting while one is in flight.
import * as E from 'fp-ts/lib/Either.js';
import { orderFailureList, type ApiError } from '../api/apiError';
import type { QueuedOrderFailure } from '../api/orderQueue';
import type { OrderResult } from '../domain/orders/codecs';
import { ORDER_STATUS_TIMEOUT_MESSAGE, orderFailureMessage } from '../domain/orders/orderErrors';
import { currentLocation } from '../events/context';
import { bagView } from '../events/selectors/bag';
import { placeOrderReadiness, selectedCard } from '../events/selectors/checkout';
import { loadTimeRules } from '../store/timeRules';
import { CARD_AGAIN_MESSAGE, INTERRUPTED_ORDER_MESSAGE, type OrderFailure, type PlacedOrder } from './checkout';
import { buildOrderRequest } from './orderRequest';
import { record, type CommandServices, type serialQueue } from './services';

/**
 * Validates and records the start, calls the API (queued when the location or configuration asks), and records the
 * outcome. A retry after a failure reuses the bag's idempotency key, so a lost response never makes a second order.
 */
export async function placeTheBag(
  services: CommandServices,
  serially: ReturnType<typeof serialQueue>,
  nonces: ReadonlyMap<string, string>,
  key: () => string,
): Promise<E.Either<OrderFailure, PlacedOrder>> {
  const { store, api } = services;
  const state = () => store.getState();
  // An earlier attempt without an answer is asked about first: if it made the order, that is the order. Otherwise
  // this attempt goes out under the same key, so an order the API is still making is never made twice.
  const earlier = await confirmAttempt(services, serially, key);
  if (earlier.kind === 'placed') return E.right({ orderId: earlier.orderId });
  const time = await loadTimeRules();
  const started = await serially(
    async (): Promise<E.Either<OrderFailure, { request: ReturnType<typeof buildOrderRequest>; queued: boolean; signedIn: boolean }>> => {
      const s = state();
      const location = currentLocation(s, store.context);
      const bag = bagView(s, store.context);
      const readiness = placeOrderReadiness(s, bag);
      if (!location || !bag.preview || !readiness.canPlace) return E.left({ message: readiness.messages[0] ?? 'Could not place order!', codes: [] });
      const card = selectedCard(s);
      const nonce = card && !card.saved ? nonces.get(card.key) : undefined;
      if (card && !card.saved && nonce === undefined && bag.preview.grandTotal > 0) {
        await record(services, 'CardRemoved', { key: card.key, idempotencyKey: key() });
        return E.left({ message: CARD_AGAIN_MESSAGE, codes: [] });
      }
      const request = buildOrderRequest(s, location, bag.preview, services.now(), time.prepTimeMillis(location.location), nonce);
      const queued = services.config.QueueOrders === true || location.location.QueueOrders === true;
      await record(services, 'OrderPlacementStarted', {
        idempotencyKey: request.idempotencyKey,
        queued,
        locationId: location.location.Id,
        grandTotal: bag.preview.grandTotal,
        pickupAt: request.pickupAt ?? null,
      });
      return E.right({ request, queued, signedIn: s.account.profile !== null });
    },
  );
  if (E.isLeft(started)) return started;
  const { request, queued, signedIn } = started.right;

  const answer: E.Either<{ readonly queued: QueuedOrderFailure } | { readonly direct: ApiError }, OrderResult> = queued
    ? E.mapLeft((failure: QueuedOrderFailure) => ({ queued: failure }))(
        await api.placeQueuedOrder(request, services.queueDelay ? { delay: services.queueDelay } : {}),
      )
    : E.mapLeft((error: ApiError) => ({ direct: error }))(signedIn ? await api.orders.placeOrder(request) : await api.orders.guestPlaceOrder(request));

  return await serially(async () => {
    if (E.isRight(answer)) {
      await record(services, 'OrderPlaced', {
        idempotencyKey: request.idempotencyKey,
        orderId: answer.right.OrderId,
        order: answer.right.Order ?? null,
        nextIdempotencyKey: key(),
      });
      return E.right({ orderId: answer.right.OrderId });
    }
    const failure = answer.left;
    let values: readonly string[] = [];
    let timedOut = false;
    // No answer (the network, the client's time-out, a server error, a queue that never settled) says nothing of the order.
    const outcome = noAnswer(failure) ? 'unknown' : 'refused';
    // Failed calls were reported by the API client; here they become the error table's message.
    if ('direct' in failure) {
      values = orderFailureList(failure.direct);
    } else if (failure.queued.kind === 'rejected') {
      values = failure.queued.failures;
    } else if (failure.queued.kind === 'timeout') {
      timedOut = true;
    } else {
      values = orderFailureList(failure.queued.error);
    }
    const { message, codes } = timedOut ? { message: ORDER_STATUS_TIMEOUT_MESSAGE, codes: ['TIMEOUT'] } : orderFailureMessage(values);
    await record(services, 'OrderPlacementFailed', { idempotencyKey: request.idempotencyKey, codes, message, outcome });
    return E.left({ message, codes });
  });
}

function noAnswer(failure: { readonly queued: QueuedOrderFailure } | { readonly direct: ApiError }): boolean {
  const error =
    'direct' in failure ? failure.direct : failure.queued.kind === 'timeout' ? null : failure.queued.kind === 'rejected' ? undefined : failure.queued.error;
  if (error === null) return true;
  // A 5xx may come from a server that failed after committing (or a proxy in front of it), and a 409 says the key's
  // order is still being made: neither is a refusal.
  return (
    error !== undefined && (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status >= 500 || error.status === 409)))
  );
}

export type AttemptOutcome =
  { readonly kind: 'none' } | { readonly kind: 'placed'; readonly orderId: string } | { readonly kind: 'unknown' } | { readonly kind: 'refused' };

/**
 * Asks the API about the attempt whose outcome is unknown (OrderStatus / GuestOrderStatus by its key) and records
 * what it says: the order it made, or the errors it failed with. 'Not found' settles nothing (the API may not have
 * reached the request yet), so the key is kept and the next attempt reuses it.
 */
export async function confirmAttempt(services: CommandServices, serially: ReturnType<typeof serialQueue>, key: () => string): Promise<AttemptOutcome> {
  const { store, api } = services;
  const inDoubt = store.getState().placement.unconfirmedKey;
  if (inDoubt === null) return { kind: 'none' };
  const signedIn = store.getState().account.profile !== null;
  const status = signedIn ? await api.orders.orderStatus({ idempotencyKey: inDoubt }) : await api.orders.guestOrderStatus({ idempotencyKey: inDoubt });
  return serially(async () => {
    const s = store.getState();
    if (s.placement.unconfirmedKey !== inDoubt) return { kind: 'none' } as const;
    if (E.isRight(status) && status.right.Status === 'Complete' && status.right.OrderId) {
      await record(services, 'OrderPlaced', {
        idempotencyKey: inDoubt,
        orderId: status.right.OrderId,
        order: status.right.Order ?? null,
        nextIdempotencyKey: key(),
      });
      return { kind: 'placed', orderId: status.right.OrderId } as const;
    }
    if (E.isRight(status) && status.right.Status === 'Error') {
      const { message, codes } = orderFailureMessage((status.right.Errors ?? []).flatMap((e) => (e.Category && e.Code ? [`${e.Category} - ${e.Code}`] : [])));
      await record(services, 'OrderPlacementFailed', { idempotencyKey: inDoubt, codes, message, outcome: 'refused' });
      return { kind: 'refused' } as const;
    }
    // No order yet, or no answer: a page left in flight is marked failed; its key is kept for the next attempt.
    if (s.placement.status === 'pending') {
      await record(services, 'OrderPlacementFailed', {
        idempotencyKey: inDoubt,
        codes: ['INTERRUPTED'],
        message: INTERRUPTED_ORDER_MESSAGE,
        outcome: 'unknown',
      });
    }
    return { kind: 'unknown' } as const;
  });
}
