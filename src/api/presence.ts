// POST /api/Presence/ImHere (auth): the curbside shopper has arrived. Without an OrderId the account's latest order
// is meant. POST /api/Presence/GuestImHere: a guest's arrival, by the idempotency key of their order (an extension of
// the spec's calls, src/sandbox/README.md "The order's progress").
import * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import { opt } from '../domain/codec';
import type { ApiError } from './apiError';
import { decodeWith, type HttpClient } from './httpClient';

export const ImHereRequestCodec = t.partial({ OrderId: opt(t.string), LocationId: opt(t.string) });
export type ImHereRequest = t.TypeOf<typeof ImHereRequestCodec>;
export const ImHereResultCodec = t.type({ OrderId: t.string, ArrivedAtUtc: t.string });
export type ImHereResult = t.TypeOf<typeof ImHereResultCodec>;
export const GuestImHereRequestCodec = t.type({ idempotencyKey: t.string });
export type GuestImHereRequest = t.TypeOf<typeof GuestImHereRequestCodec>;

export interface PresenceCalls {
  imHere(request?: ImHereRequest): Promise<E.Either<ApiError, ImHereResult>>;
  guestImHere(request: GuestImHereRequest): Promise<E.Either<ApiError, ImHereResult>>;
}

export function presenceCalls(http: HttpClient): PresenceCalls {
  return {
    imHere: (request = {}) => http.call({ name: 'Presence/ImHere', path: 'Presence/ImHere', body: request, auth: true, read: decodeWith(ImHereResultCodec) }),
    guestImHere: (request) =>
      http.call({ name: 'Presence/GuestImHere', path: 'Presence/GuestImHere', body: request, auth: false, read: decodeWith(ImHereResultCodec) }),
  };
}
