// The control surface and the sandbox's HTTP edges: switching catalogs, refusing bad control bodies, turning the
// surface off, unknown calls, wrong methods, bodies that are not JSON, and CORS for a storefront on another origin.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, control, newClient, nonceFor, startSandbox, useSandbox } from './support';

describe('the control surface', () => {
  const running = useSandbox({ catalog: 'pizza-chain' }, { resetEach: false });

  it('switches the catalog served on reset, and back', async () => {
    expect(await control(running, 'reset', { catalog: 'cafe' })).toEqual({ catalog: 'cafe' });
    const catalog = await newClient(running).api.catalog.getCatalog();
    expect(E.isRight(catalog) && catalog.right.Name).toBe('Bluebird Coffee');
    await control(running, 'reset', { catalog: 'pizza-chain' });
    expect(((await control(running, '')) as { catalog: string }).catalog).toBe('pizza-chain');
  });

  it('refuses a catalog that does not exist and keeps serving the current one', async () => {
    await expect(control(running, 'reset', { catalog: 'no-such' })).rejects.toThrow(/400/);
    expect(((await control(running, '')) as { catalog: string }).catalog).toBe('pizza-chain');
  });

  it('refuses stock for a variation the location does not sell', async () => {
    await expect(control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'latte-small', count: 3 })).rejects.toThrow(/does not sell/);
    await expect(control(running, 'stock', { locationId: 'chain-brooklyn' })).rejects.toThrow(/400/);
  });

  it('lists every order with its idempotency key', async () => {
    await control(running, 'reset', {});
    expect(await control(running, 'orders')).toEqual([]);
  });

  it("fails the next calls of a path with the lines it is given (a processor's refusal no test card stands for)", async () => {
    await control(running, 'reset', {});
    await control(running, 'fail', { path: '/api/Catalog', times: 1, status: 400, codes: ['Payment failed - VALUE_TOO_LOW', 'the amount is too small'] });
    const first = await fetch(`${running.apiBase}/Catalog`, {
      method: 'POST',
      headers: { 'X-Client-Id': CLIENT_ID, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(first.status).toBe(400);
    expect(await first.json()).toEqual(['Payment failed - VALUE_TOO_LOW', 'the amount is too small']);
    await control(running, 'fail', { path: '/api/Catalog', times: 1 });
    const second = await fetch(`${running.apiBase}/Catalog`, {
      method: 'POST',
      headers: { 'X-Client-Id': CLIENT_ID, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect([second.status, await second.json()]).toEqual([503, ['Sandbox - INJECTED_FAILURE']]);
    await expect(control(running, 'fail', { path: '/api/Catalog', times: 1, codes: 'VALUE_TOO_LOW' })).rejects.toThrow(/400/);
  });

  it('serves the card-capture page, with the control surface or without it', async () => {
    const page = await fetch(`${running.origin}/__sandbox/payments/capture?clientId=c&locationId=chain-brooklyn&language=en-US&country=US`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('Paying Slice Brothers - Brooklyn (US)');
    expect(html).toContain('countertop:card-captured');
    // What the query says is shown as text, never as markup.
    const hostile = await (await fetch(`${running.origin}/__sandbox/payments/capture?country=%3Cscript%3Ex%3C/script%3E&language=%22%3E`)).text();
    expect(hostile).toContain('(&#60;script&#62;x&#60;/script&#62;)');
    expect(hostile).toContain('<html lang="en-US">');
  });

  it('holds every call of a path, unanswered and not run, until released; a reset releases too', async () => {
    await control(running, 'reset', {});
    await control(running, 'hold', { path: '/api/Catalog' });
    const client = newClient(running);
    let answered = 0;
    const calls = [client.api.catalog.getCatalog(), client.api.catalog.getCatalog()].map((call) => call.then((result) => (answered++, result)));
    await expect.poll(async () => ((await control(running, '')) as { faults: { held: Record<string, number> } }).faults.held['/api/Catalog']).toBe(2);
    expect(answered).toBe(0);
    // Another path is not held, and releasing it lets nothing through.
    expect(E.isRight(await client.api.inventory.listInventory({ locationId: 'chain-brooklyn' }))).toBe(true);
    expect(await control(running, 'release', { path: '/api/Inventory/List' })).toEqual({ released: 0 });
    expect(answered).toBe(0);
    expect(await control(running, 'release', { path: '/api/Catalog' })).toEqual({ released: 2 });
    for (const result of await Promise.all(calls)) expect(E.isRight(result)).toBe(true);
    // Released means no longer held: the next call answers at once.
    expect(E.isRight(await client.api.catalog.getCatalog())).toBe(true);
    await control(running, 'hold', { path: '/api/Catalog' });
    const waiting = client.api.catalog.getCatalog();
    await expect.poll(async () => ((await control(running, '')) as { faults: { held: Record<string, number> } }).faults.held['/api/Catalog']).toBe(1);
    await control(running, 'reset', {});
    expect(E.isRight(await waiting)).toBe(true);
    await expect(control(running, 'hold', {})).rejects.toThrow(/400/);
  });

  it('answers 404 for an unknown API call, 405 for a wrong method, and 400 for a body that is not JSON', async () => {
    const post = (path: string, init: RequestInit = {}) =>
      fetch(`${running.apiBase}/${path}`, { method: 'POST', ...init, headers: { 'X-Client-Id': CLIENT_ID, ...init.headers } });
    const unknown = await post('Nothing/Here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(['Sandbox - NOT_FOUND', 'no call POST /api/Nothing/Here']);
    expect((await post('Delivery/Address/Delete')).status).toBe(405);
    const broken = await post('Inventory/List', { body: '{oops', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it("answers the storefront's reachability check (HEAD of the API's base path) with 204, no client id needed", async () => {
    const check = await fetch(`${running.apiBase}/`, { method: 'HEAD' });
    expect(check.status).toBe(204);
    // Any other call without the client id is still refused.
    expect((await fetch(`${running.apiBase}/Catalog`, { method: 'POST' })).status).toBe(400);
  });

  it('answers CORS preflights for the storefront origin it was told about, and only that one', async () => {
    const shop = await startSandbox({ catalog: 'cafe', allowedOrigins: ['http://shop.example'] });
    const preflight = await fetch(`${shop.apiBase}/Order/Place`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://shop.example', 'Access-Control-Request-Headers': 'authorization, content-type, x-client-id' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://shop.example');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-client-id/);
    const stranger = await fetch(`${shop.apiBase}/Order/Place`, { method: 'OPTIONS', headers: { Origin: 'http://stranger.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    await shop.close();
  });
});

describe('with the control surface turned off', () => {
  const running = useSandbox({ catalog: 'cafe', controlSurface: false }, { resetEach: false });

  it('leaves /__sandbox/ control calls unanswered but keeps the tokenizer', async () => {
    expect((await fetch(`${running.origin}/__sandbox/orders`)).status).toBe(404);
    expect(await nonceFor(running)).toMatch(/^cnon:sandbox:approved:/);
    expect((await fetch(`${running.origin}/__sandbox/payments/capture`)).status).toBe(200);
  });
});

describe('sandbox clock', () => {
  it('moves the sandbox clock so the API and a test page agree on now, and goes back to real time', async () => {
    const running = await startSandbox({ catalog: 'cafe' });
    try {
      const moved = (await control(running, 'clock', { at: '2026-11-18T07:00:00Z' })) as { now: string };
      expect(Math.abs(Date.parse(moved.now) - Date.parse('2026-11-18T07:00:00Z'))).toBeLessThan(1000);
      const back = (await control(running, 'clock', { at: null })) as { now: string };
      expect(Math.abs(Date.parse(back.now) - Date.now())).toBeLessThan(1000);
      await expect(control(running, 'clock', { at: 'noon' })).rejects.toThrow(/400/);
      // A reset starts over from real time: a clock one test moved does not leak into the next.
      await control(running, 'clock', { at: '2026-11-18T07:00:00Z' });
      await control(running, 'reset', {});
      expect(E.isRight(await newClient(running).api.account.forgotPassword({ email: 'ada@example.com' }))).toBe(true);
      const sent = ((await control(running, 'outbox')) as { at: string }[]).at(-1)!;
      expect(Math.abs(Date.parse(sent.at) - Date.now())).toBeLessThan(5000);
    } finally {
      await running.close();
    }
  });
});
