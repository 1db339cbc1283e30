// The sandbox seed beside each fixture catalog (fixtures/{name}.seed.json): the starting stock, the coupons and rewards
// every account sees, and optional demo accounts and gift cards, so a fresh sandbox has something to order with.
//
// {
//   "DefaultStock": 40,                       // count of every TrackInventory variation not listed in Inventory
//   "Inventory": { "locationId": { "variationId": 12 } },
//   "Coupons": [Coupon],                      // issued to every account (account-and-session.md section 3)
//   "Rewards": [Reward],                      // the loyalty program's rewards
//   "Loyalty": { "Available": true, "Terminology": { "One": "Slice", "Other": "Slices" }, "PointsPerDollar": 1 },
//   "Users": [{ "email", "phoneNumber", "firstName", "lastName", "password"?, "verified"?, "textNotificationOptIn"?,
//               "loyaltyBalance"?,          // demo accounts; a loyaltyBalance enrolls the account with that balance
//               "addresses"?: [DeliveryAddress with Latitude and Longitude] }],
//   "GiftCards": [{ "Gan": "7783320000000000", "BalanceAmount": 2500 }]
// }
import * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import { Integer, MinorUnits, decode, opt } from '../domain/codec';
import { CouponCodec, RewardCodec } from '../domain/discounts/codecs';
import { SeedAddressCodec } from './delivery/seedAddresses';

export const SeedUserCodec = t.intersection([
  t.type({ email: t.string, phoneNumber: t.string, firstName: t.string, lastName: t.string }),
  t.partial({
    password: opt(t.string),
    verified: opt(t.boolean),
    textNotificationOptIn: opt(t.boolean),
    loyaltyBalance: opt(Integer),
    /** Delivery addresses the account starts with, with their coordinates. */
    addresses: opt(t.array(SeedAddressCodec)),
  }),
]);
export type SeedUser = t.TypeOf<typeof SeedUserCodec>;

export const SeedGiftCardCodec = t.type({ Gan: t.string, BalanceAmount: MinorUnits });
export type SeedGiftCard = t.TypeOf<typeof SeedGiftCardCodec>;

export const SeedCodec = t.intersection([
  t.type({ DefaultStock: Integer }),
  t.partial({
    Inventory: opt(t.record(t.string, t.record(t.string, Integer))),
    Coupons: opt(t.array(CouponCodec)),
    Rewards: opt(t.array(RewardCodec)),
    Loyalty: opt(
      t.partial({
        Available: opt(t.boolean),
        Terminology: opt(t.partial({ One: opt(t.string), Other: opt(t.string) })),
        PointsPerDollar: opt(t.number),
      }),
    ),
    Users: opt(t.array(SeedUserCodec)),
    GiftCards: opt(t.array(SeedGiftCardCodec)),
  }),
]);
export type Seed = t.TypeOf<typeof SeedCodec>;

/** Gift cards every sandbox knows, whatever its seed says: one with a balance, one empty. */
export const BUILT_IN_GIFT_CARDS: readonly SeedGiftCard[] = [
  { Gan: '7783320000000000', BalanceAmount: 2500 },
  { Gan: '7783320000000001', BalanceAmount: 0 },
];

/** The seed of a catalog that ships none: every tracked variation starts with 25. */
export const EMPTY_SEED: Seed = { DefaultStock: 25 };

export function decodeSeed(input: unknown): E.Either<string[], Seed> {
  return decode(SeedCodec, input);
}
