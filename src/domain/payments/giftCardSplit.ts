// A saved gift card paying at checkout (issue 34): it pays the whole order when its balance covers it, else all of its
// balance, and the shopper's card pays the rest, as Square, Toast and Shopify split it. Minor units throughout.

export interface GiftCardSplit {
  /** What the gift card pays: never more than its balance or the total, never negative. */
  readonly giftCard: number;
  /** What the card pays: the rest of the total. */
  readonly card: number;
}

/** How a total (what the order charges, fees included) is paid with a gift card of this balance. */
export function splitWithGiftCard(total: number, balance: number): GiftCardSplit {
  const due = Math.max(0, total);
  const giftCard = Math.min(due, Math.max(0, balance));
  return { giftCard, card: due - giftCard };
}
