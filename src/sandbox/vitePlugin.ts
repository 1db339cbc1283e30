// `npm start` and `vite preview` with the sandbox mounted: /api, the hub at MessagingUrlBasePath/inventory,
// /__sandbox/ (control and tokenizer), /config.json and /img/*, all from fixtures/. The catalog is config.json's
// SandboxCatalog unless COUNTERTOP_CATALOG names another (a fixture name or a path); COUNTERTOP_DATA keeps the
// state in a folder across restarts. Mounted only where Vite owns the HTTP server (not in middleware mode).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import type * as SandboxModule from './createSandbox';

// vite.config.ts is bundled when Vite loads it; the sandbox is loaded at server start instead (through tsx, as the
// CLI loads TypeScript), so the config bundle stays this one file.
const SANDBOX_MODULE = fileURLToPath(new URL('./createSandbox.ts', import.meta.url));

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
    sandbox.attachHub(server.httpServer);
    server.httpServer.once('close', () => void sandbox.close());
    server.config.logger.info(`  sandbox: catalog ${sandbox.catalogName()}, API ${sandbox.apiBasePath}, hub ${sandbox.hubPath}, control /__sandbox/`);
  };
  return {
    name: 'countertop-sandbox',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}
