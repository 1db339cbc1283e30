// The sign-up page (account-and-session.md sections 2 and 5): every field is required (no password with one-time codes).
import { CONFIRMATION_MISMATCH, CONFIRMATION_REQUIRED, PASSWORD_REQUIRED } from './messages';
import { EMAIL_RULES, FIRST_NAME_RULES, LAST_NAME_RULES, PHONE_RULES } from './login';
import { matchesField, required, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';
import type { SignInModes } from './signInModes';

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
  firstName: FIRST_NAME_RULES,
  lastName: LAST_NAME_RULES,
  email: EMAIL_RULES,
  phone: PHONE_RULES,
  password: [required(PASSWORD_REQUIRED)],
  confirmPassword: [required(CONFIRMATION_REQUIRED), matchesField<SignUpValues>('password', CONFIRMATION_MISMATCH)],
};

/** With one-time codes there is no password to choose: the code sent to the username signs the shopper in. */
function signUpRules(modes?: SignInModes): FormRules<SignUpValues> {
  if (modes?.passwordMode !== 'OneTime') return SIGN_UP_RULES;
  const { password: _password, confirmPassword: _confirm, ...rest } = SIGN_UP_RULES;
  return rest;
}

/** Checks the whole sign-up form before registering; the confirmation must repeat the password exactly. */
export function validateSignUp(values: SignUpValues, modes?: SignInModes): FormErrors<keyof SignUpValues> {
  return validateForm(signUpRules(modes), values);
}
