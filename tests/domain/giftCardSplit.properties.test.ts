// A saved gift card paying at checkout (issue 34): how a total is split between the gift card and the card.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money';
import { MINIMUM_CHARGE } from '../../src/sandbox/payments/charge';
import { cardMeetsMinimum, giftCardSplitWords, MINIMUM_CARD_CHARGE, paidWithGiftCard, splitWithGiftCard } from '../../src/domain/payments/giftCardSplit';

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
        // Unless the card would be left with less than the least it can be charged (below).
        if (card > 0 && total - balance >= MINIMUM_CARD_CHARGE) expect(giftCard).toBe(balance);
      }),
    );
  });

  it('leaves the card the minimum charge rather than a few cents: the gift card pays that much less', () => {
    expect(splitWithGiftCard(2510, 2500)).toEqual({ giftCard: 2460, card: 50 });
    expect(splitWithGiftCard(2550, 2500)).toEqual({ giftCard: 2500, card: 50 });
    expect(splitWithGiftCard(2549, 2500)).toEqual({ giftCard: 2499, card: 50 });
    // An order below the minimum that the gift card cannot cover is the card's alone, as without a gift card.
    expect(splitWithGiftCard(30, 10)).toEqual({ giftCard: 0, card: 30 });
    expect(splitWithGiftCard(50, 10)).toEqual({ giftCard: 0, card: 50 });
    expect(splitWithGiftCard(30, 30)).toEqual({ giftCard: 30, card: 0 });
  });

  it('over amounts and minimums: the card is charged nothing or at least the minimum, and the gift card pays the most that allows', () => {
    fc.assert(
      fc.property(minor, minor, fc.integer({ min: 0, max: 10_000 }), (total, balance, minimum) => {
        const { giftCard, card } = splitWithGiftCard(total, balance, minimum);
        expect(giftCard + card).toBe(total);
        expect(giftCard).toBeGreaterThanOrEqual(0);
        expect(giftCard).toBeLessThanOrEqual(Math.min(balance, total));
        // The card is charged nothing, at least the minimum, or the whole total when the gift card pays nothing.
        expect(card === 0 || card >= minimum || giftCard === 0).toBe(true);
        // No larger gift card part keeps that rule: the remainder only shrinks as the gift card pays more, so every
        // larger part up to what it could pay leaves the card above nothing and below the minimum.
        const most = Math.min(balance, total);
        if (giftCard < most) {
          for (const more of [giftCard + 1, most]) {
            const rest = total - more;
            expect(rest > 0 && rest < minimum).toBe(true);
          }
        }
        // Said to the shopper exactly when the gift card pays some, but less than it could.
        expect(cardMeetsMinimum({ giftCard, card }, balance)).toBe(giftCard > 0 && giftCard < most);
      }),
    );
  });
});

describe("a placed order's payment, from its answer", () => {
  it('says nothing without a gift card, else what it paid and what the card was charged', () => {
    expect(paidWithGiftCard({ GrandTotal: 1394 })).toBeNull();
    expect(paidWithGiftCard({ GrandTotal: 1394, GiftCardAmount: 0 })).toBeNull();
    expect(paidWithGiftCard({ GrandTotal: 4000, GiftCardAmount: 2500 })).toEqual({ giftCard: 2500, card: 1500 });
    expect(paidWithGiftCard({ GrandTotal: 1250, GiftCardAmount: 1250 })).toEqual({ giftCard: 1250, card: 0 });
  });

  it('reads back the split the order was placed with', () => {
    fc.assert(
      fc.property(minor, minor, (total, balance) => {
        const split = splitWithGiftCard(total, balance);
        const read = paidWithGiftCard({ GrandTotal: total, GiftCardAmount: split.giftCard });
        expect(read).toEqual(split.giftCard > 0 ? split : null);
      }),
    );
  });
});

describe('what the shopper reads of the split', () => {
  it('says the whole order, the two parts, the minimum met, or a card alone for an order below the minimum', () => {
    expect(giftCardSplitWords(splitWithGiftCard(1250, 2500), 2500, 'USD')).toBe('Your gift card pays the whole order: $12.50.');
    expect(giftCardSplitWords(splitWithGiftCard(4000, 2500), 2500, 'USD')).toBe('Your gift card pays $25.00; your card pays the rest, $15.00.');
    expect(giftCardSplitWords(splitWithGiftCard(2510, 2500), 2500, 'USD')).toBe(
      'Your gift card pays $24.60; your card pays the rest, $0.50, the least a card can be charged. Your gift card keeps the difference.',
    );
    expect(giftCardSplitWords(splitWithGiftCard(30, 10), 10, 'USD')).toBe('A card is charged at least $0.50, so this order is paid by card alone.');
  });

  it("never leaves the card a part the card provider refuses (the sandbox's minimum is the storefront's)", () => {
    expect(MINIMUM_CHARGE).toBe(MINIMUM_CARD_CHARGE);
    fc.assert(
      fc.property(minor, minor, (total, balance) => {
        const { card } = splitWithGiftCard(total, balance);
        // The provider charges nothing, or at least its minimum; a total below it is the card's alone, as without a gift card.
        if (card > 0 && card < MINIMUM_CHARGE) expect(card).toBe(total);
      }),
    );
  });

  it('names the card charge it shows, and never a card charge below the minimum', () => {
    fc.assert(
      fc.property(minor, fc.integer({ min: 1, max: 10_000_000 }), (total, balance) => {
        const split = splitWithGiftCard(total, balance);
        const words = giftCardSplitWords(split, balance, 'USD');
        if (split.giftCard > 0 && split.card > 0) expect(split.card).toBeGreaterThanOrEqual(MINIMUM_CARD_CHARGE);
        if (split.giftCard > 0) expect(words).toContain(formatMoney(split.giftCard, 'USD'));
        if (split.giftCard > 0 && split.card > 0) expect(words).toContain(formatMoney(split.card, 'USD'));
      }),
    );
  });
});
