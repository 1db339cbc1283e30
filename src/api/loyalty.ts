// Loyalty (account-and-session.md sections 3, 4, 7 and 8): availability for anyone; enroll by phone, a texted code,
// verify, and the status with balance, rewards and coupons for the signed-in user. Verify answers 409 when the
// phone number is already enrolled: match it with hasStatus(error, 409) and reload the status.
import * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import { LoyaltyStatusCodec, type LoyaltyStatus } from '../domain/discounts/codecs';
import type { ApiError } from './apiError';
import { decodeWith, noContent, type HttpClient } from './httpClient';

export const EnrollRequestCodec = t.type({ phoneNumber: t.string });
export type EnrollRequest = t.TypeOf<typeof EnrollRequestCodec>;
export const LoyaltyVerifyRequestCodec = t.type({ phoneNumber: t.string, code: t.string });
export type LoyaltyVerifyRequest = t.TypeOf<typeof LoyaltyVerifyRequestCodec>;

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface LoyaltyCalls {
  checkAvailability(): Result<LoyaltyStatus>;
  enroll(request: EnrollRequest): Result<void>;
  resendEnrollCode(request: EnrollRequest): Result<void>;
  status(): Result<LoyaltyStatus>;
  verify(request: LoyaltyVerifyRequest): Result<void>;
}

export function loyaltyCalls(http: HttpClient): LoyaltyCalls {
  return {
    checkAvailability: () =>
      http.call({ name: 'Loyalty/CheckAvailability', path: 'Loyalty/CheckAvailability', body: {}, read: decodeWith(LoyaltyStatusCodec) }),
    enroll: (request) => http.call({ name: 'Loyalty/Enroll', path: 'Loyalty/Enroll', body: request, auth: true, read: noContent }),
    resendEnrollCode: (request) =>
      http.call({ name: 'Loyalty/ResendEnrollCode', path: 'Loyalty/ResendEnrollCode', body: request, auth: true, read: noContent }),
    status: () => http.call({ name: 'Loyalty/Status', path: 'Loyalty/Status', body: {}, auth: true, read: decodeWith(LoyaltyStatusCodec) }),
    verify: (request) => http.call({ name: 'Loyalty/Verify', path: 'Loyalty/Verify', body: request, auth: true, read: noContent }),
  };
}
