// Curbside arrival (ordering.md section 4; Presence/ImHere, and a guest's Presence/GuestImHere by the key of their
// order): a curbside order offers 'I'm here' once the store says it is ready, to a signed-in shopper and to a guest;
// the store records the arrival, and the page shows when; a prompt put away stays away.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrivalOffered, arrivedAt } from '../../src/events/selectors/curbside';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York: Brooklyn is open and offers curbside.
const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
const running = useSandbox(() => ({ catalog: 'pizza-chain', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  shopper = await newShopper(running, clock);
});
afterEach(async () => shopper.close());

const GUEST = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '(212) 555-0142' };

async function curbsideOrder(signIn = true): Promise<string> {
  const { commands } = shopper;
  expectRight(await commands.loadCatalog());
  expectRight(await commands.selectLocation('chain-brooklyn'));
  if (signIn) {
    expectRight(await commands.sendLoginCode('718-555-0123'));
    const code = ((await control(running, 'outbox')) as { code: string }[]).at(-1)!.code;
    expectRight(await commands.signInWithCode('718-555-0123', code));
  }
  expectRight(await commands.refreshInventory());
  expectRight(await commands.addToBag({ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' }));
  expectRight(await commands.chooseFulfillment('CURBSIDE'));
  expectRight(await commands.saveVehicle({ make: 'Subaru', model: 'Outback', color: 'Green', note: '' }));
  if (!signIn) expectRight(await commands.saveGuest(GUEST));
  await shopper.addCard();
  return expectRight(await commands.placeOrder()).orderId;
}

/** The kitchen makes the order ready (received, preparing, ready) and the shopper's log reads it. */
async function ready(orderId: string): Promise<void> {
  await control(running, 'kitchen/advance', { orderId });
  await control(running, 'kitchen/advance', { orderId });
  expectRight(await shopper.commands.refreshOrderProgress(orderId));
  expect(shopper.store.getState().orders.progress[orderId]?.stage).toBe('Ready');
}

const offered = (orderId: string) => arrivalOffered(shopper.store.getState(), orderId, shopper.store.getState().orders.history[0]!.order);

describe("'I'm here'", () => {
  it('is offered once the curbside order is ready; announcing records the arrival the store answered, once', async () => {
    const orderId = await curbsideOrder();
    expectRight(await shopper.commands.refreshOrderProgress(orderId));
    // Received, then preparing: nothing to come out to yet.
    expect(offered(orderId)).toBe(false);
    await control(running, 'kitchen/advance', { orderId });
    expectRight(await shopper.commands.refreshOrderProgress(orderId));
    expect(offered(orderId)).toBe(false);
    await control(running, 'kitchen/advance', { orderId });
    expectRight(await shopper.commands.refreshOrderProgress(orderId));
    expect(offered(orderId)).toBe(true);
    const { result, types } = await appendedBy(shopper, () => shopper.commands.announceArrival(orderId));
    const at = expectRight(result);
    expect(types).toEqual(['ArrivalAnnounced']);
    expect(arrivedAt(shopper.store.getState(), orderId)).toBe(at);
    expect(Date.parse(at)).toBe(clock.now);
    expect(offered(orderId)).toBe(false);
  });

  it("is offered to a guest, whose arrival is told by their order's key", async () => {
    const orderId = await curbsideOrder(false);
    expect(shopper.store.getState().account.profile).toBeNull();
    await ready(orderId);
    expect(offered(orderId)).toBe(true);
    const at = expectRight(await shopper.commands.announceArrival(orderId));
    expect(arrivedAt(shopper.store.getState(), orderId)).toBe(at);
    // The store took it for the guest's order: three minutes on, the kitchen has brought it out.
    clock.now += 3 * 60_000;
    expectRight(await shopper.commands.refreshOrderProgress(orderId));
    expect(shopper.store.getState().orders.progress[orderId]?.stage).toBe('HandedOver');
    clock.now -= 3 * 60_000;
  });

  it("'Not now' puts the prompt away for that order; a failed call says so and records nothing", async () => {
    const orderId = await curbsideOrder();
    await ready(orderId);
    await control(running, 'fail', { path: '/api/Presence/ImHere', times: 1, status: 503 });
    const failed = await appendedBy(shopper, () => shopper.commands.announceArrival(orderId));
    expect(expectLeft(failed.result)).toBe('We could not tell the store you are here. Please try again, or call the store.');
    expect(failed.types).toEqual([]);
    expect((await appendedBy(shopper, () => shopper.commands.dismissArrivalPrompt(orderId))).types).toEqual(['ArrivalPromptDismissed']);
    expect(offered(orderId)).toBe(false);
    expect((await appendedBy(shopper, () => shopper.commands.dismissArrivalPrompt(orderId))).types).toEqual([]);
  });

  it('is not offered for a pickup order, once cancelled, nor for an account order after sign-out', async () => {
    const orderId = await curbsideOrder();
    await ready(orderId);
    const record = shopper.store.getState().orders.history[0]!;
    expect(arrivalOffered(shopper.store.getState(), orderId, { ...record.order!, FulfillmentType: 'PICKUP' })).toBe(false);
    await control(running, 'kitchen/cancel', { orderId, reason: 'TooBusy' });
    expectRight(await shopper.commands.refreshOrderProgress(orderId));
    expect(offered(orderId)).toBe(false);
    expectRight(await shopper.commands.endSession());
    expect(arrivalOffered(shopper.store.getState(), orderId, record.order)).toBe(false);
  });
});
