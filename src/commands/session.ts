// Session commands (account-and-session.md section 4, "Startup" and "Session"): the auto-login attempt with the
// stored token (or a refresh), what a signed-in start loads, sign-out, and loyalty availability. The log learns
// who is signed in by id and name; tokens stay in the token store.
import * as E from 'fp-ts/lib/Either.js';
import { describeApiError } from '../api/apiError';
import { hasLiveSession } from '../api/tokenStore';
import { record, serialQueue, type CommandServices } from './services';
import type { Outcome } from './shopping';

export function sessionCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();

  async function signedOutNow(): Promise<void> {
    api.http.tokens.clear();
    if (state().session.user !== null) await record(services, 'SignedOut', {});
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
          services.reportError({ call: 'Account/Profile', message: describeApiError(profile.left) });
          if (profile.left.kind === 'unauthorized') await signedOutNow();
          return E.right(false);
        }
        const p = profile.right;
        const user = state().session.user;
        if (user?.userId !== p.user_id || user.firstName !== p.firstName || user.lastName !== p.lastName || user.email !== p.email || user.phone !== p.phoneNumber) {
          await record(services, 'SignedIn', { userId: p.user_id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phoneNumber });
        }
        const status = await api.account.status();
        if (E.isRight(status)) {
          await record(services, 'AccountStatusLoaded', { verified: status.right.Verified, textNotificationOptIn: status.right.TextNotificationOptIn, customerSince: status.right.CustomerSince ?? null });
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
        if (E.isLeft(answer)) {
          services.reportError({ call: 'Loyalty/CheckAvailability', message: describeApiError(answer.left) });
          return E.right(undefined);
        }
        if (state().session.loyaltyAvailable !== answer.right.Available) await record(services, 'LoyaltyAvailabilityLoaded', { available: answer.right.Available });
        return E.right(undefined);
      }),
  };
}
