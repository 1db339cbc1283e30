// Loyalty (account-and-session.md sections 3, 4 and 7). Available when the seed says so (default: it has rewards).
// Enroll texts a code to the phone; Verify with it enrolls the account with a balance of 0; 409 when the phone is
// already enrolled (by this account or another). Enrolled accounts earn PointsPerDollar (default 1) per dollar of
// every order's grand total; a reward spends its Points when an order uses it.
import * as E from 'fp-ts/lib/Either.js';
import { EnrollRequestCodec, LoyaltyVerifyRequestCodec } from '../api/loyalty';
import type { LoyaltyStatus } from '../domain/discounts/codecs';
import { validatePhone } from '../domain/phone';
import { sendCode, takeCode } from './accounts/codes';
import { authed } from './auth';
import type { SandboxCore } from './core';
import { fieldErrors, ok } from './http';
import { withBody, type RouteTable } from './routes';
import { phoneKey, type UserRecord } from './state';

export const ALREADY_ENROLLED = 'That phone number is already enrolled in rewards.';

export function loyaltyRoutes(core: SandboxCore): RouteTable {
  const program = () => {
    const seed = core.catalog.seed;
    return {
      Available: seed.Loyalty?.Available ?? (seed.Rewards?.length ?? 0) > 0,
      Terminology: { One: seed.Loyalty?.Terminology?.One ?? 'Point', Other: seed.Loyalty?.Terminology?.Other ?? 'Points' },
    };
  };
  const enrolledElsewhere = (phone: string) =>
    Object.values(core.state.users).some((u) => u.loyalty?.enrolled === true && phoneKey(u.loyalty.phoneNumber) === phoneKey(phone));
  const status = (user: UserRecord): LoyaltyStatus => {
    const now = core.now();
    const coupons = (core.catalog.seed.Coupons ?? []).filter(
      (c) => !user.usedCouponIds.includes(c.Id) && (c.ExpiresAt === undefined || Date.parse(c.ExpiresAt) >= now),
    );
    return {
      ...program(),
      Enrolled: user.loyalty?.enrolled === true,
      Balance: user.loyalty?.balance ?? 0,
      Rewards: core.catalog.seed.Rewards ?? [],
      Coupons: coupons,
    };
  };
  const badPhone = fieldErrors(400, 'phoneNumber', 'Phone Number is not valid');
  const conflict = fieldErrors(409, 'phoneNumber', ALREADY_ENROLLED);
  const unavailable = fieldErrors(400, 'loyalty', 'Rewards are not available.');

  return {
    'POST /api/Loyalty/CheckAvailability': () => ok(program()),
    'POST /api/Loyalty/Status': authed(core, (_call, user) => ok(status(user))),
    'POST /api/Loyalty/Enroll': authed(core, (call, user) =>
      withBody(
        EnrollRequestCodec,
        (request) => {
          if (!program().Available) return unavailable;
          if (validatePhone(request.phoneNumber)._tag === 'Left') return badPhone;
          if (enrolledElsewhere(request.phoneNumber)) return conflict;
          const sent = sendCode(core, user, request.phoneNumber, ['enroll']);
          return E.isLeft(sent) ? sent.left : ok({});
        },
        'fields',
      )(call),
    ),
    'POST /api/Loyalty/ResendEnrollCode': authed(core, (call, user) =>
      withBody(
        EnrollRequestCodec,
        (request) => {
          if (validatePhone(request.phoneNumber)._tag === 'Left') return badPhone;
          const sent = sendCode(core, user, request.phoneNumber, ['enroll']);
          return E.isLeft(sent) ? sent.left : ok({});
        },
        'fields',
      )(call),
    ),
    'POST /api/Loyalty/Verify': authed(core, (call, user) =>
      withBody(
        LoyaltyVerifyRequestCodec,
        (request) => {
          if (enrolledElsewhere(request.phoneNumber)) return conflict;
          // The code must have been texted to this phone; a wrong try counts against the live code.
          if (!takeCode(core, user, request.code, 'enroll', request.phoneNumber)) return fieldErrors(400, 'code', 'The code is invalid or has expired.');
          user.loyalty = { phoneNumber: request.phoneNumber.trim(), enrolled: true, balance: user.loyalty?.balance ?? 0 };
          core.changed();
          return ok({});
        },
        'fields',
      )(call),
    ),
  };
}
