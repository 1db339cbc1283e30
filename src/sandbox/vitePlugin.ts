// `npm start` and `vite preview` with the sandbox mounted: /api, the hub at MessagingUrlBasePath/inventory,
// /__sandbox/ (control and tokenizer), /config.json and /img/*, all from fixtures/. The catalog is config.json's
// SandboxCatalog unless COUNTERTOP_CATALOG names another (a fixture name or a path); COUNTERTOP_DATA keeps the
// state in a folder across restarts. Mounted only where Vite owns the HTTP server (not in middleware mode).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import type * as BuiltStorefrontModule from './builtStorefront';
import type * as SandboxModule from './createSandbox';
import type { Sandbox } from './createSandbox';

// vite.config.ts is bundled when Vite loads it; the sandbox is loaded at server start instead (through tsx, as the
// CLI loads TypeScript), so the config bundle stays this one file.
const SANDBOX_MODULE = fileURLToPath(new URL('./createSandbox.ts', import.meta.url));
// The built page's serving and headers (preview only), loaded the same way.
const BUILT_STOREFRONT_MODULE = fileURLToPath(new URL('./builtStorefront.ts', import.meta.url));
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
  const mount = async (server: ViteDevServer | PreviewServer): Promise<Sandbox | null> => {
    // Middleware mode (Vitest's own server, or Vite inside another server) has no server to take the hub's
    // upgrades; a host server mounts createSandbox itself.
    if (!server.httpServer) return null;
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
    // COUNTERTOP_INBOX_DIR: another folder for the embedded inbox (servers running side by side, as test files do).
    const inboxDir = process.env.COUNTERTOP_INBOX_DIR ?? join(server.config.root, '.countertop', 'inbox');
    const inbox = lazyInbox({ dir: inboxDir, log: (line) => server.config.logger.info(`  inbox: ${line}`) });
    server.middlewares.use((req, res, next) => void inbox.handle(req, res).then((handled) => (handled ? undefined : next()), next));
    sandbox.attachHub(server.httpServer);
    server.httpServer.once('close', () => void Promise.all([sandbox.close(), inbox.close()]));
    server.config.logger.info(`  sandbox: catalog ${sandbox.catalogName()}, API ${sandbox.apiBasePath}, hub ${sandbox.hubPath}, control /__sandbox/`);
    return sandbox;
  };
  return {
    name: 'countertop-sandbox',
    configureServer: async (server) => {
      await mount(server);
    },
    // The build as a host serves it (builtStorefront.ts): the page with its Content-Security-Policy, made from the
    // build's script inventory and config.json, and the headers every answer carries. `npm start` sends neither.
    configurePreviewServer: async (server) => {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const { answerHeaders, builtPage, builtWorker, compressedAssets, policyConfigOf, readPolicyConfig } = (await tsImport(
        BUILT_STOREFRONT_MODULE,
        import.meta.url,
      )) as typeof BuiltStorefrontModule;
      const configFile = join(options.fixturesDir ?? join(server.config.root, 'fixtures'), 'config.json');
      server.middlewares.use((req, res, next) => {
        answerHeaders(req, res);
        next();
      });
      server.middlewares.use(compressedAssets(outDir));
      const sandbox = await mount(server);
      // The config.json the sandbox serves (with what the control surface set on top), else the fixture's file.
      const policyConfig = () => (sandbox ? policyConfigOf(sandbox.servedConfig()) : readPolicyConfig(configFile));
      const worker = builtWorker(outDir, policyConfig);
      server.middlewares.use((req, res, next) => (worker(req, res) ? undefined : next()));
      const page = builtPage(outDir, policyConfig);
      server.middlewares.use((req, res, next) => (page(req, res) ? undefined : next()));
    },
  };
}
