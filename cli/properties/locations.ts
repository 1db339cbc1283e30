// Rule properties of the location filter, distances and the picker's order (account-and-session.md sections 2, 5
// and 9). The filter laws run over the given catalogs' locations as well as generated ones.
import * as fc from 'fast-check';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { compareLocationNames, distanceInMiles, filterLocations, locationCoordinates, sortLocationsByDistance } from '../../src/domain/locations';
import type { Coordinates, LocationFilter, PlacedLocation } from '../../src/domain/locations';
import { ruleProperty } from './ruleProperty';
import type { RuleProperty } from './ruleProperty';

/** Half the globe: 180 degrees x 60 x 1.1515 miles. */
const HALF_CIRCUMFERENCE_MILES = 180 * 60 * 1.1515;

const key = (id: string): string => id.toUpperCase().toLowerCase();

/** Ids from a small alphabet, so lists and catalogs share ids, in any letter case. */
const generatedId = fc.stringMatching(/^[a-dA-D0-9]{1,3}$/);

const coordinate = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

const generatedLocation: fc.Arbitrary<PlacedLocation> = fc.record({
  Id: generatedId,
  Name: fc.constantFrom('Main St', 'main st', 'Airport', 'Store 2', 'Store 10', 'Élan', 'elan'),
  Address: fc.oneof(
    fc.constant(undefined),
    fc.record({
      Latitude: fc.option(
        coordinate.map((c) => c.latitude),
        { nil: undefined },
      ),
      Longitude: fc.option(
        coordinate.map((c) => c.longitude),
        { nil: undefined },
      ),
    }),
    fc.constant({ Latitude: 0, Longitude: 0 }),
    coordinate.map((c) => ({ Latitude: c.latitude, Longitude: c.longitude })),
  ),
});

function locationLists(catalogs: readonly CatalogIndex[]): fc.Arbitrary<readonly PlacedLocation[]> {
  const fromCatalogs = catalogs.flatMap((c) => c.locations);
  const generated = fc.array(generatedLocation, { maxLength: 8 });
  return fromCatalogs.length === 0 ? generated : fc.oneof(generated, fc.subarray(fromCatalogs));
}

/** An id list drawn from the locations' ids (in random case) and from unrelated ids. */
function idList(locations: readonly PlacedLocation[]): fc.Arbitrary<string[]> {
  const known = locations.length === 0 ? generatedId : fc.mixedCase(fc.constantFrom(...locations.map((l) => l.Id)));
  return fc.array(fc.oneof(known, generatedId), { maxLength: 5 });
}

interface FilterCase {
  readonly locations: readonly PlacedLocation[];
  readonly config: LocationFilter;
}

function filterCases(catalogs: readonly CatalogIndex[]): fc.Arbitrary<FilterCase> {
  return locationLists(catalogs).chain((locations) =>
    fc.record({
      locations: fc.constant(locations),
      config: fc.record({
        IncludeLocations: fc.option(idList(locations), { nil: undefined }),
        ExcludeLocations: fc.option(idList(locations), { nil: undefined }),
      }),
    }),
  );
}

const sameLocations = (a: readonly PlacedLocation[], b: readonly PlacedLocation[]): boolean => a.length === b.length && a.every((l, i) => l === b[i]);

/** Is `sub` the list `all` with some entries left out, order kept? */
function isOrderedSubset(sub: readonly PlacedLocation[], all: readonly PlacedLocation[]): boolean {
  let at = 0;
  for (const l of sub) {
    while (at < all.length && all[at] !== l) at++;
    if (at === all.length) return false;
    at++;
  }
  return true;
}

const swapCase = (id: string): string => [...id].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');

/** Antipodes, identical points, poles and the antimeridian, besides any coordinates at all. */
const anyCoordinates: fc.Arbitrary<Coordinates> = fc.oneof(
  coordinate,
  fc.record({ latitude: fc.double(), longitude: fc.double() }),
  fc.constantFrom<Coordinates>(
    { latitude: 90, longitude: 0 },
    { latitude: -90, longitude: 180 },
    { latitude: 0, longitude: 180 },
    { latitude: 0, longitude: -180 },
  ),
);
const pointPairs: fc.Arbitrary<readonly [Coordinates, Coordinates]> = fc.oneof(
  fc.tuple(anyCoordinates, anyCoordinates),
  coordinate.map((c) => [c, c] as const),
  coordinate.map((c) => [c, { latitude: -c.latitude, longitude: c.longitude > 0 ? c.longitude - 180 : c.longitude + 180 }] as const),
);

export const locationProperties: RuleProperty[] = [
  ruleProperty('with neither an include nor an exclude list every location is kept, in order', (catalogs) =>
    fc.property(locationLists(catalogs), (locations) => sameLocations(filterLocations(locations, {}), locations)),
  ),
  ruleProperty('filtering the filtered locations again keeps them all', (catalogs) =>
    fc.property(filterCases(catalogs), ({ locations, config }) => {
      const once = filterLocations(locations, config);
      return sameLocations(filterLocations(once, config), once);
    }),
  ),
  ruleProperty('the kept locations are some of the catalog locations, in catalog order', (catalogs) =>
    fc.property(filterCases(catalogs), ({ locations, config }) => isOrderedSubset(filterLocations(locations, config), locations)),
  ),
  ruleProperty('the letter case of ids, in the lists or in the catalog, never changes what is kept', (catalogs) =>
    fc.property(filterCases(catalogs), ({ locations, config }) => {
      const kept = filterLocations(locations, config).map((l) => locations.indexOf(l));
      const swappedConfig = {
        IncludeLocations: config.IncludeLocations?.map(swapCase),
        ExcludeLocations: config.ExcludeLocations?.map((id) => id.toUpperCase()),
      };
      const swappedLocations = locations.map((l) => ({ ...l, Id: l.Id.toLowerCase() }));
      const keptSwapped = filterLocations(swappedLocations, swappedConfig).map((l) => swappedLocations.indexOf(l));
      return kept.join() === keptSwapped.join();
    }),
  ),
  ruleProperty('an include list alone keeps exactly the locations it names', (catalogs) =>
    fc.property(filterCases(catalogs), ({ locations, config }) => {
      const include = config.IncludeLocations ?? [];
      if (include.length === 0) return true;
      const named = new Set(include.map(key));
      return sameLocations(
        filterLocations(locations, { IncludeLocations: include }),
        locations.filter((l) => named.has(key(l.Id))),
      );
    }),
  ),
  ruleProperty('an exclude list alone keeps exactly the locations it does not name', (catalogs) =>
    fc.property(filterCases(catalogs), ({ locations, config }) => {
      const exclude = config.ExcludeLocations ?? [];
      if (exclude.length === 0) return true;
      const named = new Set(exclude.map(key));
      return sameLocations(
        filterLocations(locations, { ExcludeLocations: exclude }),
        locations.filter((l) => !named.has(key(l.Id))),
      );
    }),
  ),
  ruleProperty('the distance from a to b is the distance from b to a', () =>
    fc.property(pointPairs, ([a, b]) => Object.is(distanceInMiles(a, b), distanceInMiles(b, a))),
  ),
  ruleProperty('the distance from a point to itself is zero', () => fc.property(coordinate, (a) => distanceInMiles(a, { ...a }) === 0)),
  ruleProperty('a distance is never NaN, and between 0 and half the globe for real coordinates', () =>
    fc.property(pointPairs, ([a, b]) => {
      const miles = distanceInMiles(a, b);
      if (Number.isNaN(miles)) return false;
      const real = [a.latitude, a.longitude, b.latitude, b.longitude].every(Number.isFinite);
      return !real || (miles >= 0 && miles <= HALF_CIRCUMFERENCE_MILES + 1e-6);
    }),
  ),
  ruleProperty('the picker lists nearer locations first, then by name, and locations without a distance last by name', (catalogs) =>
    fc.property(locationLists(catalogs), fc.option(coordinate, { nil: undefined }), (locations, origin) => {
      const sorted = sortLocationsByDistance(locations, origin);
      if (sorted.length !== locations.length || !locations.every((l) => sorted.some((s) => s.location === l))) return false;
      for (const { location, miles } of sorted) {
        const at = locationCoordinates(location);
        if (miles !== (origin === undefined || at === undefined ? undefined : distanceInMiles(origin, at))) return false;
      }
      return sorted.every((a, i) => {
        const b = sorted[i + 1];
        if (b === undefined) return true;
        if (a.miles === undefined) return b.miles === undefined && compareLocationNames(a.location.Name, b.location.Name) <= 0;
        if (b.miles === undefined) return true;
        return a.miles < b.miles || (a.miles === b.miles && compareLocationNames(a.location.Name, b.location.Name) <= 0);
      });
    }),
  ),
];
