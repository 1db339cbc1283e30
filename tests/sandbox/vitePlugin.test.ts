// The Vite plugin mounts the sandbox in the dev server and behind `vite preview`: config.json, images, the API,
// the control surface and the hub, while Vite's own HMR socket keeps working.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import WebSocket from 'ws';
import { sandboxPlugin } from '../../src/sandbox/vitePlugin';
import { DEFAULT_FIXTURES_DIR } from '../../src/sandbox/createSandbox';
import { CLIENT_ID, newClient } from './support';
import { tempDir } from '../support/tempDir';

const originOf = (server: { httpServer: ViteDevServer['httpServer'] }) => `http://localhost:${(server.httpServer!.address() as AddressInfo).port}`;

describe('the Vite plugin in the dev server', () => {
  let server: ViteDevServer;
  let origin: string;
  const root = tempDir('countertop-vite-');
  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Order Online</title>');
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [sandboxPlugin({ fixturesDir: DEFAULT_FIXTURES_DIR, catalog: 'retail' })],
      server: { port: 0, host: 'localhost' },
    });
    await server.listen();
    origin = originOf(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves config.json from the fixtures and the catalog images', async () => {
    const config = (await (await fetch(`${origin}/config.json`)).json()) as { ClientId: string };
    expect(config.ClientId).toBe('countertop-sandbox');
    const image = await fetch(`${origin}/img/pen.svg`);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toMatch(/<svg/);
  });

  it('answers the API under /api with the catalog it was given', async () => {
    const catalog = await newClient({ apiBase: `${origin}/api` }).api.catalog.getCatalog();
    expect(catalog).toMatchObject({ _tag: 'Right', right: { Name: 'Paper & Pine' } });
  });

  it('answers the control surface and leaves other pages to Vite', async () => {
    const state = (await (await fetch(`${origin}/__sandbox/`)).json()) as { catalog: string };
    expect(state.catalog).toBe('retail');
    expect(await (await fetch(`${origin}/`)).text()).toMatch(/Order Online/);
  });

  it('takes hub connections while the HMR socket still connects', async () => {
    const connection = new HubConnectionBuilder().withUrl(`${origin}/hubs/inventory`).configureLogging(LogLevel.None).build();
    await connection.start();
    await expect(connection.invoke('Subscribe', CLIENT_ID, 'retail-pearl')).resolves.toBeNull();
    await connection.stop();
    const hmr = new WebSocket(origin.replace('http', 'ws') + '/', 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      hmr.once('message', (data: Buffer) => resolve(data.toString()));
      hmr.once('error', reject);
    });
    expect(JSON.parse(first)).toMatchObject({ type: 'connected' });
    hmr.close();
  });
});

describe('the Vite plugin behind vite preview', () => {
  let server: PreviewServer;
  const root = tempDir('countertop-preview-');
  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Order Online</title>');
    server = await preview({
      root,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: root },
      plugins: [sandboxPlugin({ fixturesDir: DEFAULT_FIXTURES_DIR, catalog: 'cafe' })],
      preview: { port: 0, host: 'localhost' },
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  });

  it('serves the same API and config', async () => {
    const origin = originOf(server);
    const catalog = await newClient({ apiBase: `${origin}/api` }).api.catalog.getCatalog();
    expect(catalog).toMatchObject({ _tag: 'Right', right: { Name: 'Bluebird Coffee' } });
    expect(((await (await fetch(`${origin}/config.json`)).json()) as { ApiBasePath: string }).ApiBasePath).toBe('/api');
  });
});
