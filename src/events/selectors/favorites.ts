// The favorites a shopper sees (account-and-session.md sections 3 and 4): the account's list when signed in, this
// browser's list when not.
import type { State } from '../state';

export function favoriteIds(state: State): readonly string[] {
  return state.account.profile !== null ? state.account.favorites : state.localFavorites;
}

export function isFavorite(state: State, itemId: string): boolean {
  return favoriteIds(state).includes(itemId);
}
