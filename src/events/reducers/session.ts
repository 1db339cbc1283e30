// Session (account-and-session.md section 4): the log knows who is signed in by ids and names, never by token.
import { emptyCheckout } from '../state';
import type { Handlers } from './handler';

export const sessionHandlers: Handlers<'SessionStarted' | 'SignedIn' | 'SignedOut' | 'AccountStatusLoaded' | 'LoyaltyAvailabilityLoaded'> = {
  SessionStarted(state, event) {
    // A log starts once; a second start (another tab, an import) keeps the bag's key.
    if (state.bag.idempotencyKey !== '') return state;
    return { ...state, bag: { ...state.bag, idempotencyKey: event.data.idempotencyKey } };
  },

  SignedIn(state, event) {
    const { userId, firstName, lastName, email, phone } = event.data;
    return { ...state, session: { ...state.session, user: { userId, firstName, lastName, email, phone } } };
  },

  SignedOut(state) {
    if (state.session.user === null) return state;
    // Sign-out clears the login flag and the opt-in; the account's cards and order history go with it. The bag stays.
    return {
      ...state,
      session: { ...state.session, user: null, verified: false, textNotificationOptIn: null, customerSince: null },
      checkout: { ...state.checkout, savedCards: [], defaultCardKey: null, selectedCardKey: state.checkout.transientCard?.key ?? emptyCheckout.selectedCardKey },
      orders: { history: [] },
    };
  },

  AccountStatusLoaded(state, event) {
    const { verified, textNotificationOptIn, customerSince } = event.data;
    return { ...state, session: { ...state.session, verified, textNotificationOptIn, customerSince } };
  },

  LoyaltyAvailabilityLoaded(state, event) {
    if (state.session.loyaltyAvailable === event.data.available) return state;
    return { ...state, session: { ...state.session, loyaltyAvailable: event.data.available } };
  },
};
