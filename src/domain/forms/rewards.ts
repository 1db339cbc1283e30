// The rewards page's enroll and verify modes (account-and-session.md sections 2, 4 and 5).
import { CODE_REQUIRED } from './messages';
import { PHONE_RULES } from './login';
import { required, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface RewardsEnrollValues {
  readonly phone: string;
}

const REWARDS_ENROLL_RULES: FormRules<RewardsEnrollValues> = { phone: PHONE_RULES };

/** Enrolling sends a code to the phone, so it must be a valid US number. */
export function validateRewardsEnroll(values: RewardsEnrollValues): FormErrors<keyof RewardsEnrollValues> {
  return validateForm(REWARDS_ENROLL_RULES, values);
}

export interface RewardsVerifyValues {
  readonly code: string;
}

const REWARDS_VERIFY_RULES: FormRules<RewardsVerifyValues> = { code: [required(CODE_REQUIRED)] };

/** Verifying enrollment needs the code that was sent. */
export function validateRewardsVerify(values: RewardsVerifyValues): FormErrors<keyof RewardsVerifyValues> {
  return validateForm(REWARDS_VERIFY_RULES, values);
}
