// Remote favorites of a signed-in user (account-and-session.md sections 4 and 7): item ids. Every call answers the
// whole list, so the caller never needs a second round trip. All (auth).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { ApiError } from './apiError';
import { decodeWith, type HttpClient } from './httpClient';

export const FavoriteListCodec = t.type({ Items: t.array(t.string) });
export const FavoriteRequestCodec = t.type({ itemId: t.string });
export type FavoriteRequest = t.TypeOf<typeof FavoriteRequestCodec>;
/** Merge's payload is the list of local favorite item ids. */
export const MergeFavoritesRequestCodec = t.array(t.string);

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface FavoriteCalls {
  createFavorite(request: FavoriteRequest): Result<string[]>;
  listFavorites(): Result<string[]>;
  /** Adds the guest's local favorites to the account's after sign-in. */
  mergeFavorites(itemIds: readonly string[]): Result<string[]>;
  removeFavorite(request: FavoriteRequest): Result<string[]>;
}

export function favoriteCalls(http: HttpClient): FavoriteCalls {
  const items = async (name: string, body: unknown) =>
    E.map((list: t.TypeOf<typeof FavoriteListCodec>) => list.Items)(
      await http.call({ name, path: name, body, auth: true, read: decodeWith(FavoriteListCodec) }),
    );
  return {
    createFavorite: (request) => items('Favorite/Create', request),
    listFavorites: () => items('Favorite/List', {}),
    mergeFavorites: (itemIds) => items('Favorite/Merge', [...itemIds]),
    removeFavorite: (request) => items('Favorite/Remove', request),
  };
}
