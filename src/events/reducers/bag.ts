// Cart actions (ordering.md section 4): add, update (quantity 0 removes), change quantity (0 removes), remove,
// coupon or reward (choosing one clears the other), tip. Each change runs the bag rules in bagRules.ts.
import { lineWithQuantity } from '../../domain/cart/cartLine';
import { lineValidAt } from '../../domain/items/lineValidity';
import { tippingEnabled } from '../../domain/tip';
import { currentLocation } from '../context';
import type { Handlers } from './handler';
import { sameChoice, settleBag, withSettledBag } from './bagRules';

type BagEvents =
  | 'BagLineAdded'
  | 'BagLineUpdated'
  | 'BagLineQuantityChanged'
  | 'BagLineRemoved'
  | 'CouponApplied'
  | 'CouponRemoved'
  | 'RewardApplied'
  | 'RewardRemoved'
  | 'TipSet'
  | 'TipReset'
  | 'OrderReordered';

export const bagHandlers: Handlers<BagEvents> = {
  BagLineAdded(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const { line, idempotencyKey } = event.data;
    if (!location || line.quantity < 1 || !Number.isInteger(line.quantity) || !lineValidAt(location, line)) return state;
    if (state.bag.lines.some((existing) => existing.key === line.key)) return state;
    const same = state.bag.lines.find((existing) => sameChoice(existing, line));
    const lines = same
      ? state.bag.lines.map((existing) => (existing === same ? lineWithQuantity(existing, existing.quantity + line.quantity) : existing))
      : [...state.bag.lines, line];
    return withSettledBag(state, settleBag(state, location, { ...state.bag, lines }, idempotencyKey, event, ctx.memo));
  },

  OrderReordered(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const { orderId, messages, idempotencyKey } = event.data;
    if (!location) return state;
    let lines = state.bag.lines;
    let added = 0;
    for (const line of event.data.lines) {
      if (line.quantity < 1 || !Number.isInteger(line.quantity) || !lineValidAt(location, line) || lines.some((existing) => existing.key === line.key))
        continue;
      const same = lines.find((existing) => sameChoice(existing, line));
      lines = same ? lines.map((existing) => (existing === same ? lineWithQuantity(existing, existing.quantity + line.quantity) : existing)) : [...lines, line];
      added++;
    }
    if (added === 0) return state;
    const settled = withSettledBag(state, settleBag(state, location, { ...state.bag, lines }, idempotencyKey, event, ctx.memo));
    const notice = messages.length > 0 ? { seq: event.seq, at: event.at, orderId, messages } : null;
    return { ...settled, warnings: { ...settled.warnings, reorder: notice } };
  },

  BagLineUpdated(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const { line, idempotencyKey } = event.data;
    const index = state.bag.lines.findIndex((existing) => existing.key === line.key);
    if (!location || index < 0 || !Number.isInteger(line.quantity)) return state;
    if (line.quantity > 0 && !lineValidAt(location, line)) return state;
    const lines = line.quantity > 0 ? state.bag.lines.map((existing, i) => (i === index ? line : existing)) : state.bag.lines.filter((_, i) => i !== index);
    return withSettledBag(state, settleBag(state, location, { ...state.bag, lines }, idempotencyKey, event, ctx.memo));
  },

  BagLineQuantityChanged(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const { key, quantity, idempotencyKey } = event.data;
    const index = state.bag.lines.findIndex((existing) => existing.key === key);
    if (!location || index < 0 || !Number.isInteger(quantity) || state.bag.lines[index]!.quantity === quantity) return state;
    const lines =
      quantity > 0
        ? state.bag.lines.map((existing, i) => (i === index ? lineWithQuantity(existing, quantity) : existing))
        : state.bag.lines.filter((_, i) => i !== index);
    return withSettledBag(state, settleBag(state, location, { ...state.bag, lines }, idempotencyKey, event, ctx.memo));
  },

  BagLineRemoved(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const lines = state.bag.lines.filter((existing) => existing.key !== event.data.key);
    if (!location || lines.length === state.bag.lines.length) return state;
    return withSettledBag(state, settleBag(state, location, { ...state.bag, lines }, event.data.idempotencyKey, event, ctx.memo));
  },

  CouponApplied(state, event, ctx) {
    const location = currentLocation(state, ctx);
    if (!location) return state;
    const discount = { kind: 'coupon' as const, coupon: event.data.coupon };
    return withSettledBag(state, settleBag(state, location, { ...state.bag, discount }, event.data.idempotencyKey, event, ctx.memo));
  },

  CouponRemoved(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const current = state.bag.discount;
    if (!location || current?.kind !== 'coupon' || current.coupon.Id !== event.data.couponId) return state;
    return withSettledBag(state, settleBag(state, location, { ...state.bag, discount: null }, event.data.idempotencyKey, event, ctx.memo));
  },

  RewardApplied(state, event, ctx) {
    const location = currentLocation(state, ctx);
    if (!location) return state;
    const discount = { kind: 'reward' as const, reward: event.data.reward };
    return withSettledBag(state, settleBag(state, location, { ...state.bag, discount }, event.data.idempotencyKey, event, ctx.memo));
  },

  RewardRemoved(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const current = state.bag.discount;
    if (!location || current?.kind !== 'reward' || current.reward.Id !== event.data.rewardId) return state;
    return withSettledBag(state, settleBag(state, location, { ...state.bag, discount: null }, event.data.idempotencyKey, event, ctx.memo));
  },

  TipSet(state, event, ctx) {
    const location = currentLocation(state, ctx);
    const { amount, percent, idempotencyKey } = event.data;
    if (!location || !tippingEnabled(location.location) || !Number.isSafeInteger(amount) || amount < 0) return state;
    // A tip above the allowed maximum resets to 0 (section 4); settleBag applies that rule.
    return withSettledBag(state, settleBag(state, location, { ...state.bag, tip: { amount, percent } }, idempotencyKey, event, ctx.memo));
  },

  TipReset(state, event) {
    if (state.bag.tip.amount === 0 && state.bag.tip.percent === null) return state;
    const { lines, discount } = state.bag;
    return { ...state, bag: { lines, discount, tip: { amount: 0, percent: null }, idempotencyKey: event.data.idempotencyKey } };
  },
};
