// What a visit lets support match to a customer without anything personal (the business, the locations, the order
// numbers), and which personal fields it held: each event declares its personal fields beside its definition
// (PRIVACY), so a redacted log's placeholders are named by kind rather than guessed from their look.
import { PRIVACY } from '../../../events/catalogue';
import { eachAtPath, type PersonalKind } from '../../../events/fields';
import type { SeekableLog } from '../../runtime/replayRuntime';

/** Each kind of personal field as support reads it in a list. */
export const PERSONAL_WORDS: Readonly<Record<PersonalKind, string>> = {
  first: 'first names',
  last: 'last names',
  name: 'names',
  email: 'email addresses',
  phone: 'phone numbers',
  address: 'street addresses',
  city: 'cities',
  postal: 'postal codes',
  nickname: 'address nicknames',
  instructions: 'notes and delivery instructions',
  coordinate: 'distances and coordinates',
  giftCard: 'gift card numbers',
  vehicle: 'vehicle descriptions',
};

export interface VisitFacts {
  /** The businesses of the catalogs the visit loaded (their names). */
  readonly businesses: readonly string[];
  /** The locations the shopper chose, by name, in the order first chosen. */
  readonly locations: readonly string[];
  /** The orders placed, in order. */
  readonly orderIds: readonly string[];
  /** The kinds of personal field the visit's events held, with how many events held each, in the words' order. */
  readonly personal: readonly { readonly kind: PersonalKind; readonly events: number }[];
}

/** A value redaction would replace (it leaves empty text, nulls and anything but text and numbers as they are). */
const holdsSomething = (leaf: unknown) => (typeof leaf === 'string' ? leaf !== '' : typeof leaf === 'number');

export function visitFacts(log: SeekableLog): VisitFacts {
  const catalogs: string[] = [];
  const locationIds: string[] = [];
  const orderIds: string[] = [];
  const personal = new Map<PersonalKind, number>();
  for (const entry of log.entries) {
    const event = entry.event;
    if (event === null) continue;
    if (event.type === 'CatalogLoaded' && !catalogs.includes(event.data.hash)) catalogs.push(event.data.hash);
    if (event.type === 'LocationSelected' && !locationIds.includes(event.data.locationId)) locationIds.push(event.data.locationId);
    if (event.type === 'OrderPlaced' && !orderIds.includes(event.data.orderId)) orderIds.push(event.data.orderId);
    const held = new Set<PersonalKind>();
    for (const [path, kind] of Object.entries(PRIVACY[event.type].personal ?? {})) {
      // The walk visits each leaf the path names, in arrays and records too.
      eachAtPath(event.data, path, (leaf) => {
        if (holdsSomething(leaf)) held.add(kind);
      });
    }
    for (const kind of held) personal.set(kind, (personal.get(kind) ?? 0) + 1);
  }
  const indexes = catalogs.flatMap((hash) => log.context.catalog(hash) ?? []);
  const locationName = (id: string) => indexes.map((index) => index.byLocation.get(id)?.location.Name).find((name) => name !== undefined) ?? id;
  return {
    businesses: [...new Set(indexes.map((index) => index.catalog.Name))],
    locations: locationIds.map(locationName),
    orderIds,
    personal: (Object.keys(PERSONAL_WORDS) as PersonalKind[]).flatMap((kind) => (personal.has(kind) ? [{ kind, events: personal.get(kind)! }] : [])),
  };
}
