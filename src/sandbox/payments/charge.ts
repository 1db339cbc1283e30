// The sandbox's charge rules: what happens when an order (or a gift card reload) is paid with a nonce from the
// sandbox tokenizer or a saved card. Declines come back as 'Payment failed - CODE' (ordering.md section 8).
import * as E from 'fp-ts/lib/Either.js';
import type { OrderCard } from '../../domain/orders/codecs';
import type { SandboxCore } from '../core';
import { problemOf, type Refusal } from '../orders/refusal';
import type { UserRecord } from '../state';
import { AVS_FAILURE_POSTAL_CODE, isExpired, type PaymentOutcome } from './testCards';

/** Charges below this many minor units are refused with VALUE_TOO_LOW, as card processors do. */
export const MINIMUM_CHARGE = 50;

const DETAILS: Readonly<Record<Exclude<PaymentOutcome, 'APPROVED'>, string>> = {
  GENERIC_DECLINE: 'the card was declined',
  CVV_FAILURE: 'the CVV did not match',
  ADDRESS_VERIFICATION_FAILURE: 'the postal code did not match',
  CARD_EXPIRED: 'the card is expired',
  INSUFFICIENT_FUNDS: 'the card has insufficient funds',
};

export interface Authorization {
  readonly brand: string;
  readonly last4: string;
  /** Marks the nonce used; call it only when the order is committed. */
  readonly capture: () => void;
}

const declined = (code: string, detail: string): E.Either<Refusal, never> => E.left({ status: 400, problems: [problemOf(`Payment failed - ${code}`, detail)] });

/** Checks that `card` can pay `amount`; nothing changes until `capture` is called. An amount of 0 needs no card. */
export function authorize(core: SandboxCore, card: OrderCard | null, amount: number, user: UserRecord | null): E.Either<Refusal, Authorization> {
  if (amount === 0) return E.right({ brand: '', last4: '', capture: () => undefined });
  if (card === null || (!card.id && !card.nonce)) return declined('CARD_REQUIRED', 'a card id or nonce is required');
  let outcome: PaymentOutcome;
  let brand: string;
  let last4: string;
  let expMonth: number;
  let expYear: number;
  let capture = () => undefined as void;
  if (card.nonce) {
    const nonce = core.state.nonces[card.nonce];
    if (!nonce) return declined('CARD_TOKEN_EXPIRED', 'the card nonce is unknown or expired; tokenize the card again');
    if (nonce.used) return declined('CARD_TOKEN_USED', 'the card nonce was already used; tokenize the card again');
    ({ outcome, brand, last4, expMonth, expYear } = nonce);
    capture = () => {
      nonce.used = true;
    };
  } else {
    const saved = core.state.cards[card.id ?? ''];
    if (!saved || user === null || saved.userId !== user.id) return declined('CARD_NOT_FOUND', `no saved card "${card.id ?? ''}" of this customer`);
    ({ outcome, brand, last4, expMonth, expYear } = saved);
  }
  if (outcome === 'APPROVED' && isExpired(expMonth, expYear, core.now())) outcome = 'CARD_EXPIRED';
  if (outcome === 'APPROVED' && card.postalCode?.trim() === AVS_FAILURE_POSTAL_CODE) outcome = 'ADDRESS_VERIFICATION_FAILURE';
  if (outcome !== 'APPROVED') return declined(outcome, DETAILS[outcome]);
  if (amount < MINIMUM_CHARGE) return declined('VALUE_TOO_LOW', `charges start at ${MINIMUM_CHARGE} minor units`);
  return E.right({ brand, last4, capture });
}
