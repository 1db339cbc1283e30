// The sign-in page's login and register steps (account-and-session.md sections 4 and 5). Which fields count depends
// on the business's username mode (email or phone) and password mode (chosen password or one-time code).
import {
  EMAIL_LIMIT,
  EMAIL_NOT_VALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  NAME_LIMIT,
  PASSWORD_REQUIRED,
  PHONE_REQUIRED,
  tooLong,
} from './messages';
import { validPhone } from './phoneRule';
import { maxLength, required, validEmail, validateForm } from './rules';
import type { FormErrors, FormRules, Rule } from './rules';
import type { SignInModes } from './signInModes';

export const EMAIL_RULES: readonly Rule[] = [
  required(EMAIL_REQUIRED),
  maxLength(EMAIL_LIMIT, tooLong('Email Address', EMAIL_LIMIT)),
  validEmail(EMAIL_NOT_VALID),
];
export const FIRST_NAME_RULES: readonly Rule[] = [required(FIRST_NAME_REQUIRED), maxLength(NAME_LIMIT, tooLong('First Name', NAME_LIMIT))];
export const LAST_NAME_RULES: readonly Rule[] = [required(LAST_NAME_REQUIRED), maxLength(NAME_LIMIT, tooLong('Last Name', NAME_LIMIT))];
export const PHONE_RULES: readonly Rule[] = [required(PHONE_REQUIRED), validPhone()];

export interface LoginValues {
  readonly email: string;
  readonly phone: string;
  readonly password: string;
}

export const LOGIN_INITIAL_VALUES: LoginValues = { email: '', phone: '', password: '' };

/** The username field of the mode, plus a password only when the shopper chose one (no code has been sent yet). */
function loginRules(modes: SignInModes): FormRules<LoginValues> {
  const username = modes.usernameMode === 'Email' ? { email: EMAIL_RULES } : { phone: PHONE_RULES };
  return modes.passwordMode === 'UserDefined' ? { ...username, password: [required(PASSWORD_REQUIRED)] } : username;
}

/** Checks the login step before sending credentials or asking for a code. */
export function validateLogin(values: LoginValues, modes: SignInModes): FormErrors<keyof LoginValues> {
  return validateForm(loginRules(modes), values);
}

export interface SignInRegisterValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly textNotificationOptIn: boolean;
}

/** Register forms start opted in to text notifications (account-and-session.md section 9). */
export const SIGN_IN_REGISTER_INITIAL_VALUES: SignInRegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  textNotificationOptIn: true,
};

/** Names, and the contact field that is not the username: the username was given in the login step. */
function signInRegisterRules(modes: SignInModes): FormRules<SignInRegisterValues> {
  const names = { firstName: FIRST_NAME_RULES, lastName: LAST_NAME_RULES };
  return modes.usernameMode === 'Email' ? { ...names, phone: PHONE_RULES } : { ...names, email: EMAIL_RULES };
}

/** Checks the register step of the sign-in page, reached when a code login finds no account. */
export function validateSignInRegister(values: SignInRegisterValues, modes: SignInModes): FormErrors<keyof SignInRegisterValues> {
  return validateForm(signInRegisterRules(modes), values);
}
