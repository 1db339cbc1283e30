// The order's progress (src/sandbox/README.md, "The order's progress") through the real client against the sandbox:
// Order/Progress for a signed-in shopper's own orders, Order/GuestProgress by a guest's key, the kitchen's timeline
// on the sandbox clock, the control surface's advance, cancel and late, and OrderStatusChanged on the hub to the
// shopper's own connection only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectInventoryHub, type InventoryHubHandle, type OrderStatusUpdate, type OrdersToFollow } from '../../src/api/hub/inventoryHub';
import type { OrderResult } from '../../src/domain/orders/codecs';
import { findLocation } from '../../src/domain/catalog/catalogIndex';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { loadCatalog } from '../../src/sandbox/catalogSource';
import { DEFAULT_FIXTURES_DIR } from '../../src/sandbox/createSandbox';
import { CLIENT_ID, GUEST, control, left, newClient, newKey, nonceFor, right, useSandbox, type TestClient } from '../sandbox/support';

/** Wednesday 3 June 2026, 12:00 in New York: the cafe is open. */
const NOW = Date.UTC(2026, 5, 3, 16, 0);
const running = useSandbox({ catalog: 'cafe', now: () => NOW });
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

let ada: TestClient;
beforeEach(async () => {
  ada = newClient(running);
  right(await ada.api.account.login('ada@example.com', 'countertop'));
});

const handles: InventoryHubHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.stop()));
});

/** The cafe's first scheduled time at least half an hour away, so its kitchen has not started yet. */
function laterPickupAt(): string {
  const loaded = loadCatalog('cafe', DEFAULT_FIXTURES_DIR);
  if (loaded._tag === 'Left') throw new Error(loaded.left.join('\n'));
  const location = findLocation(loaded.right.index, 'cafe-hudson')!;
  const slot = pickupSchedule(location.location, NOW)
    .days.flatMap((day) => day.slots)
    .find((s) => Date.parse(s.at) >= NOW + 30 * MINUTE);
  if (!slot) throw new Error('no pickup time half an hour away');
  return slot.at;
}

/** Three croissants for pickup at least half an hour from now. */
async function croissants(guest: boolean, key = newKey()) {
  const at = laterPickupAt();
  const order = {
    source: 'Web',
    idempotencyKey: key,
    locationId: 'cafe-hudson',
    lineItems: [{ key: 'c', id: 'croissant-each', quantity: 3, note: '', modifiers: [] }],
    pickupAt: at,
    tipAmount: 0,
    pickupFulfillment: { pickupAt: at, notes: '' },
    card: { nonce: await nonceFor(running) },
    ...(guest ? { guest: GUEST } : {}),
  };
  const placed: OrderResult = right(guest ? await newClient(running).api.orders.guestPlaceOrder(order) : await ada.api.orders.placeOrder(order));
  return { orderId: placed.OrderId, key, pickupAt: Date.parse(at) };
}

async function until(predicate: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function follow(orders: OrdersToFollow) {
  const updates: OrderStatusUpdate[] = [];
  const handle = connectInventoryHub({
    url: running.hubUrl,
    clientId: CLIENT_ID,
    getLocationId: () => 'cafe-hudson',
    onInventoryUpdated: () => undefined,
    getOrdersToFollow: () => orders,
    onOrderStatusChanged: (update) => updates.push(update),
    reportError: (e) => {
      throw new Error(e.message);
    },
    random: () => 0,
  });
  handles.push(handle);
  return { handle, updates };
}

describe('Order/Progress and Order/GuestProgress', () => {
  it("answers a guest's order by its key: received when placed, ready about its pickup time, with its history", async () => {
    const { orderId, key, pickupAt } = await croissants(true);
    const progress = right(await newClient(running).api.orders.guestOrderProgress({ idempotencyKey: key }));
    expect(progress).toEqual({ OrderId: orderId, State: 'Received', At: iso(NOW), Estimate: iso(pickupAt), History: [{ State: 'Received', At: iso(NOW) }] });
  });

  it("answers a signed-in shopper's own order by id, and no one else's", async () => {
    const { orderId, key } = await croissants(false);
    expect(right(await ada.api.orders.orderProgress({ orderId })).State).toBe('Received');
    // Without a session: 401, as every (auth) call (the client does not even send it).
    expect(left(await newClient(running).api.orders.orderProgress({ orderId }))).toMatchObject({ kind: 'unauthorized' });
    const bare = await fetch(`${running.apiBase}/Order/Progress`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Id': CLIENT_ID },
      body: JSON.stringify({ orderId }),
    });
    expect(bare.status).toBe(401);
    // An account's order is not a guest's: its key does not open it.
    expect(left(await newClient(running).api.orders.guestOrderProgress({ idempotencyKey: key }))).toMatchObject({ kind: 'http', status: 404 });
    // A guest's order is no account's.
    const guest = await croissants(true);
    expect(left(await ada.api.orders.orderProgress({ orderId: guest.orderId }))).toMatchObject({ kind: 'http', status: 404 });
  });

  it('moves on with the sandbox clock: preparing before the pickup time, ready at it, each stage at its own time', async () => {
    const { key, pickupAt } = await croissants(true);
    await control(running, 'clock', { at: iso(pickupAt + 5 * MINUTE) });
    const progress = right(await newClient(running).api.orders.guestOrderProgress({ idempotencyKey: key }));
    expect(progress.State).toBe('Ready');
    // Three items take 10 minutes.
    expect(progress.History).toEqual([
      { State: 'Received', At: iso(NOW) },
      { State: 'Preparing', At: iso(pickupAt - 10 * MINUTE) },
      { State: 'Ready', At: iso(pickupAt) },
    ]);
  });

  it('is driven by the control surface: advance, late, then cancel with a reason, after which nothing moves', async () => {
    const { orderId, key, pickupAt } = await croissants(true);
    expect(await control(running, 'kitchen/advance', { orderId })).toMatchObject({ State: 'Preparing', At: iso(NOW) });
    expect(await control(running, 'kitchen/late', { orderId, minutes: 15 })).toMatchObject({ State: 'Preparing', Estimate: iso(pickupAt + 15 * MINUTE) });
    expect(await control(running, 'kitchen/cancel', { orderId, reason: 'SoldOut' })).toMatchObject({ State: 'Cancelled', Reason: 'SoldOut', Estimate: null });
    expect(await control(running, 'kitchen/advance', { orderId })).toMatchObject({ State: 'Cancelled' });
    const progress = right(await newClient(running).api.orders.guestOrderProgress({ idempotencyKey: key }));
    expect(progress.History.map((h) => h.State)).toEqual(['Received', 'Preparing', 'Cancelled']);
    await expect(control(running, 'kitchen/cancel', { orderId, reason: 'Because' })).rejects.toThrow(/400/);
    await expect(control(running, 'kitchen/advance', { orderId: 'ord_nope' })).rejects.toThrow(/404/);
  });
});

describe('Presence/GuestImHere', () => {
  it("records a guest's arrival by the key their order was placed with; an account's key or an unknown one is not found", async () => {
    const guest = await croissants(true);
    expect(right(await newClient(running).api.presence.guestImHere({ idempotencyKey: guest.key }))).toEqual({ OrderId: guest.orderId, ArrivedAtUtc: iso(NOW) });
    const account = await croissants(false);
    expect(left(await newClient(running).api.presence.guestImHere({ idempotencyKey: account.key }))).toMatchObject({ kind: 'http', status: 404 });
    expect(left(await newClient(running).api.presence.guestImHere({ idempotencyKey: newKey() }))).toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('OrderStatusChanged on the hub', () => {
  it("reaches the guest holding the order's key and the account's own connection, and nobody else", async () => {
    const guest = await croissants(true);
    const mine = await croissants(false);
    const token = ada.tokens.get()?.accessToken ?? null;
    const guestHub = follow({ accessToken: null, guestKeys: [guest.key] });
    const adaHub = follow({ accessToken: token, guestKeys: [] });
    // A stranger who guesses the account's order key, or follows nothing, hears nothing.
    const stranger = follow({ accessToken: null, guestKeys: [mine.key, 'not-a-key'] });
    await Promise.all([guestHub, adaHub, stranger].map((h) => h.handle.started));

    await control(running, 'kitchen/advance', { orderId: guest.orderId });
    await control(running, 'kitchen/late', { orderId: mine.orderId, minutes: 10 });
    await until(() => guestHub.updates.length === 1 && adaHub.updates.length === 1);
    expect(guestHub.updates).toEqual([{ orderId: guest.orderId, state: 'Preparing', at: iso(NOW), estimate: iso(guest.pickupAt), reason: null }]);
    expect(adaHub.updates).toEqual([{ orderId: mine.orderId, state: 'Received', at: iso(NOW), estimate: iso(mine.pickupAt + 10 * MINUTE), reason: null }]);

    await control(running, 'kitchen/cancel', { orderId: mine.orderId, reason: 'TooBusy' });
    await until(() => adaHub.updates.length === 2);
    expect(adaHub.updates[1]).toMatchObject({ state: 'Cancelled', estimate: null, reason: 'TooBusy' });
    // The control surface answered after it told the hub; the stranger's socket had every chance to hear it.
    await control(running, 'hub');
    expect(stranger.updates).toEqual([]);
    expect(guestHub.updates).toHaveLength(1);
  });

  it('tells the moment the clock brings an order to ready, without anyone asking', async () => {
    const guest = await croissants(true);
    const hub = follow({ accessToken: null, guestKeys: [guest.key] });
    await hub.handle.started;
    await control(running, 'clock', { at: iso(guest.pickupAt) });
    await until(() => hub.updates.some((u) => u.state === 'Ready'));
    expect(hub.updates.map((u) => u.state)).toEqual(['Preparing', 'Ready']);
  });

  it("tells nothing of a quiet change (the control surface's lost message), which a read still shows", async () => {
    const guest = await croissants(true);
    const hub = follow({ accessToken: null, guestKeys: [guest.key] });
    await hub.handle.started;
    expect(await control(running, 'kitchen/advance', { orderId: guest.orderId, quiet: true })).toMatchObject({ State: 'Preparing' });
    await control(running, 'kitchen/advance', { orderId: guest.orderId });
    await until(() => hub.updates.length > 0);
    expect(hub.updates.map((u) => u.state)).toEqual(['Ready']);
    expect(right(await newClient(running).api.orders.guestOrderProgress({ idempotencyKey: guest.key })).History.map((h) => h.State)).toEqual([
      'Received',
      'Preparing',
      'Ready',
    ]);
  });
});
