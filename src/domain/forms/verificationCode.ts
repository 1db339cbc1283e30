// The code step of sign-in, sign-up and the verification-required modal (account-and-session.md sections 2 and 4).
import { CODE_REQUIRED } from './messages';
import { required, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface VerificationCodeValues {
  readonly code: string;
}

const VERIFICATION_CODE_RULES: FormRules<VerificationCodeValues> = { code: [required(CODE_REQUIRED)] };

/** A code must be typed before it is sent for verification. */
export function validateVerificationCode(values: VerificationCodeValues): FormErrors<keyof VerificationCodeValues> {
  return validateForm(VERIFICATION_CODE_RULES, values);
}
