// A realistic random shopper, for `countertop simulate`, the property tests and the benchmarks. Every gesture goes
// through the storefront's own decisions (src/commands/decide), with the simulator standing in for what is outside
// the log: the clock, the shopper's random intents and the API's answers. So the log holds only what the real
// commands could have appended, and a rule changed in a decision changes the simulation with it.
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex, LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Config } from '../../src/domain/config';
import type { Coupon, Reward } from '../../src/domain/discounts/codecs';
import { offeredFulfillments } from '../../src/domain/fulfillment';
import { chooseVariation, openForAdd, panelToLine, panelView, setQuantity, toggleModifier, type PanelStock } from '../../src/domain/items/itemPanel';
import { isSoldOut } from '../../src/domain/items/stock';
import { ORDER_FAILURE_MESSAGES } from '../../src/domain/orders/orderErrors';
import { orderFromPreview } from '../../src/domain/orders/orderFromPreview';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { prepTimeMillis } from '../../src/domain/time/duration';
import { tipOptions, maximumTip, tippingEnabled } from '../../src/domain/tip';
import type { EventDataOf, EventDraft, EventType } from '../../src/events/catalogue';
import { contextOf, currentLocation } from '../../src/events/context';
import { draft } from '../../src/events/draft';
import * as timeRules from '../../src/events/timeRules';
import { decodeEvent } from '../../src/events/envelope';
import { reduce } from '../../src/events/reduce';
import { bagView } from '../../src/events/selectors/bag';
import { placeOrderReadiness } from '../../src/events/selectors/checkout';
import { initialState } from '../../src/events/state';
import * as checkoutDecisions from '../../src/commands/decide/checkout';
import type { Decision, Given, TimeRules } from '../../src/commands/decide/decision';
import * as details from '../../src/commands/decide/details';
import * as placement from '../../src/commands/decide/placement';
import { reorder } from '../../src/commands/decide/reorder';
import * as session from '../../src/commands/decide/session';
import * as shopping from '../../src/commands/decide/shopping';
import { createRandom } from './random';

export interface SimulationOptions {
  readonly catalog: CatalogIndex;
  readonly hash: string;
  /** Locations the storefront may show (after the configuration's include/exclude rules). */
  readonly locationIds?: readonly string[];
  /** The storefront's configuration (QueueOrders). */
  readonly config?: Pick<Config, 'QueueOrders'>;
  readonly events: number;
  readonly seed: number;
  /** Start of the session (epoch ms); default 2026-11-18T15:00:00Z. */
  readonly start?: number;
  /** No event after this instant (epoch ms): the session ends early rather than write a time a log cannot hold. */
  readonly end?: number;
}

export interface Simulation {
  /** Exactly `events` drafts (at least the three that open a session), unless the clock reached `end` first. */
  readonly drafts: readonly EventDraft[];
}

/** The most one gesture moves the clock: a long pause of up to 6 hours, then a placement's few seconds. */
const LONGEST_GESTURE_MS = 6 * 3_600_000 + 60_000;

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
  const given = (): Given => ({ now: clock, newKey: () => id('idem') });
  /** Cards entered in this session whose one-use token the page still holds. */
  const tokens = new Set<string>();

  const emit = <T extends EventType>(type: T, data: EventDataOf<T>): void => {
    const d = draft(type, data, { id: id('evt'), at: new Date(clock).toISOString() });
    const decoded = decodeEvent(d, drafts.length + 1);
    if (E.isLeft(decoded) || decoded.right.kind !== 'event')
      throw new Error(`simulator produced an invalid ${type}: ${E.isLeft(decoded) ? decoded.left.join('; ') : 'skipped'}`);
    drafts.push(d);
    state = reduce(state, decoded.right.event, ctx);
  };

  /** Appends what a decision decided, as the commands do; true when it was accepted. */
  function run<R, F>(decision: Decision<R, F>): boolean {
    for (const fact of decision.facts) emit(fact.type, fact.data as EventDataOf<typeof fact.type>);
    return E.isRight(decision.outcome);
  }

  // The pickup schedule of a location at one moment is asked for by the gesture and again by its decision: computed once.
  let cached: { location: object; now: number; schedule: ReturnType<typeof pickupSchedule> } | undefined;
  const schedule: typeof pickupSchedule = (location, now) => {
    if (cached?.location !== location || cached.now !== now) cached = { location, now, schedule: pickupSchedule(location, now) };
    return cached.schedule;
  };
  const time: TimeRules = { ...timeRules, pickupSchedule: schedule };

  emit('SessionStarted', { idempotencyKey: id('idem'), appVersion: 'simulator' });
  run(shopping.catalogLoaded(state, { hash: options.hash, locationIds }, given()));
  const only = shopping.onlyLocation(state);
  if (only !== null) run(shopping.selectLocation(state, ctx, only, given(), time));
  else if (locationIds.length > 0) run(shopping.selectLocation(state, ctx, rng.pick(locationIds), given(), time));
  countInventory();

  function location(): LocationCatalog | undefined {
    return currentLocation(state, ctx);
  }

  /** The API's list of counts for the location: some sold out, most plenty. */
  function countInventory(): void {
    const loc = location();
    if (!loc) return;
    const counts: Record<string, number> = {};
    for (const [variationId, { variation }] of loc.variations) if (variation.TrackInventory) counts[variationId] = rng.int(0, 12) === 0 ? 0 : rng.int(2, 40);
    run(shopping.inventoryCounted(state, loc.location.Id, counts, given()));
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
    const built = panelToLine(panel, 'unkeyed');
    if (E.isLeft(built)) return false;
    const { key: _unkeyed, ...line } = built.right;
    return run(shopping.addToBag(state, ctx, rng.chance(0.2) ? { ...line, note: 'No onions, please' } : line, given()));
  }

  function changeQuantity(): boolean {
    if (state.bag.lines.length === 0) return false;
    const line = rng.pick(state.bag.lines);
    return run(shopping.changeQuantity(state, ctx, line.key, Math.max(0, line.quantity + (rng.chance(0.6) ? 1 : -1)), given()));
  }

  function editLine(): boolean {
    if (state.bag.lines.length === 0) return false;
    const line = rng.pick(state.bag.lines);
    return run(shopping.updateLine(state, ctx, { ...line, quantity: rng.int(0, 4), note: rng.chance(0.5) ? 'Extra hot' : line.note }, given()));
  }

  function removeLine(): boolean {
    if (state.bag.lines.length === 0) return false;
    return run(shopping.removeLine(state, rng.pick(state.bag.lines).key, given()));
  }

  function discount(): boolean {
    const loc = location();
    if (!loc) return false;
    if (state.bag.discount && rng.chance(0.4)) return run(shopping.removeDiscount(state, given()));
    const item = rng.pick([...loc.items.values()]);
    if (rng.chance(0.6)) {
      const expired = rng.chance(0.1);
      const coupon: Coupon = rng.chance(0.5)
        ? { Id: 'coupon-welcome', Name: 'Welcome', Type: 'EntireOrder', Percentage: '10', MaximumMoney: 500 }
        : { Id: `coupon-${item.item.Id}`, Name: `${item.item.Name} deal`, Type: 'Items', AmountMoney: 150, Items: [item.item.Id] };
      return run(shopping.applyCoupon(expired ? { ...coupon, ExpiresAt: new Date(clock - 86_400_000).toISOString() } : coupon, given()));
    }
    const reward: Reward = {
      Id: 'reward-category',
      Name: 'Category treat',
      Points: 50,
      Type: 'Categories',
      Percentage: '100',
      Categories: [...item.categoryIds],
    };
    return run(shopping.applyReward(state, reward, rng.int(0, 200), given()));
  }

  function tip(): boolean {
    const loc = location();
    const preview = bagView(state, ctx).preview;
    if (!loc || !preview || !tippingEnabled(loc.location) || state.bag.lines.length === 0) return false;
    if (rng.chance(0.15)) return run(shopping.resetTip(state, given()));
    if (rng.chance(0.75)) {
      const option = rng.pick(tipOptions(loc.location, preview));
      return run(shopping.setTip(state, ctx, { amount: option.amount, percent: option.percent }, given()));
    }
    // A custom amount, now and then above the maximum (refused, as the tip form would be).
    return run(shopping.setTip(state, ctx, { amount: rng.int(0, Math.ceil(maximumTip(loc.location, preview) * 1.2)), percent: null }, given()));
  }

  function fulfillment(): boolean {
    const loc = location();
    if (!loc) return false;
    const type = state.checkout.fulfillmentType;
    if (type === null || rng.chance(0.3)) return run(checkoutDecisions.chooseFulfillment(state, ctx, rng.pick(offeredFulfillments(loc.location)), given()));
    if (type === 'CURBSIDE') {
      const [make, model, color] = rng.pick(VEHICLES);
      return run(details.saveVehicle({ make, model, color, note: rng.chance(0.5) ? 'Parked by the hydrant' : '' }, given()));
    }
    if (type === 'DINEIN') {
      const skip = rng.chance(0.4);
      return run(details.saveDineIn(state, { note: skip ? '' : `Table ${rng.int(1, 20)}`, skipNote: skip }, given()));
    }
    return run(details.savePickupNotes(state, rng.chance(0.5) ? 'Knock twice' : '', given()));
  }

  function pickupTime(): boolean {
    const loc = location();
    if (!loc) return false;
    const offered = time.pickupSchedule(loc.location, clock);
    const choices = [
      ...(offered.asap ? [{ date: offered.days[0]?.date ?? '', time: 'ASAP' }] : []),
      ...offered.days.flatMap((day) => day.slots.map((slot) => ({ date: day.date, time: slot.at }))),
    ];
    if (choices.length === 0) return false;
    return run(checkoutDecisions.choosePickupTime(state, ctx, rng.pick(choices.slice(0, 40)), given(), time));
  }

  function guest(): boolean {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const email = `${first}.${last}@example.com`.toLowerCase();
    // Given with 'Continue', as the simulated sessions always were (no draw of the generator more, so seeds replay the same).
    return run(details.saveGuest(state, { firstName: first, lastName: last, email, phone: `212555${rng.int(1000, 9999)}` }, true, given()));
  }

  function card(): boolean {
    const known = [...state.account.savedCards, ...(state.checkout.transientCard ? [state.checkout.transientCard] : [])];
    if (known.length > 0 && rng.chance(0.3)) {
      const chosen = rng.pick(known);
      if (rng.chance(0.3)) {
        tokens.delete(chosen.key);
        return run(checkoutDecisions.removeCard(state, chosen.key, given()));
      }
      return run(checkoutDecisions.selectCard(state, chosen, given()));
    }
    const [brand, last4] = rng.pick(CARDS);
    const billing = { address1: '412 Hudson St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' };
    const summary = { brand, last4, expMonth: rng.int(1, 12), expYear: 2030, billing };
    // A signed-in shopper may save the card with the account (the API gives it an id); otherwise it lives in the page.
    if (state.account.profile !== null && rng.chance(0.5)) {
      const cardId = id('card');
      return run(checkoutDecisions.addCard({ ...summary, key: `card-${cardId}`, id: cardId, saved: true }, given()));
    }
    const key = `card-${id('card')}`;
    tokens.add(key);
    return run(checkoutDecisions.addCard({ ...summary, key, saved: false }, given()));
  }

  /** An earlier order again, whole or one line, at today's menu and stock. */
  function reorderPast(): boolean {
    const past = state.orders.history.filter((record) => record.order !== null);
    if (past.length === 0) return false;
    const record = rng.pick(past);
    const lines = record.order!.LineItems;
    const only = rng.chance(0.3) && lines.length > 0 ? [rng.pick(lines).Uid] : null;
    return run(reorder(state, ctx, record.orderId, only, given()));
  }

  function stockChange(): boolean {
    const loc = location();
    if (!loc) return false;
    const tracked = [...loc.variations.values()].filter((v) => v.variation.TrackInventory);
    const inBag = state.bag.lines.map((l) => l.variationId).filter((v) => loc.variations.get(v)?.variation.TrackInventory);
    const variationId = inBag.length > 0 && rng.chance(0.6) ? rng.pick(inBag) : tracked.length > 0 ? rng.pick(tracked).variation.Id : undefined;
    if (variationId === undefined) return false;
    return run(shopping.inventoryUpdated(state, { locationId: loc.location.Id, variationId, count: rng.int(0, 6) }, given()));
  }

  function moveLocation(): boolean {
    const others = locationIds.filter((l) => l !== state.locationId);
    if (others.length === 0) return false;
    if (!run(shopping.selectLocation(state, ctx, rng.pick(others), given(), time))) return false;
    countInventory();
    return true;
  }

  function account(): boolean {
    if (state.account.profile) return run(session.signedOut(state));
    const first = rng.pick(FIRST_NAMES);
    const profile = { userId: id('user'), firstName: first, lastName: rng.pick(LAST_NAMES), email: `${first.toLowerCase()}@example.com`, phone: '2125550100' };
    run(session.signedIn(state, profile));
    run(session.accountStatusLoaded(state, { verified: rng.chance(0.8), textNotificationOptIn: rng.chance(0.5), customerSince: '2024-05-01T00:00:00Z' }));
    return true;
  }

  /** Heads for checkout: does the next missing step, or places the order when nothing is missing. */
  function checkout(): boolean {
    const loc = location();
    const bag = bagView(state, ctx);
    if (!loc || !bag.preview) return false;
    // An attempt left without an answer is asked about first, as Place Order does.
    const inDoubt = state.placement.unconfirmedKey;
    if (inDoubt !== null) {
      const settled = placement.attemptChecked(state, inDoubt, rng.chance(0.5) ? placedStatus(loc) : { kind: 'unsettled' }, given());
      run(settled);
      if (E.isRight(settled.outcome) && settled.outcome.right.kind === 'placed') {
        keepPickupValid();
        return true;
      }
    }
    const next = placeOrderReadiness(state, bagView(state, ctx)).blockers[0];
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
    const setting = { queueOrders: options.config?.QueueOrders === true, nonceOf: (key: string) => (tokens.has(key) ? `nonce-${key}` : undefined) };
    const started = placement.startPlacement(state, ctx, setting, given(), time);
    if (!run(started) || E.isLeft(started.outcome)) return true;
    const key = started.outcome.right.request.idempotencyKey;
    clock += rng.int(300, 2500);
    const roll = rng.int(0, 99);
    if (roll < 20) {
      const row = rng.pick(ORDER_FAILURE_MESSAGES);
      run(placement.placementAnswered(key, { kind: 'failed', values: [`PAYMENT_METHOD_ERROR - ${rng.pick(row.codes)}`], outcome: 'refused' }, given()));
    } else if (roll < 25) {
      // The answer never came: the next Place Order asks about this key first.
      run(placement.placementAnswered(key, { kind: 'failed', values: [], outcome: 'unknown' }, given()));
    } else {
      const placed = placedStatus(loc);
      run(placement.placementAnswered(key, { kind: 'placed', orderId: placed.orderId, order: placed.order }, given()));
      // As Place Order does: the next bag gets the first valid time at once.
      keepPickupValid();
    }
    return true;
  }

  /** The API's order for the bag as it stands: made, charged now, ready at the chosen time. */
  function placedStatus(loc: LocationCatalog): { kind: 'complete'; orderId: string; order: EventDataOf<'OrderPlaced'>['order'] } {
    const preview = bagView(state, ctx).preview!;
    const orderId = id('order');
    const pickupAt = state.pickup.choice?.time === 'ASAP' || !state.pickup.choice ? clock + prepTimeMillis(loc.location) : Date.parse(state.pickup.choice.time);
    const order = orderFromPreview({
      id: orderId,
      catalog: loc,
      lines: state.bag.lines,
      preview,
      chargedAt: new Date(clock).toISOString(),
      pickupAt: new Date(pickupAt).toISOString(),
      fulfillmentType: state.checkout.fulfillmentType,
    });
    return { kind: 'complete', orderId, order };
  }

  /** The command that watches the clock: a chosen time the clock made invalid is moved, as an event. */
  function keepPickupValid(): void {
    const loc = location();
    const choice = state.pickup.choice;
    if (!loc) return;
    // Hours do not change during a session: a slot at least the prep time (and a minute) away is still offered, so
    // the timer's decision would append nothing; it is asked only when it might move (or first pick) the time.
    if (choice && choice.time !== 'ASAP' && Date.parse(choice.time) >= clock + prepTimeMillis(loc.location) + 60_000) return;
    run(checkoutDecisions.keepPickupTimeValid(state, ctx, given(), time));
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
    [2, reorderPast],
    [12, checkout],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);

  let guard = 0;
  const lastGesture = (options.end ?? Infinity) - LONGEST_GESTURE_MS;
  while (drafts.length < options.events && guard++ < options.events * 20 && clock <= lastGesture) {
    // Time moves on: usually seconds, sometimes a long pause (the tab left open over lunch).
    clock += rng.chance(0.02) ? rng.int(1, 6) * 3_600_000 : rng.int(5, 180) * 1000;
    // The storefront's timer runs between any two gestures.
    keepPickupValid();
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
