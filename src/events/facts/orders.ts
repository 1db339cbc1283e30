// Orders (ordering.md section 4 "Order placement"): an attempt, its answer, the account's order list, the order's
// progress afterwards (README, "The order's progress"), and curbside arrival.
import * as t from 'io-ts';
import { OrderCodec } from '../../domain/orders/codecs';
import { CancelReasonCodec, OrderStageCodec } from '../../domain/orders/progress';
import { Count, Id, VEHICLE_PERSONAL, fact, under } from './shared';

/** An order as the API answers it: lines, prices, times and ids; the customer is not part of it. */
const LINE_FIELDS = ['Uid', 'ItemName', 'ItemId', 'VariationId', 'Quantity', 'BasePrice', 'GrossSales', 'TotalTax', 'TotalDiscount', 'Total'];
const LINE_DETAILS = ['VariationName', 'ImageUrl', 'Description', 'Note', 'Modifiers[].Name', 'Modifiers[].Id', 'Modifiers[].BasePrice'];
const ORDER_FIELDS = [
  ...['Id', 'LocationId', 'GrandTotal', 'TotalTaxes', 'TotalDiscounts', 'TotalTips', 'SubTotal', 'ChargeDateUtc', 'PickupAtUtc'],
  ...['DeliveryFee', 'ServiceFee', 'DeliveryAddressId', 'GiftCardAmount'],
  ...under('LineItems[]', [...LINE_FIELDS, ...LINE_DETAILS]),
];

export const orderFacts = {
  OrderPlacementStarted: fact(
    t.type({
      idempotencyKey: Id,
      queued: t.boolean,
      locationId: Id,
      grandTotal: Count,
      pickupAt: t.union([t.string, t.null]),
    }),
    { safe: ['idempotencyKey', 'locationId', 'grandTotal', 'pickupAt'] },
  ),
  /** The server's answer; the bag starts over with `nextIdempotencyKey`. */
  OrderPlaced: fact(t.type({ idempotencyKey: Id, orderId: Id, order: t.union([OrderCodec, t.null]), nextIdempotencyKey: Id }), {
    personal: { 'order.DeliveryAddress': 'address', ...under('order.VehicleDetails', VEHICLE_PERSONAL) },
    safe: ['idempotencyKey', 'orderId', 'nextIdempotencyKey', ...under('order', ORDER_FIELDS)],
  }),
  /**
   * The attempt failed: 'refused' when the API answered that it made no order, 'unknown' when no answer came (the
   * network, a time-out, a reload). An unknown outcome keeps its key until the API's status for it is known.
   */
  OrderPlacementFailed: fact(t.type({ idempotencyKey: Id, codes: t.array(t.string), message: t.string, outcome: t.keyof({ refused: null, unknown: null }) }), {
    safe: ['idempotencyKey', 'codes[]', 'message'],
  }),
  OrderHistoryLoaded: fact(t.type({ orders: t.array(OrderCodec) }), {
    personal: { 'orders[].DeliveryAddress': 'address', ...under('orders[].VehicleDetails', VEHICLE_PERSONAL) },
    safe: under('orders[]', ORDER_FIELDS),
  }),
  /** Curbside: the shopper said 'I'm here' (Presence/ImHere) and the store recorded the arrival. */
  ArrivalAnnounced: fact(t.type({ orderId: Id, arrivedAt: t.string }), { safe: ['orderId', 'arrivedAt'] }),
  /**
   * The business moved an order on, or changed its estimate (the hub's OrderStatusChanged, or Order/Progress read
   * again): the stage, when it was reached, when the order is now expected, and a cancellation's reason (a closed
   * list, never free text). Instants as the API gives them.
   */
  OrderProgressed: fact(
    t.type({
      orderId: Id,
      state: OrderStageCodec,
      changedAt: t.string,
      estimate: t.union([t.string, t.null]),
      reason: t.union([CancelReasonCodec, t.null]),
    }),
    { safe: ['orderId', 'changedAt', 'estimate'] },
  ),
  /** Curbside: the shopper put away the 'I'm here' prompt of an order (the spec's ignoredOrders). */
  ArrivalPromptDismissed: fact(t.type({ orderId: Id }), { safe: ['orderId'] }),
};
