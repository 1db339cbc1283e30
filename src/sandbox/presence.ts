// POST /api/Presence/ImHere (auth): the curbside shopper says they have arrived; the order records the time.
// POST /api/Presence/GuestImHere: the same for a guest, by the idempotency key their order was placed with (README,
// "The order's progress"), the secret Order/GuestProgress asks by.
import { GuestImHereRequestCodec, ImHereRequestCodec } from '../api/presence';
import { authed } from './auth';
import type { SandboxCore } from './core';
import { codes, ok } from './http';
import { withBody, type RouteTable } from './routes';
import { sameId } from '../domain/ids';
import { kitchenCommand } from './orders/kitchen';
import { keyOf, type StoredOrder } from './state';

export function presenceRoutes(core: SandboxCore): RouteTable {
  /** Records the arrival, and the kitchen brings a curbside order out once it is ready and the shopper is here. */
  const arrive = (order: StoredOrder, who: string) => {
    order.arrivedAt = new Date(core.now()).toISOString();
    core.changed();
    kitchenCommand(core, order.order.Id, { kind: 'arrive' });
    core.log(`presence: ${who} arrived for order ${order.order.Id}`);
    return ok({ OrderId: order.order.Id, ArrivedAtUtc: order.arrivedAt });
  };
  return {
    'POST /api/Presence/ImHere': authed(core, (call, user) =>
      withBody(ImHereRequestCodec, (request) => {
        const mine = Object.values(core.state.orders).filter(
          (o) => o.userId === user.id && (request.LocationId === undefined || sameId(o.order.LocationId, request.LocationId)),
        );
        const order = request.OrderId === undefined ? mine.at(-1) : mine.find((o) => o.order.Id === request.OrderId);
        if (!order) return codes(404, 'Order - ORDER_NOT_FOUND', 'no order of this account to arrive for');
        return arrive(order, `${user.firstName} ${user.lastName}`);
      })(call),
    ),
    // A key of an account's order, or of no order, is not found, as for Order/GuestProgress.
    'POST /api/Presence/GuestImHere': withBody(GuestImHereRequestCodec, (request) => {
      const record = core.state.keys[keyOf(core.clientId, request.idempotencyKey)];
      const order = record && record.orderId !== null && record.owner.startsWith('guest') ? core.state.orders[record.orderId] : undefined;
      if (!order) return codes(404, 'Order - ORDER_NOT_FOUND', `no guest order with idempotency key "${request.idempotencyKey}"`);
      return arrive(order, 'a guest');
    }),
  };
}
