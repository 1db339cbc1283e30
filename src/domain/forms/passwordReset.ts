// Forgot and reset password (account-and-session.md sections 4 and 5). The reset page has its own wording for an
// invalid email: 'Email address is not valid!'.
import { CODE_REQUIRED, CONFIRMATION_MISMATCH, CONFIRMATION_REQUIRED, EMAIL_REQUIRED, PASSWORD_REQUIRED, RESET_EMAIL_NOT_VALID } from './messages';
import { EMAIL_RULES } from './login';
import { matchesField, required, validEmail, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface ForgotPasswordValues {
  readonly email: string;
}

const FORGOT_PASSWORD_RULES: FormRules<ForgotPasswordValues> = { email: EMAIL_RULES };

/** The forgot page asks only for the email the reset code is sent to. */
export function validateForgotPassword(values: ForgotPasswordValues): FormErrors<keyof ForgotPasswordValues> {
  return validateForm(FORGOT_PASSWORD_RULES, values);
}

export interface ResetPasswordValues {
  readonly code: string;
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
}

const RESET_PASSWORD_RULES: FormRules<ResetPasswordValues> = {
  code: [required(CODE_REQUIRED)],
  email: [required(EMAIL_REQUIRED), validEmail(RESET_EMAIL_NOT_VALID)],
  password: [required(PASSWORD_REQUIRED)],
  confirmPassword: [required(CONFIRMATION_REQUIRED), matchesField<ResetPasswordValues>('password', CONFIRMATION_MISMATCH)],
};

/** Code, email, password and a matching confirmation are all needed to set a new password. */
export function validateResetPassword(values: ResetPasswordValues): FormErrors<keyof ResetPasswordValues> {
  return validateForm(RESET_PASSWORD_RULES, values);
}
