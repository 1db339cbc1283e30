import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { sandboxPlugin } from './src/sandbox/vitePlugin';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The modules the first page runs (statically reachable from the entry), found once the module graph is built. They
 * form one chunk: otherwise every module a lazy page also imports is split into a chunk of its own (a known Rolldown
 * behaviour with HTML entries), and twenty small chunks compress worse than one.
 */
const firstPage = new Set<string>();
function firstPageChunk(): Plugin {
  return {
    name: 'countertop:first-page-chunk',
    apply: 'build',
    buildEnd() {
      firstPage.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const pending = [...entries];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (firstPage.has(id)) continue;
        firstPage.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Chunks index.html asks for before the app's code has run, so a page's largest paint does not wait for that code to
 * load and run before asking for them:
 * - the chooser's, once the early menu answer lists several locations (a business with several locations opens the
 *   chooser on a first visit; a one-location store never fetches it);
 * - the page's own, when the address is a page that loads on demand (a link to checkout, a reload of the bag).
 * Each entry is a module; its files are the chunk holding it, the chunks that chunk imports and their styles, as built.
 */
const CHOOSER_MODULE = '/src/app/features/location/LocationChooser.tsx';
const ROUTE_MODULES: readonly (readonly [path: string, module: string])[] = [
  ['/cart', '/src/app/features/bag/BagPage.tsx'],
  ['/checkout', '/src/app/features/checkout/CheckoutPage.tsx'],
  ['/order-confirmation/', '/src/app/features/confirmation/ConfirmationPage.tsx'],
  ['/about', '/src/app/features/about/AboutPage.tsx'],
  ['/sign-in', '/src/app/features/account/SignInPage.tsx'],
  ['/my-account', '/src/app/features/account/ProfilePage.tsx'],
  ['/my-orders', '/src/app/features/orders/OrderHistoryPage.tsx'],
];
const PRELOAD_LINKS = `function countertopPreload(files) {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (href.endsWith('.css')) link.as = 'style';
    // As the app's own loader asks for them, so the browser reuses these answers.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}`;
function preloadOnDemand(): Plugin {
  let base = '/';
  return {
    name: 'countertop:preload-on-demand',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const filesOf = (module: string): string[] => {
          const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
          if (!holder) throw new Error(`no chunk holds ${module}: the preloads in vite.config.ts need updating`);
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (!chunk || chunk.type !== 'chunk' || files.has(fileName) || entry.has(fileName)) return;
            files.add(fileName);
            for (const css of (chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? []) files.add(css);
            chunk.imports.forEach(visit);
          };
          visit(holder.fileName);
          return [...files].map((file) => base + file);
        };
        const routes = ROUTE_MODULES.map(([path, module]) => [path, filesOf(module)]);
        const script = `${PRELOAD_LINKS}
for (const [path, files] of ${JSON.stringify(routes)}) {
  if (path.endsWith('/') ? location.pathname.startsWith(path) : location.pathname === path) countertopPreload(files);
}
(window.__countertopCatalog || Promise.resolve(null))
  .then((response) => (response ? response.clone().json() : null))
  .then((menu) => {
    if (menu && Array.isArray(menu.Locations) && menu.Locations.length > 1) countertopPreload(${JSON.stringify(filesOf(CHOOSER_MODULE))});
  })
  .catch(() => undefined);`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), sandboxPlugin(), firstPageChunk(), preloadOnDemand()],
  // The code imports fp-ts's CommonJS build (what Node runs); browsers get its ES build, which tree-shakes and is the
  // one io-ts already uses, so the bundle holds one copy. Tests run in Node and keep the CommonJS build.
  // Dexie's package gives bundlers its ES5 build behind a wrapper; its modern ES module build is the same code for
  // the browsers Countertop targets (es2022), and smaller.
  resolve: {
    alias: process.env.VITEST
      ? []
      : [
          { find: /^fp-ts\/lib\/(.*)$/, replacement: 'fp-ts/es6/$1' },
          { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
        ],
  },
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  // `npm start` pre-bundles every dependency the app can import before the first page is served: the scan starts
  // from every module of the app, not only from what index.html reaches, so a page or dialog loaded on demand (the
  // chooser's map, the phone rules, the hub) never makes the dev server re-bundle and reload the page under a shopper
  // (`npm run bench -- devServer` counts those reloads).
  optimizeDeps: { entries: ['index.html', 'src/app/**/*.{ts,tsx}', '!src/app/**/*.gen.ts'] },
  server: { port: 5173 },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-page', test: (id: string) => firstPage.has(id) }] } } },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: ['tests/browser/**'], environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // Shoppers in Debian's headless Chromium against the built storefront and the sandbox, one file at a time.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/support/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          // A shopper's step in Chromium on two busy cores (a lazy chunk, a geolocation retry, a commit) can take
          // longer than expect.poll's default of 1 s; waiting longer never lets a wrong answer pass.
          expect: { poll: { timeout: 5_000 } },
          // After the unit project: two cores cannot drive Chromium and run the property tests at once.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
