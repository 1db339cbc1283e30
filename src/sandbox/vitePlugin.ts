// `npm start` and `vite preview` with the sandbox mounted: /api, the hub at MessagingUrlBasePath/inventory,
// /__sandbox/ (control and tokenizer), /config.json and /img/*, all from fixtures/. The catalog is config.json's
// SandboxCatalog unless COUNTERTOP_CATALOG names another (a fixture name or a path); COUNTERTOP_DATA keeps the
// state in a folder across restarts. Mounted only where Vite owns the HTTP server (not in middleware mode).
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import type * as SandboxModule from './createSandbox';

// vite.config.ts is bundled when Vite loads it; the sandbox is loaded at server start instead (through tsx, as the
// CLI loads TypeScript), so the config bundle stays this one file.
const SANDBOX_MODULE = fileURLToPath(new URL('./createSandbox.ts', import.meta.url));
// The support inbox (src/inbox) is served beside it, loaded the same way; it opens its database on first use.
const INBOX_MODULE = fileURLToPath(new URL('../inbox/lazyInbox.ts', import.meta.url));
interface InboxModule {
  lazyInbox(options: { dir: string; log: (line: string) => void }): {
    handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
    close(): Promise<void>;
  };
}

export interface SandboxPluginOptions {
  readonly catalog?: string;
  readonly fixturesDir?: string;
  readonly dataDir?: string;
}

export function sandboxPlugin(options: SandboxPluginOptions = {}): Plugin {
  const mount = async (server: ViteDevServer | PreviewServer): Promise<void> => {
    // Middleware mode (Vitest's own server, or Vite inside another server) has no server to take the hub's
    // upgrades; a host server mounts createSandbox itself.
    if (!server.httpServer) return;
    const catalog = options.catalog ?? process.env.COUNTERTOP_CATALOG;
    const dataDir = options.dataDir ?? process.env.COUNTERTOP_DATA;
    const catalogDir = process.env.COUNTERTOP_CATALOG_DIR;
    const { createSandbox } = (await tsImport(SANDBOX_MODULE, import.meta.url)) as typeof SandboxModule;
    const sandbox = createSandbox({
      fixturesDir: options.fixturesDir ?? join(server.config.root, 'fixtures'),
      ...(catalog ? { catalog } : {}),
      ...(dataDir ? { dataDir } : {}),
      ...(catalogDir ? { catalogDir } : {}),
    });
    server.middlewares.use((req, res, next) => {
      sandbox.handle(req, res).then(
        (handled) => {
          if (!handled) next();
        },
        (error: unknown) => next(error),
      );
    });
    const { lazyInbox } = (await tsImport(INBOX_MODULE, import.meta.url)) as InboxModule;
    const inbox = lazyInbox({ dir: join(server.config.root, '.countertop', 'inbox'), log: (line) => server.config.logger.info(`  inbox: ${line}`) });
    server.middlewares.use((req, res, next) => void inbox.handle(req, res).then((handled) => (handled ? undefined : next()), next));
    sandbox.attachHub(server.httpServer);
    server.httpServer.once('close', () => void Promise.all([sandbox.close(), inbox.close()]));
    server.config.logger.info(`  sandbox: catalog ${sandbox.catalogName()}, API ${sandbox.apiBasePath}, hub ${sandbox.hubPath}, control /__sandbox/`);
  };
  return {
    name: 'countertop-sandbox',
    configureServer: mount,
    configurePreviewServer: async (server) => {
      server.middlewares.use(compressedAssets(resolve(server.config.root, server.config.build.outDir)));
      await mount(server);
    },
  };
}

const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The build's hashed assets (/assets/*) as a CDN serves them: compressed (Brotli where the browser offers it, else
 * gzip; compressed once and kept) and cached for a year, since a changed file gets a new name. `vite preview` alone
 * sends them uncompressed and revalidates each one on every visit, which no production host does.
 */
export function compressedAssets(outDir: string) {
  const kept = new Map<string, { readonly mtimeMs: number; readonly bodies: Map<string, Buffer> }>();
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = (req.url ?? '').split('?')[0]!;
    const type = ASSET_TYPES[extname(path)];
    if (type === undefined || !/^\/assets\/[\w.-]+$/.test(path)) return next();
    const file = join(outDir, path);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return next();
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    let entry = kept.get(file);
    if (entry?.mtimeMs !== mtimeMs) kept.set(file, (entry = { mtimeMs, bodies: new Map() }));
    let body = entry.bodies.get(encoding);
    if (body === undefined) {
      const raw = readFileSync(file);
      body =
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : encoding === 'gzip'
            ? gzipSync(raw, { level: 9 })
            : raw;
      entry.bodies.set(encoding, body);
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
