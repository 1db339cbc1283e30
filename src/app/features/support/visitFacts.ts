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
  /**
   * The kinds of personal field the visit's events held, with how many events held each, in the words' order: counted
   * for a redacted log only (its placeholders are what the console explains); null for a log in the clear.
   */
  readonly personal: readonly { readonly kind: PersonalKind; readonly events: number }[] | null;
}

/** A value redaction would replace (it leaves empty text, nulls and anything but text and numbers as they are). */
const holdsSomething = (leaf: unknown) => (typeof leaf === 'string' ? leaf !== '' : typeof leaf === 'number');

/** Each event type's personal paths with their kinds, listed once rather than for every event of a long log. */
const PERSONAL_PATHS = new Map(
  Object.entries(PRIVACY).flatMap(([type, privacy]) => {
    const paths = Object.entries(privacy.personal ?? {});
    return paths.length > 0 ? [[type, paths] as const] : [];
  }),
);

export function visitFacts(log: SeekableLog): VisitFacts {
  const catalogs: string[] = [];
  const locationIds: string[] = [];
  const orderIds: string[] = [];
  // Walking every event's personal fields was a tenth of a long log's opening, for a list only a redacted log shows.
  const personal = log.header.redacted === true ? new Map<PersonalKind, number>() : null;
  const held = new Set<PersonalKind>();
  for (const entry of log.entries) {
    const event = entry.event;
    if (event === null) continue;
    if (event.type === 'CatalogLoaded' && !catalogs.includes(event.data.hash)) catalogs.push(event.data.hash);
    if (event.type === 'LocationSelected' && !locationIds.includes(event.data.locationId)) locationIds.push(event.data.locationId);
    if (event.type === 'OrderPlaced' && !orderIds.includes(event.data.orderId)) orderIds.push(event.data.orderId);
    const paths = PERSONAL_PATHS.get(event.type);
    if (personal === null || paths === undefined) continue;
    held.clear();
    for (const [path, kind] of paths) {
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
    personal:
      personal === null
        ? null
        : (Object.keys(PERSONAL_WORDS) as PersonalKind[]).flatMap((kind) => (personal.has(kind) ? [{ kind, events: personal.get(kind)! }] : [])),
  };
}
