// The event catalogue: every cart, session and inventory change, named in the past tense, with the data its reducer
// needs (ordering.md section 4, account-and-session.md section 4). Read it top to bottom; it is the log's schema.
//
// Rules: events carry their id and time in the envelope (see envelope.ts) and every value a reducer needs (new
// idempotency keys, line keys, server answers). No token, password, code, card number or nonce ever appears here.
// A schema changes only by adding a new version with an upcaster (upcast.ts); old logs keep replaying.
import * as t from 'io-ts';
import { opt } from '../domain/codec';
import { CouponCodec, RewardCodec } from '../domain/discounts/codecs';
import { FulfillmentTypeCodec, OrderCodec } from '../domain/orders/codecs';

const Id = t.string;
const Count = t.number;
/** Chosen modifier ids by modifier list id. */
const ModifierChoice = t.record(t.string, t.readonlyArray(t.string));

const BagLine = t.type({
  key: Id,
  itemId: Id,
  variationId: Id,
  quantity: Count,
  modifiers: ModifierChoice,
  note: t.string,
});

/** The bag's pickup choice: a local date and either 'ASAP' or an instant. */
const PickupChoice = t.type({ date: t.string, time: t.string });

/** What the log may know of a card: enough to show it and to say which one was used, nothing to charge it. */
export const CardSummaryCodec = t.intersection([
  t.type({ key: Id, brand: t.string, last4: t.string, expMonth: t.number, expYear: t.number, saved: t.boolean }),
  t.partial({
    /** The provider's id of a saved card (not a secret: it cannot be charged without the shopper's session). */
    id: opt(t.string),
    billing: opt(
      t.partial({ address1: opt(t.string), address2: opt(t.string), city: opt(t.string), state: opt(t.string), postalCode: opt(t.string) }),
    ),
  }),
]);
export type CardSummary = t.TypeOf<typeof CardSummaryCodec>;

export const GuestDetailsCodec = t.type({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string });
export type GuestDetails = t.TypeOf<typeof GuestDetailsCodec>;

export const VehicleCodec = t.type({ make: t.string, model: t.string, color: t.string, note: t.string });
export type Vehicle = t.TypeOf<typeof VehicleCodec>;

/**
 * The data of each event type at its current version. The key is the event type; `v` in the envelope says which
 * version of this shape an event was written with.
 */
export const EventData = {
  // --- session -------------------------------------------------------------------------------------------------
  /** A log starts here: the first idempotency key of the bag and the app that wrote it. */
  SessionStarted: t.type({ idempotencyKey: Id, appVersion: t.string }),
  /** The catalog (content-addressed) and the locations the configuration lets this storefront show. */
  CatalogLoaded: t.type({ hash: t.string, locationIds: t.array(Id), idempotencyKey: Id }),
  SignedIn: t.type({ userId: Id, firstName: t.string, lastName: t.string, email: t.string, phone: t.string }),
  SignedOut: t.type({}),
  AccountStatusLoaded: t.type({ verified: t.boolean, textNotificationOptIn: t.union([t.boolean, t.null]), customerSince: t.union([t.string, t.null]) }),
  LoyaltyAvailabilityLoaded: t.type({ available: t.boolean }),

  // --- location --------------------------------------------------------------------------------------------------
  /**
   * The pickup time the rule resolved at selection (keep the shopper's choice if still valid here, else the first
   * valid day and time), computed by the command so the log records the outcome and replays need no slot engine.
   */
  LocationSelected: t.type({
    locationId: Id,
    idempotencyKey: Id,
    pickup: t.type({ choice: t.union([PickupChoice, t.null]), mustConfirmDate: t.boolean }),
  }),

  // --- bag ---------------------------------------------------------------------------------------------------------
  BagLineAdded: t.type({ line: BagLine, idempotencyKey: Id }),
  /** The item panel in edit mode saved the line; quantity 0 removes it. */
  BagLineUpdated: t.type({ line: BagLine, idempotencyKey: Id }),
  /** Plus or minus in the bag; the new quantity, 0 removes the line. */
  BagLineQuantityChanged: t.type({ key: Id, quantity: Count, idempotencyKey: Id }),
  BagLineRemoved: t.type({ key: Id, idempotencyKey: Id }),
  CouponApplied: t.type({ coupon: CouponCodec, idempotencyKey: Id }),
  CouponRemoved: t.type({ couponId: Id, idempotencyKey: Id }),
  RewardApplied: t.type({ reward: RewardCodec, idempotencyKey: Id }),
  RewardRemoved: t.type({ rewardId: Id, idempotencyKey: Id }),
  /** A preset percentage (null for a custom amount) and the amount it came to, in minor units. */
  TipSet: t.type({ amount: Count, percent: t.union([t.number, t.null]), idempotencyKey: Id }),
  TipReset: t.type({ idempotencyKey: Id }),

  // --- checkout ----------------------------------------------------------------------------------------------------
  FulfillmentChosen: t.type({ fulfillmentType: FulfillmentTypeCodec, idempotencyKey: Id }),
  FulfillmentCleared: t.type({ idempotencyKey: Id }),
  CurbsideVehicleSaved: t.type({ vehicle: VehicleCodec, idempotencyKey: Id }),
  DineInNoteSaved: t.type({ note: t.string, skipNote: t.boolean, idempotencyKey: Id }),
  PickupNotesSaved: t.type({ notes: t.string, idempotencyKey: Id }),
  /** The shopper picked a date and time the schedule offered at that moment (the command checks it). */
  PickupTimeChosen: t.type({ choice: PickupChoice, idempotencyKey: Id }),
  /** The clock made the chosen time invalid; the command that noticed moved it (or cleared it when nothing is left). */
  PickupTimeAdjusted: t.type({ from: t.union([PickupChoice, t.null]), to: t.union([PickupChoice, t.null]), mustConfirmDate: t.boolean, idempotencyKey: Id }),
  GuestDetailsSaved: t.type({ guest: GuestDetailsCodec, idempotencyKey: Id }),
  GuestDetailsCleared: t.type({ idempotencyKey: Id }),
  CardSelected: t.type({ card: CardSummaryCodec, idempotencyKey: Id }),
  /** A tokenised card was registered; `card.saved` says whether the shopper asked to remember it. */
  CardAdded: t.type({ card: CardSummaryCodec, idempotencyKey: Id }),
  CardRemoved: t.type({ key: Id, idempotencyKey: Id }),
  SavedCardsLoaded: t.type({ cards: t.array(CardSummaryCodec) }),

  // --- inventory ---------------------------------------------------------------------------------------------------
  /** Inventory/List answered: the counts of every tracked variation of the location. */
  InventoryCounted: t.type({ locationId: Id, counts: t.record(t.string, Count), idempotencyKey: Id }),
  /** The hub said one variation's count changed. */
  InventoryUpdated: t.type({ locationId: Id, variationId: Id, count: Count, idempotencyKey: Id }),

  // --- orders ------------------------------------------------------------------------------------------------------
  OrderPlacementStarted: t.type({
    idempotencyKey: Id,
    queued: t.boolean,
    locationId: Id,
    grandTotal: Count,
    pickupAt: t.union([t.string, t.null]),
  }),
  /** The server's answer; the bag starts over with `nextIdempotencyKey`. */
  OrderPlaced: t.type({ idempotencyKey: Id, orderId: Id, order: t.union([OrderCodec, t.null]), nextIdempotencyKey: Id }),
  OrderPlacementFailed: t.type({ idempotencyKey: Id, codes: t.array(t.string), message: t.string }),
  OrderHistoryLoaded: t.type({ orders: t.array(OrderCodec) }),
} as const;

export type EventType = keyof typeof EventData;
export type EventDataOf<T extends EventType> = t.TypeOf<(typeof EventData)[T]>;

/** The current version of every event type. Bump with an upcaster from the previous version (upcast.ts). */
export const CURRENT_VERSION: { readonly [T in EventType]: number } = {
  ...(Object.fromEntries(Object.keys(EventData).map((type) => [type, 1])) as { [T in EventType]: number }),
  // v2 records which preset was chosen, so the tip modal can show it selected again.
  TipSet: 2,
};

/** An event as reducers see it: current version, decoded. */
export type DomainEvent = {
  [T in EventType]: { readonly seq: number; readonly id: string; readonly type: T; readonly v: number; readonly at: string; readonly data: EventDataOf<T> };
}[EventType];

export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** What a command hands to the store: the store assigns `seq`. */
export type EventDraft = {
  [T in EventType]: { readonly id: string; readonly type: T; readonly v?: number; readonly at: string; readonly data: EventDataOf<T> };
}[EventType];

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(EventData, type);
}

/** Event types whose data is personal (names, emails, phones, addresses) and is redacted in shared exports. */
export const PERSONAL_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>(['SignedIn', 'GuestDetailsSaved', 'CardSelected', 'CardAdded', 'SavedCardsLoaded', 'OrderPlaced', 'OrderHistoryLoaded']);
