// Placing the bag (ordering.md section 4 "Order placement"), apart from the other checkout commands so that the
// request builder, the error table and the queue come with checkout rather than with the first page (the commands
// take it from their services' rules; the manifest, src/app/root/parts.ts, says when it is fetched). Called
// only through checkoutCommands().placeOrder, which keeps a second call from starting while one is in flight. The
// decisions are in ./decide/placement.ts; here are the API calls and what their errors mean.
import * as E from 'fp-ts/lib/Either.js';
import { orderFailureList, type ApiError } from '../api/apiError';
import type { QueuedOrderFailure } from '../api/orderQueue';
import type { OrderResult } from '../domain/orders/codecs';
import type { OrderFailure } from '../domain/orders/orderErrors';
import { keepPickupTimeValid } from './decide/checkout';
import {
  attemptChecked,
  paymentOf,
  placementAnswered,
  startPlacement,
  type AttemptOutcome,
  type AttemptStatus,
  type PlacedOrder,
  type PlacementAnswer,
} from './decide/placement';
import { giftCardBalanceChecked } from './decide/giftCards';
import { apply, given, type CommandServices, type serialQueue } from './services';

/**
 * One attempt at placing the bag's order (the placeOrder command): validates and records the attempt's start, calls
 * the API (queued when the location or configuration asks), and records the outcome. An attempt whose answer never
 * came is asked about first, and a retry goes out under its key, so a lost response never makes a second order.
 */
export async function attemptOrder(
  services: CommandServices,
  serially: ReturnType<typeof serialQueue>,
  nonces: ReadonlyMap<string, string>,
): Promise<E.Either<OrderFailure, PlacedOrder>> {
  const { store, api } = services;
  // An earlier attempt without an answer is asked about first: if it made the order, that is the order. Otherwise
  // this attempt goes out under the same key, so an order the API is still making is never made twice.
  const earlier = await confirmAttempt(services, serially);
  if (earlier.kind === 'placed') return E.right({ orderId: earlier.orderId });
  const time = await services.rules.time.load();
  const setting = { queueOrders: services.config.QueueOrders === true, nonceOf: (cardKey: string) => nonces.get(cardKey) };
  const started = await serially(() => apply(services, startPlacement(store.getState(), store.context, setting, given(services), time)));
  if (E.isLeft(started)) return started;
  const { request, queued, signedIn } = started.right;
  // The attempt is in the database before the order leaves (a first page folds before its database is there), so a
  // reload from here on asks the API about it instead of sending it again.
  await store.saved();

  const answer: E.Either<{ readonly queued: QueuedOrderFailure } | { readonly direct: ApiError }, OrderResult> = queued
    ? E.mapLeft((failure: QueuedOrderFailure) => ({ queued: failure }))(
        await api.placeQueuedOrder(request, services.queueDelay ? { delay: services.queueDelay } : {}),
      )
    : E.mapLeft((error: ApiError) => ({ direct: error }))(signedIn ? await api.orders.placeOrder(request) : await api.orders.guestPlaceOrder(request));

  const payment = paymentOf(store.getState(), store.context, request);
  const outcome = await serially(() => apply(services, placementAnswered(request.idempotencyKey, plainAnswer(answer), given(services), payment)));
  // The gift card's balance moved (it paid its part), or had moved meanwhile (the order was refused for it): read it
  // again, so the page shows what is left, and a second press sends the split for the balance it now has.
  if (request.giftCard) await readGiftCardAgain(services, serially, request.giftCard.id);
  if (E.isRight(outcome)) await pickTheNextTime(services, serially);
  return outcome;
}

async function readGiftCardAgain(services: CommandServices, serially: ReturnType<typeof serialQueue>, id: string): Promise<void> {
  const answer = await services.api.giftCards.balance(id);
  // Without an answer the balance stays as last read; the API refuses a split for a balance it no longer has.
  if (E.isLeft(answer)) return;
  await serially(() => apply(services, giftCardBalanceChecked(services.store.getState(), id, answer.right.BalanceAmount)));
}

/** The order cleared the time: the next bag gets the first valid one at once, as the clock's next tick would give it. */
async function pickTheNextTime(services: CommandServices, serially: ReturnType<typeof serialQueue>): Promise<void> {
  const time = await services.rules.time.load();
  await serially(() => apply(services, keepPickupTimeValid(services.store.getState(), services.store.context, given(services), time)));
}

/** The API's answer in the decision's terms; failed calls were reported by the API client. */
function plainAnswer(answer: E.Either<{ readonly queued: QueuedOrderFailure } | { readonly direct: ApiError }, OrderResult>): PlacementAnswer {
  if (E.isRight(answer)) return { kind: 'placed', orderId: answer.right.OrderId, order: answer.right.Order ?? null };
  const failure = answer.left;
  let values: readonly string[];
  if ('direct' in failure) values = orderFailureList(failure.direct);
  else if (failure.queued.kind === 'timeout') return { kind: 'timedOut' };
  else if (failure.queued.kind === 'rejected') values = failure.queued.failures;
  else values = orderFailureList(failure.queued.error);
  // No answer (the network, the client's time-out, a server error, a queue that never settled) says nothing of the order.
  return { kind: 'failed', values, outcome: noAnswer(failure) ? 'unknown' : 'refused' };
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

export type { AttemptOutcome } from './decide/placement';

/**
 * Asks the API about the attempt whose outcome is unknown (OrderStatus / GuestOrderStatus by its key) and records
 * what it settles (see attemptChecked).
 */
export async function confirmAttempt(services: CommandServices, serially: ReturnType<typeof serialQueue>): Promise<AttemptOutcome> {
  const { store, api } = services;
  const inDoubt = store.getState().placement.unconfirmedKey;
  if (inDoubt === null) return { kind: 'none' };
  const signedIn = store.getState().account.profile !== null;
  const answer = signedIn ? await api.orders.orderStatus({ idempotencyKey: inDoubt }) : await api.orders.guestOrderStatus({ idempotencyKey: inDoubt });
  const status: AttemptStatus =
    E.isRight(answer) && answer.right.Status === 'Complete' && answer.right.OrderId
      ? { kind: 'complete', orderId: answer.right.OrderId, order: answer.right.Order ?? null }
      : E.isRight(answer) && answer.right.Status === 'Error'
        ? { kind: 'error', values: (answer.right.Errors ?? []).flatMap((e) => (e.Category && e.Code ? [`${e.Category} - ${e.Code}`] : [])) }
        : { kind: 'unsettled' };
  const settled = await serially(() => apply(services, attemptChecked(store.getState(), inDoubt, status, given(services))));
  if (E.isRight(settled) && settled.right.kind === 'placed') await pickTheNextTime(services, serially);
  return E.isRight(settled) ? settled.right : { kind: 'none' };
}
