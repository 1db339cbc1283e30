// Catalogs for the rule tests and benchmarks: the fixture catalogs in fixtures/, and small ones a test builds, decoded
// as the app decodes them, with the lookups and the bag line the tests share.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, parseCatalog, type CatalogIndex, type IndexedItem, type LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { CartLine } from '../../src/domain/cart/cartLine';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** The text of fixtures/<name>.json, as JSON. */
export function fixtureJson(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, `${name}.json`), 'utf8'));
}

/** The fixture catalog fixtures/<name>.json, parsed; throws with the decoder's errors when it does not parse. */
export function fixtureCatalog(name: string): CatalogIndex {
  const result = parseCatalog(readFileSync(join(FIXTURES_DIR, `${name}.json`), 'utf8'));
  if (E.isLeft(result)) throw new Error(result.left.join('\n'));
  return result.right;
}

/** Every catalog among fixtures/*.json that parses, by file name (seeds, config and broken ones do not, and are left out). */
export function fixtureCatalogs(): { name: string; index: CatalogIndex }[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const result = parseCatalog(readFileSync(join(FIXTURES_DIR, name), 'utf8'));
      return E.isRight(result) ? [{ name, index: result.right }] : [];
    });
}

/** Where a location built in a test stands: New York time, no opening hours, 20 minutes to prepare an order. */
export const TEST_PLACE = {
  Timezone: 'America/New_York',
  Address: { AddressLine1: '1 Main St', Locality: 'Springfield', PostalCode: '10001' },
  Hours: [],
  PrepTime: 'PT20M',
};

/** The location most built catalogs have: L1, "Main St". */
export const TEST_LOCATION = { Id: 'L1', Name: 'Main St', ...TEST_PLACE };

/** A catalog built in a test, decoded; throws with the decoder's errors when it does not decode. */
export function decodedCatalog(raw: unknown): CatalogIndex {
  const result = decodeCatalog(raw);
  if (E.isLeft(result)) throw new Error(result.left.join('\n'));
  return result.right;
}

/** One location of a catalog built in a test (L1 unless named). */
export function catalogLocation(raw: unknown, locationId = TEST_LOCATION.Id): LocationCatalog {
  const location = decodedCatalog(raw).byLocation.get(locationId);
  if (!location) throw new Error(`no location ${locationId}`);
  return location;
}

/** A catalog of one location, TEST_LOCATION with `fields` over it, decoded. */
export function oneLocation(fields: Record<string, unknown>, catalogName = 'Cafe'): LocationCatalog {
  const location = { ...TEST_LOCATION, ...fields };
  return catalogLocation({ Name: catalogName, Locations: [location] }, location.Id);
}

/** An item a location sells; throws when it sells none by that id. */
export function itemOf(catalog: LocationCatalog, itemId: string): IndexedItem {
  const item = catalog.items.get(itemId);
  if (!item) throw new Error(`no item ${itemId}`);
  return item;
}

/** A bag line: one of the variation, no modifiers and no note, unless `fields` say otherwise. */
export function cartLine(fields: Pick<CartLine, 'key' | 'itemId' | 'variationId'> & Partial<CartLine>): CartLine {
  return { quantity: 1, modifiers: {}, note: '', ...fields };
}

/** The cafe's milk list: one of whole, oat (75) and almond (75, sold out). */
export const MILK = {
  Id: 'milk',
  Name: 'Milk',
  SelectionType: 'Single',
  Modifiers: [
    { Id: 'whole', Name: 'Whole milk', Price: 0, Ordinal: 1 },
    { Id: 'oat', Name: 'Oat milk', Price: 75, Ordinal: 2 },
    { Id: 'almond', Name: 'Almond milk', Price: 75, Ordinal: 3, QuantityAvailable: 0 },
  ],
};

/** The cafe's extras list: any of an extra shot (100), vanilla syrup (60) and whipped cream (50). */
export const EXTRAS = {
  Id: 'extras',
  Name: 'Extras',
  SelectionType: 'Multiple',
  Modifiers: [
    { Id: 'shot', Name: 'Extra shot', Price: 100, Ordinal: 1 },
    { Id: 'vanilla', Name: 'Vanilla syrup', Price: 60, Ordinal: 2 },
    { Id: 'whip', Name: 'Whipped cream', Price: 50, Ordinal: 3 },
  ],
};

/** The cafe's latte: small (425) and large (545), both tracked, with milk and up to two extras. */
export const LATTE = {
  Id: 'latte',
  Name: 'Latte',
  Variations: [
    { Id: 'small', Name: 'Small', Price: 425, TrackInventory: true },
    { Id: 'large', Name: 'Large', Price: 545, TrackInventory: true },
  ],
  ModifierLists: [{ Id: 'milk' }, { Id: 'extras', MaxSelectedModifiers: 2 }],
};
