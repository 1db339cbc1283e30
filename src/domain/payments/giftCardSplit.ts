// A saved gift card paying at checkout (issue 34): it pays the whole order when its balance covers it, else all of its
// balance, and the shopper's card pays the rest, as Square, Toast and Shopify split it. Minor units throughout.
import { formatMoney } from '../money';

export interface GiftCardSplit {
  /** What the gift card pays: never more than its balance or the total, never negative. */
  readonly giftCard: number;
  /** What the card pays: the rest of the total. */
  readonly card: number;
}

/**
 * The least a card can be charged, in minor units (card processors refuse smaller charges: Stripe's is $0.50, and a
 * charge of a few cents costs the business more in fees than it brings).
 */
export const MINIMUM_CARD_CHARGE = 50;

/**
 * How a total (what the order charges, fees included) is paid with a gift card of this balance. When the card's part
 * would be above nothing but below the minimum charge, the gift card pays that much less, so the card is charged the
 * minimum (and the gift card keeps the difference); when the gift card cannot pay less and still pay something, it
 * pays nothing and the card pays the total, as without a gift card.
 */
export function splitWithGiftCard(total: number, balance: number, minimumCardCharge: number = MINIMUM_CARD_CHARGE): GiftCardSplit {
  const due = Math.max(0, total);
  const covered = Math.min(due, Math.max(0, balance));
  const rest = due - covered;
  if (rest === 0 || rest >= minimumCardCharge) return { giftCard: covered, card: rest };
  const giftCard = Math.max(0, due - minimumCardCharge);
  return { giftCard, card: due - giftCard };
}

/** Whether the card's part of this split is there only to meet the minimum charge (the gift card could pay more). */
export function cardMeetsMinimum(split: GiftCardSplit, balance: number): boolean {
  return split.card > 0 && split.giftCard > 0 && split.giftCard < balance;
}

/**
 * How a placed order was paid, from its answer: what the gift card paid (GiftCardAmount) and what the card was charged
 * (the rest of GrandTotal); null when no gift card paid any of it.
 */
export function paidWithGiftCard(order: { readonly GrandTotal: number; readonly GiftCardAmount?: number | undefined }): GiftCardSplit | null {
  const giftCard = order.GiftCardAmount ?? 0;
  if (!(giftCard > 0)) return null;
  return { giftCard, card: Math.max(0, order.GrandTotal - giftCard) };
}

/** What the chosen gift card pays and what the card is charged, in the shopper's words (README, decisions). */
export function giftCardSplitWords(split: GiftCardSplit, balance: number, currency: string): string {
  const least = formatMoney(MINIMUM_CARD_CHARGE, currency);
  if (split.giftCard === 0) return split.card > 0 ? `A card is charged at least ${least}, so this order is paid by card alone.` : '';
  if (split.card === 0) return `Your gift card pays the whole order: ${formatMoney(split.giftCard, currency)}.`;
  const rest = `Your gift card pays ${formatMoney(split.giftCard, currency)}; your card pays the rest, ${formatMoney(split.card, currency)}`;
  return cardMeetsMinimum(split, balance) ? `${rest}, the least a card can be charged. Your gift card keeps the difference.` : `${rest}.`;
}
