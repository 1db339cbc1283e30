// The queued order flow (ordering.md sections 4 and 9): queue the order, then poll its status by idempotency key,
// first after 3000 ms, then every 3000 ms, at most 10 times. 'Complete' succeeds with the order id, 'Error' fails
// with the errors, and running out of attempts fails with 'Timeout'.
import * as E from 'fp-ts/lib/Either.js';
import type { OrderError, OrderRequest, OrderResult } from '../domain/orders/codecs';
import { ORDER_STATUS_TIMEOUT_MESSAGE } from '../domain/orders/orderErrors';
import type { ApiError } from './apiError';
import type { OrderCalls } from './orders';

export const ORDER_STATUS_FIRST_CHECK_MS = 3000;
export const ORDER_STATUS_INTERVAL_MS = 3000;
export const ORDER_STATUS_MAX_ATTEMPTS = 10;
/** Ordering.md section 8: what polling gives after the attempt limit. */
export const QUEUE_TIMEOUT_MESSAGE = ORDER_STATUS_TIMEOUT_MESSAGE;

export type QueuedOrderFailure =
  /** The queue call itself failed (declines found at once come back here, as for Order/Place). */
  | { readonly kind: 'api'; readonly error: ApiError }
  /** The order was processed and failed; `failures` are the errors as 'Category - Code' for orderFailureMessage. */
  | { readonly kind: 'rejected'; readonly errors: readonly OrderError[]; readonly failures: readonly string[] }
  | { readonly kind: 'timeout'; readonly message: typeof QUEUE_TIMEOUT_MESSAGE; readonly attempts: number };

export interface QueueOptions {
  /** Waits between checks; tests pass one that resolves at once, the constants above stay as they are. */
  readonly delay?: (ms: number) => Promise<void>;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** An order error as the 'prefix - CODE' string the order error catalogue reads. */
export function orderErrorText(error: OrderError): string {
  return `${error.Category ?? 'Order'} - ${error.Code ?? 'UNKNOWN'}`;
}

/**
 * Queues an order and polls until it is decided. A guest order (request.guest present) uses GuestQueue and
 * GuestOrderStatus. A status check that fails (network, time-out) uses up an attempt and polling goes on.
 */
export async function placeQueuedOrder(
  orders: OrderCalls,
  request: OrderRequest,
  options: QueueOptions = {},
): Promise<E.Either<QueuedOrderFailure, OrderResult>> {
  const delay = options.delay ?? wait;
  const guest = request.guest !== undefined;
  const queued = await (guest ? orders.guestQueueOrder(request) : orders.queueOrder(request));
  if (E.isLeft(queued)) return E.left({ kind: 'api', error: queued.left });
  const key = queued.right.IdempotencyKey ?? request.idempotencyKey;
  for (let attempt = 1; attempt <= ORDER_STATUS_MAX_ATTEMPTS; attempt++) {
    await delay(attempt === 1 ? ORDER_STATUS_FIRST_CHECK_MS : ORDER_STATUS_INTERVAL_MS);
    const status = await (guest ? orders.guestOrderStatus({ idempotencyKey: key }) : orders.orderStatus({ idempotencyKey: key }));
    if (E.isLeft(status)) {
      if (status.left.kind === 'unauthorized') return E.left({ kind: 'api', error: status.left });
      continue;
    }
    const answer = status.right;
    if (answer.Status === 'Complete' && answer.OrderId !== undefined) {
      return E.right(answer.Order === undefined ? { OrderId: answer.OrderId } : { OrderId: answer.OrderId, Order: answer.Order });
    }
    if (answer.Status === 'Error') {
      const errors = answer.Errors ?? [];
      return E.left({ kind: 'rejected', errors, failures: errors.map(orderErrorText) });
    }
  }
  return E.left({ kind: 'timeout', message: QUEUE_TIMEOUT_MESSAGE, attempts: ORDER_STATUS_MAX_ATTEMPTS });
}
