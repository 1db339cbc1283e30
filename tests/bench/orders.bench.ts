// 200 concurrent order placements through the real client against the sandbox, 20 of them sent twice with the same
// idempotency key at the same moment; reports throughput and whether any key made two orders.
import * as E from 'fp-ts/lib/Either.js';
import type { OrderSummary } from '../../src/sandbox/control';
import { GUEST, control, newClient, nonceFor, sliceOrder, startSandbox } from '../sandbox/support';
import type { Benchmark } from './harness';

const ORDERS = 200;
const REPEATED = 20;

async function concurrentPlacements() {
  const running = await startSandbox({ catalog: 'pizza-chain' });
  try {
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 100_000 });
    const orders = [];
    for (let i = 0; i < ORDERS; i++) orders.push(sliceOrder(await nonceFor(running), { guest: GUEST }));
    const requests = [...orders, ...orders.slice(0, REPEATED)];
    const { api } = newClient(running);
    const started = performance.now();
    const results = await Promise.all(requests.map((order) => api.orders.guestPlaceOrder(order)));
    const seconds = (performance.now() - started) / 1000;
    const failed = results.filter(E.isLeft).length;
    const summaries = (await control(running, 'orders')) as OrderSummary[];
    const perKey = new Map<string, number>();
    for (const s of summaries) if (s.orderId !== null) perKey.set(s.idempotencyKey, (perKey.get(s.idempotencyKey) ?? 0) + 1);
    const doubled = [...perKey.values()].filter((n) => n > 1).length;
    const made = new Set(summaries.map((s) => s.orderId).filter((id) => id !== null)).size;
    return [
      { label: `placements answered (${requests.length} requests, ${ORDERS} keys)`, value: requests.length / seconds, unit: 'orders/s' as const },
      { label: 'wall time for all requests', value: seconds, unit: 's' as const },
      { label: 'failed requests', value: failed, unit: 'count' as const, goal: '= 0' },
      { label: 'orders made', value: made, unit: 'count' as const, goal: `= ${ORDERS}` },
      { label: 'idempotency keys that made two orders', value: doubled, unit: 'count' as const, goal: '= 0' },
    ];
  } finally {
    await running.close();
  }
}

export const benchmarks: Benchmark[] = [{ name: 'sandbox: 200 concurrent order placements', run: concurrentPlacements }];
