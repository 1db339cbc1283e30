// The account (account-and-session.md section 4): the log knows who is signed in by ids and names, never by token.
// Sign-out is the one place the account is reset.
import type { CardSummary } from '../catalogue';
import { emptyCheckout, idlePlacement, initialState, signedOutAccount, type State } from '../state';
import type { Handlers } from './handler';
import { bagWithKey } from './bagRules';
import { checkoutWith } from './checkout';

const byKey = (key: string) => (card: CardSummary) => card.key === key;

/** Sign-out clears the login flag, the opt-in and everything the account held, its order list included. The bag stays. */
function signedOut(state: State): State {
  return {
    ...state,
    account: signedOutAccount(state.account.loyalty.available),
    checkout: checkoutWith(state.checkout, { selectedCardKey: state.checkout.transientCard?.key ?? null }),
    orders: { history: [], progress: {} },
  };
}

/**
 * Logout clears everything the shopper had (account-and-session.md section 4), the bag and checkout included; what
 * is the business's or the browser's stays: the catalog, the location and its stock, the prompts already shown.
 */
function loggedOut(state: State, idempotencyKey: string): State {
  return {
    ...signedOut(state),
    bag: bagWithKey(initialState.bag, idempotencyKey),
    pickup: initialState.pickup,
    checkout: emptyCheckout,
    placement: idlePlacement,
    warnings: initialState.warnings,
    curbside: initialState.curbside,
  };
}

type AccountEvents =
  | 'SignedIn'
  | 'SignedOut'
  | 'LoggedOut'
  | 'ProfileUpdated'
  | 'AccountVerified'
  | 'TextPromptShown'
  | 'PushTriggerRecorded'
  | 'FavoritesLoaded'
  | 'LoyaltyStatusLoaded'
  | 'GiftCardsLoaded'
  | 'GiftCardBalanceChecked'
  | 'LocalFavoriteToggled'
  | 'AccountStatusLoaded'
  | 'LoyaltyAvailabilityLoaded'
  | 'LoyaltyVerified'
  | 'SavedCardsLoaded';

export const accountHandlers: Handlers<AccountEvents> = {
  SignedIn(state, event) {
    const { userId, firstName, lastName, email, phone } = event.data;
    // Another account signing in on this browser starts from a clean account.
    const from = state.account.profile !== null && state.account.profile.userId !== userId ? signedOut(state) : state;
    return { ...from, account: { ...from.account, profile: { userId, firstName, lastName, email, phone } } };
  },

  SignedOut(state) {
    if (state.account.profile === null) return state;
    return signedOut(state);
  },

  LoggedOut(state, event) {
    return loggedOut(state, event.data.idempotencyKey);
  },

  ProfileUpdated(state, event) {
    const profile = state.account.profile;
    if (profile === null) return state;
    const { firstName, lastName, email, phone, textNotificationOptIn } = event.data;
    return { ...state, account: { ...state.account, profile: { ...profile, firstName, lastName, email, phone }, textNotificationOptIn } };
  },

  AccountVerified(state) {
    if (state.account.profile === null || state.account.verified) return state;
    return { ...state, account: { ...state.account, verified: true } };
  },

  LoyaltyStatusLoaded(state, event) {
    if (state.account.profile === null) return state;
    const { enrolled, balance, terminology, rewards, coupons } = event.data;
    return { ...state, account: { ...state.account, loyalty: { ...state.account.loyalty, enrolled, balance, terminology, rewards, coupons } } };
  },

  GiftCardsLoaded(state, event) {
    if (state.account.profile === null) return state;
    const known = new Map(state.account.giftCards.map((card) => [card.id, card.balance]));
    const giftCards = event.data.cards.map((card) => ({ id: card.id, last4: card.last4, balance: known.get(card.id) ?? null }));
    return { ...state, account: { ...state.account, giftCards } };
  },

  GiftCardBalanceChecked(state, event) {
    const { id, balance } = event.data;
    if (!state.account.giftCards.some((card) => card.id === id)) return state;
    const giftCards = state.account.giftCards.map((card) => (card.id === id ? { ...card, balance } : card));
    return { ...state, account: { ...state.account, giftCards } };
  },

  FavoritesLoaded(state, event) {
    if (state.account.profile === null) return state;
    const favorites = [...new Set(event.data.itemIds)];
    return { ...state, account: { ...state.account, favorites } };
  },

  LocalFavoriteToggled(state, event) {
    const { itemId, on } = event.data;
    const has = state.localFavorites.includes(itemId);
    if (has === on) return state;
    return { ...state, localFavorites: on ? [...state.localFavorites, itemId] : state.localFavorites.filter((id) => id !== itemId) };
  },

  // Kept for the push service that was not there; the state does not change, and the event counts as applied.
  PushTriggerRecorded: (state) => ({ ...state }),

  TextPromptShown(state) {
    if (state.prompts.textNotifications) return state;
    return { ...state, prompts: { ...state.prompts, textNotifications: true } };
  },

  AccountStatusLoaded(state, event) {
    const { verified, textNotificationOptIn, customerSince } = event.data;
    return { ...state, account: { ...state.account, verified, textNotificationOptIn, customerSince } };
  },

  LoyaltyVerified(state) {
    if (state.account.profile === null || state.account.loyalty.enrolled) return state;
    return { ...state, account: { ...state.account, loyalty: { ...state.account.loyalty, enrolled: true } } };
  },

  LoyaltyAvailabilityLoaded(state, event) {
    if (state.account.loyalty.available === event.data.available) return state;
    return { ...state, account: { ...state.account, loyalty: { ...state.account.loyalty, available: event.data.available } } };
  },

  SavedCardsLoaded(state, event) {
    const savedCards = event.data.cards;
    const has = (key: string | null) => key !== null && (savedCards.some(byKey(key)) || state.checkout.transientCard?.key === key);
    const defaultCardKey = has(state.account.defaultCardKey) ? state.account.defaultCardKey : (savedCards[0]?.key ?? null);
    const selectedCardKey = has(state.checkout.selectedCardKey) ? state.checkout.selectedCardKey : defaultCardKey;
    return { ...state, account: { ...state.account, savedCards, defaultCardKey }, checkout: checkoutWith(state.checkout, { selectedCardKey }) };
  },
};
