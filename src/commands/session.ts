// Session commands (account-and-session.md section 4, "Startup" and "Session"): the auto-login attempt with the
// stored token (or a refresh), what a signed-in start loads, sign-out, and loyalty availability. The log learns
// who is signed in by id and name; tokens stay in the token store. The decisions are in ./decide/session.ts.
import * as E from 'fp-ts/lib/Either.js';
import type { RemoteCard } from '../api/cards';
import { customerSinceTrigger } from '../api/push';
import type { Profile as ApiProfile } from '../api/session';
import { hasLiveSession } from '../api/tokenStore';
import type { CardSummary } from '../events/catalogue';
import type { Outcome } from './decide/decision';
import { favoritesLoaded } from './decide/favorites';
import { loyaltyStatusLoaded } from './decide/loyalty';
import * as decide from './decide/session';
import { apply, serialQueue, type CommandServices } from './services';

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

/**
 * Who signed in, and what a signed-in start loads, together (section 4): the account status, the saved cards merged
 * with the ones this browser knows, the order list, the favorites (this browser's merged in) and the loyalty status. They are recorded with who signed in, in one step, so no
 * page sees a signed-in shopper whose status is not known yet. A call that fails (the API client reports it) leaves
 * that part as it was.
 */
export async function enterSession(services: CommandServices, serially: ReturnType<typeof serialQueue>, profile: ApiProfile): Promise<void> {
  const { store, api } = services;
  const known = store.getState().account.savedCards.flatMap((card) => (card.id ? [card.id] : []));
  // This browser's favorites join the account's (Favorite/Merge); they stay in the browser for after a sign-out.
  const local = store.getState().localFavorites;
  const [status, cards, orders, favorites, loyalty] = await Promise.all([
    api.account.status(),
    api.cards.mergeCards(known),
    api.orders.listOrders(),
    local.length > 0 ? api.favorites.mergeFavorites(local) : api.favorites.listFavorites(),
    api.loyalty.status(),
  ]);
  await serially(async () => {
    const p = profile;
    await apply(
      services,
      decide.signedIn(store.getState(), { userId: p.user_id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phoneNumber }),
    );
    if (E.isRight(status)) {
      const customerSince = status.right.CustomerSince ?? null;
      await apply(
        services,
        decide.accountStatusLoaded(store.getState(), {
          verified: status.right.Verified,
          textNotificationOptIn: status.right.TextNotificationOptIn ?? null,
          customerSince,
        }),
      );
      const since = customerSince === null ? null : customerSinceTrigger(customerSince);
      // To the configured push service, else into the log (account-and-session.md section 4).
      if (since !== null && services.push) services.push.trigger({ userId: p.user_id, name: 'customer_since', value: since });
      else if (since !== null) await apply(services, decide.pushTriggerRecorded('customer_since', since));
    }
    if (E.isRight(cards)) await apply(services, decide.savedCardsLoaded(store.getState(), cards.right.map(savedCardOf)));
    if (E.isRight(orders)) await apply(services, decide.orderHistoryLoaded(store.getState(), orders.right));
    if (E.isRight(favorites)) await apply(services, favoritesLoaded(store.getState(), favorites.right));
    if (E.isRight(loyalty)) await apply(services, loyaltyStatusLoaded(store.getState(), loyalty.right));
  });
}

export function sessionCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();

  const endSessionNow = (): Promise<Outcome> =>
    serially(() => {
      api.http.tokens.clear();
      return apply(services, decide.signedOut(state()));
    });

  return {
    /** Tries the stored token, refreshing it when expired; records who is signed in, or that nobody is. */
    async restoreSession(): Promise<Outcome<boolean>> {
      const tokens = api.http.tokens.get();
      if (tokens === null) {
        await endSessionNow();
        return E.right(false);
      }
      if (!hasLiveSession(tokens, services.now())) {
        const refreshed = await api.http.refreshSession();
        if (E.isLeft(refreshed)) {
          // A refused refresh ends the session; one that did not reach the API (offline) leaves it for the next try.
          if (refreshed.left.kind === 'unauthorized') await endSessionNow();
          return E.right(false);
        }
      }
      const profile = await api.account.profile();
      if (E.isLeft(profile)) {
        // The API client has reported the failure; a refused token means nobody is signed in.
        if (profile.left.kind === 'unauthorized') await endSessionNow();
        return E.right(false);
      }
      await enterSession(services, serially, profile.right);
      return E.right(true);
    },

    /**
     * Ends the session here, the bag kept: the API refused a refresh, another tab signed out, or the shopper chose
     * Sign Out. Forgets the tokens and records SignedOut when somebody was signed in.
     */
    endSession: (): Promise<Outcome> => endSessionNow(),

    async loadLoyaltyAvailability(): Promise<Outcome> {
      const answer = await api.loyalty.checkAvailability();
      // A failure (reported by the API client) leaves the availability as it was.
      if (E.isLeft(answer)) return E.right(undefined);
      return serially(() => apply(services, decide.loyaltyAvailabilityLoaded(state(), answer.right.Available)));
    },
  };
}
