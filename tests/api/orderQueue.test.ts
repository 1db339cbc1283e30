// Queue then poll by idempotency key (ordering.md sections 4 and 9), through the real client against the sandbox.
// The waits between checks are injected; the spec's constants are asserted, never shortened.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_FIRST_CHECK_MS, ORDER_STATUS_INTERVAL_MS, ORDER_STATUS_MAX_ATTEMPTS } from '../../src/api/orderQueue';
import { GUEST, control, newClient, nonceFor, sliceOrder, useSandbox } from '../sandbox/support';

const running = useSandbox({ catalog: 'pizza-chain' });

/** A fetch that counts the status checks it sends. */
function countingFetch(): { fetch: typeof fetch; statusChecks: () => number } {
  let checks = 0;
  return {
    fetch: (input, init) => {
      if (String(input).endsWith('OrderStatus')) checks++;
      return fetch(input, init);
    },
    statusChecks: () => checks,
  };
}

describe('queued orders', () => {
  it('uses the spec constants: first check after 3000 ms, then every 3000 ms, at most 10 attempts', () => {
    expect([ORDER_STATUS_FIRST_CHECK_MS, ORDER_STATUS_INTERVAL_MS, ORDER_STATUS_MAX_ATTEMPTS]).toEqual([3000, 3000, 10]);
  });

  it('stays Pending for a while, then completes with the order id', async () => {
    // The store's clock moves on by each wait the client makes (with 1.5 s of slack either way): the order, due
    // 6 s after it was queued, is Pending at the first check and placed at the second, however busy the machine.
    await control(running, 'queue', { delayMs: 6_000 });
    const counter = countingFetch();
    const { api } = newClient(running, { fetch: counter.fetch });
    const waits: number[] = [];
    const order = sliceOrder(await nonceFor(running), { guest: GUEST });
    const start = Date.now();
    await control(running, 'clock', { at: new Date(start).toISOString() });
    try {
      const result = await api.placeQueuedOrder(order, {
        delay: async (ms) => {
          waits.push(ms);
          await control(running, 'clock', { at: new Date(start + 1_500 + waits.reduce((a, b) => a + b, 0)).toISOString() });
        },
      });
      if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
      expect(result.right.Order?.GrandTotal).toBe(817);
      expect(counter.statusChecks()).toBe(2);
      expect(waits).toEqual([3000, 3000]);
    } finally {
      await control(running, 'clock', { at: null });
    }
  });

  it('fails with the errors of an order the queue could not place', async () => {
    await control(running, 'queue', { delayMs: 0 });
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running, { cvv: '911' }), { guest: GUEST });
    const result = await api.placeQueuedOrder(order, { delay: () => Promise.resolve() });
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'rejected', failures: ['Payment failed - CVV_FAILURE'] } });
  });

  it("gives up after 10 checks with 'Timeout' while the order stays Pending", async () => {
    await control(running, 'queue', { delayMs: 600_000 });
    const counter = countingFetch();
    const { api } = newClient(running, { fetch: counter.fetch });
    const waits: number[] = [];
    const result = await api.placeQueuedOrder(sliceOrder(await nonceFor(running), { guest: GUEST }), {
      delay: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'timeout', message: 'Timeout', attempts: 10 } });
    expect(counter.statusChecks()).toBe(10);
    expect(waits).toEqual(Array.from({ length: 10 }, () => 3000));
  });

  it('queueing one key twice makes one order', async () => {
    await control(running, 'queue', { delayMs: 0 });
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running), { guest: GUEST });
    const [a, b] = await Promise.all([
      api.placeQueuedOrder(order, { delay: () => Promise.resolve() }),
      api.placeQueuedOrder(order, { delay: () => Promise.resolve() }),
    ]);
    if (E.isLeft(a) || E.isLeft(b)) throw new Error('expected both to complete');
    expect(a.right.OrderId).toBe(b.right.OrderId);
    const orders = (await control(running, 'orders')) as { idempotencyKey: string }[];
    expect(orders.filter((o) => o.idempotencyKey === order.idempotencyKey)).toHaveLength(1);
  });
});
