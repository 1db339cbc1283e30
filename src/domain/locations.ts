// Which locations the storefront offers and how the location picker orders them: the include/exclude filter
// (account-and-session.md section 5, ordering.md section 5), distance in miles shown to one decimal and hidden above
// 10 (account-and-session.md section 9), the picker's sort by distance then name, and its ZIP search (section 4).
import { compareNames } from './nameOrder';
import type { ZipTable } from './postal/zipEncoding';
import { centroidForPostalCode, normalizePostalCode } from './postal/zipLookup';
import type { Coordinates } from './postal/zipLookup';

export type { Coordinates };

/** The parts of a location the picker needs; catalog locations fit it as they are. */
export interface PlacedLocation {
  readonly Id: string;
  readonly Name: string;
  readonly Address?: { readonly Latitude?: number | undefined; readonly Longitude?: number | undefined } | undefined;
}

export { filterLocations, type LocationFilter } from './locationFilter';

/** The location's map position; missing, out-of-range or exactly (0, 0) coordinates (an unset API default) are none. */
export function locationCoordinates(location: PlacedLocation): Coordinates | undefined {
  const latitude = location.Address?.Latitude;
  const longitude = location.Address?.Longitude;
  if (latitude === undefined || longitude === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return undefined;
  return { latitude, longitude };
}

/** Statute miles per nautical mile, as the spec gives it (a degree of arc is 60 nautical miles). */
const MILES_PER_NAUTICAL_MILE = 1.1515;
const RADIANS = Math.PI / 180;

/**
 * Great-circle distance in miles by the spherical law of cosines. The cosine is clamped to [-1, 1] because rounding
 * can push it just outside at identical points and antipodes, where acos would give NaN; identical points are exactly
 * 0 instead of the rounding noise acos gives near 1. Coordinates that are not finite are infinitely far.
 */
export function distanceInMiles(from: Coordinates, to: Coordinates): number {
  if (![from.latitude, from.longitude, to.latitude, to.longitude].every(Number.isFinite)) return Number.POSITIVE_INFINITY;
  if (from.latitude === to.latitude && from.longitude === to.longitude) return 0;
  const φ1 = from.latitude * RADIANS;
  const φ2 = to.latitude * RADIANS;
  // Each longitude reduced first (exact, and a no-op within ±180): the difference of two huge finite longitudes would
  // overflow to Infinity and make the distance NaN.
  const Δλ = ((from.longitude % 360) - (to.longitude % 360)) * RADIANS;
  const cosine = Math.sin(φ1) * Math.sin(φ2) + Math.cos(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const degrees = Math.acos(Math.min(1, Math.max(-1, cosine))) / RADIANS;
  return degrees * 60 * MILES_PER_NAUTICAL_MILE;
}

/** Distances above this are not shown on the location cards. */
const MAX_SHOWN_MILES = 10;

/** The distance a location card shows, e.g. '3.2 mi'; null when unknown or above 10 miles, where it stops helping. */
export function formatDistance(miles: number | undefined): string | null {
  if (miles === undefined || !(miles >= 0) || miles > MAX_SHOWN_MILES) return null;
  return `${miles.toFixed(1)} mi`;
}

/** Name order of the picker: case and accents ignored, numbers by value ('Store 2' before 'Store 10'). */
export function compareLocationNames(a: string, b: string): number {
  return compareNames(a, b);
}

export interface LocationDistance<L> {
  readonly location: L;
  /** Undefined when the location has no coordinates or there is no origin. */
  readonly miles: number | undefined;
}

/** The picker's list: nearest first, then by name; locations without a distance follow by name. Ties go by id. */
export function sortLocationsByDistance<L extends PlacedLocation>(locations: readonly L[], origin: Coordinates | undefined): LocationDistance<L>[] {
  const measured = locations.map((location) => {
    const at = locationCoordinates(location);
    return { location, miles: origin === undefined || at === undefined ? undefined : distanceInMiles(origin, at) };
  });
  return measured.sort((a, b) => {
    if (a.miles !== undefined && b.miles !== undefined && a.miles !== b.miles) return a.miles - b.miles;
    if (a.miles === undefined && b.miles !== undefined) return 1;
    if (a.miles !== undefined && b.miles === undefined) return -1;
    const byName = compareLocationNames(a.location.Name, b.location.Name);
    if (byName !== 0) return byName;
    return a.location.Id < b.location.Id ? -1 : a.location.Id > b.location.Id ? 1 : 0;
  });
}

/** The toast for a search the picker cannot place (account-and-session.md section 8). */
export function locationNotFoundMessage(text: string): string {
  return `Oops! We can't find ${text}!`;
}

export type LocationSearch =
  | { readonly kind: 'cleared' }
  | { readonly kind: 'found'; readonly postalCode: string; readonly origin: Coordinates }
  | { readonly kind: 'not found'; readonly text: string; readonly message: string };

/**
 * What the picker's zip-code box means: empty text clears the search; a known ZIP gives the origin to measure from;
 * anything else is not found, with the toast to show.
 */
export function searchLocations(text: string, table: ZipTable): LocationSearch {
  const typed = text.trim();
  if (typed === '') return { kind: 'cleared' };
  const postalCode = normalizePostalCode(typed);
  const origin = postalCode === undefined ? undefined : centroidForPostalCode(table, postalCode);
  if (postalCode === undefined || origin === undefined) return { kind: 'not found', text: typed, message: locationNotFoundMessage(typed) };
  return { kind: 'found', postalCode, origin };
}
