import * as E from 'fp-ts/lib/Either.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, startSandbox, type RunningSandbox } from '../sandbox/support';
import { expectRight, newShopper, type Shopper } from './support';
import { bagView } from '../../src/events/selectors/bag';
import { currentLocation } from '../../src/events/context';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';

// Wednesday 10:00 in New York: the cafe is open (07:00-19:00).
const WEDNESDAY_10AM = Date.parse('2026-11-18T15:00:00Z');
const clock = { now: WEDNESDAY_10AM };
let running: RunningSandbox;
let shopper: Shopper;

beforeAll(async () => {
  running = await startSandbox({ catalog: 'cafe', now: () => clock.now });
});
afterAll(async () => running.close());
beforeEach(async () => {
  clock.now = WEDNESDAY_10AM;
  await control(running, 'reset', { catalog: 'cafe' });
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
    expect((await shopper.store.storedEvents()).at(-1)?.type).toBe('PickupTimeAdjusted');
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
    expect(events.slice(-2)).toEqual(['OrderPlacementStarted', 'OrderPlaced']);
    expect((await store.storedEvents()).find((e) => e.type === 'OrderPlacementStarted')?.data).toMatchObject({ queued: true });
    expect((await sandboxOrders()).map((o) => o.Id)).toEqual([placed.orderId]);
  });
});
