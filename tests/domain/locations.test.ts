import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { zipCentroids } from '../../src/data/zipCentroids';
import { decodeZipTable } from '../../src/domain/postal/zipEncoding';
import {
  distanceInMiles,
  filterLocations,
  formatDistance,
  locationCoordinates,
  locationNotFoundMessage,
  searchLocations,
  sortLocationsByDistance,
} from '../../src/domain/locations';
import type { PlacedLocation } from '../../src/domain/locations';
import { locationProperties } from '../../cli/properties/locations';
import type { CheckOutcome } from '../../cli/properties/ruleProperty';
import { fixtureCatalogs } from '../support/fixtureCatalog';

const table = (() => {
  const t = decodeZipTable(zipCentroids);
  if (E.isLeft(t)) throw new Error(t.left);
  return t.right;
})();

const at = (Id: string, Name: string, Latitude?: number, Longitude?: number): PlacedLocation => ({ Id, Name, Address: { Latitude, Longitude } });
const a = at('Loc-A', 'Alpha');
const b = at('Loc-B', 'Bravo');
const c = at('Loc-C', 'Charlie');
const ids = (list: readonly PlacedLocation[]) => list.map((l) => l.Id);

describe('location filter (account-and-session.md section 5)', () => {
  it('keeps every location when there is neither an include nor an exclude list', () => {
    expect(ids(filterLocations([a, b, c], {}))).toEqual(['Loc-A', 'Loc-B', 'Loc-C']);
  });

  it('keeps only the included locations when there is only an include list', () => {
    expect(ids(filterLocations([a, b, c], { IncludeLocations: ['Loc-C', 'Loc-A'] }))).toEqual(['Loc-A', 'Loc-C']);
  });

  it('keeps every location the exclude list does not name', () => {
    expect(ids(filterLocations([a, b, c], { ExcludeLocations: ['Loc-B'] }))).toEqual(['Loc-A', 'Loc-C']);
  });

  it('keeps a location named in both lists, since inclusion alone is enough', () => {
    expect(ids(filterLocations([a, b, c], { IncludeLocations: ['Loc-B'], ExcludeLocations: ['Loc-B', 'Loc-C'] }))).toEqual(['Loc-A', 'Loc-B']);
  });

  it('matches ids without regard to case', () => {
    expect(ids(filterLocations([a, b, c], { IncludeLocations: ['loc-a'] }))).toEqual(['Loc-A']);
    expect(ids(filterLocations([a, b, c], { ExcludeLocations: ['LOC-A', 'lOc-B'] }))).toEqual(['Loc-C']);
  });

  it('treats an empty list as no list, so an empty include list hides nothing', () => {
    expect(ids(filterLocations([a, b], { IncludeLocations: [] }))).toEqual(['Loc-A', 'Loc-B']);
    expect(ids(filterLocations([a, b], { IncludeLocations: [], ExcludeLocations: ['loc-b'] }))).toEqual(['Loc-A']);
  });
});

describe('distance in miles (account-and-session.md section 9)', () => {
  const brooklyn = { latitude: 40.6866, longitude: -73.9846 };
  const wickerPark = { latitude: 41.9095, longitude: -87.6773 };

  it('gives the great-circle distance with 1.1515 miles per nautical mile', () => {
    // Haversine on the sphere the factor implies (radius 60 x 1.1515 x 180 / pi = 3958.57 mi) gives 714.965.
    expect(distanceInMiles(brooklyn, wickerPark)).toBeCloseTo(714.965, 3);
    expect(distanceInMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(69.09, 10);
  });

  it('is half the globe between antipodes, never NaN', () => {
    expect(distanceInMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(180 * 60 * 1.1515, 6);
    expect(distanceInMiles({ latitude: 45, longitude: 10 }, { latitude: -45, longitude: -170 })).toBeCloseTo(180 * 60 * 1.1515, 6);
  });

  it('is exactly zero from a point to itself', () => {
    expect(distanceInMiles(brooklyn, { ...brooklyn })).toBe(0);
  });

  it('gives a distance, not NaN, for finite longitudes far outside ±180 (found by the property test)', () => {
    const miles = distanceInMiles({ latitude: 0, longitude: 1.7976923950463823e308 }, { latitude: 0, longitude: -7.398159335243481e301 });
    expect(miles).toBeGreaterThanOrEqual(0);
    expect(miles).toBeLessThanOrEqual(180 * 60 * 1.1515);
  });

  it('treats coordinates that are not numbers as infinitely far rather than NaN', () => {
    expect(distanceInMiles({ latitude: Number.NaN, longitude: 0 }, brooklyn)).toBe(Number.POSITIVE_INFINITY);
  });

  it('is shown with one decimal up to 10 miles and not at all beyond', () => {
    expect(formatDistance(3.24)).toBe('3.2 mi');
    expect(formatDistance(0)).toBe('0.0 mi');
    expect(formatDistance(10)).toBe('10.0 mi');
    expect(formatDistance(10.01)).toBeNull();
    expect(formatDistance(undefined)).toBeNull();
    expect(formatDistance(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('location picker order', () => {
  const origin = { latitude: 40.75, longitude: -74 };
  const near = at('n', 'Zulu', 40.76, -74);
  const far = at('f', 'Alpha', 41.9, -87.7);
  const unplaced = at('u', 'Bravo');
  const nullIsland = at('z', 'Able', 0, 0);

  it('lists nearer locations first, then those without coordinates by name', () => {
    const sorted = sortLocationsByDistance([unplaced, far, nullIsland, near], origin);
    expect(sorted.map((s) => s.location.Id)).toEqual(['n', 'f', 'z', 'u']);
    expect(sorted[0]!.miles).toBeCloseTo(0.69, 2);
    expect(sorted[3]!.miles).toBeUndefined();
  });

  it('sorts by name when there is no origin, numbers by value', () => {
    const stores = [at('1', 'Store 10', 1, 1), at('2', 'store 2', 1, 1), at('3', 'Airport', 1, 1)];
    expect(sortLocationsByDistance(stores, undefined).map((s) => s.location.Name)).toEqual(['Airport', 'store 2', 'Store 10']);
  });

  it('breaks a tie in distance by name', () => {
    const sorted = sortLocationsByDistance([at('1', 'Bravo', 40, -74), at('2', 'Alpha', 40, -74)], origin);
    expect(sorted.map((s) => s.location.Name)).toEqual(['Alpha', 'Bravo']);
  });

  it('reads a location without usable coordinates as unplaced', () => {
    expect(locationCoordinates(at('x', 'X', 91, 0))).toBeUndefined();
    expect(locationCoordinates(at('x', 'X', 0, 0))).toBeUndefined();
    expect(locationCoordinates({ Id: 'x', Name: 'X' })).toBeUndefined();
    expect(locationCoordinates(at('x', 'X', 0, 1))).toEqual({ latitude: 0, longitude: 1 });
  });
});

describe('location search by zip code (account-and-session.md sections 4 and 8)', () => {
  it('clears the search for empty text', () => {
    expect(searchLocations('', table)).toEqual({ kind: 'cleared' });
    expect(searchLocations('   ', table)).toEqual({ kind: 'cleared' });
  });

  it('measures from the centroid of a known zip code', () => {
    expect(searchLocations(' 10001 ', table)).toEqual({ kind: 'found', postalCode: '10001', origin: { latitude: 40.75, longitude: -74 } });
  });

  it('says what could not be found, in the spec wording', () => {
    expect(searchLocations('00000', table)).toEqual({ kind: 'not found', text: '00000', message: "Oops! We can't find 00000!" });
    expect(searchLocations('Springfield', table)).toEqual({ kind: 'not found', text: 'Springfield', message: "Oops! We can't find Springfield!" });
    expect(locationNotFoundMessage('12')).toBe("Oops! We can't find 12!");
  });
});

const explain = (outcome: CheckOutcome) => `${outcome.error}\ncounterexample: ${outcome.counterexample}\nseed: ${outcome.seed} path: ${outcome.path}`;

describe('location rule properties', () => {
  const fixtures = fixtureCatalogs().map((fixture) => fixture.index);

  it('run over the fixture catalogs', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  for (const property of locationProperties) {
    it(`${property.name} (generated locations)`, () => {
      const outcome = property.check([], { numRuns: 200 });
      expect(outcome.ok, explain(outcome)).toBe(true);
    });
    it(`${property.name} (fixture catalogs)`, () => {
      const outcome = property.check(fixtures, { numRuns: 100 });
      expect(outcome.ok, explain(outcome)).toBe(true);
    });
  }
});
