// How a location's address and contacts are shown and linked (ordering.md section 2, footer and confirmation;
// account-and-session.md section 2, location cards): postal lines, a maps-service search link, contacts by type and
// the number a tel: link dials. One reading for the footer, the location cards, the map and the confirmation.
import type { Address, Contact, Location } from './catalog/codecs';

/** "412 Hudson St" / "New York, NY 10014": street lines first, then locality, state and postal code (no empty line). */
export function addressLines(address: Address): string[] {
  const street = [address.AddressLine1, address.AddressLine2, address.AddressLine3].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  const region = [address.AdministrativeDistrictLevel1, address.PostalCode]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  const last = [address.Locality, region].filter((part) => part.trim() !== '').join(', ');
  return last === '' ? street : [...street, last];
}

/** A maps-service search for the location (a link the shopper follows; the page itself requests nothing from it). */
export function mapSearchUrl(location: Pick<Location, 'Name' | 'Address'>): string {
  const query = [location.Name, ...addressLines(location.Address)].join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The value of a contact by type (the API's Type strings are matched without regard to case), trimmed. */
export function contactOf(contacts: readonly Contact[] | undefined, type: string): string | undefined {
  const wanted = type.toLowerCase();
  return contacts?.find((c) => c.Type.toLowerCase() === wanted && c.Value.trim() !== '')?.Value.trim();
}

/** What a tel: link dials: '+1 (212) 555-0143' is '+12125550143'. */
export function dialNumber(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
