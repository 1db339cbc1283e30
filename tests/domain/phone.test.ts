import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import * as fc from 'fast-check';
import { PHONE_INPUT_MASKS, formatPhone, lookupPhone, maskPhoneInput, validatePhone } from '../../src/domain/phone';
import type { CountryCode } from '../../src/domain/phone';

describe('phone validation (account-and-session.md section 5)', () => {
  it('says a phone number is required when nothing or only spaces were typed', () => {
    expect(validatePhone('')).toEqual(E.left('Phone Number is required'));
    expect(validatePhone('   ')).toEqual(E.left('Phone Number is required'));
  });

  it.each(['213373425', '21337342534', '123-456-7890', '555-555-5555', 'abc', '(213) 373-42'])('says %s is not a valid number', (text) => {
    expect(validatePhone(text)).toEqual(E.left('Phone Number is not valid'));
  });

  it.each(['2133734253', '(213) 373-4253', '213-373-4253', '+1 213 373 4253', '1 213 373 4253'])('reads %s as a US number', (text) => {
    expect(validatePhone(text)).toEqual(E.right({ e164: '+12133734253', national: '(213) 373-4253', country: 'US' }));
  });

  it('accepts a Canadian number where US numbers are expected, since both are +1', () => {
    expect(E.map((p: { national: string }) => p.national)(validatePhone('604-555-0123'))).toEqual(E.right('(604) 555-0123'));
  });

  it('refuses a number of another country calling code where US numbers are expected', () => {
    expect(validatePhone('+44 20 7946 0958')).toEqual(E.left('Phone Number is not valid'));
    expect(E.isRight(validatePhone('+44 20 7946 0958', 'GB'))).toBe(true);
  });
});

describe('phone display', () => {
  it('formats a US number in national format', () => {
    expect(formatPhone('2133734253')).toBe('(213) 373-4253');
    expect(formatPhone('+12133734253')).toBe('(213) 373-4253');
  });

  it('formats in the national format of the given country', () => {
    expect(formatPhone('+442079460958', 'GB')).toBe('020 7946 0958');
  });

  it('shows text that is not a phone number as it was given', () => {
    expect(formatPhone(' call us ')).toBe('call us');
    expect(formatPhone('12')).toBe('12');
  });
});

describe('phone input masks by country', () => {
  it.each<[CountryCode, string, string]>([
    ['US', '2133734253', '213-373-4253'],
    ['CA', '6045550123', '604-555-0123'],
    ['JP', '0312345678', '03-1234-5678'],
    ['AU', '0412345678', '0412 345 678'],
    ['GB', '02079460958', '020 7946 0958'],
  ])('masks a full %s number as the spec shows', (country, typed, shown) => {
    expect(maskPhoneInput(typed, country)).toBe(shown);
  });

  it('places a separator only once a digit follows it', () => {
    expect(maskPhoneInput('213', 'US')).toBe('213');
    expect(maskPhoneInput('2133', 'US')).toBe('213-3');
    expect(maskPhoneInput('0', 'JP')).toBe('0');
    expect(maskPhoneInput('', 'US')).toBe('');
  });

  it('drops digits beyond the mask and anything that is not a digit', () => {
    expect(maskPhoneInput('(213) 373-4253 999', 'US')).toBe('213-373-4253');
  });

  it('reads a leading 1 or +1 of a US number as the country code', () => {
    expect(maskPhoneInput('+1 213 373 4253', 'US')).toBe('213-373-4253');
    expect(maskPhoneInput('12133734253', 'CA')).toBe('213-373-4253');
  });

  it('leaves the text as typed for a country without a mask', () => {
    expect(maskPhoneInput('+33 1 23 45 67 89', 'FR')).toBe('+33 1 23 45 67 89');
  });

  it('never shows more digits than the mask holds, and keeps the digits typed in order', () => {
    fc.assert(
      fc.property(fc.constantFrom<CountryCode>('JP', 'AU', 'GB'), fc.stringMatching(/^[0-9 ()-]{0,20}$/), (country, typed) => {
        const shown = maskPhoneInput(typed, country);
        const slots = PHONE_INPUT_MASKS[country]!.replace(/[^0]/g, '').length;
        const digits = typed.replace(/\D/g, '');
        expect(shown.replace(/\D/g, '')).toBe(digits.slice(0, slots));
        expect(PHONE_INPUT_MASKS[country]!.startsWith(shown.replace(/\d/g, '0'))).toBe(true);
      }),
    );
  });
});

describe('phone lookup for the CLI', () => {
  it('gives the national format of a valid number', () => {
    expect(lookupPhone('213 373 4253')).toEqual(E.right('(213) 373-4253'));
    expect(lookupPhone('03 1234 5678', 'jp')).toEqual(E.right('03-1234-5678'));
  });

  it('gives the validation message for an invalid number', () => {
    expect(lookupPhone('12345')).toEqual(E.left('Phone Number is not valid'));
  });

  it('names an unknown country code', () => {
    expect(lookupPhone('2133734253', 'XX')).toEqual(E.left('Unknown country "XX": use one of US, CA, GB, JP or AU'));
    // Countries outside the storefront's metadata are not read either.
    expect(lookupPhone('030 901820', 'DE')).toEqual(E.left('Unknown country "DE": use one of US, CA, GB, JP or AU'));
  });
});

describe('the phone metadata shipped to browsers', () => {
  it('is libphonenumber-js metadata for the storefront countries, exactly as the package has it', async () => {
    const { createRequire } = await import('node:module');
    const { readFileSync } = await import('node:fs');
    const { PHONE_METADATA } = await import('../../src/data/phoneMetadata');
    const { phoneMetadataSubset } = await import('../../src/domain/phoneMetadataSubset');
    const full = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('libphonenumber-js/metadata.min.json'), 'utf8'));
    expect(PHONE_METADATA).toEqual(phoneMetadataSubset(full));
    for (const country of ['US', 'CA', 'JP', 'AU', 'GB'] as const) expect(PHONE_METADATA.countries[country]).toEqual(full.countries[country]);
  });
});
