// The client layer's own promises: a malformed answer is a typed error, the time-out, the client id header, (auth)
// calls without a session, and error reports that name the call.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS } from '../../src/api/httpClient';
import { control, newClient, useSandbox } from '../sandbox/support';

const running = useSandbox({ catalog: 'cafe' });

/** A fetch that answers `body` for calls whose URL ends with `suffix`, and passes the rest through. */
function tampering(suffix: string, body: string, status = 200): typeof fetch {
  return async (input, init) => {
    if (String(input).endsWith(suffix)) return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
    return fetch(input, init);
  };
}

describe('the HTTP client', () => {
  it('waits 60 seconds by default', () => {
    expect(API_TIMEOUT_MS).toBe(60_000);
  });

  it('turns an answer of the wrong shape into a decode error naming the field, and reports it with the call name', async () => {
    const client = newClient(running, { fetch: tampering('Inventory/List', JSON.stringify({ Inventory: [{ VariationId: 5, Count: 1 }] })) });
    const result = await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'decode', call: 'Inventory/List', status: 200 } });
    if (E.isLeft(result) && result.left.kind === 'decode') expect(result.left.problems[0]).toMatch(/^Inventory\[0\]\.VariationId: expected string/);
    expect(client.reports).toHaveLength(1);
    expect(client.reports[0]?.call).toBe('Inventory/List');
  });

  it('turns a 2xx answer that is not JSON into a decode error, not an exception', async () => {
    const client = newClient(running, { fetch: tampering('Catalog', '<html>oops</html>') });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'decode', call: 'Catalog' } });
  });

  it('keeps the body of an error answer for the caller', async () => {
    const client = newClient(running, { fetch: tampering('Catalog', 'Service Unavailable', 503) });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 503, body: 'Service Unavailable' } });
    expect(client.reports[0]).toMatchObject({ call: 'Catalog', status: 503 });
  });

  it('gives up after its time-out and says so', async () => {
    await control(running, 'latency', { ms: 400 });
    const client = newClient(running, { timeoutMs: 100 });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'timeout', call: 'Catalog', afterMs: 100 } });
  });

  it('reports an unreachable API as a network error', async () => {
    const client = newClient({ apiBase: 'http://127.0.0.1:9/api' });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'network', call: 'Catalog' } });
  });

  it('answers an (auth) call without a session as unauthorized without sending it', async () => {
    let sent = 0;
    const client = newClient(running, {
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const result = await client.api.orders.listOrders();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized', call: 'Order/List' } });
    expect(sent).toBe(0);
  });

  it('sends the client id header on every call', async () => {
    const seen: (string | null)[] = [];
    const client = newClient(running, {
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers).get('X-Client-Id'));
        return fetch(input, init);
      },
    });
    await client.api.catalog.getCatalog();
    await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(seen).toEqual(['countertop-sandbox', 'countertop-sandbox']);
  });

  it('an injected failure answers its status without running the call', async () => {
    await control(running, 'fail', { path: '/api/Inventory/List', times: 1, status: 500 });
    const client = newClient(running);
    const failed = await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(failed).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 500, body: ['Sandbox - INJECTED_FAILURE'] } });
    const next = await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(E.isRight(next)).toBe(true);
  });
});
