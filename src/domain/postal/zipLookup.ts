// Lookups over the decoded ZIP table: the billing state and city prefill (ordering.md section 5 and the postal-code
// table), ZIP centroids for the location picker's search, and the nearest ZIP for 'Use My Location'
// (account-and-session.md section 4, Location finder).
import type { ZipCities } from './zipCityEncoding';
import type { ZipTable } from './zipEncoding';

export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** The five digits of a US ZIP or ZIP+4 as typed or sent by a card provider; anything else is not a ZIP code. */
export function normalizePostalCode(text: string): string | undefined {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(text.trim());
  return match?.[1];
}

/** Position of a code in the table, or -1; a string keeps leading zeros (00601 is Puerto Rico). */
function indexOf(table: ZipTable, text: string): number {
  const code = normalizePostalCode(text);
  if (code === undefined) return -1;
  const wanted = Number(code);
  let low = 0;
  let high = table.codes.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const here = table.codes[mid]!;
    if (here === wanted) return mid;
    if (here < wanted) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** Two-letter state, territory or military abbreviation for a ZIP code; undefined when the code is unknown. */
export function stateForPostalCode(table: ZipTable, code: string): string | undefined {
  const i = indexOf(table, code);
  return i < 0 ? undefined : table.stateNames[table.stateIndex[i]!];
}

/** The ZIP code's USPS city name, read beside the ZIP table it was built with; undefined when the code is unknown. */
export function cityForPostalCode(table: ZipTable, cities: ZipCities, code: string): string | undefined {
  const i = indexOf(table, code);
  return i < 0 ? undefined : cities.names[cities.cityIndex[i]!];
}

/** The data set places military codes it cannot locate (306 APO/FPO codes) at exactly (0, 0): no centroid. */
function hasCentroid(table: ZipTable, i: number): boolean {
  return table.latitudes[i] !== 0 || table.longitudes[i] !== 0;
}

/** The ZIP's centroid (to 0.01 degree), the origin for distances when a shopper searches by ZIP; undefined when unknown. */
export function centroidForPostalCode(table: ZipTable, code: string): Coordinates | undefined {
  const i = indexOf(table, code);
  return i < 0 || !hasCentroid(table, i) ? undefined : { latitude: table.latitudes[i]! / 100, longitude: table.longitudes[i]! / 100 };
}

const RADIANS = Math.PI / 180;

/** The ZIP whose centroid is closest on the globe, so 'Use My Location' works offline; ties go to the lower code. */
export function nearestPostalCode(table: ZipTable, latitude: number, longitude: number): string | undefined {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  const sinLat = Math.sin(latitude * RADIANS);
  const cosLat = Math.cos(latitude * RADIANS);
  // The larger the cosine of the central angle, the nearer the point; no acos needed to compare.
  let best = -1;
  let bestCosine = -Infinity;
  for (let i = 0; i < table.codes.length; i++) {
    if (!hasCentroid(table, i)) continue;
    const lat = (table.latitudes[i]! / 100) * RADIANS;
    const cosine = sinLat * Math.sin(lat) + cosLat * Math.cos(lat) * Math.cos(longitude * RADIANS - (table.longitudes[i]! / 100) * RADIANS);
    if (cosine > bestCosine) {
      bestCosine = cosine;
      best = i;
    }
  }
  return best < 0 ? undefined : String(table.codes[best]).padStart(5, '0');
}
