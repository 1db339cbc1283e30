// What a delivery costs: $2.99 plus $0.50 a mile, and a $1.00 service fee. Delivery/Quote answers it and an order
// to the same address charges it, so the shopper pays exactly what the quote showed.
import type { Location } from '../../domain/catalog/codecs';
import type { DeliveryFees } from '../../domain/delivery/charges';
import { formatAddress } from '../../domain/delivery/address';
import type { AddressRecord } from '../state';
import { deliveryAvailability, type Availability, type Point } from './deliveryRange';

export const BASE_DELIVERY_FEE = 299;
export const FEE_PER_MILE = 50;
export const SERVICE_FEE = 100;

/** Driving time: 3 minutes a mile plus 10. */
export function driveMinutes(miles: number): number {
  return Math.ceil(miles * 3) + 10;
}

export function deliveryFeesFor(miles: number): DeliveryFees {
  return { deliveryFee: BASE_DELIVERY_FEE + Math.round(miles * FEE_PER_MILE), serviceFee: SERVICE_FEE };
}

export function pointOf(address: AddressRecord): Point | null {
  const lat = address.Latitude;
  const lng = address.Longitude;
  return typeof lat === 'number' && typeof lng === 'number' ? { Latitude: lat, Longitude: lng } : null;
}

/** A saved address seen from a location: in range or not, how far, and what delivering there costs. */
export function deliveryTo(location: Location, address: AddressRecord): { availability: Availability; fees: DeliveryFees; miles: number } {
  const availability = deliveryAvailability(location, pointOf(address));
  const miles = availability.Distance ?? 0;
  return { availability, fees: deliveryFeesFor(miles), miles };
}

/** One line for the order: "55 Bethune St, New York, NY 10014". */
export function addressLine(address: AddressRecord): string {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');
  return formatAddress({
    AddressLine1: text('AddressLine1'),
    AddressLine2: text('AddressLine2'),
    Locality: text('Locality'),
    AdministrativeDistrictLevel1: text('AdministrativeDistrictLevel1'),
    PostalCode: text('PostalCode'),
  });
}
