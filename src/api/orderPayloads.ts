// The two order payloads (ordering.md section 7). Version 1 calls (Order/Place, Queue, GuestPlace, GuestQueue,
// Preview) take the order payload, OrderRequest in src/domain/orders/codecs.ts. The v2 calls (v2/Order/Place,
// GuestPlace, Preview) take the context-order form: the bag as the storefront holds it.
import * as t from 'io-ts';
import { Integer, MinorUnits, opt } from '../domain/codec';
import type { CartLine } from '../domain/cart/cartLine';
import { FulfillmentTypeCodec, OrderCardCodec, VehicleDetailsCodec } from '../domain/orders/codecs';

export const ContextOrderLineCodec = t.intersection([
  t.type({ key: t.string, item: t.type({ Id: t.string }), variation: t.type({ Id: t.string }), quantity: Integer }),
  t.partial({ modifiers: opt(t.record(t.string, t.array(t.string))), note: opt(t.string) }),
]);
export type ContextOrderLine = t.TypeOf<typeof ContextOrderLineCodec>;

/** Fulfillment settings by type (ordering.md section 3): PICKUP notes, CURBSIDE vehicleDetails, DELIVERY address, DINEIN note. */
export const FulfillmentSettingsCodec = t.partial({
  notes: opt(t.string),
  vehicleDetails: opt(VehicleDetailsCodec),
  deliveryAddressId: opt(t.string),
  note: opt(t.string),
  skipNote: opt(t.boolean),
});
export type FulfillmentSettings = t.TypeOf<typeof FulfillmentSettingsCodec>;

export const ContextGuestCodec = t.type({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string });

export const ContextOrderCodec = t.intersection([
  t.type({ idempotencyKey: t.string, items: t.array(ContextOrderLineCodec), location: t.type({ Id: t.string }) }),
  t.partial({
    source: opt(t.string),
    card: opt(OrderCardCodec),
    coupons: opt(t.array(t.type({ Id: t.string }))),
    rewards: opt(t.array(t.type({ Id: t.string }))),
    tipAmount: opt(MinorUnits),
    /** The chosen pickup (or delivery) time, ISO-8601 UTC. */
    time: opt(t.string),
    guest: opt(ContextGuestCodec),
    fulfillmentType: opt(FulfillmentTypeCodec),
    fulfillmentSettings: opt(FulfillmentSettingsCodec),
  }),
]);
export type ContextOrder = t.TypeOf<typeof ContextOrderCodec>;

export { orderRequestLine } from '../domain/cart/cartLine';

/** A bag line as the context-order form carries it. */
export function contextOrderLine(line: CartLine): ContextOrderLine {
  const modifiers: Record<string, string[]> = {};
  for (const [listId, ids] of Object.entries(line.modifiers)) modifiers[listId] = [...ids];
  return { key: line.key, item: { Id: line.itemId }, variation: { Id: line.variationId }, quantity: line.quantity, modifiers, note: line.note };
}
