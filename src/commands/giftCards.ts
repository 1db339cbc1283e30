// Gift card commands (account-and-session.md sections 3, 4 and 7; issue's choices in the README): the account's list,
// adding by number, balance, reload with a saved card, remove. The number goes to the API and never to the log (the
// last four digits only). A reload whose answer was lost is retried with the same idempotency key, so it reloads once.
import * as E from 'fp-ts/lib/Either.js';
import { hasStatus, type ApiError } from '../api/apiError';
import {
  GIFT_CARD_NOT_ADDED,
  GIFT_CARD_NOT_FOUND,
  GIFT_CARD_NOT_RELOADED,
  GIFT_CARD_NOT_REMOVED,
  GIFT_CARD_TOO_MANY_TRIES,
  GIFT_CARD_NOT_READ,
} from '../domain/payments/giftCards';
import type { CardSummary } from '../events/catalogue';
import type { Outcome } from './decide/decision';
import { giftCardBalanceChecked, giftCardChosen, giftCardsLoaded } from './decide/giftCards';
import { apply, given, serialQueue, type CommandServices } from './services';

/** No answer says nothing of what the API did: the same key must go out again. */
const noAnswer = (error: ApiError) => error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && error.status >= 500);

export function giftCardCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  /** Reloads without an answer, by gift card, amount and card: their key is reused by the retry. */
  const inDoubt = new Map<string, string>();

  async function loadGiftCards(): Promise<Outcome> {
    const list = await api.giftCards.listGiftCards();
    if (E.isLeft(list)) return E.right(undefined);
    return serially(() => apply(services, giftCardsLoaded(store.getState(), list.right)));
  }

  async function checkGiftCardBalance(id: string): Promise<Outcome<number>> {
    const answer = await api.giftCards.balance(id);
    if (E.isLeft(answer)) return E.left(GIFT_CARD_NOT_ADDED);
    await serially(() => apply(services, giftCardBalanceChecked(store.getState(), id, answer.right.BalanceAmount)));
    return E.right(answer.right.BalanceAmount);
  }

  return {
    loadGiftCards,
    checkGiftCardBalance,

    /**
     * A saved gift card pays this order, or the part its balance covers (null: none): its balance is read first, so
     * the split the shopper sees is the one the order sends.
     */
    async payWithGiftCard(id: string | null): Promise<Outcome> {
      if (id !== null) {
        const balance = await checkGiftCardBalance(id);
        if (E.isLeft(balance)) return E.left(GIFT_CARD_NOT_READ);
      }
      return serially(() => apply(services, giftCardChosen(store.getState(), id, given(services))));
    },

    /** Adds a gift card by its number; answers its id, with its balance checked. */
    async addGiftCard(number: string): Promise<Outcome<string>> {
      const added = await api.giftCards.addGiftCard(number.replace(/[\s-]/g, ''));
      if (E.isLeft(added)) {
        if (hasStatus(added.left, 404)) return E.left(GIFT_CARD_NOT_FOUND);
        if (hasStatus(added.left, 429)) return E.left(GIFT_CARD_TOO_MANY_TRIES);
        return E.left(GIFT_CARD_NOT_ADDED);
      }
      await loadGiftCards();
      await checkGiftCardBalance(added.right);
      return E.right(added.right);
    },

    /** Reloads with a saved card; answers the new balance. */
    async reloadGiftCard(id: string, amount: number, card: CardSummary): Promise<Outcome<number>> {
      if (!card.id) return E.left(GIFT_CARD_NOT_RELOADED);
      const attempt = `${id}:${amount}:${card.id}`;
      const key = inDoubt.get(attempt) ?? services.newId();
      inDoubt.set(attempt, key);
      const locationId = store.getState().locationId;
      const answer = await api.giftCards.reload({
        Card: { id: card.id },
        IdempotencyKey: key,
        GiftCardId: id,
        ReloadAmount: amount,
        SendText: false,
        Source: 'Web',
        // The spec's whole payload (account-and-session.md section 7): the location shopped at, and no discount.
        ...(locationId === null ? {} : { LocationId: locationId }),
        CouponId: null,
        DiscountCodeId: null,
      });
      if (E.isLeft(answer)) {
        if (!noAnswer(answer.left)) inDoubt.delete(attempt);
        return E.left(GIFT_CARD_NOT_RELOADED);
      }
      inDoubt.delete(attempt);
      await serially(() => apply(services, giftCardBalanceChecked(store.getState(), id, answer.right.Card.BalanceAmount)));
      return E.right(answer.right.Card.BalanceAmount);
    },

    async removeGiftCard(id: string): Promise<Outcome> {
      const removed = await api.giftCards.removeGiftCard(id);
      if (E.isLeft(removed)) return E.left(GIFT_CARD_NOT_REMOVED);
      return loadGiftCards();
    },
  };
}
