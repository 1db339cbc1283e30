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

export default defineConfig({
  plugins: [react(), sandboxPlugin(), firstPageChunk()],
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
