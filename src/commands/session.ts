// Session commands (account-and-session.md section 4, "Startup" and "Session"): the auto-login attempt with the
// stored token (or a refresh), what a signed-in start loads, sign-out, and loyalty availability. The log learns
// who is signed in by id and name; tokens stay in the token store.
import * as E from 'fp-ts/lib/Either.js';
import type { RemoteCard } from '../api/cards';
import { hasLiveSession } from '../api/tokenStore';
import type { CardSummary } from '../events/catalogue';
import { record, serialQueue, type CommandServices } from './services';
import type { Outcome } from './shopping';

/** A card saved with the account, as the checkout's card list shows it (keyed like a card added in this browser). */
export function savedCardOf(card: RemoteCard): CardSummary {
  const address = card.Address;
  return {
    key: `card-${card.Id}`,
    id: card.Id,
    brand: card.Brand,
    last4: card.Last4,
    expMonth: card.ExpirationMonth,
    expYear: card.ExpirationYear,
    saved: true,
    ...(address
      ? {
          billing: {
            address1: address.AddressLine1 ?? '',
            address2: address.AddressLine2 ?? '',
            city: address.Locality ?? '',
            state: address.AdministrativeDistrictLevel1 ?? '',
            postalCode: address.PostalCode ?? '',
          },
        }
      : {}),
  };
}

export function sessionCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();

  async function signedOutNow(): Promise<void> {
    api.http.tokens.clear();
    if (state().account.profile !== null) await record(services, 'SignedOut', {});
  }

  return {
    /** Tries the stored token, refreshing it when expired; records who is signed in, or that nobody is. */
    restoreSession: (): Promise<Outcome<boolean>> =>
      serially(async () => {
        const tokens = api.http.tokens.get();
        if (tokens === null) {
          await signedOutNow();
          return E.right(false);
        }
        if (!hasLiveSession(tokens, services.now())) {
          const refreshed = await api.http.refreshSession();
          if (E.isLeft(refreshed)) {
            await signedOutNow();
            return E.right(false);
          }
        }
        const profile = await api.account.profile();
        if (E.isLeft(profile)) {
          // The API client has reported the failure; a refused token means nobody is signed in.
          if (profile.left.kind === 'unauthorized') await signedOutNow();
          return E.right(false);
        }
        const p = profile.right;
        const user = state().account.profile;
        if (
          user?.userId !== p.user_id ||
          user.firstName !== p.firstName ||
          user.lastName !== p.lastName ||
          user.email !== p.email ||
          user.phone !== p.phoneNumber
        ) {
          await record(services, 'SignedIn', { userId: p.user_id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phoneNumber });
        }
        // Then, together (start-up step 4): the account status, the saved cards merged with the ones this browser
        // knows, and the order list. A call that fails (the API client reports it) leaves that part as it was.
        const known = state().account.savedCards.flatMap((card) => (card.id ? [card.id] : []));
        const [status, cards, orders] = await Promise.all([api.account.status(), api.cards.mergeCards(known), api.orders.listOrders()]);
        // Each part is recorded only when it changes what the state holds, so a start with nothing new adds nothing.
        if (E.isRight(status)) {
          const loaded = {
            verified: status.right.Verified,
            textNotificationOptIn: status.right.TextNotificationOptIn,
            customerSince: status.right.CustomerSince ?? null,
          };
          const held = state().account;
          if (held.verified !== loaded.verified || held.textNotificationOptIn !== loaded.textNotificationOptIn || held.customerSince !== loaded.customerSince) {
            await record(services, 'AccountStatusLoaded', loaded);
          }
        }
        if (E.isRight(cards)) {
          const saved = cards.right.map(savedCardOf);
          if (JSON.stringify(saved) !== JSON.stringify(state().account.savedCards)) await record(services, 'SavedCardsLoaded', { cards: saved });
        }
        if (E.isRight(orders)) {
          // An order new, gone or changed (its status, its location) counts, not only a different set of ids.
          const shown = new Map(state().orders.history.map((entry) => [entry.orderId, JSON.stringify(entry.order)]));
          const same = orders.right.length === shown.size && orders.right.every((order) => shown.get(order.Id) === JSON.stringify(order));
          if (!same) await record(services, 'OrderHistoryLoaded', { orders: orders.right });
        }
        return E.right(true);
      }),

    /** The API refused a refresh: the shopper is signed out (the bag stays). */
    signedOut: (): Promise<Outcome> =>
      serially(async () => {
        await signedOutNow();
        return E.right(undefined);
      }),

    loadLoyaltyAvailability: (): Promise<Outcome> =>
      serially(async () => {
        const answer = await api.loyalty.checkAvailability();
        // A failure (reported by the API client) leaves the availability as it was.
        if (E.isLeft(answer)) return E.right(undefined);
        if (state().account.loyalty.available !== answer.right.Available)
          await record(services, 'LoyaltyAvailabilityLoaded', { available: answer.right.Available });
        return E.right(undefined);
      }),
  };
}
