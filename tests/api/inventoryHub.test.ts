// The live inventory hub with the real @microsoft/signalr client (through connectInventoryHub) against the sandbox's
// SignalR server: updates per location, location changes, reconnect after the server closes, re-read afterwards.
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { connectInventoryHub, inventoryHubUrl, type InventoryHubHandle, type InventoryUpdate } from '../../src/api/hub/inventoryHub';
import { reconnectDelay } from '../../src/api/hub/hubRetryPolicy';
import type { ErrorEvent } from '../../src/api/errorReporter';
import { CLIENT_ID, GUEST, control, newClient, nonceFor, sliceOrder, startSandbox, useSandbox } from '../sandbox/support';

const running = useSandbox({ catalog: 'pizza-chain' });

const handles: InventoryHubHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.stop()));
});

/** Resolves when `predicate` holds, polling every 10 ms (fails the test after `ms`). */
async function until(predicate: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function connect(location: { id: string | null }, extra: { onReconnected?: () => void; clientId?: string; url?: string } = {}) {
  const updates: InventoryUpdate[] = [];
  const reports: ErrorEvent[] = [];
  const handle = connectInventoryHub({
    url: extra.url ?? running.hubUrl,
    clientId: extra.clientId ?? CLIENT_ID,
    getLocationId: () => location.id,
    onInventoryUpdated: (u) => updates.push(u),
    ...(extra.onReconnected ? { onReconnected: extra.onReconnected } : {}),
    reportError: (e) => reports.push(e),
    random: () => 0,
  });
  handles.push(handle);
  return { handle, updates, reports };
}

describe('the reconnect policy', () => {
  it('waits a random 4 to 8 s first, then 500, 1000 and 2000 ms, then gives up after 4 attempts', () => {
    expect(reconnectDelay(0, () => 0)).toBe(4000);
    expect(reconnectDelay(0, () => 0.5)).toBe(6000);
    expect(reconnectDelay(0, () => 0.9999)).toBeLessThan(8000);
    expect([1, 2, 3].map((n) => reconnectDelay(n, () => 0.5))).toEqual([500, 1000, 2000]);
    expect(reconnectDelay(4, () => 0.5)).toBeNull();
  });

  it('puts the hub at the messaging base path plus /inventory', () => {
    expect(inventoryHubUrl({ MessagingUrlBasePath: '/hubs' })).toBe('/hubs/inventory');
    expect(inventoryHubUrl({ MessagingUrlBasePath: 'https://rt.example/msg/' })).toBe('https://rt.example/msg/inventory');
  });
});

describe('the inventory hub', () => {
  it('delivers InventoryUpdated for the subscribed location only', async () => {
    const { handle, updates } = connect({ id: 'chain-brooklyn' });
    expect(await handle.started).toBe(true);
    await control(running, 'stock', { locationId: 'chain-chicago', variationId: 'cheese-slice-each', count: 3 });
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 7 });
    await until(() => updates.length > 0);
    expect(updates).toEqual([{ locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 7 }]);
  });

  it('follows the location the shopper changes to', async () => {
    const location = { id: 'chain-brooklyn' as string | null };
    const { handle, updates } = connect(location);
    await handle.started;
    location.id = 'chain-chicago';
    await handle.setLocation('chain-chicago');
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 1 });
    await control(running, 'stock', { locationId: 'chain-chicago', variationId: 'cheese-slice-each', count: 2 });
    await until(() => updates.length > 0);
    expect(updates).toEqual([{ locationId: 'chain-chicago', variationId: 'cheese-slice-each', count: 2 }]);
  });

  it('tells every listener of the location the new count when an order takes stock', async () => {
    const a = connect({ id: 'chain-brooklyn' });
    const b = connect({ id: 'CHAIN-BROOKLYN' });
    await Promise.all([a.handle.started, b.handle.started]);
    const { api } = newClient(running);
    const placed = await api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running), { guest: GUEST }));
    expect(E.isRight(placed)).toBe(true);
    await until(() => a.updates.length > 0 && b.updates.length > 0);
    expect(a.updates[0]).toEqual({ locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 38 });
    expect(b.updates[0]?.count).toBe(38);
  });

  it('reconnects after the server closes, re-subscribes, and the re-read sees what changed while away', async () => {
    const { api } = newClient(running);
    const reread: number[] = [];
    const { handle, updates } = connect(
      { id: 'chain-brooklyn' },
      {
        onReconnected: () => {
          void api.inventory.listInventory({ locationId: 'chain-brooklyn' }).then((list) => {
            if (E.isRight(list)) reread.push(list.right.Inventory.find((e) => e.VariationId === 'water-bottle')?.Count ?? -1);
          });
        },
      },
    );
    await handle.started;
    await until(() => running.sandbox.control.hubConnections().some((c) => c.subscribed));
    expect(running.sandbox.control.disconnectHub('close')).toBe(1);
    await until(() => handle.state() === HubConnectionState.Reconnecting);
    // Changed while the shopper was away: no update can reach a closed connection.
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'water-bottle', count: 5 });
    await until(() => reread.length > 0, 10_000);
    expect(reread).toEqual([5]);
    expect(updates).toEqual([]);
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'water-bottle', count: 4 });
    await until(() => updates.length > 0);
    expect(updates).toEqual([{ locationId: 'chain-brooklyn', variationId: 'water-bottle', count: 4 }]);
  }, 15_000);

  it('never blocks start-up: an unreachable hub is tried twice, reported, and started resolves false', async () => {
    const started = Date.now();
    const { handle, reports } = connect({ id: 'chain-brooklyn' }, { url: 'http://127.0.0.1:9/hubs/inventory' });
    expect(Date.now() - started).toBeLessThan(50);
    expect(await handle.started).toBe(false);
    expect(reports.filter((r) => r.call === 'InventoryHub/Start')).toHaveLength(2);
  });

  it('reports a subscription with the wrong client id and delivers nothing', async () => {
    const { handle, updates, reports } = connect({ id: 'chain-brooklyn' }, { clientId: 'not-ours' });
    expect(await handle.started).toBe(false);
    expect(reports[0]?.call).toBe('InventoryHub/Subscribe');
    expect(reports[0]?.message).toMatch(/Unknown client id/);
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 9 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates).toEqual([]);
  });

  it('answers the plain SignalR client: negotiate version 1, handshake, completions, and server pings that keep it alive', async () => {
    const pinging = await startSandbox({ catalog: 'pizza-chain', hub: { keepAliveMs: 100 } });
    try {
      const connection = new HubConnectionBuilder().withUrl(pinging.hubUrl).configureLogging(LogLevel.None).build();
      // Without a message from the server within 400 ms the client would close the connection.
      connection.serverTimeoutInMilliseconds = 400;
      connection.keepAliveIntervalInMilliseconds = 100;
      await connection.start();
      await expect(connection.invoke('Subscribe', CLIENT_ID, 'chain-denver')).resolves.toBeNull();
      await expect(connection.invoke('NoSuchMethod')).rejects.toThrow(/does not exist/);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(connection.state).toBe(HubConnectionState.Connected);
      await connection.stop();
    } finally {
      await pinging.close();
    }
  });
});
