import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectRight, newShopper, type Shopper } from './support';
import { pickupMoveWarning } from '../../src/events/selectors/pickupMove';
import { bagView } from '../../src/events/selectors/bag';
import { currentLocation } from '../../src/events/context';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';

// Wednesday 10:00 in New York: the cafe is open (07:00-19:00).
const WEDNESDAY_10AM = Date.parse('2026-11-18T15:00:00Z');
const clock = { now: WEDNESDAY_10AM };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  clock.now = WEDNESDAY_10AM;
  shopper = await newShopper(running, clock);
});
afterEach(async () => shopper.close());

const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(212) 555-0142' };
const LATTE = {
  itemId: 'latte',
  variationId: 'latte-medium',
  quantity: 2,
  modifiers: { milk: ['milk-oat'], extras: ['extra-shot', 'extra-vanilla'], temperature: ['temp-hot'] },
  note: '',
};

async function fullBag(s: Shopper) {
  const { commands } = s;
  expectRight(await commands.loadCatalog());
  expectRight(await commands.refreshInventory());
  expectRight(await commands.addToBag(LATTE));
  expectRight(await commands.chooseFulfillment('PICKUP'));
  expectRight(await commands.saveGuest(GUEST));
}

/** Orders the sandbox made (keys whose attempt failed leave no order). */
async function sandboxOrders(): Promise<{ Id: string; IdempotencyKey: string; GrandTotal: number | null }[]> {
  const summaries = (await control(running, 'orders')) as { orderId: string | null; idempotencyKey: string; grandTotal: number | null; status: string }[];
  return summaries
    .filter((o) => o.orderId !== null && o.status === 'Complete')
    .map((o) => ({ Id: o.orderId!, IdempotencyKey: o.idempotencyKey, GrandTotal: o.grandTotal }));
}

describe('placing an order through the commands', () => {
  it('a guest orders pickup ASAP; the sandbox charges what the bag showed and the bag starts over', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const before = shopper.store.getState();
    const preview = bagView(before, shopper.store.context).preview!;
    expect(before.locationId).toBe('cafe-hudson');
    expect(before.pickup.choice?.time).toBe('ASAP');
    const placed = expectRight(await shopper.commands.placeOrder());
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ Id: placed.orderId, IdempotencyKey: before.bag.idempotencyKey, GrandTotal: preview.grandTotal });
    const after = shopper.store.getState();
    expect(after.bag.lines).toEqual([]);
    expect(after.checkout.guest).toBeNull();
    expect(after.bag.idempotencyKey).not.toBe(before.bag.idempotencyKey);
    expect(after.orders.history[0]?.orderId).toBe(placed.orderId);
    // The next order starts with the type this one used (Pickup); its time is ASAP at once, not at the clock's next tick.
    expect(after.checkout.fulfillmentType).toBe('PICKUP');
    expect(after.pickup).toEqual({ choice: { date: '2026-11-18', time: 'ASAP' }, userSelected: false, mustConfirmDate: false });
  });

  it('a declined card shows the spec message and keeps everything the shopper entered', async () => {
    await fullBag(shopper);
    await shopper.addCard('4000 0000 0000 0002');
    const before = shopper.store.getState();
    const failed = await shopper.commands.placeOrder();
    expect(E.isLeft(failed) && failed.left.message).toBe('The credit card was declined.');
    const after = shopper.store.getState();
    expect(after.bag).toEqual(before.bag);
    expect(after.checkout.guest).toEqual(before.checkout.guest);
    expect(after.placement).toMatchObject({ status: 'failed', message: 'The credit card was declined.', codes: ['GENERIC_DECLINE'] });
    expect(await sandboxOrders()).toEqual([]);
    // Reported once, by the API client, under the call's name.
    expect(shopper.reports.map((r) => r.call)).toEqual(['Order/GuestPlace']);
  });

  it.each([
    ['CVV 911', { cvv: '911' }, 'The credit card CVV is invalid.'],
    ['postal code 99999', { postalCode: '99999' }, 'The postal code is invalid.'],
    ['an expiry in the past', { expYear: 2025 }, 'The credit card is expired.'],
  ])('%s gives its spec message', async (_label, extra, message) => {
    await fullBag(shopper);
    await shopper.addCard('4111 1111 1111 1111', extra);
    const failed = await shopper.commands.placeOrder();
    expect(E.isLeft(failed) && failed.left.message).toBe(message);
  });

  it('a response lost after the order was committed, then retried, leaves exactly one order', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const key = shopper.store.getState().bag.idempotencyKey;
    await control(running, 'drop', { path: '/api/Order/GuestPlace', times: 1 });
    const lost = await shopper.commands.placeOrder();
    expect(E.isLeft(lost) && lost.left.message).toBe('Could not place order!');
    expect(shopper.store.getState().bag.idempotencyKey).toBe(key);
    expect(shopper.store.getState().bag.lines).toHaveLength(1);
    const retried = expectRight(await shopper.commands.placeOrder());
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.Id).toBe(retried.orderId);
  });

  it('after an unanswered attempt, a card entered again does not make a second order: the API is asked first', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const key = shopper.store.getState().bag.idempotencyKey;
    await control(running, 'drop', { path: '/api/Order/GuestPlace', times: 1 });
    expect(E.isLeft(await shopper.commands.placeOrder())).toBe(true);
    expect(shopper.store.getState().placement).toMatchObject({ status: 'failed', unconfirmedKey: key });
    // As after a reload: the token is gone, the shopper enters the card again, which renews the bag's key.
    await shopper.addCard();
    expect(shopper.store.getState().bag.idempotencyKey).not.toBe(key);
    const placed = expectRight(await shopper.commands.placeOrder());
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ Id: placed.orderId, IdempotencyKey: key });
    expect(shopper.store.getState().placement).toMatchObject({ status: 'placed', unconfirmedKey: null });
    expect(shopper.store.getState().bag.lines).toEqual([]);
  });

  it('at start-up, an order left in flight that the API made is recorded and handed to the page', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const key = shopper.store.getState().bag.idempotencyKey;
    await control(running, 'drop', { path: '/api/Order/GuestPlace', times: 1 });
    await shopper.commands.placeOrder();
    const recovered = await shopper.commands.confirmUnansweredOrder();
    const orders = await sandboxOrders();
    expect(recovered).toEqual({ orderId: orders[0]!.Id });
    expect(orders).toHaveLength(1);
    expect(shopper.store.getState().orders.history[0]?.orderId).toBe(recovered?.orderId);
    expect(shopper.store.getState().placement).toMatchObject({ status: 'placed', idempotencyKey: key, unconfirmedKey: null });
    // Asked once: nothing is in doubt any more.
    expect(await shopper.commands.confirmUnansweredOrder()).toBeNull();
  });

  it('an attempt the API has not made (yet) keeps its key: the next one goes out under it and makes one order', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const key = shopper.store.getState().bag.idempotencyKey;
    // A page that recorded the start and reloaded before its request reached the API.
    await shopper.store.append({
      id: 'started',
      type: 'OrderPlacementStarted',
      at: new Date(clock.now).toISOString(),
      data: { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 1, pickupAt: null },
    });
    expect(await shopper.commands.confirmUnansweredOrder()).toBeNull();
    expect(shopper.store.getState().placement).toMatchObject({
      status: 'failed',
      message: 'We could not confirm your last order. Place it again: you will not be charged twice.',
      unconfirmedKey: key,
    });
    // A card entered again renews the bag's key; the attempt still goes out under the one in doubt.
    await shopper.addCard();
    expect(shopper.store.getState().bag.idempotencyKey).not.toBe(key);
    expectRight(await shopper.commands.placeOrder());
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.IdempotencyKey).toBe(key);
  });

  it('when the API cannot say what became of an attempt, the retry reuses its key and the API answers with that order', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const key = shopper.store.getState().bag.idempotencyKey;
    // The order is made but its answer is lost, and the status check fails too.
    await control(running, 'drop', { path: '/api/Order/GuestPlace', times: 1 });
    expect(E.isLeft(await shopper.commands.placeOrder())).toBe(true);
    await control(running, 'fail', { path: '/api/Order/GuestOrderStatus', times: 1, status: 503 });
    await shopper.addCard();
    const placed = expectRight(await shopper.commands.placeOrder());
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ Id: placed.orderId, IdempotencyKey: key });
  });

  it('a refusal settles the attempt: the next one may use a new key', async () => {
    await fullBag(shopper);
    await shopper.addCard('4000 0000 0000 0002');
    const key = shopper.store.getState().bag.idempotencyKey;
    expect(E.isLeft(await shopper.commands.placeOrder())).toBe(true);
    expect(shopper.store.getState().placement).toMatchObject({ status: 'failed', codes: ['GENERIC_DECLINE'], unconfirmedKey: null });
    await shopper.addCard();
    expectRight(await shopper.commands.placeOrder());
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.IdempotencyKey).not.toBe(key);
  });

  it('two clicks in a row place one order', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const [a, b] = await Promise.all([shopper.commands.placeOrder(), shopper.commands.placeOrder()]);
    expect([E.isRight(a), E.isRight(b)].sort()).toEqual([false, true]);
    expect(await sandboxOrders()).toHaveLength(1);
  });

  it('an item sold out between bag and Place Order gives the out-of-stock message', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    await control(running, 'stock', { locationId: 'cafe-hudson', variationId: 'latte-medium', count: 1 });
    const failed = await shopper.commands.placeOrder();
    expect(E.isLeft(failed) && failed.left.message).toBe('One or more items are no longer available.');
  });

  it('refuses to place an order the spec conditions do not allow, saying why', async () => {
    expectRight(await shopper.commands.loadCatalog());
    expectRight(await shopper.commands.addToBag(LATTE));
    const refused = await shopper.commands.placeOrder();
    expect(E.isLeft(refused) && refused.left.message).toBe('Sign in or enter your personal info.');
    expect(await sandboxOrders()).toEqual([]);
  });

  it('a dine-in shopper who unticks skip note must give a table note before placing', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    const { commands, store } = shopper;
    expectRight(await commands.chooseFulfillment('DINEIN'));
    expectRight(await commands.saveDineIn('', true));
    expect(store.getState().checkout.dineIn).toEqual({ note: 'No Table', skipNote: true });
    const unticked = await commands.saveDineIn('', false);
    expect(E.isLeft(unticked) && unticked.left).toBe('Table Note is required');
    expect(store.getState().checkout.dineIn).toEqual({ note: '', skipNote: false });
    const refused = await commands.placeOrder();
    expect(E.isLeft(refused) && refused.left.message).toBe('Add a table note or skip it.');
    expectRight(await commands.saveDineIn('Table 4', false));
    expectRight(await commands.placeOrder());
  });

  it('the next order starts with the order type the last one used, from the log (issue 34)', async () => {
    await fullBag(shopper);
    await shopper.addCard();
    expectRight(await shopper.commands.chooseFulfillment('DINEIN'));
    expectRight(await shopper.commands.saveDineIn('', true));
    expectRight(await shopper.commands.placeOrder());
    const after = shopper.store.getState();
    expect(after.checkout.fulfillmentType).toBe('DINEIN');
    // Its settings start afresh: only the type is remembered.
    expect(after.checkout.dineIn).toEqual({ note: '', skipNote: false });
  });

  it("a time on another day waits for 'Confirm Date': Place Order says so and sends nothing until it is confirmed", async () => {
    // 20:00 in New York: the cafe has closed (19:00), so the first time offered is tomorrow's.
    clock.now = Date.parse('2026-11-19T01:00:00Z');
    await fullBag(shopper);
    await shopper.addCard();
    const { commands, store } = shopper;
    const choice = store.getState().pickup.choice!;
    expect(store.getState().pickup.mustConfirmDate).toBe(true);
    const refused = await commands.placeOrder();
    expect(E.isLeft(refused) && refused.left.message).toBe('Confirm the date of your order.');
    expect(await sandboxOrders()).toHaveLength(0);
    expectRight(await commands.choosePickupTime(choice));
    expect(store.getState().pickup.mustConfirmDate).toBe(false);
    expectRight(await commands.placeOrder());
    expect(await sandboxOrders()).toHaveLength(1);
  });

  it('moves a chosen time the clock has passed, as an event', async () => {
    await fullBag(shopper);
    const location = currentLocation(shopper.store.getState(), shopper.store.context)!;
    const schedule = pickupSchedule(location.location, clock.now);
    const slot = schedule.days[0]!.slots[0]!;
    expectRight(await shopper.commands.choosePickupTime({ date: schedule.days[0]!.date, time: slot.at }));
    clock.now = Date.parse(slot.at) + 60_000;
    const moved = expectRight(await shopper.commands.keepPickupTimeValid());
    expect(moved).not.toBeUndefined();
    const state = shopper.store.getState();
    expect(state.pickup.choice).toEqual(moved);
    expect(state.pickup.userSelected).toBe(false);
    const last = (await shopper.store.storedEvents()).at(-1)!;
    expect(last.type).toBe('PickupTimeAdjusted');
    // Kept as a warning, so the page and a replay both say the time moved, and where to.
    expect(state.warnings.pickupMoved).toEqual({ seq: Number(last.seq), at: last.at, from: { date: schedule.days[0]!.date, time: slot.at }, to: moved });
    expect(pickupMoveWarning(state, shopper.store.context)?.message).toMatch(/^The pickup time you chose is no longer available, so we moved it to .+\.$/);
    // With nothing more to move, the timer appends nothing and the warning stays the same.
    expect((await appendedBy(shopper, () => shopper.commands.keepPickupTimeValid())).types).toEqual([]);
    expect(shopper.store.getState().warnings.pickupMoved?.seq).toBe(Number(last.seq));
  });

  it('the first time the timer picks for a bag without one is no move to announce', async () => {
    await fullBag(shopper);
    expectRight(await shopper.commands.selectLocation('cafe-hudson'));
    expect(shopper.store.getState().warnings.pickupMoved).toBeNull();
  });
});

describe('queued placement', () => {
  it('queues the order at a location that asks for it and polls until it is complete', async () => {
    await control(running, 'reset', { catalog: 'pizza-chain' });
    await control(running, 'queue', { delayMs: 50 });
    // Denver opens at 16:00 local (23:00Z) and takes scheduled orders only.
    clock.now = Date.parse('2026-11-18T20:00:00Z');
    const { commands, store } = shopper;
    expectRight(await commands.loadCatalog());
    expectRight(await commands.selectLocation('chain-denver'));
    expectRight(await commands.addToBag({ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' }));
    expectRight(await commands.saveGuest(GUEST));
    await shopper.addCard();
    expect(store.getState().checkout.fulfillmentType).toBe('PICKUP');
    expect(store.getState().pickup.choice).not.toBeNull();
    const placed = expectRight(await commands.placeOrder());
    const events = (await store.storedEvents()).map((e) => e.type);
    // The next bag gets the first valid time at once, and Denver's one type again.
    expect(events.slice(-3)).toEqual(['OrderPlacementStarted', 'OrderPlaced', 'PickupTimeAdjusted']);
    expect(store.getState().pickup).toMatchObject({ userSelected: false, mustConfirmDate: false });
    expect(store.getState().pickup.choice).not.toBeNull();
    expect(store.getState().checkout.fulfillmentType).toBe('PICKUP');
    expect((await store.storedEvents()).find((e) => e.type === 'OrderPlacementStarted')?.data).toMatchObject({ queued: true });
    expect((await sandboxOrders()).map((o) => o.Id)).toEqual([placed.orderId]);
  });
});
