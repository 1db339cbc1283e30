// What a location card and the map's info window say about a location: its address as postal lines and its phone.
import type { Address, Location } from '../../../domain/catalog/codecs';
import { formatPhone } from '../../../domain/phone';

/** "310 Atlantic Ave" / "Brooklyn, NY 11217": street lines first, then locality, state and postal code. */
export function addressLines(address: Address): string[] {
  const street = [address.AddressLine1, address.AddressLine2, address.AddressLine3].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
  const region = [address.AdministrativeDistrictLevel1, address.PostalCode].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
  const last = [address.Locality, region].filter((part) => part.trim() !== '').join(', ');
  return last === '' ? street : [...street, last];
}

export interface LocationPhone {
  /** As shown: "(718) 555-0110". */
  readonly display: string;
  /** For the tel: link. */
  readonly dial: string;
}

/** The location's first Phone contact, if any. */
export function locationPhone(location: Pick<Location, 'Contacts'>): LocationPhone | undefined {
  const contact = location.Contacts?.find((c) => c.Type.toLowerCase() === 'phone' && c.Value.trim() !== '');
  if (contact === undefined) return undefined;
  return { display: formatPhone(contact.Value), dial: contact.Value.replace(/[^\d+]/g, '') };
}
