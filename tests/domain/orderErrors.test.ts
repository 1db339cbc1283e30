import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import {
  CARD_REGISTRATION_FAILED_MESSAGE,
  ORDER_FAILURE_MESSAGES,
  ORDER_STATUS_TIMEOUT_MESSAGE,
  failureCode,
  giftCardRestTooLow,
  orderFailureMessage,
  orderFailureValues,
  parseOrderFailure,
} from '../../src/domain/orders/orderErrors';

/** Values an order's failure answer may carry: the codes of the spec's table, behind a prefix, and anything else. */
const failureValues = fc.array(
  fc.oneof(
    fc.constantFrom(...ORDER_FAILURE_MESSAGES.flatMap((r) => r.codes)).map((c) => `prefix - ${c}`),
    fc.string(),
  ),
);

describe('order failure messages (ordering.md section 8)', () => {
  it.each([
    ['VARIATION_OUT_OF_STOCK', 'One or more items are no longer available.'],
    ['CVV_FAILURE', 'The credit card CVV is invalid.'],
    ['BAD_EXPIRATION', 'The expiration date is missing or malformed.'],
    ['EXPIRATION_FAILURE', 'The credit card expiration date is invalid.'],
    ['INVALID_EXPIRATION', 'The credit card expiration date is invalid.'],
    ['CARD_EXPIRED', 'The credit card is expired.'],
    ['ADDRESS_VERIFICATION_FAILURE', 'The postal code is invalid.'],
    ['INVALID_POSTAL_CODE', 'The postal code is missing or malformed.'],
    ['INSUFFICIENT_FUNDS', 'There are insufficient funds to complete this order.'],
    ['TRANSACTION_LIMIT', 'There are insufficient funds to complete this order.'],
    ['VALUE_TOO_LOW', 'The charge amount is below the miniumum for this processor.'],
    ['GENERIC_DECLINE', 'The credit card was declined.'],
  ])('shows the spec message for %s', (code, message) => {
    expect(orderFailureMessage([`Payment failed - ${code}`])).toEqual({ message, codes: [code] });
  });

  it('shows the first match in the priority order, whatever order the values come in', () => {
    expect(orderFailureMessage(['Declined - GENERIC_DECLINE', 'Card - CVV_FAILURE', 'Stock - VARIATION_OUT_OF_STOCK']).message).toBe(
      'One or more items are no longer available.',
    );
    expect(orderFailureMessage(['x - VALUE_TOO_LOW', 'y - CARD_EXPIRED']).message).toBe('The credit card is expired.');
  });

  it('falls back to the default message when no code is known', () => {
    expect(orderFailureMessage([])).toEqual({ message: 'Could not place order!', codes: [] });
    expect(orderFailureMessage(['Server - SOMETHING_ELSE', 'no code here'])).toEqual({ message: 'Could not place order!', codes: ['SOMETHING_ELSE'] });
  });

  it('reads the code after the last dash, or a bare code, in any case', () => {
    expect(failureCode('Card on file - expired - card_expired ')).toBe('CARD_EXPIRED');
    expect(failureCode('GENERIC_DECLINE')).toBe('GENERIC_DECLINE');
    expect(failureCode('The card was declined')).toBeUndefined();
  });

  it('keeps each code once, in the order first seen', () => {
    expect(orderFailureMessage(['a - CVV_FAILURE', 'b - GENERIC_DECLINE', 'c - CVV_FAILURE']).codes).toEqual(['CVV_FAILURE', 'GENERIC_DECLINE']);
  });

  it('is decided by the highest-priority code present, for any mix of values', () => {
    fc.assert(
      fc.property(failureValues, (values) => {
        const present = values.flatMap((v) => failureCode(v) ?? []);
        const best = ORDER_FAILURE_MESSAGES.findIndex((r) => r.codes.some((c) => present.includes(c)));
        expect(orderFailureMessage(values).message).toBe(best < 0 ? 'Could not place order!' : ORDER_FAILURE_MESSAGES[best]!.message);
      }),
    );
  });
});

describe("the card's part below the least charge, with a gift card beside it (issue 34)", () => {
  const beside = { giftCardBeside: { leastCardCharge: '$0.50' } };

  it("says what happened and what to do, in the shopper's terms, where the spec's words name a processor", () => {
    expect(orderFailureMessage(['Payment failed - VALUE_TOO_LOW'], beside)).toEqual({
      message:
        "Your card can't be charged less than $0.50, and this order left less than that for it after your gift card, so nothing was charged. Check what your gift card pays now and place your order again.",
      codes: ['VALUE_TOO_LOW'],
    });
    // A card paying alone keeps the spec's words.
    expect(orderFailureMessage(['Payment failed - VALUE_TOO_LOW']).message).toBe('The charge amount is below the miniumum for this processor.');
  });

  it('changes only the minimum row: any mix of values reads as without a gift card unless VALUE_TOO_LOW decides it', () => {
    fc.assert(
      fc.property(failureValues, (values) => {
        const alone = orderFailureMessage(values);
        const withGiftCard = orderFailureMessage(values, beside);
        expect(withGiftCard.codes).toEqual(alone.codes);
        const decidedByMinimum = alone.message === 'The charge amount is below the miniumum for this processor.';
        expect(withGiftCard.message).toBe(decidedByMinimum ? giftCardRestTooLow('$0.50') : alone.message);
      }),
    );
  });
});

describe('reading a failed order response body', () => {
  it('reads a list of strings', () => {
    expect(parseOrderFailure(['Payment - CVV_FAILURE']).message).toBe('The credit card CVV is invalid.');
  });

  it('reads an Errors or errors list of strings', () => {
    expect(parseOrderFailure({ Errors: ['Payment - CARD_EXPIRED'] }).message).toBe('The credit card is expired.');
    expect(parseOrderFailure({ errors: ['Payment - CARD_EXPIRED'] }).message).toBe('The credit card is expired.');
  });

  it('reads {Code, Detail} error objects, as the order status sends them', () => {
    const status = { Status: 'Error', Errors: [{ Category: 'PAYMENT_METHOD_ERROR', Code: 'INSUFFICIENT_FUNDS', Field: null, Detail: 'Card declined' }] };
    expect(parseOrderFailure(status)).toEqual({ message: 'There are insufficient funds to complete this order.', codes: ['INSUFFICIENT_FUNDS'] });
    expect(orderFailureValues(status)).toEqual(['Card declined - INSUFFICIENT_FUNDS']);
  });

  it('reads a list whose elements carry Errors, and field-keyed validation errors', () => {
    expect(parseOrderFailure([{ Errors: ['x - GENERIC_DECLINE'] }]).message).toBe('The credit card was declined.');
    expect(parseOrderFailure({ title: 'Bad request', errors: { Card: ['Card - BAD_EXPIRATION'] } }).message).toBe(
      'The expiration date is missing or malformed.',
    );
  });

  it('reads the body as JSON text', () => {
    expect(parseOrderFailure('["Payment - VALUE_TOO_LOW"]').message).toBe('The charge amount is below the miniumum for this processor.');
    expect(orderFailureValues('Service unavailable')).toEqual(['Service unavailable']);
  });

  it('gives the default message for bodies it cannot read, without throwing', () => {
    const circular: Record<string, unknown> = {};
    circular.Errors = [circular];
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no');
        },
      },
    );
    for (const body of [undefined, null, 42, true, '', '{not json', {}, { Errors: 7 }, circular, hostile]) {
      expect(parseOrderFailure(body).message).toBe('Could not place order!');
    }
  });

  it('never throws for any value at all', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        expect(typeof parseOrderFailure(body).message).toBe('string');
      }),
    );
  });
});

describe('other order and card messages', () => {
  it('uses the spec wording for a card that cannot be registered and for a polling timeout', () => {
    expect(CARD_REGISTRATION_FAILED_MESSAGE).toBe('There was a problem adding this card. Please try again or try a different card.');
    expect(ORDER_STATUS_TIMEOUT_MESSAGE).toBe('Timeout');
  });
});
