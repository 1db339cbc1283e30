// The order calls (ordering.md section 7). Status codes where the spec shows none: 200 with the result; 202 for a
// queued order; 400 with a 'prefix - CODE' list when the order is refused or declined; 404 for an unknown key;
// 409 when an idempotency key belongs to another customer or its queued order is still pending. Order/Progress and
// Order/GuestProgress are this sandbox's extension (README, "The order's progress").
import * as E from 'fp-ts/lib/Either.js';
import { OrderRequestCodec } from '../../domain/orders/codecs';
import { ContextOrderCodec } from '../../api/orderPayloads';
import { OrderListRequestCodec, OrderProgressRequestCodec, OrderStatusRequestCodec } from '../../api/orders';
import { authed, userOf } from '../auth';
import type { SandboxCore } from '../core';
import { codes, ok, type Reply } from '../http';
import { withBody, type RouteTable } from '../routes';
import { keyOf, type UserRecord } from '../state';
import { draftFromContext, draftFromRequest, type OrderDraft } from './orderDraft';
import { orderOf } from './orderRecord';
import { checkOrder } from './orderRules';
import { orderStatus, queueOrder } from './orderQueue';
import { placeOrder, type Orderer } from './placement';
import { refusalReply, type Refusal } from './refusal';
import { sameId } from '../../domain/ids';
import { changeKitchen } from './kitchen';

const answer = <A>(result: E.Either<Refusal, A>, status = 200): Reply => (E.isLeft(result) ? refusalReply(result.left) : { status, body: result.right });

export function orderRoutes(core: SandboxCore): RouteTable {
  const who = (user: UserRecord | null): Orderer => ({ clientId: core.clientId, user, guest: user === null });

  /** Preview prices the bag; a bearer token, when sent, lets the account's coupons and rewards apply. */
  const preview = (draft: OrderDraft, user: UserRecord | null): Reply => {
    const checked = checkOrder(core, draft, { user, guest: false }, 'preview');
    if (E.isLeft(checked)) return refusalReply(checked.left);
    return ok({ Order: orderOf(`preview-${draft.idempotencyKey}`, checked.right, new Date(core.now()).toISOString()) });
  };

  // An order that is not the caller's answers as an unknown one: nobody learns which order ids exist.
  const notFound = (what: string) => codes(404, 'Order - ORDER_NOT_FOUND', `no order ${what}`);
  /** Where an order stands, settled at the sandbox's now. */
  const progress = (orderId: string) => {
    const stored = core.state.orders[orderId];
    return stored ? ok(changeKitchen(core, stored, (kitchen) => kitchen)) : notFound(`"${orderId}"`);
  };

  return {
    'POST /api/Order/Progress': authed(core, (call, user) =>
      withBody(OrderProgressRequestCodec, (request) => {
        const stored = core.state.orders[request.orderId];
        return stored && stored.userId === user.id ? progress(request.orderId) : notFound(`"${request.orderId}" of this account`);
      })(call),
    ),
    // A guest's order by the key it was placed with, which is the guest's secret (as for GuestOrderStatus).
    'POST /api/Order/GuestProgress': withBody(OrderStatusRequestCodec, (request) => {
      const record = core.state.keys[keyOf(core.clientId, request.idempotencyKey)];
      if (!record || record.orderId === null || !record.owner.startsWith('guest')) return notFound(`with idempotency key "${request.idempotencyKey}"`);
      return progress(record.orderId);
    }),

    'POST /api/Order/Preview': withBody(OrderRequestCodec, (request, call) => preview(draftFromRequest(request), userOf(core, call))),
    'POST /api/v2/Order/Preview': withBody(ContextOrderCodec, (order, call) => preview(draftFromContext(order), userOf(core, call))),

    'POST /api/Order/Place': authed(core, (call, user) =>
      withBody(OrderRequestCodec, (request) => answer(placeOrder(core, draftFromRequest(request), who(user))))(call),
    ),
    'POST /api/v2/Order/Place': authed(core, (call, user) =>
      withBody(ContextOrderCodec, (order) => answer(placeOrder(core, draftFromContext(order), who(user))))(call),
    ),
    'POST /api/Order/GuestPlace': withBody(OrderRequestCodec, (request) => answer(placeOrder(core, draftFromRequest(request), who(null)))),
    'POST /api/v2/Order/GuestPlace': withBody(ContextOrderCodec, (order) => answer(placeOrder(core, draftFromContext(order), who(null)))),

    'POST /api/Order/Queue': authed(core, (call, user) =>
      withBody(OrderRequestCodec, (request) => answer(queueOrder(core, draftFromRequest(request), who(user)), 202))(call),
    ),
    'POST /api/Order/GuestQueue': withBody(OrderRequestCodec, (request) => answer(queueOrder(core, draftFromRequest(request), who(null)), 202)),

    'POST /api/Order/OrderStatus': authed(core, (call, user) =>
      withBody(OrderStatusRequestCodec, (request) => answer(orderStatus(core, request.idempotencyKey, who(user))))(call),
    ),
    'POST /api/Order/GuestOrderStatus': withBody(OrderStatusRequestCodec, (request) => answer(orderStatus(core, request.idempotencyKey, who(null)))),

    'POST /api/Order/List': authed(core, (call, user) =>
      withBody(OrderListRequestCodec, (request) => {
        const wanted = request.locationId;
        const orders = Object.values(core.state.orders)
          .filter((o) => o.userId === user.id && (wanted === undefined || sameId(o.order.LocationId, wanted)))
          .map((o) => o.order)
          .reverse();
        return ok({ Orders: orders });
      })(call),
    ),
  };
}
