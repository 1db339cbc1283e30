// Favorites (account-and-session.md section 4, "Favorites"): a guest's are kept in this browser; a signed-in
// shopper's are the account's, as the API answers every favorite call with the whole list.
import type { State } from '../../events/state';
import { append, event, type Decision } from './decision';

export function localFavoriteToggled(state: State, itemId: string, on: boolean): Decision {
  return state.localFavorites.includes(itemId) === on ? append() : append(event('LocalFavoriteToggled', { itemId, on }));
}

export function favoritesLoaded(state: State, itemIds: readonly string[]): Decision {
  if (state.account.profile === null) return append();
  const held = state.account.favorites;
  const same = held.length === itemIds.length && held.every((id, i) => id === itemIds[i]);
  return same ? append() : append(event('FavoritesLoaded', { itemIds: [...itemIds] }));
}
