// Loads the generated ZIP table on first use, so its ~95 KB (gzip) stays out of the first page load.
import * as E from 'fp-ts/lib/Either.js';
import { loadOnce } from '../once';
import { decodeZipTable } from './zipEncoding';
import type { ZipTable } from './zipEncoding';

/** The decoded US ZIP table, fetched by a dynamic import once and shared by every caller afterwards. */
export const loadZipTable: () => Promise<ZipTable> = loadOnce(() =>
  import('../../data/zipCentroids').then(({ zipCentroids }) => {
    const table = decodeZipTable(zipCentroids);
    if (E.isLeft(table)) throw new Error(`The ZIP table is damaged (${table.left}); rebuild it with npx tsx cli/gen-zip-data.ts`);
    return table.right;
  }),
);
