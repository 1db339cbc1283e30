// Shapes several events share, and `fact`, which puts each event's schema beside its privacy declaration.
import * as t from 'io-ts';
import { opt } from '../../domain/codec';
import type { Privacy } from '../fields';

export const Id = t.string;
export const Count = t.number;
/** Chosen modifier ids by modifier list id. */
const ModifierChoice = t.record(t.string, t.readonlyArray(t.string));

export const BagLine = t.type({
  key: Id,
  itemId: Id,
  variationId: Id,
  quantity: Count,
  modifiers: ModifierChoice,
  note: t.string,
});
/** A bag line's fields: ids, a quantity and the item note the kitchen reads; none is personal. */
export const BAG_LINE_FIELDS = ['key', 'itemId', 'variationId', 'quantity', 'modifiers{}[]', 'note'];

/** The bag's pickup choice: a local date and either 'ASAP' or an instant. */
export const PickupChoice = t.type({ date: t.string, time: t.string });
export const PICKUP_CHOICE_FIELDS = ['date', 'time'];

/** What the log may know of a card: enough to show it and to say which one was used, nothing to charge it. */
export const CardSummaryCodec = t.intersection([
  t.type({ key: Id, brand: t.string, last4: t.string, expMonth: t.number, expYear: t.number, saved: t.boolean }),
  t.partial({
    /** The provider's id of a saved card (not a secret: it cannot be charged without the shopper's session). */
    id: opt(t.string),
    billing: opt(t.partial({ address1: opt(t.string), address2: opt(t.string), city: opt(t.string), state: opt(t.string), postalCode: opt(t.string) })),
  }),
]);
export type CardSummary = t.TypeOf<typeof CardSummaryCodec>;
export const CARD_SAFE = ['key', 'brand', 'last4', 'expMonth', 'expYear', 'id', 'billing.state'];
export const CARD_PERSONAL = { 'billing.address1': 'address', 'billing.address2': 'address', 'billing.city': 'city', 'billing.postalCode': 'postal' } as const;

export const GuestDetailsCodec = t.type({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string });
export type GuestDetails = t.TypeOf<typeof GuestDetailsCodec>;
export const PERSON_PERSONAL = { firstName: 'first', lastName: 'last', email: 'email', phone: 'phone' } as const;

export const VehicleCodec = t.type({ make: t.string, model: t.string, color: t.string, note: t.string });
export type Vehicle = t.TypeOf<typeof VehicleCodec>;
/** A vehicle's description is personal (with the store and the hour it picks a shopper out); its note is their words. */
export const VEHICLE_PERSONAL = { make: 'vehicle', model: 'vehicle', color: 'vehicle', note: 'instructions' } as const;

/** An event's schema and its privacy declaration, side by side. */
export interface Fact<C extends t.Mixed> {
  readonly codec: C;
  readonly privacy: Privacy;
}

export function fact<C extends t.Mixed>(codec: C, privacy: Privacy = {}): Fact<C> {
  return { codec, privacy };
}

/** Declarations of a shared shape, placed under the field that holds it (`under('guest', PERSON_PERSONAL)`). */
export function under<K extends string>(prefix: string, fields: Readonly<Record<string, K>>): Record<string, K>;
export function under(prefix: string, fields: readonly string[]): string[];
export function under(prefix: string, fields: Readonly<Record<string, string>> | readonly string[]): Record<string, string> | string[] {
  if (Array.isArray(fields)) return (fields as readonly string[]).map((field) => `${prefix}.${field}`);
  return Object.fromEntries(Object.entries(fields).map(([field, kind]) => [`${prefix}.${field}`, kind]));
}
