// Session commands (account-and-session.md section 4, "Startup" and "Session"): the auto-login attempt with the
// stored token (or a refresh), what a signed-in start loads, sign-out, and loyalty availability. The log learns
// who is signed in by id and name; tokens stay in the token store. The decisions are in ./decide/session.ts.
import * as E from 'fp-ts/lib/Either.js';
import type { RemoteCard } from '../api/cards';
import { hasLiveSession } from '../api/tokenStore';
import type { CardSummary } from '../events/catalogue';
import type { Outcome } from './decide/decision';
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

export function sessionCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();

  async function signedOutNow(): Promise<void> {
    api.http.tokens.clear();
    await apply(services, decide.signedOut(state()));
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
        await apply(
          services,
          decide.signedIn(state(), { userId: p.user_id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phoneNumber }),
        );
        // Then, together (start-up step 4): the account status, the saved cards merged with the ones this browser
        // knows, and the order list. A call that fails (the API client reports it) leaves that part as it was.
        const known = state().account.savedCards.flatMap((card) => (card.id ? [card.id] : []));
        const [status, cards, orders] = await Promise.all([api.account.status(), api.cards.mergeCards(known), api.orders.listOrders()]);
        if (E.isRight(status)) {
          const loaded = {
            verified: status.right.Verified,
            textNotificationOptIn: status.right.TextNotificationOptIn,
            customerSince: status.right.CustomerSince ?? null,
          };
          await apply(services, decide.accountStatusLoaded(state(), loaded));
        }
        if (E.isRight(cards)) await apply(services, decide.savedCardsLoaded(state(), cards.right.map(savedCardOf)));
        if (E.isRight(orders)) await apply(services, decide.orderHistoryLoaded(state(), orders.right));
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
        return apply(services, decide.loyaltyAvailabilityLoaded(state(), answer.right.Available));
      }),
  };
}
