// The live inventory hub under load: 20 real SignalR clients subscribed to one location while the sandbox sends
// 1,000 InventoryUpdated per second for three seconds. Latency is from the broadcast to each client's handler, in
// one process (clients and server share the CPU, so the figures are on the cautious side).
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { CLIENT_ID, startSandbox } from '../sandbox/support';
import { summarize, type Benchmark } from './harness';

const CLIENTS = 20;
const RATE_PER_SECOND = 1000;
const SECONDS = 3;
const TICK_MS = 10;

async function hubLatency() {
  const running = await startSandbox({ catalog: 'pizza-chain' });
  const connections: HubConnection[] = [];
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < CLIENTS; i++) {
      const connection = new HubConnectionBuilder().withUrl(running.hubUrl).configureLogging(LogLevel.None).build();
      connection.on('InventoryUpdated', (_location: string, _variation: string, count: number) => {
        const sent = sentAt.get(count);
        if (sent !== undefined) latencies.push(performance.now() - sent);
      });
      await connection.start();
      await connection.invoke('Subscribe', CLIENT_ID, 'chain-brooklyn');
      connections.push(connection);
    }
    const total = RATE_PER_SECOND * SECONDS;
    const perTick = (RATE_PER_SECOND * TICK_MS) / 1000;
    const started = performance.now();
    let sent = 0;
    let lastSend = started;
    while (sent < total) {
      // Keep to the schedule: send what is due by now, then wait for the next tick.
      const due = Math.min(total, Math.floor(((performance.now() - started) / TICK_MS + 1) * perTick));
      for (; sent < due; sent++) {
        sentAt.set(sent, performance.now());
        running.sandbox.control.setStock('chain-brooklyn', 'cheese-slice-each', sent);
        lastSend = performance.now();
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    // The first update goes out at 0 and the last at (total - 1) / rate seconds.
    const sendSeconds = (lastSend - started) / 1000;
    const deadline = performance.now() + 5000;
    while (latencies.length < total * CLIENTS && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const timing = summarize(latencies);
    return [
      { label: `updates sent (${CLIENTS} clients, ${SECONDS} s)`, value: (total - 1) / sendSeconds, unit: 'events/s' as const, goal: `~ ${RATE_PER_SECOND}` },
      { label: 'deliveries received / expected', value: latencies.length / (total * CLIENTS), unit: 'count' as const, goal: '= 1' },
      { label: 'broadcast to handler latency p50', value: timing.median, unit: 'ms' as const },
      { label: 'broadcast to handler latency p95', value: timing.p95, unit: 'ms' as const },
    ];
  } finally {
    await Promise.all(connections.map((c) => c.stop()));
    await running.close();
  }
}

export const benchmarks: Benchmark[] = [{ name: 'inventory hub: 1,000 updates/s to 20 clients', run: hubLatency }];
