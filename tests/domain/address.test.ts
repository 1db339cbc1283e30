import { describe, expect, it } from 'vitest';
import { addressLines, contactOf, dialNumber, mapSearchUrl } from '../../src/domain/address';

describe('a location address as shown and linked', () => {
  it('gives the street lines, then locality with state and postal code', () => {
    expect(
      addressLines({ AddressLine1: '412 Hudson St', AddressLine2: ' ', Locality: 'New York', AdministrativeDistrictLevel1: 'NY', PostalCode: '10014' }),
    ).toEqual(['412 Hudson St', 'New York, NY 10014']);
  });

  it('never gives an empty last line when locality, state and postal code are all blank', () => {
    expect(addressLines({ AddressLine1: '1 Pier', AddressLine2: 'Unit 3', Locality: ' ', PostalCode: '' })).toEqual(['1 Pier', 'Unit 3']);
  });

  it('searches the maps service for the name and the address, encoded', () => {
    expect(
      mapSearchUrl({
        Name: 'Bluebird & Co',
        Address: { AddressLine1: '412 Hudson St', Locality: 'New York', AdministrativeDistrictLevel1: 'NY', PostalCode: '10014' },
      }),
    ).toBe('https://www.google.com/maps/search/?api=1&query=Bluebird%20%26%20Co%2C%20412%20Hudson%20St%2C%20New%20York%2C%20NY%2010014');
  });

  it('finds a contact by type whatever its case, skipping blank values, and dials only digits and +', () => {
    const contacts = [
      { Type: 'PHONE', Value: '  ' },
      { Type: 'phone', Value: ' +1 (212) 555-0143 ' },
    ];
    expect(contactOf(contacts, 'Phone')).toBe('+1 (212) 555-0143');
    expect(contactOf(contacts, 'Website')).toBeUndefined();
    expect(dialNumber('+1 (212) 555-0143')).toBe('+12125550143');
  });
});
