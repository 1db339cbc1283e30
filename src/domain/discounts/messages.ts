// What the coupon and rewards pages say. 'Coupon was added!' is the spec's (account-and-session.md section 8); the
// loyalty conflict, verify, resend and reward confirmation messages are translation keys without text in the spec,
// so these words are ours (listed in the README).

export type { Terminology } from './points';

export const COUPON_ADDED = 'Coupon was added!';
export const REWARD_ADDED = 'Reward added to your bag!';
export const COUPON_EXPIRED_LABEL = 'Expired';
export const LOYALTY_CONFLICT = 'This phone number is already a rewards member. We have refreshed your rewards.';
export const LOYALTY_VERIFY_FAILED = 'We could not verify that code. Please check it and try again.';
/** The spec's resend error (section 8: "Loyalty resend/enroll: a resend error"), for a failed enroll and resend alike. */
const LOYALTY_RESEND_FAILED = 'We could not send a code to that phone number. Please try again in a moment.';

/** The resend error, followed by the API's own reason when it gives one ('That phone number is already enrolled ...'). */
export function loyaltyResendFailed(reason: string | null): string {
  return reason === null ? LOYALTY_RESEND_FAILED : `We could not send a code to that phone number. ${reason}`;
}
export const NO_COUPONS = "You don't have any coupons.";
export const NO_REWARDS = 'No rewards yet: keep ordering to earn them.';

export { points } from './points';
