// Decisions of the session (account-and-session.md section 4, "Startup" and "Session"): who is signed in, what a
// signed-in start loaded, sign-out. Each part is recorded only when it changes what the state holds, so a start
// with nothing new appends nothing.
import type { CardSummary } from '../../events/catalogue';
import type { EventDataOf } from '../../events/catalogue';
import type { State } from '../../events/state';
import { append, event, type Decision } from './decision';

export type Profile = EventDataOf<'SignedIn'>;

export function signedIn(state: State, profile: Profile): Decision {
  const user = state.account.profile;
  const same =
    user?.userId === profile.userId &&
    user.firstName === profile.firstName &&
    user.lastName === profile.lastName &&
    user.email === profile.email &&
    user.phone === profile.phone;
  return same ? append() : append(event('SignedIn', { ...profile }));
}

/** Nobody is signed in (the bag stays); recorded only when somebody was. */
export function signedOut(state: State): Decision {
  return state.account.profile === null ? append() : append(event('SignedOut', {}));
}

export function accountStatusLoaded(state: State, loaded: EventDataOf<'AccountStatusLoaded'>): Decision {
  const held = state.account;
  const same = held.verified === loaded.verified && held.textNotificationOptIn === loaded.textNotificationOptIn && held.customerSince === loaded.customerSince;
  return same ? append() : append(event('AccountStatusLoaded', { ...loaded }));
}

export function savedCardsLoaded(state: State, cards: readonly CardSummary[]): Decision {
  return JSON.stringify(cards) === JSON.stringify(state.account.savedCards) ? append() : append(event('SavedCardsLoaded', { cards: [...cards] }));
}

/** An order new, gone or changed (its status, its location) counts, not only a different set of ids. */
export function orderHistoryLoaded(state: State, orders: EventDataOf<'OrderHistoryLoaded'>['orders']): Decision {
  const shown = new Map(state.orders.history.map((entry) => [entry.orderId, JSON.stringify(entry.order)]));
  const same = orders.length === shown.size && orders.every((order) => shown.get(order.Id) === JSON.stringify(order));
  return same ? append() : append(event('OrderHistoryLoaded', { orders: [...orders] }));
}

export function loyaltyAvailabilityLoaded(state: State, available: boolean): Decision {
  return state.account.loyalty.available === available ? append() : append(event('LoyaltyAvailabilityLoaded', { available }));
}

/** A push trigger with no push service to take it: the log keeps it (account-and-session.md section 4). */
export function pushTriggerRecorded(name: string, value: number): Decision {
  return append(event('PushTriggerRecorded', { name, value }));
}
