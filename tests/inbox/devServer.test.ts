// `npm start` serves the support inbox beside the sandbox: PGlite in the project's .countertop/inbox/, opened on the
// first /inbox/ request, while the sandbox and Vite answer everything else as before.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../src/sandbox/createSandbox';
import { sandboxPlugin } from '../../src/sandbox/vitePlugin';

let server: ViteDevServer;
let origin: string;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'countertop-vite-inbox-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Order Online</title>');
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [sandboxPlugin({ fixturesDir: DEFAULT_FIXTURES_DIR, catalog: 'cafe' })],
    server: { port: 0, host: 'localhost' },
  });
  await server.listen();
  origin = `http://localhost:${(server.httpServer!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

it('opens the inbox on its first request, in .countertop/inbox/ of the project, beside the sandbox', async () => {
  expect(existsSync(join(root, '.countertop', 'inbox'))).toBe(false);
  expect((await fetch(`${origin}/config.json`)).status).toBe(200);
  const res = await fetch(`${origin}/inbox/shares`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business: 'Hudson Cafe', appVersion: '0.1.0' }),
  });
  expect(res.status).toBe(201);
  expect(existsSync(join(root, '.countertop', 'inbox', 'PG_VERSION'))).toBe(true);
  expect((await fetch(`${origin}/inbox/shares`)).status).toBe(401);
  expect(await (await fetch(`${origin}/`)).text()).toMatch(/Order Online/);
}, 60_000);
