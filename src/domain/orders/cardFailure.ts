// Which failures refuse the card itself (ordering.md section 8's card rows): the shopper then acts in the card block,
// with another card. Apart from the message table (orderErrors.ts), which loads with the first failure: the reducer
// needs only these codes.

const CARD_FAILURE_CODES: readonly string[] = [
  'CVV_FAILURE',
  'BAD_EXPIRATION',
  'EXPIRATION_FAILURE',
  'INVALID_EXPIRATION',
  'CARD_EXPIRED',
  'ADDRESS_VERIFICATION_FAILURE',
  'INVALID_POSTAL_CODE',
  'INSUFFICIENT_FUNDS',
  'TRANSACTION_LIMIT',
  'GENERIC_DECLINE',
];

/** Whether a failure's codes refuse the card (and the card is what the shopper should change). */
export function isCardFailure(codes: readonly string[]): boolean {
  return codes.some((code) => CARD_FAILURE_CODES.includes(code));
}

/** Where a failed Place Order is said aloud, once; everywhere else that shows it, it is seen only. */
export type FailureVoice = 'card' | 'notice' | 'toast';

/**
 * A refused card is said by the card's block (where the shopper acts); stock that ran out by the toast (the bag
 * changes at once, and the notice by Place Order goes with it); any other failure by that notice while it shows, and
 * by the toast when there is none.
 */
export function failureVoice(codes: readonly string[], noticeShown: boolean): FailureVoice {
  if (isCardFailure(codes)) return 'card';
  if (codes.includes('VARIATION_OUT_OF_STOCK') || !noticeShown) return 'toast';
  return 'notice';
}
