// Whether a location delivers to an address: Delivery enabled and the address within its Radius (miles) of the
// location, straight-line. Distances use the location picker's factor (account-and-session.md section 9).
import type { Location } from '../../domain/catalog/codecs';

/** Radius when a location enables delivery without naming one. */
export const DEFAULT_DELIVERY_RADIUS_MILES = 5;

export interface Point {
  readonly Latitude: number;
  readonly Longitude: number;
}

/** Great-circle distance in statute miles (60 nautical miles per degree times 1.1515). */
export function milesBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const theta = (a.Longitude - b.Longitude) * rad;
  let dist = Math.sin(a.Latitude * rad) * Math.sin(b.Latitude * rad) + Math.cos(a.Latitude * rad) * Math.cos(b.Latitude * rad) * Math.cos(theta);
  dist = Math.acos(Math.min(1, Math.max(-1, dist)));
  return (dist / rad) * 60 * 1.1515;
}

export function locationPoint(location: Location): Point | null {
  const { Latitude, Longitude } = location.Address;
  return Latitude === undefined || Longitude === undefined ? null : { Latitude, Longitude };
}

export interface Availability {
  readonly LocationId: string;
  readonly Available: boolean;
  /** Miles, one decimal. */
  readonly Distance: number | null;
  /** 0..1, higher is better: 1 at the door, 0 at the edge of the radius or beyond. */
  readonly Score: number;
  readonly Source: Point | null;
  readonly Destination: Point | null;
}

export function deliveryAvailability(location: Location, destination: Point | null): Availability {
  const source = locationPoint(location);
  const delivery = location.Fulfillments?.Delivery;
  const radius = delivery?.Radius ?? DEFAULT_DELIVERY_RADIUS_MILES;
  const distance = source && destination ? milesBetween(source, destination) : null;
  const available = delivery?.Enabled === true && distance !== null && distance <= radius;
  return {
    LocationId: location.Id,
    Available: available,
    Distance: distance === null ? null : Math.round(distance * 10) / 10,
    Score: available && distance !== null ? Math.max(0, 1 - distance / Math.max(radius, 0.1)) : 0,
    Source: source,
    Destination: destination,
  };
}
