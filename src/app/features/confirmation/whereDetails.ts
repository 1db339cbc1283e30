// The 'Where' column's facts about a location: postal lines, a maps-service search link and the phone to call.
import type { Address, Location } from '../../../domain/catalog/codecs';
import { formatPhone } from '../../../domain/phone';

/** "412 Hudson St" / "New York, NY 10014". */
export function addressLines(address: Address): string[] {
  const street = [address.AddressLine1, address.AddressLine2, address.AddressLine3].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
  const region = [address.AdministrativeDistrictLevel1, address.PostalCode].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
  const last = [address.Locality, region].filter((part) => part.trim() !== '').join(', ');
  return last === '' ? street : [...street, last];
}

/** A maps-service search for the address (a link the shopper follows; the page itself requests nothing from it). */
export function mapSearchUrl(location: Pick<Location, 'Name' | 'Address'>): string {
  const query = [location.Name, ...addressLines(location.Address)].join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The location's first Phone contact: as shown, and for the tel: link. */
export function phoneOf(location: Pick<Location, 'Contacts'>): { readonly display: string; readonly dial: string } | undefined {
  const contact = location.Contacts?.find((c) => c.Type.toLowerCase() === 'phone' && c.Value.trim() !== '');
  return contact ? { display: formatPhone(contact.Value), dial: contact.Value.replace(/[^\d+]/g, '') } : undefined;
}
