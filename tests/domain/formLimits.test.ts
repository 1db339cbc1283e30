// Length limits (the spec shows none): the forms stop an over-long name or address, and the API refuses it with the
// same rules, so a 900 KB guest name is never stored.
import { describe, expect, it } from 'vitest';
import { validateBillingAddress } from '../../src/domain/forms/billingAddress';
import { validateGuest } from '../../src/domain/forms/guest';
import { validateVehicle } from '../../src/domain/forms/vehicle';

const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '212-555-0142' };

describe('length limits', () => {
  it('a guest name of 51 characters is refused in words that say the limit; 50 pass', () => {
    expect(validateGuest({ ...guest, firstName: 'a'.repeat(50) })).toEqual({});
    expect(validateGuest({ ...guest, firstName: 'a'.repeat(51) })).toEqual({ firstName: 'First Name must be 50 characters or fewer' });
    expect(validateGuest({ ...guest, lastName: 'a'.repeat(900_000) }).lastName).toBe('Last Name must be 50 characters or fewer');
    expect(validateGuest({ ...guest, email: `${'a'.repeat(250)}@example.com` }).email).toBe('Email Address must be 254 characters or fewer');
  });

  it('vehicle details and billing addresses have limits too', () => {
    expect(validateVehicle({ make: 'x'.repeat(51), model: 'Camry', color: 'Silver', note: '' }).make).toBe('Vehicle Make must be 50 characters or fewer');
    const billing = { addressLine1: '1 Main St', addressLine2: 'x'.repeat(101), city: 'New York', state: 'NY', postalCode: '10014' };
    expect(validateBillingAddress(billing)).toEqual({ addressLine2: 'Address Line 2 must be 100 characters or fewer' });
  });
});
