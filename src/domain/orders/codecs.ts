// Orders as the API returns them and order requests as the client sends them (ordering.md sections 3 and 7).
import * as t from 'io-ts';
import { Integer, MinorUnits, opt } from '../codec';

export const FulfillmentTypeCodec = t.keyof({ PICKUP: null, CURBSIDE: null, DELIVERY: null, DINEIN: null }, 'PICKUP | CURBSIDE | DELIVERY | DINEIN');
export type FulfillmentType = t.TypeOf<typeof FulfillmentTypeCodec>;

const OrderLineModifierCodec = t.type({ Name: t.string, Id: t.string, BasePrice: Integer });

const OrderLineItemCodec = t.intersection([
  t.type({
    Uid: t.string,
    ItemName: t.string,
    ItemId: t.string,
    VariationId: t.string,
    Quantity: Integer,
    BasePrice: Integer,
    GrossSales: Integer,
    TotalTax: Integer,
    TotalDiscount: Integer,
    Total: Integer,
  }),
  t.partial({
    VariationName: opt(t.string),
    ImageUrl: opt(t.string),
    Description: opt(t.string),
    Note: opt(t.string),
    Modifiers: opt(t.array(OrderLineModifierCodec)),
  }),
]);
export type OrderLineItem = t.TypeOf<typeof OrderLineItemCodec>;

export const VehicleDetailsCodec = t.intersection([t.type({ make: t.string, model: t.string, color: t.string }), t.partial({ note: opt(t.string) })]);
export type VehicleDetails = t.TypeOf<typeof VehicleDetailsCodec>;

export const OrderCodec = t.intersection([
  t.type({
    Id: t.string,
    LocationId: t.string,
    GrandTotal: Integer,
    TotalTaxes: Integer,
    TotalDiscounts: Integer,
    TotalTips: Integer,
    SubTotal: Integer,
    LineItems: t.array(OrderLineItemCodec),
  }),
  t.partial({
    ChargeDateUtc: opt(t.string),
    PickupAtUtc: opt(t.string),
    FulfillmentType: opt(FulfillmentTypeCodec),
    /** A delivery's fees (minor units), included in GrandTotal, and the address it goes to (formatted, one line). */
    DeliveryFee: opt(Integer),
    ServiceFee: opt(Integer),
    DeliveryAddressId: opt(t.string),
    DeliveryAddress: opt(t.string),
    /** What a gift card paid of GrandTotal (the extension above); the card paid the rest. */
    GiftCardAmount: opt(Integer),
    /**
     * A curbside order's vehicle as the shopper gave it (an extension, src/sandbox/README.md): the order's page and
     * history show the car the store will look for.
     */
    VehicleDetails: opt(VehicleDetailsCodec),
  }),
]);
export type Order = t.TypeOf<typeof OrderCodec>;

const OrderErrorCodec = t.partial({ Category: opt(t.string), Code: opt(t.string), Field: opt(t.string), Detail: opt(t.string) });
export type OrderError = t.TypeOf<typeof OrderErrorCodec>;

export const OrderStatusCodec = t.intersection([
  t.type({ Status: t.string }),
  t.partial({
    OrderId: opt(t.string),
    Order: opt(OrderCodec),
    IdempotencyKey: opt(t.string),
    Errors: opt(t.array(OrderErrorCodec)),
  }),
]);
export type OrderStatus = t.TypeOf<typeof OrderStatusCodec>;

export const OrderResultCodec = t.intersection([t.type({ OrderId: t.string }), t.partial({ Order: opt(OrderCodec) })]);
export type OrderResult = t.TypeOf<typeof OrderResultCodec>;

// --- the request the client sends to Place / Queue / GuestPlace / GuestQueue / Preview ----------------------------

const OrderRequestLineCodec = t.intersection([
  t.type({ key: t.string, id: t.string, quantity: Integer }),
  t.partial({ note: opt(t.string), modifiers: opt(t.array(t.string)) }),
]);
export type OrderRequestLine = t.TypeOf<typeof OrderRequestLineCodec>;

export const OrderCardCodec = t.partial({
  id: opt(t.string),
  nonce: opt(t.string),
  address1: opt(t.string),
  address2: opt(t.string),
  city: opt(t.string),
  state: opt(t.string),
  postalCode: opt(t.string),
});
export type OrderCard = t.TypeOf<typeof OrderCardCodec>;

const GuestCodec = t.type({ firstName: t.string, lastName: t.string, emailAddress: t.string, phoneNumber: t.string });

export const OrderRequestCodec = t.intersection([
  t.type({
    source: t.string,
    idempotencyKey: t.string,
    locationId: t.string,
    lineItems: t.array(OrderRequestLineCodec),
  }),
  t.partial({
    card: opt(OrderCardCodec),
    pickupAt: opt(t.string),
    tipAmount: opt(MinorUnits),
    pickupFulfillment: opt(t.partial({ pickupAt: opt(t.string), notes: opt(t.string) })),
    dineInFulfillment: opt(t.partial({ pickupAt: opt(t.string), notes: opt(t.string) })),
    curbsideFulfillment: opt(t.partial({ pickupAt: opt(t.string), vehicleDetails: opt(VehicleDetailsCodec) })),
    deliveryFulfillment: opt(t.partial({ deliverAt: opt(t.string), deliveryAddressId: opt(t.string) })),
    rewardId: opt(t.string),
    couponId: opt(t.string),
    guest: opt(GuestCodec),
    /**
     * An extension (src/sandbox/README.md, "A gift card paying at checkout"): a saved gift card of the account pays
     * `amount` of the order and the card the rest; `balance` is the balance the shopper saw, and an order finding
     * another is refused, so the split the shopper agreed to is the one charged.
     */
    giftCard: opt(t.type({ id: t.string, amount: MinorUnits, balance: MinorUnits })),
  }),
]);
export type OrderRequest = t.TypeOf<typeof OrderRequestCodec>;
