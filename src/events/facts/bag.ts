// The bag: lines, the one discount, the tip. Every change renews the bag's idempotency key.
import * as t from 'io-ts';
import { CouponCodec, RewardCodec } from '../../domain/discounts/codecs';
import { BAG_LINE_FIELDS, BagLine, Count, Id, fact, under } from './shared';

const KEY = ['idempotencyKey'];
const DISCOUNT_FIELDS = ['Id', 'Name', 'Percentage', 'MaximumMoney', 'AmountMoney', 'Items[]', 'Variations[]', 'Categories[]'];
export const COUPON_FIELDS = [...DISCOUNT_FIELDS, 'Description', 'IssuedAt', 'ExpiresAt'];
export const REWARD_FIELDS = [...DISCOUNT_FIELDS, 'Points'];
const lineFact = fact(t.type({ line: BagLine, idempotencyKey: Id }), { safe: [...under('line', BAG_LINE_FIELDS), ...KEY] });

export const bagFacts = {
  BagLineAdded: lineFact,
  /** The item panel in edit mode saved the line; quantity 0 removes it. */
  BagLineUpdated: lineFact,
  /** Plus or minus in the bag; the new quantity, 0 removes the line. */
  BagLineQuantityChanged: fact(t.type({ key: Id, quantity: Count, idempotencyKey: Id }), { safe: ['key', 'quantity', ...KEY] }),
  BagLineRemoved: fact(t.type({ key: Id, idempotencyKey: Id }), { safe: ['key', ...KEY] }),
  // Coupons and rewards are the business's offers, as the API sent them: nothing in them is the shopper's.
  CouponApplied: fact(t.type({ coupon: CouponCodec, idempotencyKey: Id }), { safe: [...under('coupon', COUPON_FIELDS), ...KEY] }),
  CouponRemoved: fact(t.type({ couponId: Id, idempotencyKey: Id }), { safe: ['couponId', ...KEY] }),
  RewardApplied: fact(t.type({ reward: RewardCodec, idempotencyKey: Id }), { safe: [...under('reward', REWARD_FIELDS), ...KEY] }),
  RewardRemoved: fact(t.type({ rewardId: Id, idempotencyKey: Id }), { safe: ['rewardId', ...KEY] }),
  /** A preset percentage (null for a custom amount) and the amount it came to, in minor units. */
  TipSet: fact(t.type({ amount: Count, percent: t.union([t.number, t.null]), idempotencyKey: Id }), { safe: ['amount', 'percent', ...KEY] }),
  TipReset: fact(t.type({ idempotencyKey: Id }), { safe: KEY }),
  /**
   * One gesture: the lines of an earlier order that today's menu and stock allow, added to the bag the shopper has,
   * and what the shopper was told (lines left out, quantities reduced), worded for them.
   */
  OrderReordered: fact(t.type({ orderId: Id, lines: t.array(BagLine), messages: t.array(t.string), idempotencyKey: Id }), {
    safe: ['orderId', ...under('lines[]', BAG_LINE_FIELDS), 'messages[]', ...KEY],
  }),
};
