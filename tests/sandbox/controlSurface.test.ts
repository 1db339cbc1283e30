// The sandbox's control surface cannot be turned against the developer running it: no file outside the fixtures is
// read (or echoed), no pipe blocks it, no other web page can drive it, and its numbers and bodies are bounded.
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, startSandbox, useSandbox } from './support';
import { tempDir } from '../support/tempDir';

const STOREFRONT = 'http://localhost:5999';
const running = useSandbox({ catalog: 'cafe', allowedOrigins: [STOREFRONT] }, { resetEach: false });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${running.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('reset takes only the fixtures and the catalog it started with', () => {
  it.each(['/etc/passwd', '/proc/self/environ', '../package.json', tmpdir()])('refuses %s without reading or echoing it', async (catalog) => {
    const answer = await post('/__sandbox/reset', { catalog });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain('unknown catalog');
    expect(text).not.toMatch(/root:|PATH=|"name": "countertop"/);
  });

  it('answers at once for a pipe, and keeps answering', async () => {
    const dir = tempDir('countertop-fifo-');
    const fifo = join(dir, 'catalog.json');
    execFileSync('mkfifo', [fifo]);
    const answer = await post('/__sandbox/reset', { catalog: fifo });
    expect(answer.status).toBe(400);
    expect((await post('/__sandbox/reset', { catalog: 'cafe' })).status).toBe(200);
  });

  it('takes a catalog of its configured folder by path, and nothing beside it', async () => {
    const harbor = fileURLToPath(new URL('../browser/fixtures/harbor.json', import.meta.url));
    const other = await startSandbox({ catalog: 'cafe', catalogDir: dirname(harbor) });
    try {
      const reset = (catalog: string) =>
        fetch(`${other.origin}/__sandbox/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ catalog }) });
      expect((await reset(harbor)).status).toBe(200);
      expect((await reset(join(dirname(harbor), '..', 'architecture.test.ts'))).status).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('still switches between fixtures by name', async () => {
    const answer = await post('/__sandbox/reset', { catalog: 'pizza-chain' });
    expect(await answer.json()).toEqual({ catalog: 'pizza-chain' });
    expect((await post('/__sandbox/reset', { catalog: 'cafe' })).status).toBe(200);
  });
});

describe('other origins', () => {
  it('get no CORS headers from the API, while the configured storefront does', async () => {
    const headers = { 'X-Client-Id': CLIENT_ID, Origin: 'https://evil.example' };
    const evil = await fetch(`${running.apiBase}/Catalog`, { method: 'POST', headers });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const own = await fetch(`${running.apiBase}/Catalog`, { method: 'POST', headers: { ...headers, Origin: STOREFRONT } });
    expect(own.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
  });

  it('cannot drive the control surface, even with a simple request; the storefront cannot either', async () => {
    for (const origin of ['https://evil.example', STOREFRONT]) {
      const answer = await post('/__sandbox/latency', JSON.stringify({ ms: 5 }), { 'Content-Type': 'text/plain', Origin: origin });
      expect(answer.status).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    const own = await post('/__sandbox/latency', { ms: 0 }, { Origin: running.origin });
    expect(own.status).toBe(200);
  });

  it("answers no page whose own name was made to resolve here (DNS rebinding), POST or GET, but localhost's and an address's", async () => {
    const port = new URL(running.origin).port;
    const call = (method: string, path: string, host: string, origin?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = { Host: host, 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) };
        const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end(method === 'POST' ? JSON.stringify({ ms: 0 }) : undefined);
      });
    const rebound = `rebound.example:${port}`;
    // To the browser the page is its own origin: Origin and Host agree.
    const post = await call('POST', '/__sandbox/latency', rebound, `http://${rebound}`);
    expect(post.status).toBe(403);
    expect(post.body).toContain('Sandbox - FORBIDDEN_HOST');
    const read = await call('GET', '/__sandbox/outbox', rebound);
    expect(read.status).toBe(403);
    expect(read.body).not.toContain('"to"');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `shop.localhost:${port}`])
      expect((await call('GET', '/__sandbox/outbox', host)).status).toBe(200);
    // The card provider's stand-in answers any host, as a provider's page does.
    expect((await call('GET', '/__sandbox/payments/capture?locationId=x', rebound)).status).toBe(200);
  });
});

describe('bounds', () => {
  it.each([
    ['/__sandbox/latency', { ms: 1e9 }],
    ['/__sandbox/queue', { delayMs: 1e12 }],
    ['/__sandbox/fail', { path: '/api/Catalog', times: 1e9 }],
    ['/__sandbox/drop', { path: '/api/Catalog', times: 1.5 }],
    ['/__sandbox/tokens', { accessTokenTtlMs: -5 }],
  ])('refuses %s %j', async (path, body) => {
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const answer = await post('/api/Catalog', JSON.stringify({ pad: 'x'.repeat(1_100_000) }), { 'X-Client-Id': CLIENT_ID });
    expect(answer.status).toBe(413);
  });

  it('refuses a catalog file outside the fixtures, the one it started with and its configured folder', async () => {
    const dir = tempDir('countertop-started-');
    const file = join(dir, 'shop.json');
    writeFileSync(file, JSON.stringify({ not: 'a catalog' }));
    const other = await startSandbox({ catalog: 'cafe' });
    try {
      const answer = await fetch(`${other.origin}/__sandbox/reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ catalog: file }),
      });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('unknown catalog');
    } finally {
      await other.close();
    }
  });
});
