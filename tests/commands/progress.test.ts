// The order's progress (README, "The order's progress"): a fresh read records every stage the log missed, once; the
// hub's news is recorded when it moves the order on and not when it is old; a guest's order is read by its key and an
// account's with the session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York: the cafe is open.
const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  shopper = await newShopper(running, clock);
});
afterEach(async () => shopper.close());

const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(212) 555-0142' };
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' };

async function placed(signIn: boolean): Promise<string> {
  const { commands } = shopper;
  expectRight(await commands.loadCatalog());
  expectRight(await commands.refreshInventory());
  if (signIn) expectRight(await commands.signIn('ada@example.com', 'countertop'));
  expectRight(await commands.addToBag(DRIP));
  expectRight(await commands.chooseFulfillment('PICKUP'));
  if (!signIn) expectRight(await commands.saveGuest(GUEST));
  await shopper.addCard();
  return expectRight(await commands.placeOrder()).orderId;
}

const progress = (orderId: string) => shopper.store.getState().orders.progress[orderId];

describe('refreshOrderProgress', () => {
  it("reads a guest's order by its key and records every stage the log missed, in order, once", async () => {
    const orderId = await placed(false);
    await control(running, 'kitchen/advance', { orderId });
    await control(running, 'kitchen/advance', { orderId });
    const { result, types } = await appendedBy(shopper, () => shopper.commands.refreshOrderProgress(orderId));
    expect(expectRight(result)).toBe(1);
    expect(types).toEqual(['OrderProgressed', 'OrderProgressed', 'OrderProgressed']);
    expect(progress(orderId)?.steps.map((s) => s.stage)).toEqual(['Received', 'Preparing', 'Ready']);
    // Read again, nothing new: nothing appended.
    expect((await appendedBy(shopper, () => shopper.commands.refreshOrderProgress())).types).toEqual([]);
  });

  it("reads a signed-in shopper's order with the session, and a late kitchen as a new estimate", async () => {
    const orderId = await placed(true);
    expectRight(await shopper.commands.refreshOrderProgress());
    const promised = progress(orderId)?.estimate;
    await control(running, 'kitchen/late', { orderId, minutes: 20 });
    const { types } = await appendedBy(shopper, () => shopper.commands.refreshOrderProgress());
    expect(types).toEqual(['OrderProgressed']);
    expect(progress(orderId)).toMatchObject({ stage: 'Received', promised });
    expect(Date.parse(progress(orderId)!.estimate!) - Date.parse(promised!)).toBe(20 * 60_000);
  });

  it('changes nothing when the API cannot answer', async () => {
    const orderId = await placed(false);
    await control(running, 'fail', { path: '/api/Order/GuestProgress', times: 1, status: 503 });
    const { result, types } = await appendedBy(shopper, () => shopper.commands.refreshOrderProgress(orderId));
    expect(expectRight(result)).toBe(0);
    expect(types).toEqual([]);
    expect(shopper.reports.map((r) => r.call)).toContain('Order/GuestProgress');
  });
});

describe('one read of an order at a time', () => {
  it("a read waiting for the hub's follow is joined by the page opening: one call, made after the follow", async () => {
    const orderId = await placed(false);
    // The command group is loaded first, so what follows is about the reads alone.
    expect(expectRight(await shopper.commands.refreshOrderProgress('not-an-order'))).toBe(0);
    const calls = vi.spyOn(shopper.api.orders, 'guestOrderProgress');
    let follow!: () => void;
    const followed = new Promise<void>((resolve) => (follow = resolve));
    const hubs = shopper.commands.refreshOrderProgress(undefined, { after: followed });
    const page = shopper.commands.refreshOrderProgress(orderId, { unlessReadWithinMs: 15_000 });
    // The kitchen moves on before the hub knows whom to tell: the read, after the follow, still sees it.
    await control(running, 'kitchen/advance', { orderId });
    expect(calls).not.toHaveBeenCalled();
    follow();
    expect(expectRight(await hubs)).toBe(1);
    expect(expectRight(await page)).toBe(1);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(progress(orderId)?.stage).toBe('Preparing');

    // The page opening again just after reads nothing; later it does.
    expectRight(await shopper.commands.refreshOrderProgress(orderId, { unlessReadWithinMs: 15_000 }));
    expect(calls).toHaveBeenCalledTimes(1);
    clock.now += 15_000;
    expectRight(await shopper.commands.refreshOrderProgress(orderId, { unlessReadWithinMs: 15_000 }));
    expect(calls).toHaveBeenCalledTimes(2);
    // A read asked for without a freshness is always made, and two at once are one call.
    await Promise.all([shopper.commands.refreshOrderProgress(orderId), shopper.commands.refreshOrderProgress(orderId)]);
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it('reads after a follow that failed: the page still shows where the order stands', async () => {
    const orderId = await placed(false);
    const { result, types } = await appendedBy(shopper, () => shopper.commands.refreshOrderProgress(undefined, { after: Promise.reject(new Error('hub')) }));
    expect(expectRight(result)).toBe(1);
    expect(types).toEqual(['OrderProgressed']);
    expect(progress(orderId)?.stage).toBe('Received');
  });
});

describe('recordOrderProgress', () => {
  it("records the hub's news when it moves the order on, and not when it is old news", async () => {
    const orderId = await placed(false);
    const at = new Date(clock.now).toISOString();
    const news = { orderId, state: 'Ready' as const, at, estimate: at, reason: null };
    expect((await appendedBy(shopper, () => shopper.commands.recordOrderProgress(news))).types).toEqual(['OrderProgressed']);
    expect((await appendedBy(shopper, () => shopper.commands.recordOrderProgress({ ...news, state: 'Preparing' }))).types).toEqual([]);
    expect((await appendedBy(shopper, () => shopper.commands.recordOrderProgress(news))).types).toEqual([]);
    expect(progress(orderId)?.stage).toBe('Ready');
  });
});
