// The phone rule of the forms, apart from the other rules: it brings libphonenumber, which only the forms that ask for
// a phone (guest details, sign-in by phone) should load.
import * as E from 'fp-ts/lib/Either.js';
import { validatePhone } from '../phone';
import type { Rule } from './rules';

/** Fails on text that is not a valid US phone number; empty text passes, so `required` decides about it. */
export function validPhone(): Rule {
  return (text) => {
    if (text.trim() === '') return undefined;
    const phone = validatePhone(text);
    return E.isLeft(phone) ? phone.left : undefined;
  };
}
