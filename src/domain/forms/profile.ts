// The profile page (account-and-session.md sections 2 and 5). The username field is disabled, so only the other
// contact field is checked; a new password is optional, but once either password field is filled both must match.
import { CONFIRMATION_MISMATCH, CONFIRMATION_REQUIRED, PASSWORD_REQUIRED } from './messages';
import { EMAIL_RULES, FIRST_NAME_RULES, LAST_NAME_RULES, PHONE_RULES } from './login';
import { isFilled, matchesField, required, validateForm, when } from './rules';
import type { FormErrors, FormRules } from './rules';
import type { SignInModes } from './signInModes';
import type { SignUpValues } from './signUp';

/** The sign-up form's fields; here the password may stay empty, to keep the one the shopper has. */
export type ProfileValues = SignUpValues;

const eitherPasswordFilled = (v: ProfileValues): boolean => isFilled(v.password) || isFilled(v.confirmPassword);

/** The rules for the business's modes: passwords are checked only when the shopper chooses them. */
export function profileRules(modes: SignInModes): FormRules<ProfileValues> {
  const names = { firstName: FIRST_NAME_RULES, lastName: LAST_NAME_RULES };
  const contact = modes.usernameMode === 'Email' ? { phone: PHONE_RULES } : { email: EMAIL_RULES };
  if (modes.passwordMode !== 'UserDefined') return { ...names, ...contact };
  return {
    ...names,
    ...contact,
    password: [when((v: ProfileValues) => isFilled(v.confirmPassword), [required(PASSWORD_REQUIRED)])],
    confirmPassword: [
      when((v: ProfileValues) => isFilled(v.password), [required(CONFIRMATION_REQUIRED)]),
      when(eitherPasswordFilled, [matchesField<ProfileValues>('password', CONFIRMATION_MISMATCH)]),
    ],
  };
}

/** Checks the profile before updating it. */
export function validateProfile(values: ProfileValues, modes: SignInModes): FormErrors<keyof ProfileValues> {
  return validateForm(profileRules(modes), values);
}
