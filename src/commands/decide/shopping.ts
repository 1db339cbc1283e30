// Decisions for browsing and the bag (ordering.md section 4): the catalog and the location, stock counts, bag lines,
// coupons and rewards, tips. Pure: the commands in ../shopping.ts feed them and append what they decide.
import type { CartLine } from '../../domain/cart/cartLine';
import type { Coupon, Reward } from '../../domain/discounts/codecs';
import { sameId } from '../../domain/ids';
import { lineValidAt } from '../../domain/items/lineValidity';
import { onlyAvailable } from '../../domain/items/messages';
import { remainingForPanel } from '../../domain/items/stock';
import { formatMoney } from '../../domain/money';
import { couponExpired } from '../../domain/discounts/expiry';
import { pointsMissing } from '../../domain/discounts/points';
import { maximumTip, tippingEnabled, tipMaximumMessage } from '../../domain/tip';
import { allowedLocation, currentLocation, type ReduceContext } from '../../events/context';
import { bagView } from '../../events/selectors/bag';
import { PLACE_ORDER_BLOCKERS } from '../../events/selectors/checkout';
import type { State } from '../../events/state';
import type { Location } from '../../domain/catalog/codecs';
import type { EventDataOf } from '../../events/catalogue';
import { accept, append, event, refuse, type Decision, type Given, type TimeRules } from './decision';

export const NO_LOCATION = 'Choose a location first.';
export const LINE_GONE = 'That line is no longer in your bag.';
export const LINE_INVALID = 'This item cannot be ordered as chosen.';
export const OUT_OF_STOCK = 'Out of Stock';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const NO_TIPS = 'This location does not take tips.';
export const unknownLocation = (locationId: string) => `There is no location "${locationId}" here.`;

/** A catalog stored under `hash`, with the locations the configuration allows: recorded when either changed. */
export function catalogLoaded(state: State, loaded: { readonly hash: string; readonly locationIds: readonly string[] }, given: Given): Decision {
  const same =
    state.catalog.hash === loaded.hash &&
    state.catalog.locationIds.length === loaded.locationIds.length &&
    state.catalog.locationIds.every((id, i) => id === loaded.locationIds[i]);
  return same ? append() : append(event('CatalogLoaded', { hash: loaded.hash, locationIds: [...loaded.locationIds], idempotencyKey: given.newKey() }));
}

/** With exactly one allowed location, it is the shopper's location (taken after catalogLoaded's facts are in). */
export function onlyLocation(state: State): string | null {
  const ids = state.catalog.locationIds;
  return ids.length === 1 && state.locationId !== ids[0] ? ids[0]! : null;
}

/** The shopper picks a location; the pickup time is checked against it (ordering.md section 4). */
export function selectLocation(state: State, context: ReduceContext, locationId: string, given: Given, time: TimeRules): Decision {
  return locationSelected(state, context, locationId, given, (location) => pickupOnSelection(time, state, location, given.now));
}

/**
 * The pickup date and time after selecting a location at `now` (ordering.md section 4): the shopper's own choice if
 * still valid there, otherwise the first valid day and time; 'must confirm date' when that day is not today.
 */
export function pickupOnSelection(time: TimeRules, state: State, location: Location, now: number): EventDataOf<'LocationSelected'>['pickup'] {
  const wanted = state.pickup.userSelected ? state.pickup.choice : null;
  const resolved = time.resolvePickupChoice(time.pickupSchedule(location, now), wanted);
  return { choice: resolved.choice, mustConfirmDate: resolved.mustConfirmDate };
}

/**
 * The only location is selected as the store starts, before the time rules are in (they load after the first page)
 * and with no pickup choice of the shopper's to keep: no pickup time yet. The clock's command picks the first valid
 * one as soon as the rules arrive (keepPickupTimeValid), as a PickupTimeAdjusted of its own.
 */
export function selectOnlyLocationAtStart(state: State, context: ReduceContext, locationId: string, given: Given): Decision {
  return locationSelected(state, context, locationId, given, () => ({ choice: null, mustConfirmDate: false }));
}

/** LocationSelected for a location the catalog and the configuration allow, with the pickup it takes there. */
function locationSelected(
  state: State,
  context: ReduceContext,
  locationId: string,
  given: Given,
  pickupAt: (location: Location) => EventDataOf<'LocationSelected'>['pickup'],
): Decision {
  const location = allowedLocation(state, context, locationId);
  if (!location) return refuse(unknownLocation(locationId));
  return append(event('LocationSelected', { locationId: location.location.Id, idempotencyKey: given.newKey(), pickup: pickupAt(location.location) }));
}

/** The location's counts as the API listed them; dropped when the shopper moved on meanwhile. */
export function inventoryCounted(state: State, locationId: string, counts: Readonly<Record<string, number>>, given: Given): Decision {
  if (state.locationId !== locationId) return append();
  return append(event('InventoryCounted', { locationId, counts: { ...counts }, idempotencyKey: given.newKey() }));
}

/** One count pushed by the hub: recorded only for the current location and when it changes something. */
export function inventoryUpdated(
  state: State,
  update: { readonly locationId: string; readonly variationId: string; readonly count: number },
  given: Given,
): Decision {
  if (state.locationId === null || !sameId(state.locationId, update.locationId)) return append();
  if (state.inventory.counts[update.variationId] === update.count) return append();
  return append(
    event('InventoryUpdated', { locationId: state.locationId, variationId: update.variationId, count: update.count, idempotencyKey: given.newKey() }),
  );
}

/** Adds what the item panel built, checked against the menu and the stock left; answers the new line's key. */
export function addToBag(state: State, context: ReduceContext, line: Omit<CartLine, 'key'>, given: Given): Decision<string> {
  const location = currentLocation(state, context);
  if (!location) return refuse(NO_LOCATION);
  const candidate: CartLine = { ...line, key: given.newKey() };
  if (!lineValidAt(location, candidate)) return refuse(LINE_INVALID);
  const entry = location.variations.get(line.variationId)!;
  const left = remainingForPanel(state.inventory.counts, entry.variation, state.bag.lines);
  if (left <= 0) return refuse(OUT_OF_STOCK);
  if (line.quantity > left) return refuse(onlyAvailable(left));
  return accept(candidate.key, event('BagLineAdded', { line: candidate, idempotencyKey: given.newKey() }));
}

/** A line edited in the panel; quantity 0 removes it. */
export function updateLine(state: State, context: ReduceContext, line: CartLine, given: Given): Decision {
  const location = currentLocation(state, context);
  if (!location || !state.bag.lines.some((l) => l.key === line.key)) return refuse(LINE_GONE);
  if (line.quantity > 0) {
    const entry = location.variations.get(line.variationId);
    if (!entry || !lineValidAt(location, line)) return refuse(LINE_INVALID);
    const left = remainingForPanel(state.inventory.counts, entry.variation, state.bag.lines, line.key);
    if (line.quantity > left) return refuse(onlyAvailable(Math.max(0, left)));
  }
  return append(event('BagLineUpdated', { line, idempotencyKey: given.newKey() }));
}

/** Plus and minus in the bag; 0 removes the line. Plus stops at the stock left. */
export function changeQuantity(state: State, context: ReduceContext, lineKey: string, quantity: number, given: Given): Decision {
  const line = state.bag.lines.find((l) => l.key === lineKey);
  const location = currentLocation(state, context);
  if (!line || !location) return refuse(LINE_GONE);
  if (quantity > line.quantity) {
    const entry = location.variations.get(line.variationId);
    const left = entry ? remainingForPanel(state.inventory.counts, entry.variation, state.bag.lines, line.key) : 0;
    if (quantity > left) return refuse(onlyAvailable(Math.max(0, left)));
  }
  return append(event('BagLineQuantityChanged', { key: lineKey, quantity: Math.max(0, quantity), idempotencyKey: given.newKey() }));
}

export function removeLine(state: State, lineKey: string, given: Given): Decision {
  if (!state.bag.lines.some((l) => l.key === lineKey)) return append();
  return append(event('BagLineRemoved', { key: lineKey, idempotencyKey: given.newKey() }));
}

/** A coupon past its expiry is refused. */
export function applyCoupon(coupon: Coupon, given: Given): Decision {
  if (couponExpired(coupon, given.now)) return refuse(COUPON_EXPIRED);
  return append(event('CouponApplied', { coupon, idempotencyKey: given.newKey() }));
}

/** Redeeming a reward adds it only if the balance is at least its Points (account-and-session.md section 4). */
export function applyReward(state: State, reward: Reward, balance: number, given: Given): Decision {
  if (balance < reward.Points) return refuse(pointsMissing(reward.Points, balance, state.account.loyalty.terminology));
  return append(event('RewardApplied', { reward, idempotencyKey: given.newKey() }));
}

export function removeDiscount(state: State, given: Given): Decision {
  const discount = state.bag.discount;
  if (discount?.kind === 'coupon') return append(event('CouponRemoved', { couponId: discount.coupon.Id, idempotencyKey: given.newKey() }));
  if (discount?.kind === 'reward') return append(event('RewardRemoved', { rewardId: discount.reward.Id, idempotencyKey: given.newKey() }));
  return append();
}

/** A preset percentage (with the amount it came to) or a custom amount (percent null); checked against the maximum. */
export function setTip(state: State, context: ReduceContext, tip: { readonly amount: number; readonly percent: number | null }, given: Given): Decision {
  const location = currentLocation(state, context);
  const preview = bagView(state, context).preview;
  if (!location || !tippingEnabled(location.location)) return refuse(NO_TIPS);
  if (!preview || state.bag.lines.length === 0) return refuse(PLACE_ORDER_BLOCKERS.empty);
  const max = maximumTip(location.location, preview);
  if (tip.amount > max) return refuse(tipMaximumMessage(formatMoney(max, location.currency)));
  return append(event('TipSet', { amount: tip.amount, percent: tip.percent, idempotencyKey: given.newKey() }));
}

/** Back to no tip; nothing to record when there is none. */
export function resetTip(state: State, given: Given): Decision {
  if (state.bag.tip.amount === 0 && state.bag.tip.percent === null) return append();
  return append(event('TipReset', { idempotencyKey: given.newKey() }));
}
