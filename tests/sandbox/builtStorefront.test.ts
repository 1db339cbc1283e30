// The built page as preview and `countertop serve --build` serve it (src/sandbox/builtStorefront.ts): index.html at
// every address the app routes, with the policy the build's script inventory and config.json make; every other
// answer with a policy that allows nothing; no page at all without an inventory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHeaders, builtPage, builtWorker, readPolicyConfig } from '../../src/sandbox/builtStorefront';
import { rawRequest } from './rawRequest';
import { contentSecurityPolicy, RESOURCE_POLICY, SCRIPT_INVENTORY_FILE, workerPolicy } from '../../src/sandbox/pagePolicy';

const PAGE = '<!doctype html><title>Order Online</title><script>window.x = 1</script>';
const INVENTORY = { page: { path: '/index.html', sha256: '' }, inline: [{ hash: 'sha256-AAAA', why: 'a test' }], files: [], configured: [] };
const WORKER = 'self.addEventListener("fetch", () => undefined);';
const CONFIG = { ClientId: 'test', ApiBasePath: 'https://api.example.com', PaymentScriptUrl: 'https://web.squarecdn.com/v1/square.js' };

/**
 * A host serving a built folder holding `page` and `worker` (with the test's inventory and config.json) for the tests
 * of the describe block it is called in: the page and the worker as builtStorefront.ts serves them, the API's menu a
 * plain `{}`, anything else 404; every answer with the headers every answer carries.
 */
function useBuiltHost(page: string, worker: string): { readonly dir: string; readonly origin: () => string } {
  const dir = mkdtempSync(join(tmpdir(), 'countertop-built-'));
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, SCRIPT_INVENTORY_FILE), JSON.stringify(INVENTORY));
    writeFileSync(join(dir, 'config.json'), JSON.stringify(CONFIG));
    writeFileSync(join(dir, 'sw.js'), worker);
    const servePage = builtPage(dir, () => readPolicyConfig(join(dir, 'config.json')));
    const serveWorker = builtWorker(dir, () => readPolicyConfig(join(dir, 'config.json')));
    server = createServer((req, res) => {
      answerHeaders(req, res);
      if (serveWorker(req, res) || servePage(req, res)) return;
      res.writeHead(req.url === '/api/Catalog' ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, origin: () => origin };
}

describe('the built page as a host serves it', () => {
  const host = useBuiltHost(PAGE, WORKER);

  it('answers any address the app routes with index.html and the policy its inventory and config.json make', async () => {
    for (const path of ['/', '/checkout', '/categories/coffee?x=1', '/index.html']) {
      const response = await fetch(`${host.origin()}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(PAGE);
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(INVENTORY, CONFIG));
      expect(response.headers.get('content-security-policy')).toContain('https://web.squarecdn.com');
      expect(response.headers.get('reporting-endpoints')).toBe('csp="/inbox/csp-reports"');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('leaves files and other answers alone, each with a policy that allows nothing and the same headers', async () => {
    const api = await fetch(`${host.origin()}/api/Catalog`, { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-security-policy')).toBe(RESOURCE_POLICY);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const file = await fetch(`${host.origin()}/assets/missing.js`, { headers: { Accept: '*/*' } });
    expect(file.status).toBe(404);
    expect(file.headers.get('content-security-policy')).toBe(RESOURCE_POLICY);
  });

  it("serves the offline worker's script with its own policy, never to be kept by a cache", async () => {
    const response = await fetch(`${host.origin()}/sw.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(WORKER);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(workerPolicy(CONFIG));
    expect(response.headers.get('service-worker-allowed')).toBeNull();
  });

  it('sends HSTS when the page came over TLS (as a proxy in front says)', async () => {
    const response = await fetch(`${host.origin()}/`, { headers: { Accept: 'text/html', 'X-Forwarded-Proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('serves no page without a script inventory: without one there is no policy', async () => {
    rmSync(join(host.dir, SCRIPT_INVENTORY_FILE));
    const response = await fetch(`${host.origin()}/`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/no script inventory: .*script-inventory\.json: no such file; build the storefront with npm run build/);
  });
});

describe('the built page and worker compressed as a host sends them', () => {
  // A page the size of the real one (14 KB: the page copy's script and the first styles).
  const page = `<!doctype html><title>Order Online</title><style>${'.menu-item { display: grid; }\n'.repeat(500)}</style>`;
  const worker = `self.addEventListener("fetch", () => undefined);\n${'// precache entry\n'.repeat(200)}`;
  const host = useBuiltHost(page, worker);
  const get = (path: string, acceptEncoding: string) =>
    rawRequest(`${host.origin()}${path}`, { headers: { Accept: 'text/html', 'Accept-Encoding': acceptEncoding } });

  it('sends the page with Brotli or gzip as offered, the same HTML once decompressed, its policy kept', async () => {
    const br = await get('/checkout', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-security-policy']).toBe(contentSecurityPolicy(INVENTORY, CONFIG));
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(page.length / 4);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(page);
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(page);
    const plain = await get('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(page);
  });

  it("sends the offline worker's script compressed too", async () => {
    const br = await get('/sw.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(worker);
  });
});
