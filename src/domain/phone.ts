// Phone numbers: validated and shown as US numbers in national format, with input masks by country
// (account-and-session.md sections 5 and 9, ordering.md section 9). libphonenumber-js's core with its own metadata
// cut to the countries the storefront reads (src/data/phoneMetadata.ts) keeps the browser bundle small.
import * as E from 'fp-ts/lib/Either.js';
import { getCountryCallingCode as callingCodeIn, isSupportedCountry as supportedIn, parsePhoneNumberFromString as parseIn } from 'libphonenumber-js/core';
import type { CountryCode } from 'libphonenumber-js/core';
import { PHONE_METADATA } from '../data/phoneMetadata';
import { PHONE_NOT_VALID, PHONE_REQUIRED } from './forms/messages';

const parsePhoneNumberFromString = (text: string, country: CountryCode) => parseIn(text, country, PHONE_METADATA);
const getCountryCallingCode = (country: CountryCode) => callingCodeIn(country, PHONE_METADATA);
const isSupportedCountry = (country: string): country is CountryCode => supportedIn(country as CountryCode, PHONE_METADATA);

export type { CountryCode };

/** Phones are read and shown as US numbers unless a caller says otherwise (spec: default country US). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** Input masks by country; each 0 takes one digit (account-and-session.md section 5). */
export const PHONE_INPUT_MASKS: Readonly<Partial<Record<CountryCode, string>>> = {
  US: '000-000-0000',
  CA: '000-000-0000',
  JP: '00-0000-0000',
  AU: '0000 000 000',
  GB: '000 0000 0000',
};

/** A number that passed validation, in the forms the API and the screens need. */
export interface ValidPhone {
  /** +12133734253: what to send. */
  readonly e164: string;
  /** (213) 373-4253: what to show. */
  readonly national: string;
  readonly country: CountryCode | undefined;
}

/**
 * Why a typed number is not usable, or the number: empty text is 'required'; text that is not a valid number, or
 * a number of another calling code than the country's (a +44 number where US numbers are expected), is 'not valid'.
 * Numbers sharing the calling code are accepted, so a Canadian number passes as a US one (both are +1).
 */
export function validatePhone(text: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): E.Either<string, ValidPhone> {
  if (text.trim() === '') return E.left(PHONE_REQUIRED);
  const phone = parsePhoneNumberFromString(text, country);
  if (phone === undefined || !phone.isValid() || phone.countryCallingCode !== getCountryCallingCode(country)) return E.left(PHONE_NOT_VALID);
  return E.right({ e164: phone.number, national: phone.formatNational(), country: phone.country });
}

/** National format for display ("(213) 373-4253"); text that is not a plausible number is shown as it was given. */
export function formatPhone(text: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const phone = parsePhoneNumberFromString(text, country);
  return phone !== undefined && phone.isPossible() ? phone.formatNational() : text.trim();
}

/** The national digits of what was typed; for +1 countries a leading 1 or +1 is the country code, never an area code. */
function nationalDigits(text: string, country: CountryCode): string {
  const digits = text.replace(/\D/g, '');
  return getCountryCallingCode(country) === '1' && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Applies the country's mask to the digits typed so far, as the field shows them while typing: separators appear
 * only once a digit follows them, extra digits are dropped. Countries without a mask keep the text as typed.
 */
export function maskPhoneInput(text: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const mask = PHONE_INPUT_MASKS[country];
  if (mask === undefined) return text;
  const digits = nationalDigits(text, country);
  let masked = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    if (slot === '0') masked += digits[next++];
    else masked += slot;
  }
  return masked;
}

/** One call for `countertop lookup phone TEXT [--country CC]`: the national format, or the message to print before exit 1. */
export function lookupPhone(text: string, country: string = DEFAULT_PHONE_COUNTRY): E.Either<string, string> {
  const code = country.trim().toUpperCase();
  if (!isSupportedCountry(code)) return E.left(`Unknown country "${country}": use one of US, CA, GB, JP or AU`);
  return E.map((phone: ValidPhone) => phone.national)(validatePhone(text, code));
}
