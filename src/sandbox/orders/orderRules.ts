// The rules a real API enforces before it takes an order (ordering.md sections 4, 5 and 9), run with the same domain
// code the storefront uses, so the sandbox refuses exactly what the storefront should never send.
import * as E from 'fp-ts/lib/Either.js';
import { findLocation, type LocationCatalog } from '../../domain/catalog/catalogIndex';
import type { CartLine } from '../../domain/cart/cartLine';
import { couponDiscount, rewardDiscount, type Coupon, type Discount, type Reward } from '../../domain/discounts/codecs';
import { isFulfillmentOffered } from '../../domain/fulfillment';
import { validateDineIn } from '../../domain/forms/dineIn';
import { validateGuest } from '../../domain/forms/guest';
import { validateItemNote } from '../../domain/forms/itemNote';
import { NO_TABLE } from '../../domain/forms/messages';
import { validatePickupNotes } from '../../domain/forms/pickupNotes';
import { validateVehicle } from '../../domain/forms/vehicle';
import { choicesValidFor } from '../../domain/items/lineValidity';
import { selectionErrors } from '../../domain/items/modifierRules';
import { availableStock } from '../../domain/items/stock';
import { formatMoney } from '../../domain/money';
import { priceCart, type Preview } from '../../domain/pricing/priceCart';
import { isPickupChoiceValid } from '../../domain/time/pickupChoice';
import { pickupSchedule } from '../../domain/time/pickupSlots';
import { maximumTip, tipExceedsMaximum, tippingEnabled } from '../../domain/tip';
import type { SandboxCore } from '../core';
import { chargedTotal, type DeliveryFees } from '../../domain/delivery/charges';
import { addressLine, deliveryTo } from '../delivery/deliveryCharge';
import { deliveryAvailability } from '../delivery/deliveryRange';
import type { UserRecord } from '../state';
import type { DraftFulfillment, DraftLine, OrderDraft } from './orderDraft';
import { problemOf, type Problem, type Refusal } from './refusal';

/** An ASAP order's time is now + PrepTime on the shopper's clock; it may drift this far from the sandbox's. */
export const ASAP_TOLERANCE_MS = 15 * 60_000;

export interface Customer {
  readonly user: UserRecord | null;
  /** Placed through a Guest call: the guest block is required and checked. */
  readonly guest: boolean;
}

export interface CheckedOrder {
  readonly catalog: LocationCatalog;
  readonly lines: readonly CartLine[];
  readonly preview: Preview;
  readonly fulfillment: DraftFulfillment | null;
  readonly pickupAt: string | null;
  readonly coupon: Coupon | null;
  readonly reward: Reward | null;
  /** A delivery's fees, charged on top of the preview's grand total, and the address it goes to. */
  readonly delivery: CheckedDelivery | null;
}

export interface CheckedDelivery {
  readonly fees: DeliveryFees;
  readonly addressId: string;
  readonly address: string;
}

/** 'preview' prices a bag still being built: no guest, fulfillment, time or card is needed yet. */
export type CheckMode = 'preview' | 'place';

export function checkOrder(core: SandboxCore, draft: OrderDraft, customer: Customer, mode: CheckMode): E.Either<Refusal, CheckedOrder> {
  const catalog = findLocation(core.catalog.index, draft.locationId);
  if (!catalog) return E.left({ status: 400, problems: [problemOf('Order - LOCATION_NOT_FOUND', `no location "${draft.locationId}"`)] });
  const problems: Problem[] = [];
  if (draft.lines.length === 0) problems.push(problemOf('Order - EMPTY_ORDER', 'an order needs at least one line item'));
  const lines: CartLine[] = [];
  draft.lines.forEach((line, i) => {
    const cartLine = cartLineOf(catalog, line, i, problems);
    if (cartLine) lines.push(cartLine);
  });
  if (problems.length === 0) problems.push(...stockProblems(core, catalog, lines));

  let fulfillment: DraftFulfillment | null = null;
  let pickupAt: string | null = null;
  if (mode === 'place') {
    if (customer.guest) problems.push(...guestProblems(draft));
    fulfillment = draft.fulfillments.length === 1 ? draft.fulfillments[0]! : null;
    if (fulfillment === null) {
      problems.push(problemOf('Fulfillment - INVALID_FULFILLMENT', `exactly one fulfillment block is required, got ${draft.fulfillments.length}`));
    } else {
      problems.push(...fulfillmentProblems(core, catalog, fulfillment, customer));
      pickupAt = fulfillment.at ?? draft.pickupAt;
      // A delivery's deliverAt comes later than the pickup choice it was quoted for (the drive): the order's own
      // pickupAt is the time the store offered.
      const readyAt = fulfillment.type === 'DELIVERY' ? (draft.pickupAt ?? pickupAt) : pickupAt;
      const timeProblem = pickupTimeProblem(catalog, readyAt, core.now());
      if (timeProblem) problems.push(timeProblem);
    }
  }

  const discount = discountOf(core, draft, customer, problems);
  if (problems.length > 0) return E.left({ status: 400, problems });

  const priced = priceCart(catalog, lines, { discount: discount.discount, tipAmount: draft.tipAmount });
  if (E.isLeft(priced)) return E.left({ status: 400, problems: [problemOf('Order - INVALID_ORDER', ...priced.left)] });
  const preview = priced.right;
  const location = catalog.location;
  if (draft.tipAmount > 0 && !tippingEnabled(location)) {
    problems.push(problemOf('Tip - TIPPING_NOT_OFFERED', `${location.Name} does not take tips`));
  } else if (tipExceedsMaximum(draft.tipAmount, location, preview)) {
    problems.push(problemOf('Tip - TIP_TOO_HIGH', `the tip may not exceed ${formatMoney(maximumTip(location, preview), catalog.currency)}`));
  }
  const delivery = fulfillment?.type === 'DELIVERY' ? checkedDelivery(core, catalog, fulfillment) : null;
  // What a saved gift card pays is not the card's to pay (its amount is checked with its balance at the charge).
  const giftCardPays = Math.max(0, draft.giftCard?.amount ?? 0);
  if (mode === 'place' && chargedTotal(preview.grandTotal, delivery?.fees ?? null) - giftCardPays > 0 && !draft.card?.id && !draft.card?.nonce) {
    problems.push(problemOf('Payment - CARD_REQUIRED', 'a card id or nonce is required when the total (less a gift card) is above 0'));
  }
  if (problems.length > 0) return E.left({ status: 400, problems });
  // A coupon or reward that takes nothing off this order is not used: no points spent, the coupon kept for later.
  const used = (preview.appliedDiscount?.amount ?? 0) > 0;
  return E.right({
    catalog,
    lines,
    preview,
    fulfillment,
    pickupAt,
    coupon: used ? discount.coupon : null,
    reward: used ? discount.reward : null,
    delivery,
  });
}

/** The fees of a delivery the rules accepted: the same as Delivery/Quote answered for this location and address. */
function checkedDelivery(core: SandboxCore, catalog: LocationCatalog, f: DraftFulfillment): CheckedDelivery | null {
  const address = f.deliveryAddressId === null ? undefined : core.state.addresses[f.deliveryAddressId];
  if (!address) return null;
  return { fees: deliveryTo(catalog.location, address).fees, addressId: address.Id, address: addressLine(address) };
}

function cartLineOf(catalog: LocationCatalog, line: DraftLine, index: number, problems: Problem[]): CartLine | null {
  const where = `line ${index + 1} (key ${line.key})`;
  const entry = catalog.variations.get(line.variationId);
  if (!entry || (line.itemId !== null && entry.item.item.Id !== line.itemId)) {
    problems.push(problemOf('Catalog - VARIATION_NOT_FOUND', `${where}: variation "${line.variationId}" is not sold at ${catalog.location.Name}`));
    return null;
  }
  const item = entry.item;
  let modifiers: Record<string, string[]> = {};
  if (line.modifiersByList !== null) {
    modifiers = Object.fromEntries(Object.entries(line.modifiersByList).map(([listId, ids]) => [listId, [...ids]]));
  } else {
    // By list in a Map: a list id such as "__proto__" must not index a plain object.
    const byList = new Map<string, string[]>();
    for (const id of line.modifierIds) {
      const list = item.modifierLists.find((l) => l.modifiers.some((m) => m.Id === id));
      if (!list) {
        problems.push(problemOf('Catalog - INVALID_MODIFIERS', `${where}: option "${id}" is not offered with ${item.item.Name}`));
        return null;
      }
      if (byList.has(list.list.Id)) byList.get(list.list.Id)!.push(id);
      else byList.set(list.list.Id, [id]);
    }
    modifiers = Object.fromEntries(byList);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    problems.push(problemOf('Order - INVALID_QUANTITY', `${where}: quantity must be a whole number of at least 1, got ${line.quantity}`));
    return null;
  }
  const noteError = validateItemNote({ note: line.note }).note;
  if (noteError !== undefined) problems.push(problemOf('Order - INVALID_NOTE', `${where}: ${noteError}`));
  if (!choicesValidFor(item, modifiers)) {
    const messages = selectionErrors(item, modifiers);
    problems.push(
      problemOf(
        'Catalog - INVALID_MODIFIERS',
        ...(messages.length > 0 ? messages : [`${where}: an option of ${item.item.Name} is not available`]).map((m) => `${where}: ${m}`),
      ),
    );
    return null;
  }
  return { key: line.key, itemId: item.item.Id, variationId: line.variationId, quantity: line.quantity, modifiers, note: line.note };
}

/** Counts of a location as the stock rules read them. */
export function stockCounts(core: SandboxCore, locationId: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [variationId, entry] of Object.entries(core.state.stock[locationId] ?? {})) counts[variationId] = entry.count;
  return counts;
}

function stockProblems(core: SandboxCore, catalog: LocationCatalog, lines: readonly CartLine[]): Problem[] {
  const counts = stockCounts(core, catalog.location.Id);
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.variationId, (wanted.get(line.variationId) ?? 0) + line.quantity);
  const short: string[] = [];
  for (const [variationId, quantity] of wanted) {
    const entry = catalog.variations.get(variationId);
    if (!entry) continue;
    const left = availableStock(counts, entry.variation);
    if (quantity > left) short.push(`${entry.item.item.Name} (${entry.variation.Name}): ${quantity} ordered, ${left} left`);
  }
  return short.length > 0 ? [problemOf('Inventory - VARIATION_OUT_OF_STOCK', ...short)] : [];
}

function guestProblems(draft: OrderDraft): Problem[] {
  if (draft.guest === null) return [problemOf('Guest - GUEST_REQUIRED', 'a guest order needs firstName, lastName, emailAddress and phoneNumber')];
  const errors = Object.values(validateGuest(draft.guest)).filter((m): m is string => m !== undefined);
  return errors.length > 0 ? [problemOf('Guest - INVALID_GUEST', ...errors)] : [];
}

function fulfillmentProblems(core: SandboxCore, catalog: LocationCatalog, f: DraftFulfillment, customer: Customer): Problem[] {
  const location = catalog.location;
  if (!isFulfillmentOffered(location, f.type)) return [problemOf('Fulfillment - FULFILLMENT_NOT_OFFERED', `${location.Name} does not offer ${f.type}`)];
  const messages = (errors: Readonly<Record<string, string | undefined>>) => Object.values(errors).filter((m): m is string => m !== undefined);
  switch (f.type) {
    case 'PICKUP': {
      const errors = messages(validatePickupNotes({ notes: f.notes }));
      return errors.length > 0 ? [problemOf('Fulfillment - INVALID_NOTES', ...errors)] : [];
    }
    case 'DINEIN': {
      const errors = messages(validateDineIn({ note: f.notes, skipNote: f.notes === NO_TABLE }));
      return errors.length > 0 ? [problemOf('Fulfillment - TABLE_NOTE_REQUIRED', ...errors)] : [];
    }
    case 'CURBSIDE': {
      const v = f.vehicle;
      const errors = messages(validateVehicle({ make: v?.make ?? '', model: v?.model ?? '', color: v?.color ?? '', note: v?.note ?? '' }));
      return errors.length > 0 ? [problemOf('Fulfillment - INVALID_VEHICLE', ...errors)] : [];
    }
    case 'DELIVERY': {
      const address = f.deliveryAddressId === null ? undefined : core.state.addresses[f.deliveryAddressId];
      if (!address || customer.user === null || address.userId !== customer.user.id) {
        return [problemOf('Delivery - ADDRESS_NOT_FOUND', `no delivery address "${f.deliveryAddressId ?? ''}" of this customer`)];
      }
      const lat = address.Latitude;
      const lng = address.Longitude;
      const point = typeof lat === 'number' && typeof lng === 'number' ? { Latitude: lat, Longitude: lng } : null;
      return deliveryAvailability(location, point).Available ? [] : [problemOf('Delivery - OUT_OF_RANGE', `${location.Name} does not deliver to that address`)];
    }
  }
}

/** The time must be one the storefront offers at this moment: a scheduled slot, or ASAP while ASAP is offered. */
export function pickupTimeProblem(catalog: LocationCatalog, at: string | null, now: number): Problem | null {
  if (at === null) return problemOf('Schedule - PICKUP_TIME_REQUIRED', 'pickupAt is required');
  const instant = Date.parse(at);
  if (!Number.isFinite(instant)) return problemOf('Schedule - INVALID_PICKUP_TIME', `pickupAt "${at}" is not an ISO-8601 instant`);
  const schedule = pickupSchedule(catalog.location, now);
  if (schedule.asap !== null && Math.abs(instant - Date.parse(schedule.asap.at)) <= ASAP_TOLERANCE_MS) return null;
  if (schedule.days.some((day) => isPickupChoiceValid(schedule, { date: day.date, time: at }))) return null;
  return problemOf('Schedule - INVALID_PICKUP_TIME', `${at} is not a pickup time ${catalog.location.Name} offers now`);
}

function discountOf(
  core: SandboxCore,
  draft: OrderDraft,
  customer: Customer,
  problems: Problem[],
): { discount: Discount | null; coupon: Coupon | null; reward: Reward | null } {
  const none = { discount: null, coupon: null, reward: null };
  if (draft.discountCount > 1) {
    problems.push(problemOf('Discount - ONE_DISCOUNT_ONLY', 'an order carries at most one coupon or reward'));
    return none;
  }
  const user = customer.user;
  if (draft.couponId !== null) {
    const coupon = core.catalog.seed.Coupons?.find((c) => c.Id === draft.couponId);
    if (!coupon || user === null) {
      problems.push(problemOf('Discount - COUPON_NOT_FOUND', `no coupon "${draft.couponId}" for this customer`));
      return none;
    }
    if (user.usedCouponIds.includes(coupon.Id)) problems.push(problemOf('Discount - COUPON_ALREADY_USED', `${coupon.Name} was already used`));
    else if (coupon.ExpiresAt !== undefined && Date.parse(coupon.ExpiresAt) < core.now())
      problems.push(problemOf('Discount - COUPON_EXPIRED', `${coupon.Name} has expired`));
    return { discount: couponDiscount(coupon), coupon, reward: null };
  }
  if (draft.rewardId !== null) {
    const reward = core.catalog.seed.Rewards?.find((r) => r.Id === draft.rewardId);
    if (!reward || user === null || user.loyalty?.enrolled !== true) {
      problems.push(problemOf('Loyalty - REWARD_NOT_FOUND', `no reward "${draft.rewardId}" for this customer`));
      return none;
    }
    if (user.loyalty.balance < reward.Points) {
      problems.push(problemOf('Loyalty - INSUFFICIENT_POINTS', `${reward.Name} needs ${reward.Points} points, the balance is ${user.loyalty.balance}`));
    }
    return { discount: rewardDiscount(reward), coupon: null, reward };
  }
  return none;
}
