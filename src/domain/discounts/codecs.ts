// Coupons and loyalty rewards (ordering.md section 3, account-and-session.md section 3). Both are discounts; an
// order carries at most one of them.
import * as t from 'io-ts';
import { DecimalPercentage, MinorUnits, oneOf, opt } from '../codec';

const DiscountTypeCodec = oneOf<'EntireOrder' | 'Items' | 'Categories'>('"EntireOrder" | "Items" | "Categories" | 0 | 1 | 2', [
  ['EntireOrder', 'EntireOrder'],
  ['Items', 'Items'],
  ['Categories', 'Categories'],
  [0, 'EntireOrder'],
  [1, 'Items'],
  [2, 'Categories'],
]);
export type DiscountType = t.TypeOf<typeof DiscountTypeCodec>;

const DiscountFields = {
  Type: DiscountTypeCodec,
};
const DiscountOptionalFields = {
  /** Percent off as a decimal string ("10", "12.5"); numbers are accepted too. */
  Percentage: opt(DecimalPercentage),
  /** Cap of a percentage discount. */
  MaximumMoney: opt(MinorUnits),
  /** Fixed amount off. */
  AmountMoney: opt(MinorUnits),
  Items: opt(t.array(t.string)),
  Variations: opt(t.array(t.string)),
  Categories: opt(t.array(t.string)),
};

export const CouponCodec = t.intersection([
  t.type({ Id: t.string, Name: t.string, ...DiscountFields }),
  t.partial({ ...DiscountOptionalFields, Description: opt(t.string), IssuedAt: opt(t.string), ExpiresAt: opt(t.string) }),
]);
export type Coupon = t.TypeOf<typeof CouponCodec>;

export const RewardCodec = t.intersection([t.type({ Id: t.string, Name: t.string, Points: t.number, ...DiscountFields }), t.partial(DiscountOptionalFields)]);
export type Reward = t.TypeOf<typeof RewardCodec>;

/** What pricing needs of a coupon or a reward. */
export interface Discount {
  readonly kind: 'coupon' | 'reward';
  readonly Id: string;
  readonly Name: string;
  readonly Type: DiscountType;
  readonly Percentage?: string | undefined;
  readonly MaximumMoney?: number | undefined;
  readonly AmountMoney?: number | undefined;
  readonly Items?: readonly string[] | undefined;
  readonly Variations?: readonly string[] | undefined;
  readonly Categories?: readonly string[] | undefined;
}

export function couponDiscount(coupon: Coupon): Discount {
  return { ...coupon, kind: 'coupon' };
}

export function rewardDiscount(reward: Reward): Discount {
  return { ...reward, kind: 'reward' };
}

/** The coupon or reward a bag holds (at most one, ordering.md section 9). */
export type BagDiscount = { readonly kind: 'coupon'; readonly coupon: Coupon } | { readonly kind: 'reward'; readonly reward: Reward };

/** What pricing reads of the coupon or reward a bag holds; null when it holds none. */
export function discountOf(applied: BagDiscount | null): Discount | null {
  if (applied === null) return null;
  return applied.kind === 'coupon' ? couponDiscount(applied.coupon) : rewardDiscount(applied.reward);
}

export const LoyaltyStatusCodec = t.intersection([
  t.type({ Available: t.boolean }),
  t.partial({
    Terminology: opt(t.partial({ One: opt(t.string), Other: opt(t.string) })),
    Enrolled: opt(t.boolean),
    Balance: opt(t.number),
    Rewards: opt(t.array(RewardCodec)),
    Coupons: opt(t.array(CouponCodec)),
  }),
]);
export type LoyaltyStatus = t.TypeOf<typeof LoyaltyStatusCodec>;
