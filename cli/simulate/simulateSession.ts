// A realistic random shopper, for `countertop simulate`, the property tests and the benchmarks. It drives the same
// reducers the storefront uses and only emits events a shopper's commands could have produced: lines built through
// the item panel rules, tips from the tip rule, times from the pickup schedule, orders placed when checkout allows.
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex, LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Coupon, Reward } from '../../src/domain/discounts/codecs';
import { offeredFulfillments } from '../../src/domain/fulfillment';
import { chooseVariation, openForAdd, panelToLine, panelView, setQuantity, toggleModifier, type PanelStock } from '../../src/domain/items/itemPanel';
import { isSoldOut } from '../../src/domain/items/stock';
import { ORDER_FAILURE_MESSAGES } from '../../src/domain/orders/orderErrors';
import { resolvePickupChoice, isPickupChoiceValid } from '../../src/domain/time/pickupChoice';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { prepTimeMillis } from '../../src/domain/time/duration';
import { isOpenAt } from '../../src/domain/time/openState';
import { maximumTip, tipOptions, tippingEnabled } from '../../src/domain/tip';
import type { EventDataOf, EventDraft, EventType } from '../../src/events/catalogue';
import { contextOf, currentLocation } from '../../src/events/context';
import { pickupOnSelection } from '../../src/events/decide';
import { draft } from '../../src/events/draft';
import { decodeEvent } from '../../src/events/envelope';
import { reduce } from '../../src/events/reduce';
import { bagView } from '../../src/events/selectors/bag';
import { placeOrderReadiness } from '../../src/events/selectors/checkout';
import { initialState } from '../../src/events/state';
import { orderFromPreview } from '../../src/domain/orders/orderFromPreview';
import { createRandom } from './random';

export interface SimulationOptions {
  readonly catalog: CatalogIndex;
  readonly hash: string;
  /** Locations the storefront may show (after the configuration's include/exclude rules). */
  readonly locationIds?: readonly string[];
  readonly events: number;
  readonly seed: number;
  /** Start of the session (epoch ms); default 2026-11-18T15:00:00Z. */
  readonly start?: number;
}

export interface Simulation {
  /** Exactly `events` drafts (at least the three that open a session). */
  readonly drafts: readonly EventDraft[];
}

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger', 'Barbara', 'Donald', 'Frances'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Dijkstra', 'Liskov', 'Knuth', 'Allen'];
const CARDS = [
  ['visa', '1111'],
  ['mastercard', '5100'],
  ['discover', '0004'],
  ['amex', '0005'],
] as const;
const VEHICLES = [
  ['Subaru', 'Outback', 'Green'],
  ['Toyota', 'Corolla', 'Silver'],
  ['Ford', 'F-150', 'Blue'],
] as const;

/** Simulates one shopper's session; the same options always give the same events. */
export function simulateSession(options: SimulationOptions): Simulation {
  const rng = createRandom(options.seed);
  const ctx = contextOf(new Map([[options.hash, options.catalog]]));
  const locationIds = options.locationIds ?? options.catalog.locations.map((l) => l.Id);
  const drafts: EventDraft[] = [];
  let state = initialState;
  let clock = options.start ?? Date.parse('2026-11-18T15:00:00Z');
  let n = 0;
  const id = (prefix: string) => `${prefix}-${options.seed}-${++n}`;

  const emit = <T extends EventType>(type: T, data: EventDataOf<T>): void => {
    const d = draft(type, data, { id: id('evt'), at: new Date(clock).toISOString() });
    const decoded = decodeEvent(d, drafts.length + 1);
    if (E.isLeft(decoded) || decoded.right.kind !== 'event')
      throw new Error(`simulator produced an invalid ${type}: ${E.isLeft(decoded) ? decoded.left.join('; ') : 'skipped'}`);
    drafts.push(d);
    state = reduce(state, decoded.right.event, ctx);
  };

  emit('SessionStarted', { idempotencyKey: id('idem'), appVersion: 'simulator' });
  emit('CatalogLoaded', { hash: options.hash, locationIds: [...locationIds], idempotencyKey: id('idem') });
  const selectLocation = (locationId: string) => {
    const target = options.catalog.byLocation.get(locationId);
    if (target) emit('LocationSelected', { locationId, idempotencyKey: id('idem'), pickup: pickupOnSelection(state, target.location, clock) });
  };
  if (locationIds.length > 0) selectLocation(rng.pick(locationIds));
  countInventory();

  function location(): LocationCatalog | undefined {
    return currentLocation(state, ctx);
  }

  // A week of slots changes only slot by slot: reuse it within a 15-minute step at the same location. Callers
  // still drop slots closer than the prep time to the exact clock, as the real command would refuse them.
  const STEP = 15 * 60_000;
  let cachedSchedule: { key: string; schedule: ReturnType<typeof pickupSchedule> } | undefined;
  function scheduleNow(loc: LocationCatalog): ReturnType<typeof pickupSchedule> {
    const key = `${loc.location.Id}@${Math.floor(clock / STEP)}`;
    if (cachedSchedule?.key !== key) cachedSchedule = { key, schedule: pickupSchedule(loc.location, Math.floor(clock / STEP) * STEP) };
    return cachedSchedule.schedule;
  }
  const farEnough = (loc: LocationCatalog, at: string) => Date.parse(at) >= clock + prepTimeMillis(loc.location);

  function countInventory(): void {
    const loc = location();
    if (!loc) return;
    const counts: Record<string, number> = {};
    for (const [variationId, { variation }] of loc.variations) if (variation.TrackInventory) counts[variationId] = rng.int(0, 12) === 0 ? 0 : rng.int(2, 40);
    emit('InventoryCounted', { locationId: loc.location.Id, counts, idempotencyKey: id('idem') });
  }

  function addLine(): boolean {
    const loc = location();
    if (!loc) return false;
    const items = [...loc.items.values()].filter((item) => !isSoldOut(item.item, state.inventory.counts));
    if (items.length === 0) return false;
    const item = rng.pick(items);
    const stock: PanelStock = { counts: state.inventory.counts, cart: state.bag.lines };
    let panel = openForAdd(item);
    panel = chooseVariation(panel, rng.pick(item.variations).Id);
    for (let i = rng.int(0, 4); i > 0; i--) {
      const list = item.modifierLists.length > 0 ? rng.pick(item.modifierLists) : undefined;
      if (list && list.modifiers.length > 0) panel = toggleModifier(panel, list.list.Id, rng.pick(list.modifiers).Id);
    }
    panel = setQuantity(panel, rng.int(1, 3), stock);
    if (!panelView(panel, stock).canSubmit) return false;
    const line = panelToLine(panel, id('line'));
    if (E.isLeft(line)) return false;
    emit('BagLineAdded', { line: rng.chance(0.2) ? { ...line.right, note: 'No onions, please' } : line.right, idempotencyKey: id('idem') });
    return true;
  }

  function changeQuantity(): boolean {
    if (state.bag.lines.length === 0) return false;
    const line = rng.pick(state.bag.lines);
    emit('BagLineQuantityChanged', { key: line.key, quantity: Math.max(0, line.quantity + (rng.chance(0.6) ? 1 : -1)), idempotencyKey: id('idem') });
    return true;
  }

  function editLine(): boolean {
    if (state.bag.lines.length === 0) return false;
    const line = rng.pick(state.bag.lines);
    emit('BagLineUpdated', { line: { ...line, quantity: rng.int(0, 4), note: rng.chance(0.5) ? 'Extra hot' : line.note }, idempotencyKey: id('idem') });
    return true;
  }

  function removeLine(): boolean {
    if (state.bag.lines.length === 0) return false;
    emit('BagLineRemoved', { key: rng.pick(state.bag.lines).key, idempotencyKey: id('idem') });
    return true;
  }

  function discount(): boolean {
    const loc = location();
    if (!loc) return false;
    const current = state.bag.discount;
    if (current && rng.chance(0.4)) {
      if (current.kind === 'coupon') emit('CouponRemoved', { couponId: current.coupon.Id, idempotencyKey: id('idem') });
      else emit('RewardRemoved', { rewardId: current.reward.Id, idempotencyKey: id('idem') });
      return true;
    }
    const item = rng.pick([...loc.items.values()]);
    if (rng.chance(0.6)) {
      const coupon: Coupon = rng.chance(0.5)
        ? { Id: 'coupon-welcome', Name: 'Welcome', Type: 'EntireOrder', Percentage: '10', MaximumMoney: 500 }
        : { Id: `coupon-${item.item.Id}`, Name: `${item.item.Name} deal`, Type: 'Items', AmountMoney: 150, Items: [item.item.Id] };
      emit('CouponApplied', { coupon, idempotencyKey: id('idem') });
    } else {
      const reward: Reward = {
        Id: 'reward-category',
        Name: 'Category treat',
        Points: 50,
        Type: 'Categories',
        Percentage: '100',
        Categories: [...item.categoryIds],
      };
      emit('RewardApplied', { reward, idempotencyKey: id('idem') });
    }
    return true;
  }

  function tip(): boolean {
    const loc = location();
    const preview = bagView(state, ctx).preview;
    if (!loc || !preview || !tippingEnabled(loc.location) || state.bag.lines.length === 0) return false;
    if (rng.chance(0.15)) {
      emit('TipReset', { idempotencyKey: id('idem') });
      return true;
    }
    if (rng.chance(0.75)) {
      const option = rng.pick(tipOptions(loc.location, preview));
      emit('TipSet', { amount: option.amount, percent: option.percent, idempotencyKey: id('idem') });
    } else {
      emit('TipSet', { amount: rng.int(0, maximumTip(loc.location, preview)), percent: null, idempotencyKey: id('idem') });
    }
    return true;
  }

  function fulfillment(): boolean {
    const loc = location();
    if (!loc) return false;
    const type = state.checkout.fulfillmentType;
    if (type === null || rng.chance(0.3)) {
      emit('FulfillmentChosen', { fulfillmentType: rng.pick(offeredFulfillments(loc.location)), idempotencyKey: id('idem') });
      return true;
    }
    if (type === 'CURBSIDE') {
      const [make, model, color] = rng.pick(VEHICLES);
      emit('CurbsideVehicleSaved', { vehicle: { make, model, color, note: rng.chance(0.5) ? 'Parked by the hydrant' : '' }, idempotencyKey: id('idem') });
    } else if (type === 'DINEIN') {
      const skip = rng.chance(0.4);
      emit('DineInNoteSaved', { note: skip ? '' : `Table ${rng.int(1, 20)}`, skipNote: skip, idempotencyKey: id('idem') });
    } else {
      emit('PickupNotesSaved', { notes: rng.chance(0.5) ? 'Knock twice' : '', idempotencyKey: id('idem') });
    }
    return true;
  }

  function pickupTime(): boolean {
    const loc = location();
    if (!loc) return false;
    const schedule = scheduleNow(loc);
    const choices = [
      ...(schedule.asap ? [{ date: schedule.days[0]?.date ?? '', time: 'ASAP' }] : []),
      ...schedule.days.flatMap((day) => day.slots.map((slot) => ({ date: day.date, time: slot.at }))),
    ];
    const asapStillOpen = isOpenAt(loc.location, clock);
    const valid = choices.filter((choice) => isPickupChoiceValid(schedule, choice) && (choice.time === 'ASAP' ? asapStillOpen : farEnough(loc, choice.time)));
    if (valid.length === 0) return false;
    emit('PickupTimeChosen', { choice: rng.pick(valid.slice(0, 40)), idempotencyKey: id('idem') });
    return true;
  }

  function guest(): boolean {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    emit('GuestDetailsSaved', {
      guest: { firstName: first, lastName: last, email: `${first}.${last}@example.com`.toLowerCase(), phone: `212555${rng.int(1000, 9999)}` },
      idempotencyKey: id('idem'),
    });
    return true;
  }

  function card(): boolean {
    const known = [...state.account.savedCards, ...(state.checkout.transientCard ? [state.checkout.transientCard] : [])];
    if (known.length > 0 && rng.chance(0.3)) {
      const chosen = rng.pick(known);
      if (rng.chance(0.3)) emit('CardRemoved', { key: chosen.key, idempotencyKey: id('idem') });
      else emit('CardSelected', { card: chosen, idempotencyKey: id('idem') });
      return true;
    }
    const [brand, last4] = rng.pick(CARDS);
    const billing = { address1: '412 Hudson St', city: 'New York', state: 'NY', postalCode: '10014' };
    emit('CardAdded', {
      card: { key: id('card'), brand, last4, expMonth: rng.int(1, 12), expYear: 2030, saved: rng.chance(0.5), billing },
      idempotencyKey: id('idem'),
    });
    return true;
  }

  function stockChange(): boolean {
    const loc = location();
    if (!loc) return false;
    const tracked = [...loc.variations.values()].filter((v) => v.variation.TrackInventory);
    const inBag = state.bag.lines.map((l) => l.variationId).filter((v) => loc.variations.get(v)?.variation.TrackInventory);
    const variationId = inBag.length > 0 && rng.chance(0.6) ? rng.pick(inBag) : tracked.length > 0 ? rng.pick(tracked).variation.Id : undefined;
    if (variationId === undefined) return false;
    emit('InventoryUpdated', { locationId: loc.location.Id, variationId, count: rng.int(0, 6), idempotencyKey: id('idem') });
    return true;
  }

  function moveLocation(): boolean {
    const others = locationIds.filter((l) => l !== state.locationId);
    if (others.length === 0) return false;
    selectLocation(rng.pick(others));
    countInventory();
    return true;
  }

  function account(): boolean {
    if (state.account.profile) {
      emit('SignedOut', {});
    } else {
      const first = rng.pick(FIRST_NAMES);
      emit('SignedIn', {
        userId: id('user'),
        firstName: first,
        lastName: rng.pick(LAST_NAMES),
        email: `${first.toLowerCase()}@example.com`,
        phone: '2125550100',
      });
      emit('AccountStatusLoaded', { verified: rng.chance(0.8), textNotificationOptIn: rng.chance(0.5), customerSince: '2024-05-01T00:00:00Z' });
    }
    return true;
  }

  /** Heads for checkout: does the next missing step, or places the order when nothing is missing. */
  function checkout(): boolean {
    const loc = location();
    const bag = bagView(state, ctx);
    if (!loc || !bag.preview) return false;
    const readiness = placeOrderReadiness(state, bag);
    const next = readiness.blockers[0];
    switch (next) {
      case undefined:
        break;
      case 'empty':
        return addLine();
      case 'identity':
        return guest();
      case 'card':
        return card();
      case 'time':
        return pickupTime();
      case 'fulfillment':
      case 'vehicle':
      case 'table':
        return fulfillment();
      case 'outOfStock':
        return removeLine();
      case 'pending':
        return false;
    }
    const key = state.bag.idempotencyKey;
    const pickupAt = state.pickup.choice?.time === 'ASAP' ? null : (state.pickup.choice?.time ?? null);
    emit('OrderPlacementStarted', {
      idempotencyKey: key,
      queued: loc.location.QueueOrders === true,
      locationId: loc.location.Id,
      grandTotal: bag.preview.grandTotal,
      pickupAt,
    });
    clock += rng.int(300, 2500);
    if (rng.chance(0.25)) {
      const row = rng.pick(ORDER_FAILURE_MESSAGES);
      emit('OrderPlacementFailed', { idempotencyKey: key, codes: [rng.pick(row.codes)], message: row.message, outcome: 'refused' });
      return true;
    }
    const orderId = id('order');
    const order = orderFromPreview({
      id: orderId,
      catalog: loc,
      lines: state.bag.lines,
      preview: bag.preview,
      chargedAt: new Date(clock).toISOString(),
      pickupAt: pickupAt ?? new Date(clock + 20 * 60_000).toISOString(),
      fulfillmentType: state.checkout.fulfillmentType,
    });
    emit('OrderPlaced', { idempotencyKey: key, orderId, order, nextIdempotencyKey: id('idem') });
    return true;
  }

  /** The command that watches the clock: a chosen time the clock made invalid is moved, as an event. */
  function keepPickupValid(): void {
    const loc = location();
    const choice = state.pickup.choice;
    if (!loc || !choice) return;
    // Hours do not change during a session: a slot still at least the prep time away is still offered.
    if (choice.time !== 'ASAP' && Date.parse(choice.time) >= clock + prepTimeMillis(loc.location) + 60_000) return;
    const cached = scheduleNow(loc);
    if (isPickupChoiceValid(cached, choice) && (choice.time === 'ASAP' ? isOpenAt(loc.location, clock) : farEnough(loc, choice.time))) return;
    const resolved = resolvePickupChoice(pickupSchedule(loc.location, clock), choice);
    emit('PickupTimeAdjusted', { from: choice, to: resolved.choice, mustConfirmDate: resolved.mustConfirmDate, idempotencyKey: id('idem') });
  }

  const actions: readonly (readonly [number, () => boolean])[] = [
    [20, addLine],
    [10, changeQuantity],
    [4, editLine],
    [4, removeLine],
    [3, discount],
    [4, tip],
    [4, fulfillment],
    [3, pickupTime],
    [2, guest],
    [2, card],
    [7, stockChange],
    [2, moveLocation],
    [1, account],
    [12, checkout],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);

  let guard = 0;
  while (drafts.length < options.events && guard++ < options.events * 20) {
    // Time moves on: usually seconds, sometimes a long pause (the tab left open over lunch).
    clock += rng.chance(0.02) ? rng.int(1, 6) * 3_600_000 : rng.int(5, 180) * 1000;
    if (state.pickup.choice && rng.chance(0.5)) keepPickupValid();
    let roll = rng.int(0, totalWeight - 1);
    for (const [weight, action] of actions) {
      if (roll < weight) {
        action();
        break;
      }
      roll -= weight;
    }
  }
  return { drafts: drafts.slice(0, Math.max(options.events, 3)) };
}
