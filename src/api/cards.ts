// Saved cards (account-and-session.md sections 3 and 7): Create registers a tokenized card (nonce) with a billing
// address, List and Merge answer the account's cards, Remove forgets one. All (auth).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { Integer, opt } from '../domain/codec';
import type { ApiError } from './apiError';
import { decodeWith, noContent, type HttpClient } from './httpClient';

export const CardAddressCodec = t.partial({
  AddressLine1: opt(t.string),
  AddressLine2: opt(t.string),
  Locality: opt(t.string),
  AdministrativeDistrictLevel1: opt(t.string),
  PostalCode: opt(t.string),
  Country: opt(t.string),
});

export const RemoteCardCodec = t.intersection([
  t.type({ Id: t.string, Brand: t.string, Last4: t.string, ExpirationMonth: Integer, ExpirationYear: Integer }),
  t.partial({ Address: opt(CardAddressCodec) }),
]);
export type RemoteCard = t.TypeOf<typeof RemoteCardCodec>;

export const CardListCodec = t.type({ Cards: t.array(RemoteCardCodec) });

export const CreateCardRequestCodec = t.intersection([
  t.type({ nonce: t.string }),
  t.partial({
    name: opt(t.string),
    address1: opt(t.string),
    address2: opt(t.string),
    city: opt(t.string),
    state: opt(t.string),
    postalCode: opt(t.string),
    country: opt(t.string),
  }),
]);
export type CreateCardRequest = t.TypeOf<typeof CreateCardRequestCodec>;

/** Merge's payload is the list of card ids itself (section 7). */
export const MergeCardsRequestCodec = t.array(t.string);

export const RemoveCardRequestCodec = t.type({ cardId: t.string });
export type RemoveCardRequest = t.TypeOf<typeof RemoveCardRequestCodec>;

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface CardCalls {
  /** Fails (400, 'Card - CODE') when the card cannot be registered: the form shows CARD_REGISTRATION_FAILED_MESSAGE. */
  createCard(request: CreateCardRequest): Result<RemoteCard>;
  listCards(): Result<RemoteCard[]>;
  /** The account's cards, given the ids the browser knows (ids of other accounts are ignored). */
  mergeCards(cardIds: readonly string[]): Result<RemoteCard[]>;
  removeCard(request: RemoveCardRequest): Result<void>;
}

export function cardCalls(http: HttpClient): CardCalls {
  const cards = async (name: string, body: unknown) =>
    E.map((list: t.TypeOf<typeof CardListCodec>) => list.Cards)(await http.call({ name, path: name, body, auth: true, read: decodeWith(CardListCodec) }));
  return {
    createCard: (request) => http.call({ name: 'Card/Create', path: 'Card/Create', body: request, auth: true, read: decodeWith(RemoteCardCodec) }),
    listCards: () => cards('Card/List', {}),
    mergeCards: (cardIds) => cards('Card/Merge', [...cardIds]),
    removeCard: (request) => http.call({ name: 'Card/Remove', path: 'Card/Remove', body: request, auth: true, read: noContent }),
  };
}
