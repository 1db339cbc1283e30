// POST /api/Presence/ImHere (auth): the curbside shopper has arrived. Without an OrderId the account's latest order
// is meant.
import * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import { opt } from '../domain/codec';
import type { ApiError } from './apiError';
import { decodeWith, type HttpClient } from './httpClient';

export const ImHereRequestCodec = t.partial({ OrderId: opt(t.string), LocationId: opt(t.string) });
export type ImHereRequest = t.TypeOf<typeof ImHereRequestCodec>;
export const ImHereResultCodec = t.type({ OrderId: t.string, ArrivedAtUtc: t.string });
export type ImHereResult = t.TypeOf<typeof ImHereResultCodec>;

export interface PresenceCalls {
  imHere(request?: ImHereRequest): Promise<E.Either<ApiError, ImHereResult>>;
}

export function presenceCalls(http: HttpClient): PresenceCalls {
  return {
    imHere: (request = {}) => http.call({ name: 'Presence/ImHere', path: 'Presence/ImHere', body: request, auth: true, read: decodeWith(ImHereResultCodec) }),
  };
}
