// Remote favorites (account-and-session.md section 7): item ids of the catalog, per account; every call answers
// {Items}. Ids the catalog does not sell are refused on Create and dropped on Merge.
import { FavoriteRequestCodec, MergeFavoritesRequestCodec } from '../api/favorites';
import { authed } from './auth';
import type { SandboxCore } from './core';
import { codes, ok } from './http';
import { withBody, type RouteTable } from './routes';
import type { UserRecord } from './state';

export function favoriteRoutes(core: SandboxCore): RouteTable {
  const sold = (itemId: string) => [...core.catalog.index.byLocation.values()].some((l) => l.items.has(itemId));
  const items = (user: UserRecord) => ok({ Items: [...user.favorites] });
  return {
    'POST /api/Favorite/Create': authed(core, (call, user) =>
      withBody(FavoriteRequestCodec, (request) => {
        if (!sold(request.itemId)) return codes(404, 'Favorite - ITEM_NOT_FOUND', `no item "${request.itemId}"`);
        if (!user.favorites.includes(request.itemId)) user.favorites.push(request.itemId);
        core.changed();
        return items(user);
      })(call),
    ),
    'POST /api/Favorite/List': authed(core, (_call, user) => items(user)),
    'POST /api/Favorite/Merge': authed(core, (call, user) =>
      withBody(MergeFavoritesRequestCodec, (itemIds) => {
        for (const id of itemIds) if (sold(id) && !user.favorites.includes(id)) user.favorites.push(id);
        core.changed();
        return items(user);
      })(call),
    ),
    'POST /api/Favorite/Remove': authed(core, (call, user) =>
      withBody(FavoriteRequestCodec, (request) => {
        user.favorites = user.favorites.filter((id) => id !== request.itemId);
        core.changed();
        return items(user);
      })(call),
    ),
  };
}
