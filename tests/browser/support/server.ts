// The built storefront as a host serves it: `vite preview` of a build with the sandbox mounted (its API, hub, control
// surface and embedded support inbox), on a free port of 127.0.0.1. A test file's own (startStorefront), or one of the
// run's shared servers (sharedServers.ts), which serve one test file at a time each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface BuildServer {
  readonly origin: string;
  close(): Promise<void>;
}

export async function serveBuild(build: string): Promise<BuildServer> {
  // Test catalogs a reset may name by path (the sandbox reads no other file a control call names).
  process.env.COUNTERTOP_CATALOG_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
  // The embedded inbox of this server, in a folder of its own: servers run side by side, and a developer's
  // .countertop/inbox/ is left alone.
  const inboxDir = mkdtempSync(join(tmpdir(), 'countertop-test-inbox-'));
  process.env.COUNTERTOP_INBOX_DIR = inboxDir;
  const server = await preview({
    root: ROOT,
    configFile: `${ROOT}vite.config.ts`,
    preview: { port: 0, strictPort: false, host: '127.0.0.1' },
    build: { outDir: build },
    logLevel: 'silent',
  });
  const address = server.httpServer.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    async close() {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      rmSync(inboxDir, { recursive: true, force: true });
    },
  };
}
