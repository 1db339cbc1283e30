// What the simulated shopper does, one row a gesture: how often (its weight against the others), when it can be made
// at all, and what it appends, always through the storefront's own decisions. Adding a gesture is adding a row. The
// order of the rows is the order the roll walks them: moving one changes every seed's log.
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Coupon, Reward } from '../../src/domain/discounts/codecs';
import { offeredFulfillments } from '../../src/domain/fulfillment';
import { chooseVariation, openForAdd, panelToLine, panelView, setQuantity, toggleModifier, type PanelStock } from '../../src/domain/items/itemPanel';
import { isSoldOut } from '../../src/domain/items/stock';
import { ORDER_FAILURE_MESSAGES } from '../../src/domain/orders/orderErrors';
import { orderFromPreview } from '../../src/domain/orders/orderFromPreview';
import { prepTimeMillis } from '../../src/domain/time/duration';
import { tipOptions, maximumTip, tippingEnabled } from '../../src/domain/tip';
import type { EventDataOf } from '../../src/events/catalogue';
import { bagView } from '../../src/events/selectors/bag';
import { placeOrderReadiness, type Blocker } from '../../src/events/selectors/checkout';
import * as checkoutDecisions from '../../src/commands/decide/checkout';
import * as details from '../../src/commands/decide/details';
import * as placement from '../../src/commands/decide/placement';
import { reorder } from '../../src/commands/decide/reorder';
import * as session from '../../src/commands/decide/session';
import * as shopping from '../../src/commands/decide/shopping';
import { given, location, newId, run, type Shopper } from './shopper';

export interface Gesture {
  /** How often the shopper makes it, against the other rows' weights. */
  readonly weight: number;
  /** Whether it can be made at all now; draws nothing from the generator. */
  readonly when: (s: Shopper) => boolean;
  /** Appends what it does (possibly nothing); true when its decision was accepted. */
  readonly append: (s: Shopper) => boolean;
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

const atLocation = (s: Shopper): boolean => location(s) !== undefined;
const hasLines = (s: Shopper): boolean => s.state.bag.lines.length > 0;
const always = (): boolean => true;
const availableItems = (s: Shopper, loc: LocationCatalog) => [...loc.items.values()].filter((item) => !isSoldOut(item.item, s.state.inventory.counts));

/** Opens an item that is not sold out, makes random choices and adds it, when the panel would let it. */
function addLine(s: Shopper): boolean {
  const { rng } = s;
  const item = rng.pick(availableItems(s, location(s)!));
  const stock: PanelStock = { counts: s.state.inventory.counts, cart: s.state.bag.lines };
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
  return run(s, shopping.addToBag(s.state, s.ctx, rng.chance(0.2) ? { ...line, note: 'No onions, please' } : line, given(s)));
}

/** One more or one fewer of a line. */
function changeQuantity(s: Shopper): boolean {
  const line = s.rng.pick(s.state.bag.lines);
  return run(s, shopping.changeQuantity(s.state, s.ctx, line.key, Math.max(0, line.quantity + (s.rng.chance(0.6) ? 1 : -1)), given(s)));
}

/** A line edited in the panel: a new quantity (0 removes it), sometimes a note. */
function editLine(s: Shopper): boolean {
  const line = s.rng.pick(s.state.bag.lines);
  const edited = { ...line, quantity: s.rng.int(0, 4), note: s.rng.chance(0.5) ? 'Extra hot' : line.note };
  return run(s, shopping.updateLine(s.state, s.ctx, edited, given(s)));
}

function removeLine(s: Shopper): boolean {
  return run(s, shopping.removeLine(s.state, s.rng.pick(s.state.bag.lines).key, given(s)));
}

/** A discount removed, or a coupon (now and then expired) or a reward applied. */
function discount(s: Shopper): boolean {
  const { rng } = s;
  if (s.state.bag.discount && rng.chance(0.4)) return run(s, shopping.removeDiscount(s.state, given(s)));
  const item = rng.pick([...location(s)!.items.values()]);
  if (rng.chance(0.6)) {
    const expired = rng.chance(0.1);
    const coupon: Coupon = rng.chance(0.5)
      ? { Id: 'coupon-welcome', Name: 'Welcome', Type: 'EntireOrder', Percentage: '10', MaximumMoney: 500 }
      : { Id: `coupon-${item.item.Id}`, Name: `${item.item.Name} deal`, Type: 'Items', AmountMoney: 150, Items: [item.item.Id] };
    return run(s, shopping.applyCoupon(expired ? { ...coupon, ExpiresAt: new Date(s.clock - 86_400_000).toISOString() } : coupon, given(s)));
  }
  const reward: Reward = {
    Id: 'reward-category',
    Name: 'Category treat',
    Points: 50,
    Type: 'Categories',
    Percentage: '100',
    Categories: [...item.categoryIds],
  };
  return run(s, shopping.applyReward(s.state, reward, rng.int(0, 200), given(s)));
}

const canTip = (s: Shopper): boolean => {
  const loc = location(s);
  return loc !== undefined && Boolean(bagView(s.state, s.ctx).preview) && tippingEnabled(loc.location) && hasLines(s);
};

/** The tip reset, one of the offered tips, or a custom amount, now and then above the maximum (refused, as the form would). */
function tip(s: Shopper): boolean {
  const { rng } = s;
  const loc = location(s)!;
  const preview = bagView(s.state, s.ctx).preview!;
  if (rng.chance(0.15)) return run(s, shopping.resetTip(s.state, given(s)));
  if (rng.chance(0.75)) {
    const option = rng.pick(tipOptions(loc.location, preview));
    return run(s, shopping.setTip(s.state, s.ctx, { amount: option.amount, percent: option.percent }, given(s)));
  }
  return run(s, shopping.setTip(s.state, s.ctx, { amount: rng.int(0, Math.ceil(maximumTip(loc.location, preview) * 1.2)), percent: null }, given(s)));
}

/** An order type chosen, or the details the chosen one asks for (vehicle, table, pickup notes). */
function fulfillment(s: Shopper): boolean {
  const { rng, state } = s;
  const type = state.checkout.fulfillmentType;
  if (type === null || rng.chance(0.3))
    return run(s, checkoutDecisions.chooseFulfillment(state, s.ctx, rng.pick(offeredFulfillments(location(s)!.location)), given(s)));
  if (type === 'CURBSIDE') {
    const [make, model, color] = rng.pick(VEHICLES);
    return run(s, details.saveVehicle({ make, model, color, note: rng.chance(0.5) ? 'Parked by the hydrant' : '' }, given(s)));
  }
  if (type === 'DINEIN') {
    const skip = rng.chance(0.4);
    return run(s, details.saveDineIn(state, { note: skip ? '' : `Table ${rng.int(1, 20)}`, skipNote: skip }, given(s)));
  }
  return run(s, details.savePickupNotes(state, rng.chance(0.5) ? 'Knock twice' : '', given(s)));
}

/** ASAP or one of the first 40 slots offered now. */
function pickupTime(s: Shopper): boolean {
  const offered = s.time.pickupSchedule(location(s)!.location, s.clock);
  const choices = [
    ...(offered.asap ? [{ date: offered.days[0]?.date ?? '', time: 'ASAP' }] : []),
    ...offered.days.flatMap((day) => day.slots.map((slot) => ({ date: day.date, time: slot.at }))),
  ];
  if (choices.length === 0) return false;
  return run(s, checkoutDecisions.choosePickupTime(s.state, s.ctx, s.rng.pick(choices.slice(0, 40)), given(s), s.time));
}

/** A guest's details, given with 'Continue'. */
function guest(s: Shopper): boolean {
  const first = s.rng.pick(FIRST_NAMES);
  const last = s.rng.pick(LAST_NAMES);
  const email = `${first}.${last}@example.com`.toLowerCase();
  return run(s, details.saveGuest(s.state, { firstName: first, lastName: last, email, phone: `212555${s.rng.int(1000, 9999)}` }, true, given(s)));
}

/** A known card selected or removed, or a new one entered: saved with the account (signed in) or held by the page. */
function card(s: Shopper): boolean {
  const { rng, state } = s;
  const known = [...state.account.savedCards, ...(state.checkout.transientCard ? [state.checkout.transientCard] : [])];
  if (known.length > 0 && rng.chance(0.3)) {
    const chosen = rng.pick(known);
    if (rng.chance(0.3)) {
      s.tokens.delete(chosen.key);
      return run(s, checkoutDecisions.removeCard(state, chosen.key, given(s)));
    }
    return run(s, checkoutDecisions.selectCard(state, chosen, given(s)));
  }
  const [brand, last4] = rng.pick(CARDS);
  const billing = { address1: '412 Hudson St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' };
  const summary = { brand, last4, expMonth: rng.int(1, 12), expYear: 2030, billing };
  if (state.account.profile !== null && rng.chance(0.5)) {
    const cardId = newId(s, 'card');
    return run(s, checkoutDecisions.addCard({ ...summary, key: `card-${cardId}`, id: cardId, saved: true }, given(s)));
  }
  const key = `card-${newId(s, 'card')}`;
  s.tokens.add(key);
  return run(s, checkoutDecisions.addCard({ ...summary, key, saved: false }, given(s)));
}

const pastOrders = (s: Shopper) => s.state.orders.history.filter((record) => record.order !== null);

/** An earlier order again, whole or one line, at today's menu and stock. */
function reorderPast(s: Shopper): boolean {
  const record = s.rng.pick(pastOrders(s));
  const lines = record.order!.LineItems;
  const only = s.rng.chance(0.3) && lines.length > 0 ? [s.rng.pick(lines).Uid] : null;
  return run(s, reorder(s.state, s.ctx, record.orderId, only, given(s)));
}

/** The hub's news of a tracked count, most often of something in the bag. */
function stockChange(s: Shopper): boolean {
  const { rng } = s;
  const loc = location(s)!;
  const tracked = [...loc.variations.values()].filter((v) => v.variation.TrackInventory);
  const inBag = s.state.bag.lines.map((l) => l.variationId).filter((v) => loc.variations.get(v)?.variation.TrackInventory);
  const variationId = inBag.length > 0 && rng.chance(0.6) ? rng.pick(inBag) : tracked.length > 0 ? rng.pick(tracked).variation.Id : undefined;
  if (variationId === undefined) return false;
  return run(s, shopping.inventoryUpdated(s.state, { locationId: loc.location.Id, variationId, count: rng.int(0, 6) }, given(s)));
}

const otherLocations = (s: Shopper) => s.locationIds.filter((l) => l !== s.state.locationId);

/** Another location chosen, and its counts read. */
function moveLocation(s: Shopper): boolean {
  if (!run(s, shopping.selectLocation(s.state, s.ctx, s.rng.pick(otherLocations(s)), given(s), s.time))) return false;
  countInventory(s);
  return true;
}

/** Signs out, or signs in with the account's status read. */
function account(s: Shopper): boolean {
  const { rng } = s;
  if (s.state.account.profile) return run(s, session.signedOut(s.state));
  const first = rng.pick(FIRST_NAMES);
  const profile = {
    userId: newId(s, 'user'),
    firstName: first,
    lastName: rng.pick(LAST_NAMES),
    email: `${first.toLowerCase()}@example.com`,
    phone: '2125550100',
  };
  run(s, session.signedIn(s.state, profile));
  run(s, session.accountStatusLoaded(s.state, { verified: rng.chance(0.8), textNotificationOptIn: rng.chance(0.5), customerSince: '2024-05-01T00:00:00Z' }));
  return true;
}

/**
 * The gesture that makes the step Place Order waits for (none while an order is being placed). A blocker without a row
 * (a delivery's address or quote, a discount that takes nothing off) leaves Place Order to be pressed: its decision
 * refuses it, as the page's would.
 */
const STEP_FOR_BLOCKER: Partial<Readonly<Record<Blocker, keyof typeof GESTURES | null>>> = {
  empty: 'addLine',
  identity: 'guest',
  card: 'card',
  time: 'pickupTime',
  fulfillment: 'fulfillment',
  vehicle: 'fulfillment',
  table: 'fulfillment',
  outOfStock: 'removeLine',
  pending: null,
};

/** Heads for checkout: asks about an attempt in doubt, then makes the next missing step, or places the order. */
function checkout(s: Shopper): boolean {
  const loc = location(s)!;
  if (settleAttemptInDoubt(s, loc)) return true;
  const next = placeOrderReadiness(s.state, bagView(s.state, s.ctx)).blockers[0];
  const step = next === undefined ? undefined : STEP_FOR_BLOCKER[next];
  if (step === null) return false;
  if (step !== undefined) return attempt(s, GESTURES[step]);
  placeOrder(s, loc);
  return true;
}

/** An attempt left without an answer is asked about first, as Place Order does: true when it turns out placed. */
function settleAttemptInDoubt(s: Shopper, loc: LocationCatalog): boolean {
  const inDoubt = s.state.placement.unconfirmedKey;
  if (inDoubt === null) return false;
  const settled = placement.attemptChecked(s.state, inDoubt, s.rng.chance(0.5) ? placedStatus(s, loc) : { kind: 'unsettled' }, given(s));
  run(s, settled);
  if (E.isLeft(settled.outcome) || settled.outcome.right.kind !== 'placed') return false;
  keepPickupValid(s);
  return true;
}

/** Place Order, and the API's answer a few seconds later: refused (20%), never given (5%) or placed. */
function placeOrder(s: Shopper, loc: LocationCatalog): void {
  const { rng } = s;
  const setting = { queueOrders: s.queueOrders, nonceOf: (key: string) => (s.tokens.has(key) ? `nonce-${key}` : undefined) };
  const started = placement.startPlacement(s.state, s.ctx, setting, given(s), s.time);
  if (!run(s, started) || E.isLeft(started.outcome)) return;
  const key = started.outcome.right.request.idempotencyKey;
  s.clock += rng.int(300, 2500);
  const roll = rng.int(0, 99);
  if (roll < 20) {
    const row = rng.pick(ORDER_FAILURE_MESSAGES);
    run(s, placement.placementAnswered(key, { kind: 'failed', values: [`PAYMENT_METHOD_ERROR - ${rng.pick(row.codes)}`], outcome: 'refused' }, given(s)));
  } else if (roll < 25) {
    // The answer never came: the next Place Order asks about this key first.
    run(s, placement.placementAnswered(key, { kind: 'failed', values: [], outcome: 'unknown' }, given(s)));
  } else {
    const placed = placedStatus(s, loc);
    run(s, placement.placementAnswered(key, { kind: 'placed', orderId: placed.orderId, order: placed.order }, given(s)));
    // As Place Order does: the next bag gets the first valid time at once.
    keepPickupValid(s);
  }
}

/** The API's order for the bag as it stands: made, charged now, ready at the chosen time. */
function placedStatus(s: Shopper, loc: LocationCatalog): { kind: 'complete'; orderId: string; order: EventDataOf<'OrderPlaced'>['order'] } {
  const { state, clock } = s;
  const preview = bagView(state, s.ctx).preview!;
  const orderId = newId(s, 'order');
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

/** The API's list of counts for the location: some sold out, most plenty. */
export function countInventory(s: Shopper): void {
  const loc = location(s);
  if (!loc) return;
  const counts: Record<string, number> = {};
  for (const [variationId, { variation }] of loc.variations) if (variation.TrackInventory) counts[variationId] = s.rng.int(0, 12) === 0 ? 0 : s.rng.int(2, 40);
  run(s, shopping.inventoryCounted(s.state, loc.location.Id, counts, given(s)));
}

/** The command that watches the clock: a chosen time the clock made invalid is moved, as an event. */
export function keepPickupValid(s: Shopper): void {
  const loc = location(s);
  const choice = s.state.pickup.choice;
  if (!loc) return;
  // Hours do not change during a session: a slot at least the prep time (and a minute) away is still offered, so
  // the timer's decision would append nothing; it is asked only when it might move (or first pick) the time.
  if (choice && choice.time !== 'ASAP' && Date.parse(choice.time) >= s.clock + prepTimeMillis(loc.location) + 60_000) return;
  run(s, checkoutDecisions.keepPickupTimeValid(s.state, s.ctx, given(s), s.time));
}

/** Makes a gesture when it can be made: true when its decision was accepted. */
export function attempt(s: Shopper, gesture: Gesture): boolean {
  return gesture.when(s) && gesture.append(s);
}

/** The shopper's gestures, in the order the roll walks them. */
export const GESTURES = {
  addLine: { weight: 20, when: (s) => atLocation(s) && availableItems(s, location(s)!).length > 0, append: addLine },
  changeQuantity: { weight: 10, when: hasLines, append: changeQuantity },
  editLine: { weight: 4, when: hasLines, append: editLine },
  removeLine: { weight: 4, when: hasLines, append: removeLine },
  discount: { weight: 3, when: atLocation, append: discount },
  tip: { weight: 4, when: canTip, append: tip },
  fulfillment: { weight: 4, when: atLocation, append: fulfillment },
  pickupTime: { weight: 3, when: atLocation, append: pickupTime },
  guest: { weight: 2, when: always, append: guest },
  card: { weight: 2, when: always, append: card },
  stockChange: { weight: 7, when: atLocation, append: stockChange },
  moveLocation: { weight: 2, when: (s) => otherLocations(s).length > 0, append: moveLocation },
  account: { weight: 1, when: always, append: account },
  reorderPast: { weight: 2, when: (s) => pastOrders(s).length > 0, append: reorderPast },
  checkout: { weight: 12, when: (s) => atLocation(s) && Boolean(bagView(s.state, s.ctx).preview), append: checkout },
} as const satisfies Readonly<Record<string, Gesture>>;
