// Favorite commands (account-and-session.md section 4, "Favorites"): the heart on item cards and in the item panel.
// A guest's favorites stay in this browser; a signed-in shopper's go to the account (Favorite/Create, /Remove), and
// the list the API answers is recorded.
import * as E from 'fp-ts/lib/Either.js';
import { isFavorite } from '../events/selectors/favorites';
import type { Outcome } from './decide/decision';
import { favoritesLoaded, localFavoriteToggled } from './decide/favorites';
import { apply, serialQueue, type CommandServices } from './services';

/** Our words: the spec gives none for a favorite the API did not save. */
export const FAVORITE_NOT_SAVED = 'We could not update your favorites. Please try again.';

export function favoriteCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();
  return {
    /** Marks the item a favorite, or unmarks it; answers whether it is one now. */
    async toggleFavorite(itemId: string): Promise<Outcome<boolean>> {
      const on = !isFavorite(state(), itemId);
      if (state().account.profile === null) {
        await serially(() => apply(services, localFavoriteToggled(state(), itemId, on)));
        return E.right(on);
      }
      const answer = on ? await api.favorites.createFavorite({ itemId }) : await api.favorites.removeFavorite({ itemId });
      // The failure is reported by the API client; the heart stays as it was.
      if (E.isLeft(answer)) return E.left(FAVORITE_NOT_SAVED);
      await serially(() => apply(services, favoritesLoaded(state(), answer.right)));
      return E.right(answer.right.includes(itemId));
    },
  };
}
