// The two order payloads (OrderRequest for v1, the context-order form for v2) brought to one shape the rules check.
import type { OrderCard, OrderRequest, VehicleDetails, FulfillmentType } from '../../domain/orders/codecs';
import type { ContextOrder } from '../../api/orderPayloads';
import { NO_TABLE } from '../../domain/forms/messages';

export interface DraftLine {
  readonly key: string;
  readonly variationId: string;
  /** Given by the context-order form; v1 lines name only the variation. */
  readonly itemId: string | null;
  readonly quantity: number;
  readonly note: string;
  /** v1: a flat list of modifier ids; the rules find each one's list. */
  readonly modifierIds: readonly string[];
  /** v2: modifier ids by list id. */
  readonly modifiersByList: Readonly<Record<string, readonly string[]>> | null;
}

export interface DraftFulfillment {
  readonly type: FulfillmentType;
  readonly at: string | null;
  readonly notes: string;
  readonly vehicle: VehicleDetails | null;
  readonly deliveryAddressId: string | null;
}

export interface GuestDetails {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

export interface OrderDraft {
  readonly source: string;
  readonly idempotencyKey: string;
  readonly locationId: string;
  readonly lines: readonly DraftLine[];
  readonly tipAmount: number;
  readonly couponId: string | null;
  readonly rewardId: string | null;
  /** How many coupons and rewards the payload names; an order carries at most one (ordering.md section 9). */
  readonly discountCount: number;
  readonly card: OrderCard | null;
  /** Every fulfillment block the payload carries; the rules want exactly one. */
  readonly fulfillments: readonly DraftFulfillment[];
  /** Top-level pickupAt (v1) or time (v2), used when the fulfillment block carries none. */
  readonly pickupAt: string | null;
  readonly guest: GuestDetails | null;
  /** A saved gift card paying `amount`, with the balance the shopper saw (the order call's extension; v1 only). */
  readonly giftCard?: { readonly id: string; readonly amount: number; readonly balance: number } | null;
}

export function draftFromRequest(request: OrderRequest): OrderDraft {
  const fulfillments: DraftFulfillment[] = [];
  const block = (
    type: FulfillmentType,
    at: string | undefined,
    notes: string | undefined,
    vehicle: VehicleDetails | undefined,
    addressId: string | undefined,
  ) => fulfillments.push({ type, at: at ?? null, notes: notes ?? '', vehicle: vehicle ?? null, deliveryAddressId: addressId ?? null });
  if (request.pickupFulfillment) block('PICKUP', request.pickupFulfillment.pickupAt, request.pickupFulfillment.notes, undefined, undefined);
  if (request.dineInFulfillment) block('DINEIN', request.dineInFulfillment.pickupAt, request.dineInFulfillment.notes, undefined, undefined);
  if (request.curbsideFulfillment) {
    block(
      'CURBSIDE',
      request.curbsideFulfillment.pickupAt,
      request.curbsideFulfillment.vehicleDetails?.note,
      request.curbsideFulfillment.vehicleDetails,
      undefined,
    );
  }
  if (request.deliveryFulfillment)
    block('DELIVERY', request.deliveryFulfillment.deliverAt, undefined, undefined, request.deliveryFulfillment.deliveryAddressId);
  return {
    source: request.source,
    idempotencyKey: request.idempotencyKey,
    locationId: request.locationId,
    lines: request.lineItems.map((line) => ({
      key: line.key,
      variationId: line.id,
      itemId: null,
      quantity: line.quantity,
      note: line.note ?? '',
      modifierIds: line.modifiers ?? [],
      modifiersByList: null,
    })),
    tipAmount: request.tipAmount ?? 0,
    couponId: request.couponId ?? null,
    rewardId: request.rewardId ?? null,
    discountCount: (request.couponId ? 1 : 0) + (request.rewardId ? 1 : 0),
    card: request.card ?? null,
    giftCard: request.giftCard ?? null,
    fulfillments,
    pickupAt: request.pickupAt ?? null,
    guest: request.guest
      ? { firstName: request.guest.firstName, lastName: request.guest.lastName, email: request.guest.emailAddress, phone: request.guest.phoneNumber }
      : null,
  };
}

export function draftFromContext(order: ContextOrder): OrderDraft {
  const settings = order.fulfillmentSettings ?? {};
  const type = order.fulfillmentType;
  const fulfillments: DraftFulfillment[] =
    type === undefined
      ? []
      : [
          {
            type,
            at: order.time ?? null,
            notes:
              type === 'DINEIN'
                ? settings.skipNote === true
                  ? NO_TABLE
                  : (settings.note ?? '')
                : type === 'CURBSIDE'
                  ? (settings.vehicleDetails?.note ?? '')
                  : (settings.notes ?? ''),
            vehicle: settings.vehicleDetails ?? null,
            deliveryAddressId: settings.deliveryAddressId ?? null,
          },
        ];
  return {
    source: order.source ?? 'Web',
    idempotencyKey: order.idempotencyKey,
    locationId: order.location.Id,
    lines: order.items.map((line) => ({
      key: line.key,
      variationId: line.variation.Id,
      itemId: line.item.Id,
      quantity: line.quantity,
      note: line.note ?? '',
      modifierIds: Object.values(line.modifiers ?? {}).flat(),
      modifiersByList: line.modifiers ?? {},
    })),
    tipAmount: order.tipAmount ?? 0,
    couponId: order.coupons?.[0]?.Id ?? null,
    rewardId: order.rewards?.[0]?.Id ?? null,
    discountCount: (order.coupons?.length ?? 0) + (order.rewards?.length ?? 0),
    card: order.card ?? null,
    fulfillments,
    pickupAt: order.time ?? null,
    guest: order.guest ?? null,
  };
}
