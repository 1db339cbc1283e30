// Curbside arrival (ordering.md section 4; Presence/ImHere): a signed-in shopper's curbside order offers 'I'm here';
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

async function curbsideOrder(): Promise<string> {
  const { commands } = shopper;
  expectRight(await commands.loadCatalog());
  expectRight(await commands.selectLocation('chain-brooklyn'));
  expectRight(await commands.sendLoginCode('718-555-0123'));
  const code = ((await control(running, 'outbox')) as { code: string }[]).at(-1)!.code;
  expectRight(await commands.signInWithCode('718-555-0123', code));
  expectRight(await commands.refreshInventory());
  expectRight(await commands.addToBag({ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' }));
  expectRight(await commands.chooseFulfillment('CURBSIDE'));
  expectRight(await commands.saveVehicle({ make: 'Subaru', model: 'Outback', color: 'Green', note: '' }));
  await shopper.addCard();
  return expectRight(await commands.placeOrder()).orderId;
}

describe("'I'm here'", () => {
  it('is offered for the curbside order; announcing records the arrival the store answered, once', async () => {
    const orderId = await curbsideOrder();
    const record = shopper.store.getState().orders.history[0]!;
    expect(arrivalOffered(shopper.store.getState(), orderId, record.order)).toBe(true);
    const { result, types } = await appendedBy(shopper, () => shopper.commands.announceArrival(orderId));
    const at = expectRight(result);
    expect(types).toEqual(['ArrivalAnnounced']);
    expect(arrivedAt(shopper.store.getState(), orderId)).toBe(at);
    expect(Date.parse(at)).toBe(clock.now);
    expect(arrivalOffered(shopper.store.getState(), orderId, record.order)).toBe(false);
  });

  it("'Not now' puts the prompt away for that order; a failed call says so and records nothing", async () => {
    const orderId = await curbsideOrder();
    const record = shopper.store.getState().orders.history[0]!;
    await control(running, 'fail', { path: '/api/Presence/ImHere', times: 1, status: 503 });
    const failed = await appendedBy(shopper, () => shopper.commands.announceArrival(orderId));
    expect(expectLeft(failed.result)).toBe('We could not tell the store you are here. Please try again, or call the store.');
    expect(failed.types).toEqual([]);
    expect((await appendedBy(shopper, () => shopper.commands.dismissArrivalPrompt(orderId))).types).toEqual(['ArrivalPromptDismissed']);
    expect(arrivalOffered(shopper.store.getState(), orderId, record.order)).toBe(false);
    expect((await appendedBy(shopper, () => shopper.commands.dismissArrivalPrompt(orderId))).types).toEqual([]);
  });

  it('is not offered for a pickup order, nor to a guest', async () => {
    const orderId = await curbsideOrder();
    const record = shopper.store.getState().orders.history[0]!;
    expect(arrivalOffered(shopper.store.getState(), orderId, { ...record.order!, FulfillmentType: 'PICKUP' })).toBe(false);
    expectRight(await shopper.commands.signedOut());
    expect(arrivalOffered(shopper.store.getState(), orderId, record.order)).toBe(false);
  });
});
