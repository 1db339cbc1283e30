// Loads the generated city names on first use, in a chunk of their own: only the billing form needs them, so neither
// the first page nor the location chooser (which loads the ZIP table) carries them.
import * as E from 'fp-ts/lib/Either.js';
import { loadOnce } from '../once';
import { loadZipTable } from './loadZipTable';
import { decodeZipCities } from './zipCityEncoding';
import type { ZipCities } from './zipCityEncoding';
import type { ZipTable } from './zipEncoding';

/** The ZIP table and the city names that follow its order, checked to cover the same codes. */
export interface ZipCityTable {
  readonly table: ZipTable;
  readonly cities: ZipCities;
}

/** The decoded city names with their ZIP table, fetched by dynamic imports once and shared afterwards. */
export const loadZipCities: () => Promise<ZipCityTable> = loadOnce(() =>
  Promise.all([
    loadZipTable(),
    import('../../data/zipCities').then(({ zipCities }) => {
      const cities = decodeZipCities(zipCities);
      if (E.isLeft(cities)) throw new Error(`The ZIP city table is damaged (${cities.left}); rebuild it with npx tsx cli/gen-zip-cities.ts`);
      return cities.right;
    }),
  ]).then(([table, cities]) => {
    if (cities.cityIndex.length !== table.codes.length) {
      throw new Error(`The ZIP city table covers ${cities.cityIndex.length} codes, the ZIP table ${table.codes.length}; rebuild both from the same package`);
    }
    return { table, cities };
  }),
);
