// The phone a location card and the confirmation show: the location's first Phone contact, formatted for reading
// and as the number a tel: link dials. (Address lines and map links: src/domain/address.ts.)
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
