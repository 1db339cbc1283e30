// The compact text form of the US ZIP table (ordering.md section 9, postal-code-to-state lookup) and its decoder.
// Columns are strings of variable-length base-64 digits so the generated module is small and gzips well:
// codes as deltas from the previous code, states as runs over an index, centroids as hundredths of a degree
// (about 1 km) stored as deltas from the previous code's centroid.
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';

/** One ZIP code as the public data set gives it. */
export interface ZipRecord {
  readonly code: string;
  readonly state: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** The generated module's shape: one string per column, so the data ships as text, not as 42,000 objects. */
export interface EncodedZipTable {
  readonly version: 1;
  /** Which data set and version the table was built from. */
  readonly source: string;
  readonly count: number;
  /** State abbreviations, comma-separated; the runs refer to them by position. */
  readonly states: string;
  /** Pairs of (state index, number of consecutive codes in that state). */
  readonly stateRuns: string;
  /** Each code minus the previous one (the first minus zero). */
  readonly codes: string;
  /** Latitude in hundredths of a degree, minus the previous code's, zigzag-signed. */
  readonly latitudes: string;
  /** Longitude in hundredths of a degree, minus the previous code's, zigzag-signed. */
  readonly longitudes: string;
}

/** The decoded table, in typed arrays sorted by code, ready for binary search and nearest-point scans. */
export interface ZipTable {
  readonly codes: Uint32Array;
  readonly stateIndex: Uint8Array;
  readonly stateNames: readonly string[];
  /** Hundredths of a degree. */
  readonly latitudes: Int32Array;
  /** Hundredths of a degree. */
  readonly longitudes: Int32Array;
}

// 0-31 end a number, 32-63 say more digits follow; most significant group first. All are safe in a JS string literal.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const DIGIT_OF = new Map<string, number>([...ALPHABET].map((ch, i) => [ch, i]));

/** One number in the column alphabet (shared with the city table). */
export function writeUnsigned(n: number): string {
  const groups: number[] = [];
  let rest = n;
  do {
    groups.push(rest % 32);
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  let text = '';
  for (let i = groups.length - 1; i >= 0; i--) text += ALPHABET[groups[i]! + (i > 0 ? 32 : 0)];
  return text;
}

const zigzag = (n: number): number => (n < 0 ? -n * 2 - 1 : n * 2);
const unzigzag = (n: number): number => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);

/** Reads every number of a column; the failure names the column and the offending position. */
export function readUnsigned(column: string, text: string): E.Either<string, number[]> {
  const numbers: number[] = [];
  let value = 0;
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const digit = DIGIT_OF.get(text[i]!);
    if (digit === undefined) return E.left(`${column}: unexpected character ${JSON.stringify(text[i])} at ${i}`);
    value = value * 32 + (digit & 31);
    open = digit >= 32;
    if (!open) {
      numbers.push(value);
      value = 0;
    }
  }
  return open ? E.left(`${column}: ends in the middle of a number`) : E.right(numbers);
}

/** A column that must hold exactly one number per code. */
export function readColumn(column: string, text: string, count: number): E.Either<string, number[]> {
  return pipe(
    readUnsigned(column, text),
    E.filterOrElse(
      (numbers) => numbers.length === count,
      (numbers) => `${column}: ${numbers.length} values for ${count} codes`,
    ),
  );
}

const hundredths = (degrees: number): number => Math.round(degrees * 100);

/** Builds the compact form from the data set's records; fails on a malformed or repeated code. */
export function encodeZipTable(records: readonly ZipRecord[], source: string): E.Either<string, EncodedZipTable> {
  for (const r of records) {
    if (!/^\d{5}$/.test(r.code)) return E.left(`ZIP code ${JSON.stringify(r.code)} is not five digits`);
    if (!/^[A-Z]{2}$/.test(r.state)) return E.left(`ZIP code ${r.code} has state ${JSON.stringify(r.state)}, not two capital letters`);
    if (!(Math.abs(r.latitude) <= 90 && Math.abs(r.longitude) <= 180)) return E.left(`ZIP code ${r.code} has no valid coordinates`);
  }
  const sorted = [...records].sort((a, b) => Number(a.code) - Number(b.code));
  const stateNames = [...new Set(sorted.map((r) => r.state))].sort();
  if (stateNames.length > 255) return E.left('more than 255 states do not fit the state index');
  const stateIndex = new Map(stateNames.map((s, i) => [s, i]));

  let codes = '';
  let latitudes = '';
  let longitudes = '';
  const runs: number[] = [];
  let previous = { code: 0, lat: 0, lng: 0 };
  for (const r of sorted) {
    const code = Number(r.code);
    if (code <= previous.code && codes !== '') return E.left(`ZIP code ${r.code} appears twice`);
    const lat = hundredths(r.latitude);
    const lng = hundredths(r.longitude);
    codes += writeUnsigned(code - previous.code);
    latitudes += writeUnsigned(zigzag(lat - previous.lat));
    longitudes += writeUnsigned(zigzag(lng - previous.lng));
    previous = { code, lat, lng };
    const state = stateIndex.get(r.state)!;
    if (runs.length > 0 && runs[runs.length - 2] === state) runs[runs.length - 1]! += 1;
    else runs.push(state, 1);
  }
  return E.right({
    version: 1,
    source,
    count: sorted.length,
    states: stateNames.join(','),
    stateRuns: runs.map(writeUnsigned).join(''),
    codes,
    latitudes,
    longitudes,
  });
}

/** Decodes the compact form, checking every column against the count so a damaged table is refused, not half-read. */
export function decodeZipTable(encoded: EncodedZipTable): E.Either<string, ZipTable> {
  if (encoded.version !== 1) return E.left(`ZIP table version ${String(encoded.version)} is not supported`);
  const { count } = encoded;
  const stateNames = encoded.states === '' ? [] : encoded.states.split(',');
  const columns = pipe(
    E.Do,
    E.bind('deltas', () => readColumn('codes', encoded.codes, count)),
    E.bind('latDeltas', () => readColumn('latitudes', encoded.latitudes, count)),
    E.bind('lngDeltas', () => readColumn('longitudes', encoded.longitudes, count)),
    E.bind('runs', () => readUnsigned('stateRuns', encoded.stateRuns)),
  );
  if (E.isLeft(columns)) return columns;
  const { deltas, latDeltas, lngDeltas, runs } = columns.right;

  const table: ZipTable = {
    codes: new Uint32Array(count),
    stateIndex: new Uint8Array(count),
    stateNames,
    latitudes: new Int32Array(count),
    longitudes: new Int32Array(count),
  };
  let code = 0;
  let lat = 0;
  let lng = 0;
  for (let i = 0; i < count; i++) {
    const delta = deltas[i]!;
    if (delta === 0 && i > 0) return E.left(`codes: code ${i} repeats the previous one`);
    code += delta;
    lat += unzigzag(latDeltas[i]!);
    lng += unzigzag(lngDeltas[i]!);
    if (code > 99999 || Math.abs(lat) > 9000 || Math.abs(lng) > 18000) return E.left(`code ${i} is out of range`);
    table.codes[i] = code;
    table.latitudes[i] = lat;
    table.longitudes[i] = lng;
  }
  let at = 0;
  for (let r = 0; r + 1 < runs.length; r += 2) {
    const state = runs[r]!;
    const length = runs[r + 1]!;
    if (state >= stateNames.length) return E.left(`stateRuns: state index ${state} of ${stateNames.length} states`);
    if (at + length > count) return E.left(`stateRuns: runs cover more than ${count} codes`);
    table.stateIndex.fill(state, at, at + length);
    at += length;
  }
  if (runs.length % 2 !== 0 || at !== count) return E.left(`stateRuns: runs cover ${at} of ${count} codes`);
  return E.right(table);
}
