// The phones a location offers (ordering.md section 3: Contacts, and Fulfillments.Curbside.PhoneNumber).
import { describe, expect, it } from 'vitest';
import { curbsidePhone, locationPhone } from '../../src/domain/locationPhone';

describe("a location's phones", () => {
  it('reads the first Phone contact, formatted to read and to dial', () => {
    expect(
      locationPhone({
        Contacts: [
          { Type: 'Website', Value: 'https://slice.example' },
          { Type: 'Phone', Value: '+17185550110' },
        ],
      }),
    ).toEqual({ display: '(718) 555-0110', dial: '+17185550110' });
    expect(locationPhone({ Contacts: [] })).toBeUndefined();
  });

  it('reads the curbside line, and none where the location has none (or an empty one)', () => {
    expect(curbsidePhone({ Fulfillments: { Curbside: { Enabled: true, PhoneNumber: '+17185550111' } } })).toEqual({
      display: '(718) 555-0111',
      dial: '+17185550111',
    });
    expect(curbsidePhone({ Fulfillments: { Curbside: { Enabled: true, PhoneNumber: '  ' } } })).toBeUndefined();
    expect(curbsidePhone({ Fulfillments: { Curbside: { Enabled: true } } })).toBeUndefined();
    expect(curbsidePhone({})).toBeUndefined();
  });
});
