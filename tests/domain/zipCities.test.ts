import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as E from 'fp-ts/lib/Either.js';
import * as fc from 'fast-check';
import { zipCentroids } from '../../src/data/zipCentroids';
import { zipCities } from '../../src/data/zipCities';
import { decodeZipCities, encodeZipCities } from '../../src/domain/postal/zipCityEncoding';
import type { EncodedZipCities, ZipCityRecord } from '../../src/domain/postal/zipCityEncoding';
import { decodeZipTable, encodeZipTable } from '../../src/domain/postal/zipEncoding';
import type { ZipTable } from '../../src/domain/postal/zipEncoding';
import { cityForPostalCode } from '../../src/domain/postal/zipLookup';
import { loadZipCities } from '../../src/domain/postal/loadZipCities';
import { billingAddressInitialValues, prefillBillingCity } from '../../src/domain/forms/billingAddress';
import type { BillingAddressValues } from '../../src/domain/forms/billingAddress';
import { ZIP_CITIES_MODULE_PATH, cityName, renderZipCitiesModule, zipcodesCityRecords } from '../../cli/gen-zip-cities';
import { zipcodesSource } from '../../cli/gen-zip-data';

function right<T>(either: E.Either<string, T>): T {
  if (E.isLeft(either)) throw new Error(either.left);
  return either.right;
}

const table = right(decodeZipTable(zipCentroids));
const cities = right(decodeZipCities(zipCities));

/** A ZIP table over the same codes, as the city names are always read beside one. */
function tableFor(records: readonly ZipCityRecord[]): ZipTable {
  return right(
    decodeZipTable(
      right(
        encodeZipTable(
          records.map((r) => ({ code: r.code, state: 'NY', latitude: 40, longitude: -74 })),
          'test',
        ),
      ),
    ),
  );
}

describe('the generated ZIP city names', () => {
  it('give the city of every code of the zipcodes package', () => {
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, { zip: string; city: string }> };
    const entries = Object.values(codes);
    expect(entries.length).toBe(42555);
    expect(cities.cityIndex.length).toBe(table.codes.length);
    const mismatches = entries.filter((e) => cityForPostalCode(table, cities, e.zip) !== cityName(e.city)).map((e) => e.zip);
    expect(mismatches).toEqual([]);
  });

  it('are exactly what the generator builds from the installed package, so they cannot drift', () => {
    const encoded = encodeZipCities(right(zipcodesCityRecords()), zipcodesSource());
    expect(E.isRight(encoded) && renderZipCitiesModule(encoded.right)).toBe(readFileSync(ZIP_CITIES_MODULE_PATH, 'utf8'));
  });

  it('come from the same package as the ZIP table whose order they follow', () => {
    expect(zipCities.source).toBe(zipCentroids.source);
    expect(zipCities.count).toBe(zipCentroids.count);
  });

  it.each([
    ['60622', 'Chicago'],
    ['10001', 'New York'],
    ['55101', 'Saint Paul'],
    ['00601', 'Adjuntas'],
    ['73301', 'Austin'],
    ['60622-1234', 'Chicago'],
  ])('names %s %s', (code, city) => {
    expect(cityForPostalCode(table, cities, code)).toBe(city);
  });

  it('give no city for an unknown or malformed code', () => {
    expect(cityForPostalCode(table, cities, '00000')).toBeUndefined();
    expect(cityForPostalCode(table, cities, '99999')).toBeUndefined();
    expect(cityForPostalCode(table, cities, '606')).toBeUndefined();
  });

  it('load lazily through the dynamic import, with the ZIP table they follow', async () => {
    const loaded = await loadZipCities();
    expect(cityForPostalCode(loaded.table, loaded.cities, '60622')).toBe('Chicago');
    expect(await loadZipCities()).toBe(loaded);
  });
});

describe('city names as a shopper writes them', () => {
  it('keeps the package spelling and title-cases only names in capitals', () => {
    expect(cityName('Saint Paul')).toBe('Saint Paul');
    expect(cityName('Melcher-dallas')).toBe('Melcher-dallas');
    expect(cityName('NEW YORK')).toBe('New York');
    expect(cityName('WINSTON-SALEM')).toBe('Winston-Salem');
    expect(cityName('J B P H H')).toBe('J B P H H');
    expect(cityName(' ST.  LOUIS ')).toBe('St. Louis');
  });
});

describe('ZIP city encoding', () => {
  const code = fc.integer({ min: 0, max: 99999 }).map((n) => String(n).padStart(5, '0'));
  // A few names shared by many codes (most codes) and many names of one code, so the recent list overflows and names
  // are picked again long after.
  const city = fc.oneof(
    fc.constantFrom('Chicago', 'Springfield', 'Saint Paul', "Coeur D'Alene", 'Winston-Salem', 'New York'),
    fc.stringMatching(/^[A-Z][a-z]{0,5}(?: [A-Z][a-z&.'/-]{0,5})?$/),
  );
  const records = fc.uniqueArray(fc.record({ code, city }), { selector: (r) => r.code, maxLength: 300 });

  it('round-trips any set of distinct codes and their cities', () => {
    fc.assert(
      fc.property(records, (rs) => {
        const back = right(decodeZipCities(right(encodeZipCities(rs, 'test'))));
        expect(back.cityIndex.length).toBe(rs.length);
        const zips = tableFor(rs);
        for (const r of rs) expect(cityForPostalCode(zips, back, r.code)).toBe(r.city);
      }),
      { numRuns: 200 },
    );
  });

  it('finds a name picked again long after, past the recent ones', () => {
    const rs = Array.from({ length: 80 }, (_, i) => ({ code: String(10000 + i), city: i % 40 === 0 ? 'Springfield' : `Town ${String(i).padStart(2, '0')}` }));
    const encoded = right(encodeZipCities(rs, 'test'));
    expect(encoded.picks.at(-40)).toBe('V');
    const back = right(decodeZipCities(encoded));
    expect(back.names[back.cityIndex[40]!]).toBe('Springfield');
  });

  it('refuses a repeated code or a name it cannot store', () => {
    const r = { code: '10001', city: 'New York' };
    expect(encodeZipCities([r, r], 'test')).toEqual(E.left('ZIP code 10001 appears twice'));
    expect(encodeZipCities([{ code: '10001', city: 'New|York' }], 'test')).toEqual(E.left('ZIP code 10001 has city "New|York", which cannot be stored'));
    expect(E.isLeft(encodeZipCities([{ code: '10001', city: ' New York' }], 'test'))).toBe(true);
    expect(E.isLeft(encodeZipCities([{ code: '1001', city: 'New York' }], 'test'))).toBe(true);
  });

  it('refuses any column cut short, naming the column', () => {
    const columns = ['prefixes', 'picks', 'newSteps', 'newStepsLow', 'reuseSteps', 'reuseStepsLow'] as const;
    fc.assert(
      fc.property(
        records.filter((rs) => rs.length > 0),
        fc.constantFrom(...columns),
        (rs, column) => {
          const encoded = right(encodeZipCities(rs, 'test'));
          fc.pre(encoded[column] !== '');
          const damaged = decodeZipCities({ ...encoded, [column]: encoded[column].slice(0, -1) });
          expect(E.isLeft(damaged) && damaged.left.split(':')[0]!.replace(/Low$/, '')).toBe(column.replace(/Low$/, ''));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses the damage a broken build or transfer leaves, with a message that says where', () => {
    const damaged = (change: Partial<EncodedZipCities>): string => {
      const decoded = decodeZipCities({ ...zipCities, ...change });
      return E.isLeft(decoded) ? decoded.left : 'decoded';
    };
    expect(damaged({ version: 2 as 1 })).toBe('ZIP city table version 2 is not supported');
    expect(damaged({ count: zipCities.count + 1 })).toBe(`picks: ${zipCities.count} values for ${zipCities.count + 1} codes`);
    expect(damaged({ picks: `${zipCities.picks.slice(0, -1)}"` })).toBe(`picks: unexpected character "\\"" at ${zipCities.picks.length - 1}`);
    expect(damaged({ picks: `U${zipCities.picks.slice(1)}` })).toBe('picks: code 0 picks recent name 30 of 0');
    expect(damaged({ picks: `V${zipCities.picks.slice(1)}` })).toMatch(/^reuseSteps: code 0 steps \d+ among 0 names picked$/);
    expect(damaged({ suffixes: `Zzz|${zipCities.suffixes}` })).toMatch(/^prefixes: \d+ values for \d+ codes$/);
    expect(damaged({ suffixes: zipCities.suffixes.replace('|', '||') })).toMatch(/^prefixes: /);
    expect(damaged({ prefixes: `0${zipCities.prefixes}`, suffixes: `Zzz|${zipCities.suffixes}` })).toBe(
      `suffixes: name 1 (${JSON.stringify(cities.names[0])}) is out of order`,
    );
    expect(damaged({ newSteps: `${zipCities.newSteps}0`, newStepsLow: `${zipCities.newStepsLow}0` })).toBe(
      `newSteps: ${cities.names.length + 1} new names for ${cities.names.length} names`,
    );
    expect(damaged({ newStepsLow: `_${zipCities.newStepsLow.slice(1)}` })).toMatch(/^newStepsLow: /);
    expect(damaged({ reuseSteps: zipCities.reuseSteps.slice(1), reuseStepsLow: zipCities.reuseStepsLow.slice(1) })).toMatch(/^reuseSteps: /);
  });
});

describe('billing City prefill (ordering.md section 5, Billing address)', () => {
  const empty: BillingAddressValues = { addressLine1: '', addressLine2: '', city: '', state: '', postalCode: '60622' };

  it("fills an empty city with the postal code's city, and nothing else", () => {
    expect(prefillBillingCity(empty, table, cities)).toEqual({ ...empty, city: 'Chicago' });
    expect(prefillBillingCity({ ...empty, postalCode: '55101-4321' }, table, cities).city).toBe('Saint Paul');
  });

  it('leaves the city empty for an unknown code or while the names are loading', () => {
    expect(prefillBillingCity({ ...empty, postalCode: '00000' }, table, cities).city).toBe('');
    expect(prefillBillingCity(empty, table, undefined).city).toBe('');
    expect(prefillBillingCity(empty, undefined, cities).city).toBe('');
    expect(billingAddressInitialValues('60622', table).city).toBe('');
  });

  it('never replaces a city the shopper typed, whenever the names arrive', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ''),
        fc.constantFrom('60622', '10001', '00601', '00000', ''),
        (typed, postalCode) => {
          const values = { ...empty, city: typed, state: 'IL', postalCode };
          expect(prefillBillingCity(values, table, cities)).toBe(values);
        },
      ),
    );
  });

  it('fills a city left blank with spaces, as an empty one', () => {
    expect(prefillBillingCity({ ...empty, city: '   ' }, table, cities).city).toBe('Chicago');
  });
});
