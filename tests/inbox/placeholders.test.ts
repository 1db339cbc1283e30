// The inbox refuses a personal field that is not what redaction puts there; isPlaceholder sits beside redaction's
// table so the two cannot drift, and these tests hold them together over many values of every kind an event uses.
import { describe, expect, it } from 'vitest';
import { isPlaceholder } from '../../src/store/redact';
import { createRedactor } from '../../src/store/redact';

const address = (n: number) => ({
  Id: `a${n}`,
  AddressLine1: `${n} Main St`,
  AddressLine2: `Apt ${n}`,
  Locality: `Springfield ${n}`,
  AdministrativeDistrictLevel1: 'NY',
  PostalCode: String(10000 + n),
  FirstName: `Ada${n}`,
  LastName: `Lovelace${n}`,
  Organization: `Analytical ${n}`,
  PhoneNumber: `212555${String(n).padStart(4, '0')}`,
  NickName: `Home ${n}`,
  Instructions: `Ring ${n} times`,
  Latitude: 40 + n / 1000,
  Longitude: -73 - n / 1000,
});

const KIND_OF: Readonly<Record<string, Parameters<typeof isPlaceholder>[0]>> = {
  AddressLine1: 'address',
  AddressLine2: 'address',
  Locality: 'city',
  PostalCode: 'postal',
  FirstName: 'first',
  LastName: 'last',
  Organization: 'name',
  PhoneNumber: 'phone',
  NickName: 'nickname',
  Instructions: 'instructions',
  Latitude: 'coordinate',
  Longitude: 'coordinate',
};

describe('isPlaceholder', () => {
  it('accepts every placeholder redaction writes, over hundreds of distinct values of each kind', () => {
    const redactor = createRedactor();
    const event = redactor.event({
      seq: 1,
      id: 'e1',
      type: 'DeliveryAddressesLoaded',
      v: 1,
      at: '2026-11-18T15:00:00.000Z',
      data: { addresses: Array.from({ length: 300 }, (_, i) => address(i + 1)) },
    });
    const refused: string[] = [];
    for (const redacted of (event.data as { addresses: Record<string, unknown>[] }).addresses) {
      for (const [field, kind] of Object.entries(KIND_OF)) if (!isPlaceholder(kind, redacted[field])) refused.push(`${field}: ${String(redacted[field])}`);
    }
    expect(refused).toEqual([]);
    const signedIn = redactor.event({
      seq: 2,
      id: 'e2',
      type: 'SignedIn',
      v: 1,
      at: '2026-11-18T15:00:00.000Z',
      data: { userId: 'u', firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '2125550100' },
    });
    expect(isPlaceholder('email', (signedIn.data as { email: string }).email)).toBe(true);
  });

  it('refuses the values a shopper typed, and accepts what redaction leaves as it is', () => {
    const original = address(7);
    const clear = Object.entries(KIND_OF).filter(([field, kind]) => kind !== 'postal' && isPlaceholder(kind, original[field as keyof typeof original]));
    expect(clear).toEqual([]);
    expect(isPlaceholder('email', 'ada@example.com')).toBe(false);
    expect(isPlaceholder('giftCard', '7783320000000000')).toBe(false);
    expect(isPlaceholder('giftCard', 'gift-card-3')).toBe(true);
    for (const kept of ['', null, undefined, true]) expect(isPlaceholder('address', kept)).toBe(true);
  });

  it('cannot tell a five-digit ZIP code from a postal placeholder (the shapes are the same)', () => {
    expect(isPlaceholder('postal', '10014')).toBe(true);
    expect(isPlaceholder('postal', '10014-2233')).toBe(false);
  });
});
