// POST /api/Presence/ImHere (auth): the curbside shopper says they have arrived; the order records the time.
import { ImHereRequestCodec } from '../api/presence';
import { authed } from './auth';
import type { SandboxCore } from './core';
import { codes, ok } from './http';
import { withBody, type RouteTable } from './routes';
import { sameId } from '../domain/ids';
import { kitchenCommand } from './orders/kitchen';

export function presenceRoutes(core: SandboxCore): RouteTable {
  return {
    'POST /api/Presence/ImHere': authed(core, (call, user) =>
      withBody(ImHereRequestCodec, (request) => {
        const mine = Object.values(core.state.orders).filter(
          (o) => o.userId === user.id && (request.LocationId === undefined || sameId(o.order.LocationId, request.LocationId)),
        );
        const order = request.OrderId === undefined ? mine.at(-1) : mine.find((o) => o.order.Id === request.OrderId);
        if (!order) return codes(404, 'Order - ORDER_NOT_FOUND', 'no order of this account to arrive for');
        order.arrivedAt = new Date(core.now()).toISOString();
        core.changed();
        // The kitchen brings a curbside order out once it is ready and the shopper is here.
        kitchenCommand(core, order.order.Id, { kind: 'arrive' });
        core.log(`presence: ${user.firstName} ${user.lastName} arrived for order ${order.order.Id}`);
        return ok({ OrderId: order.order.Id, ArrivedAtUtc: order.arrivedAt });
      })(call),
    ),
  };
}
