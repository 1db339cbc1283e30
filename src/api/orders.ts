// The order calls (ordering.md section 7): preview, place and queue (signed in or guest), status by idempotency key,
// the order list, and the v2 variants that take the context-order form.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { opt } from '../domain/codec';
import { OrderCodec, OrderResultCodec, OrderStatusCodec, type Order, type OrderRequest, type OrderResult, type OrderStatus } from '../domain/orders/codecs';
import type { ApiError } from './apiError';
import { decodeWith, type HttpClient } from './httpClient';
import type { ContextOrder } from './orderPayloads';
import { CancelReasonCodec, OrderStageCodec } from '../domain/orders/progress';

/** Preview answers the priced order; OrderId is absent (nothing was placed). */
export const OrderPreviewCodec = t.intersection([t.type({ Order: OrderCodec }), t.partial({ OrderId: opt(t.string) })]);
export type OrderPreview = t.TypeOf<typeof OrderPreviewCodec>;

export const OrderListCodec = t.type({ Orders: t.array(OrderCodec) });
export type OrderList = t.TypeOf<typeof OrderListCodec>;

export const OrderStatusRequestCodec = t.type({ idempotencyKey: t.string });
export type OrderStatusRequest = t.TypeOf<typeof OrderStatusRequestCodec>;

export const OrderListRequestCodec = t.partial({ locationId: opt(t.string) });
export type OrderListRequest = t.TypeOf<typeof OrderListRequestCodec>;

/** Order/Progress (signed in): one of the account's orders, by id. */
export const OrderProgressRequestCodec = t.type({ orderId: t.string });
export type OrderProgressRequest = t.TypeOf<typeof OrderProgressRequestCodec>;

/** An order's progress (src/sandbox/README.md, "The order's progress"): its stage now, the estimate, and every stage reached. */
export const OrderProgressCodec = t.intersection([
  t.type({
    OrderId: t.string,
    State: OrderStageCodec,
    At: t.string,
    Estimate: t.union([t.string, t.null]),
    History: t.array(t.intersection([t.type({ State: OrderStageCodec, At: t.string }), t.partial({ Reason: opt(CancelReasonCodec) })])),
  }),
  t.partial({ Reason: opt(CancelReasonCodec) }),
]);
export type OrderProgress = t.TypeOf<typeof OrderProgressCodec>;

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface OrderCalls {
  previewOrder(request: OrderRequest): Result<OrderPreview>;
  placeOrder(request: OrderRequest): Result<OrderResult>;
  guestPlaceOrder(request: OrderRequest): Result<OrderResult>;
  /** Answers Status 'Pending' with the idempotency key; poll orderStatus (see placeQueuedOrder). */
  queueOrder(request: OrderRequest): Result<OrderStatus>;
  guestQueueOrder(request: OrderRequest): Result<OrderStatus>;
  orderStatus(request: OrderStatusRequest): Result<OrderStatus>;
  guestOrderStatus(request: OrderStatusRequest): Result<OrderStatus>;
  /** Where one of the signed-in shopper's orders stands (an extension of the spec's calls). */
  orderProgress(request: OrderProgressRequest): Result<OrderProgress>;
  /** Where a guest's order stands, by the idempotency key it was placed with. */
  guestOrderProgress(request: OrderStatusRequest): Result<OrderProgress>;
  /** The signed-in user's orders, newest first; with locationId, that location's only. */
  listOrders(request?: OrderListRequest): Result<Order[]>;
  /** The preview; `signedIn` sends the session's token, so the account's coupons and rewards count. */
  previewContextOrder(order: ContextOrder, signedIn?: boolean): Result<OrderPreview>;
  placeContextOrder(order: ContextOrder): Result<OrderResult>;
  guestPlaceContextOrder(order: ContextOrder): Result<OrderResult>;
}

export function orderCalls(http: HttpClient): OrderCalls {
  const post = <A, O>(name: string, body: unknown, codec: t.Type<A, O, unknown>, auth: boolean): Result<A> =>
    http.call({ name, path: name, body, auth, read: decodeWith(codec) });
  return {
    previewOrder: (request) => post('Order/Preview', request, OrderPreviewCodec, false),
    placeOrder: (request) => post('Order/Place', request, OrderResultCodec, true),
    guestPlaceOrder: (request) => post('Order/GuestPlace', request, OrderResultCodec, false),
    queueOrder: (request) => post('Order/Queue', request, OrderStatusCodec, true),
    guestQueueOrder: (request) => post('Order/GuestQueue', request, OrderStatusCodec, false),
    orderStatus: (request) => post('Order/OrderStatus', request, OrderStatusCodec, true),
    guestOrderStatus: (request) => post('Order/GuestOrderStatus', request, OrderStatusCodec, false),
    orderProgress: (request) => post('Order/Progress', request, OrderProgressCodec, true),
    guestOrderProgress: (request) => post('Order/GuestProgress', request, OrderProgressCodec, false),
    listOrders: async (request = {}) => E.map((list: OrderList) => list.Orders)(await post('Order/List', request, OrderListCodec, true)),
    previewContextOrder: (order, signedIn = false) => post('v2/Order/Preview', order, OrderPreviewCodec, signedIn),
    placeContextOrder: (order) => post('v2/Order/Place', order, OrderResultCodec, true),
    guestPlaceContextOrder: (order) => post('v2/Order/GuestPlace', order, OrderResultCodec, false),
  };
}
