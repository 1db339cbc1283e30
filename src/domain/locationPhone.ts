// The phones a location card and the confirmation show: the location's first Phone contact, and its curbside line
// (Fulfillments.Curbside.PhoneNumber), each formatted for reading and as the number a tel: link dials. (Address lines
// and map links: src/domain/address.ts.)
import { contactOf, dialNumber } from './address';
import type { Location } from './catalog/codecs';
import { formatPhone } from './phone';

export interface LocationPhone {
  /** As shown: "(718) 555-0110". */
  readonly display: string;
  /** For the tel: link. */
  readonly dial: string;
}

/** The location's first Phone contact, if any. */
export function locationPhone(location: Pick<Location, 'Contacts'>): LocationPhone | undefined {
  const phone = contactOf(location.Contacts, 'Phone');
  return phone === undefined ? undefined : { display: formatPhone(phone), dial: dialNumber(phone) };
}

/** The line a curbside shopper calls from the car (the catalog's Fulfillments.Curbside.PhoneNumber), if the location has one. */
export function curbsidePhone(location: Pick<Location, 'Fulfillments'>): LocationPhone | undefined {
  const phone = location.Fulfillments?.Curbside?.PhoneNumber?.trim();
  return phone ? { display: formatPhone(phone), dial: dialNumber(phone) } : undefined;
}
