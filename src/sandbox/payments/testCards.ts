// The sandbox card provider's test values (the card provider's public sandbox values, see README.md "Payments"):
// which numbers tokenize, and the outcome a charge with the resulting token will have.
import { cardBrand, luhnValid, type CardBrand } from '../../domain/payments/cardNumbers';

export type PaymentOutcome = 'APPROVED' | 'GENERIC_DECLINE' | 'CVV_FAILURE' | 'ADDRESS_VERIFICATION_FAILURE' | 'CARD_EXPIRED' | 'INSUFFICIENT_FUNDS';

/** Numbers that tokenize and are approved, one per brand. */
export const APPROVED_TEST_CARDS: Readonly<Record<string, CardBrand>> = {
  '4111111111111111': 'visa',
  '5105105105105100': 'mastercard',
  '6011000000000004': 'discover',
  '30569309025904': 'diners',
  '3569990010095841': 'jcb',
  '378282246310005': 'amex',
};

/** Numbers that tokenize and are then declined with a given code. */
export const DECLINING_TEST_CARDS: Readonly<Record<string, PaymentOutcome>> = {
  '4000000000000002': 'GENERIC_DECLINE',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
};

export const CVV_FAILURE_VALUE = '911';
export const AVS_FAILURE_POSTAL_CODE = '99999';

export interface CardDetails {
  readonly digits: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvv: string;
  readonly postalCode: string;
}

/** Why the tokenizer refuses card details (the card form shows nothing for this, ordering.md section 8). */
export function tokenizeProblems(card: CardDetails): string[] {
  const problems: string[] = [];
  if (!luhnValid(card.digits)) problems.push('cardNumber: the card number is not valid');
  else if (APPROVED_TEST_CARDS[card.digits] === undefined && DECLINING_TEST_CARDS[card.digits] === undefined) {
    problems.push('cardNumber: use a sandbox test card number (see the sandbox README)');
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) problems.push('expMonth: expected 1 to 12');
  if (!Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2100) problems.push('expYear: expected a four-digit year');
  if (!/^\d{3,4}$/.test(card.cvv)) problems.push('cvv: expected 3 or 4 digits');
  if (card.postalCode.trim() === '') problems.push('postalCode: required');
  return problems;
}

/** True when the card's last valid month is before the month of `now` (UTC). */
export function isExpired(expMonth: number, expYear: number, now: number): boolean {
  const date = new Date(now);
  const current = date.getUTCFullYear() * 12 + date.getUTCMonth();
  return expYear * 12 + (expMonth - 1) < current;
}

/** Expired first, then the number's own decline, then CVV, then the postal code check. */
export function outcomeOf(card: CardDetails, now: number): PaymentOutcome {
  if (isExpired(card.expMonth, card.expYear, now)) return 'CARD_EXPIRED';
  const declined = DECLINING_TEST_CARDS[card.digits];
  if (declined !== undefined) return declined;
  if (card.cvv === CVV_FAILURE_VALUE) return 'CVV_FAILURE';
  if (card.postalCode.trim() === AVS_FAILURE_POSTAL_CODE) return 'ADDRESS_VERIFICATION_FAILURE';
  return 'APPROVED';
}

export function brandOf(digits: string): CardBrand {
  return APPROVED_TEST_CARDS[digits] ?? cardBrand(digits);
}
