// The event catalogue: every cart, session and inventory change, named in the past tense, with the data its reducer
// needs (ordering.md section 4, account-and-session.md section 4). It is the log's schema; read the files it joins in
// this order: session, account, location, bag, checkout, inventory, orders (src/events/facts/).
//
// Rules: events carry their id and time in the envelope (see envelope.ts) and every value a reducer needs (new
// idempotency keys, line keys, server answers). No token, password, code, card number or nonce ever appears here.
// Each event declares beside its schema which fields are personal (redacted for support) and which are safe; a field
// the schema does not declare is refused on append and on import, never stored.
// A schema changes only by adding a new version with an upcaster (upcast.ts); old logs keep replaying.
import type * as t from 'io-ts';
import type { Privacy } from './fields';
import { accountFacts } from './facts/account';
import { bagFacts } from './facts/bag';
import { checkoutFacts } from './facts/checkout';
import { deliveryFacts } from './facts/delivery';
import { clientFacts } from './facts/client';
import { inventoryFacts } from './facts/inventory';
import { locationFacts } from './facts/location';
import { orderFacts } from './facts/orders';
import { sessionFacts } from './facts/session';
import type { Fact } from './facts/shared';

export type { CardSummary, GuestDetails, Vehicle } from './facts/shared';

const FACTS = {
  ...sessionFacts,
  ...accountFacts,
  ...locationFacts,
  ...bagFacts,
  ...checkoutFacts,
  ...inventoryFacts,
  ...orderFacts,
  ...clientFacts,
  ...deliveryFacts,
};
type Facts = typeof FACTS;

/**
 * The data of each event type at its current version. The key is the event type; `v` in the envelope says which
 * version of this shape an event was written with.
 */
export const EventData = Object.fromEntries(Object.entries(FACTS).map(([type, f]) => [type, (f as Fact<t.Mixed>).codec])) as {
  readonly [T in keyof Facts]: Facts[T]['codec'];
};

/** Each event type's privacy declaration: personal fields by kind, every other text or number field named safe. */
export const PRIVACY = Object.fromEntries(Object.entries(FACTS).map(([type, f]) => [type, (f as Fact<t.Mixed>).privacy])) as {
  readonly [T in keyof Facts]: Privacy;
};

export type EventType = keyof typeof EventData;
export type EventDataOf<T extends EventType> = t.TypeOf<(typeof EventData)[T]>;

/** The current version of every event type. Bump with an upcaster from the previous version (upcast.ts). */
export const CURRENT_VERSION: { readonly [T in EventType]: number } = {
  ...(Object.fromEntries(Object.keys(EventData).map((type) => [type, 1])) as { [T in EventType]: number }),
  // v2 records which preset was chosen, so the tip modal can show it selected again.
  TipSet: 2,
  // v2 says whether the API refused the order or no answer came, so an unknown outcome is checked before a retry.
  OrderPlacementFailed: 2,
  // v2 records the tip dialog, the verification modal and the account menu too (v1 knew the item panel and the
  // location chooser): an app of before reads a v2 as newer and skips it instead of refusing it as invalid.
  // v3 records the wallet's 'Gift card saved' confirmation too; v4 checkout's 'Card saved' confirmation.
  DialogOpened: 4,
  DialogClosed: 4,
  // v2 says whether 'Continue' gave the details (the block shows them) or they were kept as typed (the form stays).
  GuestDetailsSaved: 2,
  // v2 records the card block's list and new card form too (v1 knew the curbside vehicle's form).
  DetailsEditing: 2,
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
