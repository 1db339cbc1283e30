// The guest 'Personal Info' form at checkout (ordering.md section 5, Guest form).
import { EMAIL_LIMIT, EMAIL_NOT_VALID, EMAIL_REQUIRED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, NAME_LIMIT, PHONE_REQUIRED, tooLong } from './messages';
import { validPhone } from './phoneRule';
import { maxLength, required, validEmail, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface GuestValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

export const GUEST_INITIAL_VALUES: GuestValues = { firstName: '', lastName: '', email: '', phone: '' };

export const GUEST_RULES: FormRules<GuestValues> = {
  firstName: [required(FIRST_NAME_REQUIRED), maxLength(NAME_LIMIT, tooLong('First Name', NAME_LIMIT))],
  lastName: [required(LAST_NAME_REQUIRED), maxLength(NAME_LIMIT, tooLong('Last Name', NAME_LIMIT))],
  email: [required(EMAIL_REQUIRED), maxLength(EMAIL_LIMIT, tooLong('Email Address', EMAIL_LIMIT)), validEmail(EMAIL_NOT_VALID)],
  phone: [required(PHONE_REQUIRED), validPhone()],
};

/** A guest may continue to display mode, and order, only with a name, a valid email and a valid US phone. */
export function validateGuest(values: GuestValues): FormErrors<keyof GuestValues> {
  return validateForm(GUEST_RULES, values);
}
