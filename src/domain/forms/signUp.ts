// The sign-up page (account-and-session.md sections 2 and 5): every field is required.
import { CONFIRMATION_MISMATCH, CONFIRMATION_REQUIRED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, PASSWORD_REQUIRED } from './messages';
import { EMAIL_RULES, PHONE_RULES } from './login';
import { matchesField, required, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface SignUpValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly textNotificationOptIn: boolean;
}

/** Register forms start opted in to text notifications (account-and-session.md section 9). */
export const SIGN_UP_INITIAL_VALUES: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  textNotificationOptIn: true,
};

export const SIGN_UP_RULES: FormRules<SignUpValues> = {
  firstName: [required(FIRST_NAME_REQUIRED)],
  lastName: [required(LAST_NAME_REQUIRED)],
  email: EMAIL_RULES,
  phone: PHONE_RULES,
  password: [required(PASSWORD_REQUIRED)],
  confirmPassword: [required(CONFIRMATION_REQUIRED), matchesField<SignUpValues>('password', CONFIRMATION_MISMATCH)],
};

/** Checks the whole sign-up form before registering; the confirmation must repeat the password exactly. */
export function validateSignUp(values: SignUpValues): FormErrors<keyof SignUpValues> {
  return validateForm(SIGN_UP_RULES, values);
}
