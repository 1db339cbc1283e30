// Where a failed Place Order is said aloud, once (issue 34): the card's block, the notice by Place Order, or the toast.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureVoice, isCardFailure } from '../../src/domain/orders/cardFailure';

const CODES = ['GENERIC_DECLINE', 'CVV_FAILURE', 'INVALID_POSTAL_CODE', 'VARIATION_OUT_OF_STOCK', 'INTERNAL_SERVER_ERROR', 'LOCATION_CLOSED'];

describe('the voice of a failed order', () => {
  it('is the card block for a declined card, the toast for stock that ran out, the notice for a lost answer', () => {
    expect(failureVoice(['GENERIC_DECLINE'], true)).toBe('card');
    expect(failureVoice(['VARIATION_OUT_OF_STOCK'], true)).toBe('toast');
    expect(failureVoice([], true)).toBe('notice');
    expect(failureVoice([], false)).toBe('toast');
  });

  it('is the card whenever the card is refused; otherwise the notice only while one shows, and never for stock', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...CODES)), fc.boolean(), (codes, noticeShown) => {
        const voice = failureVoice(codes, noticeShown);
        expect(voice === 'card').toBe(isCardFailure(codes));
        if (voice === 'notice') expect(noticeShown && !codes.includes('VARIATION_OUT_OF_STOCK')).toBe(true);
        if (!isCardFailure(codes) && !noticeShown) expect(voice).toBe('toast');
      }),
    );
  });
});
