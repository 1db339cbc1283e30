// Which public outlines the location map's base map keeps (see mapOutlines.gen.ts): the 50 states and DC, and the
// countries of North America, Central America and the Caribbean (with their South American neighbours, so Panama
// does not end in the sea), where the storefronts are. The rest of the world would only add bytes to a map that is
// framed on the storefront's own locations.
import type { Position } from 'geojson';

/** ISO 3166-1 numeric codes of the countries drawn. */
export const COUNTRIES_DRAWN: ReadonlySet<string> = new Set([
  // Northern America
  '060',
  '124',
  '304',
  '666',
  '840',
  // Central America
  '084',
  '188',
  '222',
  '320',
  '340',
  '484',
  '558',
  '591',
  // The Caribbean
  '028',
  '044',
  '052',
  '092',
  '136',
  '192',
  '212',
  '214',
  '308',
  '332',
  '388',
  '500',
  '531',
  '533',
  '534',
  '630',
  '652',
  '659',
  '660',
  '662',
  '663',
  '670',
  '780',
  '796',
  '850',
  // Colombia and Venezuela, the coast south of the Caribbean
  '170',
  '862',
]);

/** A state or DC by its FIPS code: 01 to 56 (60 and above are the territories across the Pacific and Caribbean). */
export function isStateOrDc(fips: string): boolean {
  return /^\d\d$/.test(fips) && Number(fips) >= 1 && Number(fips) <= 56;
}

/**
 * Whether a ring or line lies wholly east of Greenwich: the western Aleutians past the antimeridian, which a Web
 * Mercator map of North America would draw at the far edge of the world.
 */
export function isEasternHemisphere(points: readonly Position[]): boolean {
  return points.length > 0 && points.every(([longitude]) => longitude !== undefined && longitude > 0);
}
