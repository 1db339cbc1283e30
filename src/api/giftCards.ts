// Gift cards (account-and-session.md sections 3 and 7): add by GAN, balance, list, reload with a card, remove. All
// (auth); the client id travels in the payload as ClientId, as the spec's payloads name it.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { MinorUnits, opt } from '../domain/codec';
import { OrderCardCodec } from '../domain/orders/codecs';
import type { ApiError } from './apiError';
import { decodeWith, noContent, type HttpClient } from './httpClient';

export const GiftCardBalanceCodec = t.type({ GiftCardId: t.string, BalanceAmount: MinorUnits });
export type GiftCardBalance = t.TypeOf<typeof GiftCardBalanceCodec>;

export const GiftCardEntryCodec = t.type({ Gan: t.string, Id: t.string });
export type GiftCardEntry = t.TypeOf<typeof GiftCardEntryCodec>;

export const GiftCardListCodec = t.type({ GiftCards: t.array(GiftCardEntryCodec) });
export const AddGiftCardResultCodec = t.type({ GiftCardId: t.string });

export const ReloadResultCodec = t.type({ ChargeDateUtc: t.string, ReloadAmount: MinorUnits, Card: GiftCardBalanceCodec });
export type ReloadResult = t.TypeOf<typeof ReloadResultCodec>;

export const AddGiftCardRequestCodec = t.type({ Gan: t.string, ClientId: t.string });
export const GiftCardIdRequestCodec = t.type({ GiftCardId: t.string, ClientId: t.string });
export const ListGiftCardsRequestCodec = t.type({ ClientId: t.string });

export const ReloadRequestCodec = t.intersection([
  t.type({ Card: OrderCardCodec, IdempotencyKey: t.string, GiftCardId: t.string, ReloadAmount: MinorUnits, ClientId: t.string }),
  t.partial({
    Source: opt(t.string),
    SendText: opt(t.boolean),
    LocationId: opt(t.string),
    /** No discount applies to a reload: the storefront sends null for both, as the spec's payload names them. */
    CouponId: opt(t.union([t.string, t.null])),
    DiscountCodeId: opt(t.union([t.string, t.null])),
  }),
]);
export type ReloadRequest = t.TypeOf<typeof ReloadRequestCodec>;

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface GiftCardCalls {
  addGiftCard(gan: string): Result<string>;
  balance(giftCardId: string): Result<GiftCardBalance>;
  listGiftCards(): Result<GiftCardEntry[]>;
  reload(request: Omit<ReloadRequest, 'ClientId'>): Result<ReloadResult>;
  removeGiftCard(giftCardId: string): Result<void>;
}

export function giftCardCalls(http: HttpClient): GiftCardCalls {
  const ClientId = http.clientId;
  return {
    addGiftCard: async (Gan) =>
      E.map((r: t.TypeOf<typeof AddGiftCardResultCodec>) => r.GiftCardId)(
        await http.call({ name: 'GiftCard/Add', path: 'GiftCard/Add', body: { Gan, ClientId }, auth: true, read: decodeWith(AddGiftCardResultCodec) }),
      ),
    balance: (GiftCardId) =>
      http.call({ name: 'GiftCard/Balance', path: 'GiftCard/Balance', body: { GiftCardId, ClientId }, auth: true, read: decodeWith(GiftCardBalanceCodec) }),
    listGiftCards: async () =>
      E.map((r: t.TypeOf<typeof GiftCardListCodec>) => r.GiftCards)(
        await http.call({ name: 'GiftCard/List', path: 'GiftCard/List', body: { ClientId }, auth: true, read: decodeWith(GiftCardListCodec) }),
      ),
    reload: (request) =>
      http.call({ name: 'GiftCard/Reload', path: 'GiftCard/Reload', body: { ...request, ClientId }, auth: true, read: decodeWith(ReloadResultCodec) }),
    removeGiftCard: (GiftCardId) =>
      http.call({ name: 'GiftCard/Remove', path: 'GiftCard/Remove', body: { GiftCardId, ClientId }, auth: true, read: noContent }),
  };
}
