// Gift cards (account-and-session.md sections 3, 4 and 7): the account's list by id and last four digits only, and
// balances as the API answered them. Recorded only when they change.
import type { State } from '../../events/state';
import { GIFT_CARD_EMPTY, GIFT_CARD_NOT_ON_ACCOUNT } from '../../domain/payments/giftCards';
import { append, event, refuse, type Decision, type Given } from './decision';

/** The last four digits of a gift card number: all the log ever knows of it. */
export const lastFour = (gan: string): string => gan.replace(/\D/g, '').slice(-4);

export function giftCardsLoaded(state: State, entries: readonly { readonly Id: string; readonly Gan: string }[]): Decision {
  if (state.account.profile === null) return append();
  const cards = entries.map((entry) => ({ id: entry.Id, last4: lastFour(entry.Gan) }));
  const held = state.account.giftCards;
  const same = held.length === cards.length && held.every((card, i) => card.id === cards[i]!.id && card.last4 === cards[i]!.last4);
  return same ? append() : append(event('GiftCardsLoaded', { cards }));
}

export function giftCardBalanceChecked(state: State, id: string, balance: number): Decision {
  const card = state.account.giftCards.find((c) => c.id === id);
  return !card || card.balance === balance ? append() : append(event('GiftCardBalanceChecked', { id, balance }));
}

/**
 * A saved gift card chosen to pay this order (null: none), with the balance just read: one the account holds, with
 * something left on it. The split itself is the domain's (splitWithGiftCard), from the balance the log holds.
 */
export function giftCardChosen(state: State, id: string | null, given: Given): Decision {
  if (id !== null) {
    const card = state.account.profile === null ? undefined : state.account.giftCards.find((c) => c.id === id);
    if (card === undefined) return refuse(GIFT_CARD_NOT_ON_ACCOUNT);
    if (card.balance === null || card.balance <= 0) return refuse(GIFT_CARD_EMPTY);
  }
  if (state.checkout.giftCardId === id) return append();
  return append(event('GiftCardChosen', { giftCardId: id, idempotencyKey: given.newKey() }));
}
