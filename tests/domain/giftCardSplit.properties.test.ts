// A saved gift card paying at checkout (issue 34): how a total is split between the gift card and the card.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitWithGiftCard } from '../../src/domain/payments/giftCardSplit';

const minor = fc.integer({ min: 0, max: 10_000_000 });

describe('splitting a total with a gift card', () => {
  it('pays the whole order when the balance covers it, else the balance, and the card the rest', () => {
    expect(splitWithGiftCard(1250, 2500)).toEqual({ giftCard: 1250, card: 0 });
    expect(splitWithGiftCard(4000, 2500)).toEqual({ giftCard: 2500, card: 1500 });
    expect(splitWithGiftCard(2500, 2500)).toEqual({ giftCard: 2500, card: 0 });
    expect(splitWithGiftCard(1250, 0)).toEqual({ giftCard: 0, card: 1250 });
    expect(splitWithGiftCard(0, 2500)).toEqual({ giftCard: 0, card: 0 });
  });

  it('the parts add up to the total, the gift card pays no more than its balance, and neither part is negative', () => {
    fc.assert(
      fc.property(minor, fc.integer({ min: -1000, max: 10_000_000 }), (total, balance) => {
        const { giftCard, card } = splitWithGiftCard(total, balance);
        expect(giftCard + card).toBe(total);
        expect(giftCard).toBeLessThanOrEqual(Math.max(0, balance));
        expect(giftCard).toBeGreaterThanOrEqual(0);
        expect(card).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(giftCard) && Number.isSafeInteger(card)).toBe(true);
      }),
    );
  });

  it('the gift card pays as much as it can: the card pays only when the balance falls short, and then all of it goes', () => {
    fc.assert(
      fc.property(minor, minor, (total, balance) => {
        const { giftCard, card } = splitWithGiftCard(total, balance);
        expect(card === 0).toBe(balance >= total);
        if (card > 0) expect(giftCard).toBe(balance);
      }),
    );
  });
});
