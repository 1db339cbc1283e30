import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import * as fc from 'fast-check';
import { zipCentroids } from '../../src/data/zipCentroids';
import { decodeZipTable, encodeZipTable } from '../../src/domain/postal/zipEncoding';
import type { ZipRecord, ZipTable } from '../../src/domain/postal/zipEncoding';
import { centroidForPostalCode, nearestPostalCode, normalizePostalCode, stateForPostalCode } from '../../src/domain/postal/zipLookup';
import { loadZipTable } from '../../src/domain/postal/loadZipTable';
import { ZIP_MODULE_PATH, renderZipModule, zipcodesRecords, zipcodesSource } from '../../cli/gen-zip-data';

function decoded(): ZipTable {
  const table = decodeZipTable(zipCentroids);
  if (E.isLeft(table)) throw new Error(table.left);
  return table.right;
}
const table = decoded();

function packageRecords(): ZipRecord[] {
  const records = zipcodesRecords();
  if (E.isLeft(records)) throw new Error(records.left);
  return records.right;
}

describe('the generated ZIP table', () => {
  it('gives the state of every code of the zipcodes package and its centroid to 0.01 degree', () => {
    const records = packageRecords();
    expect(records.length).toBe(42555);
    expect(table.codes.length).toBe(records.length);
    const mismatches: string[] = [];
    for (const r of records) {
      const centroid = centroidForPostalCode(table, r.code);
      if (stateForPostalCode(table, r.code) !== r.state) mismatches.push(`${r.code}: state`);
      if (r.latitude === 0 && r.longitude === 0) {
        if (centroid !== undefined) mismatches.push(`${r.code}: centroid of an unlocated code`);
      } else if (
        centroid === undefined ||
        Math.abs(centroid.latitude - r.latitude) > 0.005 + 1e-9 ||
        Math.abs(centroid.longitude - r.longitude) > 0.005 + 1e-9
      ) {
        mismatches.push(`${r.code}: centroid`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('is exactly what the generator builds from the installed package, so it cannot drift', () => {
    const encoded = encodeZipTable(packageRecords(), zipcodesSource());
    expect(E.isRight(encoded) && renderZipModule(encoded.right)).toBe(readFileSync(ZIP_MODULE_PATH, 'utf8'));
  });

  it('covers the 50 states, DC, the territories and the military codes', () => {
    const territories = ['PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW'];
    const military = ['AA', 'AE', 'AP'];
    expect(table.stateNames).toHaveLength(50 + 1 + territories.length + military.length);
    expect(table.stateNames).toEqual(expect.arrayContaining(['DC', ...territories, ...military]));
  });

  it('loads lazily through the dynamic import and decodes to the same table', async () => {
    const loaded = await loadZipTable();
    expect(stateForPostalCode(loaded, '10001')).toBe('NY');
    expect(await loadZipTable()).toBe(loaded);
  });
});

describe('postal code to state (ordering.md, postal-code table)', () => {
  it.each([
    ['34034', 'AA'],
    ['73301', 'TX'],
    ['73344', 'TX'],
    ['73960', 'TX'],
    ['10001', 'NY'],
    ['00601', 'PR'],
    ['20001', 'DC'],
    ['09001', 'AE'],
    ['96201', 'AP'],
    ['96939', 'PW'],
    ['96960', 'MH'],
    ['96799', 'AS'],
    ['55731', 'MN'],
    ['80543', 'CO'],
  ])('maps %s to %s', (code, state) => {
    expect(stateForPostalCode(table, code)).toBe(state);
  });

  it('keeps Texas codes that sit inside the Oklahoma range in Texas', () => {
    expect(stateForPostalCode(table, '73101')).toBe('OK');
    expect(stateForPostalCode(table, '73301')).toBe('TX');
  });

  it('gives no state for an unknown code, a short code or a code that lost its leading zeros', () => {
    expect(stateForPostalCode(table, '00000')).toBeUndefined();
    expect(stateForPostalCode(table, '99999')).toBeUndefined();
    expect(stateForPostalCode(table, '601')).toBeUndefined();
    expect(stateForPostalCode(table, 'ABCDE')).toBeUndefined();
    expect(stateForPostalCode(table, '')).toBeUndefined();
  });

  it('reads a ZIP+4 and surrounding spaces as the five-digit code', () => {
    expect(stateForPostalCode(table, ' 10001-1234 ')).toBe('NY');
    expect(normalizePostalCode('100011234')).toBe('10001');
    expect(normalizePostalCode('10001-12')).toBeUndefined();
  });

  it('gives no centroid for the military codes the data set places at (0, 0), but still their state', () => {
    expect(stateForPostalCode(table, '34001')).toBe('AA');
    expect(centroidForPostalCode(table, '34001')).toBeUndefined();
    expect(nearestPostalCode(table, 0, 0)).not.toBe('34001');
  });

  it('gives the centroid of a code rounded to two decimals', () => {
    expect(centroidForPostalCode(table, '10001')).toEqual({ latitude: 40.75, longitude: -74 });
    expect(centroidForPostalCode(table, '00000')).toBeUndefined();
  });
});

describe('nearest ZIP code to coordinates', () => {
  it('finds the code whose centroid the coordinates are at', () => {
    expect(nearestPostalCode(table, 40.75, -74)).toBe('10001');
    expect(nearestPostalCode(table, 18.16, -66.72)).toBe('00601');
  });

  it('crosses the antimeridian instead of measuring the long way round', () => {
    // West of 180 degrees in the Aleutians: 96507 (51.57, 178.88) is 1.2 degrees away across the line, Adak 3.3 degrees east.
    expect(nearestPostalCode(table, 51.6, -179.9)).toBe('96507');
    expect(nearestPostalCode(table, 51.9, -176.7)).toBe('99546');
  });

  it('returns a code whose centroid is no farther than any other code, for any coordinates', () => {
    const sample = Array.from({ length: 300 }, (_, i) => Math.floor((i * table.codes.length) / 300)).filter(
      (i) => table.latitudes[i] !== 0 || table.longitudes[i] !== 0,
    );
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const found = centroidForPostalCode(table, nearestPostalCode(table, lat, lng) ?? '');
        expect(found).toBeDefined();
        const cosine = (aLat: number, aLng: number): number => {
          const r = Math.PI / 180;
          return Math.sin(lat * r) * Math.sin(aLat * r) + Math.cos(lat * r) * Math.cos(aLat * r) * Math.cos((lng - aLng) * r);
        };
        const best = cosine(found!.latitude, found!.longitude);
        for (const i of sample) expect(best).toBeGreaterThanOrEqual(cosine(table.latitudes[i]! / 100, table.longitudes[i]! / 100) - 1e-12);
      }),
      { numRuns: 50 },
    );
  });

  it('gives no code for coordinates that are not numbers', () => {
    expect(nearestPostalCode(table, Number.NaN, 0)).toBeUndefined();
    expect(nearestPostalCode(table, 0, Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('ZIP table encoding', () => {
  const record = fc.record({
    code: fc.integer({ min: 0, max: 99999 }).map((n) => String(n).padStart(5, '0')),
    state: fc.constantFrom('NY', 'PR', 'AA', 'TX'),
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  });

  it('round-trips any set of distinct codes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(record, { selector: (r) => r.code, maxLength: 60 }), (records) => {
        const encoded = encodeZipTable(records, 'test');
        if (E.isLeft(encoded)) throw new Error(encoded.left);
        const back = decodeZipTable(encoded.right);
        if (E.isLeft(back)) throw new Error(back.left);
        for (const r of records) {
          expect(stateForPostalCode(back.right, r.code)).toBe(r.state);
          const c = centroidForPostalCode(back.right, r.code);
          if (Math.round(r.latitude * 100) === 0 && Math.round(r.longitude * 100) === 0) {
            expect(c).toBeUndefined();
            continue;
          }
          if (c === undefined) throw new Error(`no centroid for ${r.code}`);
          expect(Math.abs(c.latitude - r.latitude)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(Math.abs(c.longitude - r.longitude)).toBeLessThanOrEqual(0.005 + 1e-9);
        }
      }),
    );
  });

  it('refuses a repeated code when encoding', () => {
    const r = { code: '10001', state: 'NY', latitude: 40, longitude: -74 };
    expect(encodeZipTable([r, r], 'test')).toEqual(E.left('ZIP code 10001 appears twice'));
  });

  it('refuses a damaged table instead of reading half of it', () => {
    expect(E.isLeft(decodeZipTable({ ...zipCentroids, count: zipCentroids.count + 1 }))).toBe(true);
    expect(decodeZipTable({ ...zipCentroids, codes: `${zipCentroids.codes}"` })).toEqual(
      E.left(`codes: unexpected character "\\"" at ${zipCentroids.codes.length}`),
    );
    expect(E.isLeft(decodeZipTable({ ...zipCentroids, stateRuns: zipCentroids.stateRuns.slice(0, -2) }))).toBe(true);
  });
});
