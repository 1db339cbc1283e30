import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { VitePWA } from 'vite-plugin-pwa';
import type * as Manifest from './src/app/root/parts';
import type { PageEntry, PartRole } from './src/app/root/parts';
import type { ScriptInventory } from './src/sandbox/pagePolicy';
import type * as Precache from './src/worker/precache';
import type * as BagHint from './src/app/runtime/bagHint';
import { sandboxPlugin } from './src/sandbox/vitePlugin';
import { RXDB_DEV_MODE_FILES } from './tests/support/testProjects';
import { foldVersion } from './cli/foldVersion';

// The manifest of on-demand parts, read in Node: it imports only types, so no part is loaded.
const { PAGES, PARTS, addressMatcher, everyPart, partModule: modulePath } = (await tsImport('./src/app/root/parts.ts', import.meta.url)) as typeof Manifest;
/** A part's file, with its extension ('/src/app/features/bag/BagPage.tsx'), or the package it names. */
function partModule(part: Pick<Manifest.Part, 'load'>): string {
  const path = modulePath(part);
  if (!path.startsWith('/')) return path;
  const file = ['.tsx', '.ts'].map((extension) => `${path}${extension}`).find((candidate) => existsSync(new URL(`.${candidate}`, import.meta.url)));
  if (file === undefined) throw new Error(`no file for the part ${path} (src/app/root/parts.ts)`);
  return file;
}
const PART_ROLES = everyPart().map(([, part]) => [partModule(part), part.role] as const);
const { precachedFiles } = (await tsImport('./src/worker/precache.ts', import.meta.url)) as typeof Precache;
const { BAG_HINT_KEY } = (await tsImport('./src/app/runtime/bagHint.ts', import.meta.url)) as typeof BagHint;

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The modules reachable from `from` through static imports, not entering `stop`. */
function staticallyReached(
  graph: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
  from: readonly string[],
  stop: ReadonlySet<string>,
) {
  const reached = new Set<string>();
  const pending = [...from];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id) || stop.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * How the code is grouped into files, from the manifest of on-demand parts (src/app/root/parts.ts), found once the
 * module graph is built.
 *
 * The modules the first page runs (statically reachable from the entry) form one chunk: otherwise every module a lazy
 * page also imports is split into a chunk of its own (a known Rolldown behaviour with HTML entries), and twenty small
 * chunks compress worse than one.
 *
 * What loads on demand is grouped along the shopper's way, by each part's role in the manifest. Left to itself,
 * Rolldown makes a chunk of every set of parts that share a module: checkout opened from a link asked for 22 files of
 * code, and on a phone's connection each is a request on the page's path (its LCP went from 2.0x the floor to 1.3x
 * with three). So:
 * - `order`: what the order's pages (role `order`) use and only they and parts that travel with the order use (role
 *   `withOrder`, and any part below the app: the commands and API calls loaded with their first use);
 * - `forms`: the phone rules (role `forms`) and what the order's pages share with parts of their own (role `own`:
 *   sign-in, the account's forms): the form hook, the field, the rules;
 * - `later`: what the order's pages share with the first page's later parts (role `later`: the dialog, the toasts'
 *   stack, the clock's rules, the ZIP lookup), in one file those parts fetch after the first page, rather than checkout
 *   fetching the order's code from the footer or the chooser's.
 * Whatever none of them takes is split automatically. Each group takes only the modules it names
 * (`includeDependenciesRecursively: false`): a group that took its modules' imports too would take the first page's
 * later parts with them.
 */
const firstPage = new Set<string>();
/** For each module a part loaded on demand reaches: the parts (dynamically imported modules) that reach it. */
const reachedBy = new Map<string, string[]>();
const partsReaching = (id: string) => reachedBy.get(id) ?? [];
/** A part's role by its module id; a part the manifest does not name (below the app) travels with the order. */
const roleOf = (part: string): PartRole =>
  PART_ROLES.find(([module]) => part.endsWith(module) || part.includes(`/node_modules/${module}/`))?.[1] ?? 'withOrder';
const reachedAs = (id: string, role: PartRole) => partsReaching(id).some((part) => roleOf(part) === role);
/**
 * A part wanted only once another is in (`within`: the chooser's map) shares its modules with that part's own file,
 * as when the one imported the other: without it, what both use became a third file to fetch.
 */
const CONSOLE = '/src/app/root/loadConsole.tsx';
const WITHIN_GROUPS = everyPart().flatMap(([, part]) => {
  const host = part.within === undefined ? undefined : everyPart().find(([name]) => name === part.within)?.[1];
  if (host === undefined) return [];
  const pair = [partModule(part), partModule(host)];
  const name = pair[1]!.replace(/^.*\/|\.tsx?$/g, '');
  const test = (id: string) => {
    const reaching = partsReaching(id);
    // The console loads every part before it opens a log: what it shares with them says nothing of where they go.
    return reaching.some((part) => part.endsWith(pair[1]!)) && reaching.every((part) => part.endsWith(CONSOLE) || pair.some((module) => part.endsWith(module)));
  };
  return [{ name, test, priority: 5 }];
});
const CHUNK_GROUPS = [
  ...WITHIN_GROUPS,
  { name: 'first-page', test: (id: string) => firstPage.has(id), priority: 4 },
  { name: 'later', test: (id: string) => reachedAs(id, 'order') && reachedAs(id, 'later'), priority: 3 },
  { name: 'forms', test: (id: string) => reachedAs(id, 'forms') || (reachedAs(id, 'order') && reachedAs(id, 'own')), priority: 2 },
  {
    name: 'order',
    test: (id: string) => reachedAs(id, 'order') && partsReaching(id).every((part) => ['order', 'withOrder'].includes(roleOf(part))),
    priority: 1,
  },
];
function chunkGroups(): Plugin {
  return {
    name: 'countertop:chunk-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      firstPage.clear();
      for (const id of staticallyReached(
        this,
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        new Set(),
      ))
        firstPage.add(id);
      reachedBy.clear();
      const parts = ids.filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 && !firstPage.has(id));
      for (const part of parts) for (const id of staticallyReached(this, [part], firstPage)) reachedBy.set(id, [...partsReaching(id), part]);
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
const CHOOSER_MODULE = partModule(PARTS.locationChooser);
/** Every page that loads on demand, with its address (src/app/root/parts.ts), is preloaded at its address. */
const ROUTE_MODULES = Object.values(PAGES).flatMap((page: PageEntry) =>
  page.part ? [[addressMatcher(page.path), partModule(page.part), page.withItems === undefined ? null : partModule(PARTS[page.withItems])] as const] : [],
);
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
/**
 * The chunk holding the app's entry (src/app/main.tsx). Once the entry pauses at a top-level await (its pauses in
 * src/app/runtime), the bundler takes it for its chunk group ('first-page') and no longer marks it as the entry.
 */
function isAppEntry(chunk: { readonly isEntry: boolean; readonly moduleIds: readonly string[] }): boolean {
  return chunk.isEntry || chunk.moduleIds.some((id) => id.endsWith('/src/app/main.tsx'));
}

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
        const entry = new Set(chunks.filter(isAppEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const filesOf = (module: string): string[] => {
          // The module's own chunk where the bundler gives it one (a facade over its chunk group), else the chunk holding it.
          const holder =
            chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module)) ?? chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
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
        const routes = ROUTE_MODULES.map(([match, module, withItems]) => [match, filesOf(module), withItems === null ? [] : filesOf(withItems)]);
        // A page's part for a bag with items (checkout's form) only when the last visit left items in it (bagHint.ts).
        const script = `${PRELOAD_LINKS}
let countertopBagHasItems = false;
try {
  countertopBagHasItems = window.localStorage.getItem(${JSON.stringify(BAG_HINT_KEY)}) === '1';
} catch (error) {
  // No storage: the form is asked for when it shows.
}
for (const [{ prefix, exact }, files, withItems] of ${JSON.stringify(routes)}) {
  if (exact ? location.pathname === prefix : location.pathname.startsWith(prefix)) countertopPreload(countertopBagHasItems ? [...files, ...withItems] : files);
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

/**
 * The app's code runs once a copy of a returning guest's page, when index.html shows one, has painted
 * (src/app/runtime/pageCopy.ts): the entry's evaluation is the longest task of a start on a phone, and on a repeat
 * visit its code is in the cache, so it would otherwise run before the first paint. The entry is imported from the
 * end of the body: at once without a copy, after the copy's pictures and the next frame with one (300 ms at most).
 * Its address is named in a meta tag, from which index.html's head asks for it with the page, and by which a copy is
 * shown only by the build that drew it.
 */
function appAfterCopy(): Plugin {
  return {
    name: 'countertop:app-after-copy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The entry's script, and before it any chunk the bundler gives a script of its own (its runtime, once the
        // entry pauses at a top-level await): the entry imports them, so they are preloaded, not run apart. The page's
        // meta tags name the entry alone (the build's name for the page copy) and those it imports.
        const tags = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
        if (tags.length === 0) throw new Error('index.html has no entry script: appAfterCopy in vite.config.ts needs updating');
        const files = tags.map((tag) => tag[1]!);
        const imports = files.slice(0, -1);
        const loader = `(function (files) {
  // The entry is asked for by a modulepreload link first: the page's Content-Security-Policy trusts what this
  // script's elements ask for ('strict-dynamic'), but not an import() from it of a module not yet being fetched.
  const start = () => {
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
    const entry = files[files.length - 1];
    return import(entry).catch(() => {
      document.getElementById('page-copy')?.remove();
      document.getElementById('root').hidden = false;
    });
  };
  if (!document.getElementById('page-copy')) return void start();
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const pictures = [...document.querySelectorAll('#page-copy img')].map((img) => img.decode().catch(() => undefined));
  Promise.race([Promise.all(pictures).then(frame), new Promise((resolve) => setTimeout(resolve, 300))]).then(start);
})(${JSON.stringify(files)});`;
        return {
          html: tags.reduce((page, tag) => page.replace(tag[0], ''), html),
          tags: [
            { tag: 'meta', attrs: { name: 'countertop-build', content: files[files.length - 1]! }, injectTo: 'head-prepend' },
            ...(imports.length > 0
              ? [{ tag: 'meta', attrs: { name: 'countertop-build-imports', content: imports.join(' ') }, injectTo: 'head-prepend' as const }]
              : []),
            { tag: 'script', children: loader, injectTo: 'body' },
          ],
        };
      },
    },
  };
}

/**
 * The script inventory (PCI DSS 4.0 6.4.3), written beside the build as script-inventory.json: every script the page
 * may run, its hash and why it is there. The page's Content-Security-Policy allows its inline scripts by these hashes
 * (src/sandbox/pagePolicy.ts) and the browser tests compare what is served with it (11.6.1). An inline script this
 * list does not know fails the build: say here why it is there first.
 */
const INLINE_SCRIPTS = [
  {
    mark: "createPolicy('countertop'",
    why: "index.html's head: makes the page's Trusted Types policy, finds a returning guest's page copy, asks for config.json, the menu and the last visit's first pictures with the page",
  },
  {
    mark: 'shown.innerHTML',
    why: "index.html's body: shows a returning guest's page copy, through the policy, until the app has painted, and keeps the taps on its links and buttons for the app to replay",
  },
  {
    mark: 'function countertopPreload(',
    why: "preloadOnDemand (vite.config.ts): asks for the files of the page at this address, and the chooser's when the menu lists several locations",
  },
  { mark: 'import(entry)', why: "appAfterCopy (vite.config.ts): imports the app's entry, once a page copy has painted" },
];
const PART_NAMES = new Map(everyPart().map(([name, part]) => [partModule(part), name] as const));
function scriptInventory(): Plugin {
  let base = '/';
  let root = '/';
  let outDir: string | undefined;
  const digest = (algorithm: 'sha256' | 'sha384', bytes: string | Uint8Array) => createHash(algorithm).update(bytes).digest('base64');
  return {
    name: 'countertop:script-inventory',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    // From the files as written: Vite still rewrites chunks (their preload lists) after the plugins' generateBundle.
    writeBundle(options, bundle) {
      const dir = options.dir!;
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      if (/<script\b[^>]*\bsrc=/i.test(html)) throw new Error('index.html names a script file: the script inventory lists only inline scripts there');
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => {
        const known = INLINE_SCRIPTS.filter((script) => text!.includes(script.mark));
        if (known.length !== 1)
          throw new Error(`index.html has an inline script the script inventory does not know (vite.config.ts): ${text!.trim().slice(0, 80)}`);
        return { hash: `sha256-${digest('sha256', text!)}`, why: known[0]!.why };
      });
      const missing = INLINE_SCRIPTS.filter((script) => !inline.some((found) => found.why === script.why));
      if (missing.length > 0) throw new Error(`the script inventory expects inline scripts index.html no longer has: ${missing.map((s) => s.mark).join(', ')}`);
      const groups = new Set(CHUNK_GROUPS.map((group) => group.name));
      const files = Object.values(bundle).flatMap((chunk) => {
        if (chunk.type !== 'chunk') return [];
        const module = chunk.facadeModuleId ? `/${relative(root, chunk.facadeModuleId)}` : undefined;
        const part =
          module === undefined ? undefined : [...PART_NAMES].find(([file]) => module.endsWith(file) || module.includes(`/node_modules/${file}/`))?.[1];
        const why = isAppEntry(chunk)
          ? "the app's entry (src/app/main.tsx, from index.html), with what the first page runs"
          : part !== undefined
            ? `the part '${part}' (src/app/root/parts.ts), loaded on demand`
            : groups.has(chunk.name)
              ? `the chunk group '${chunk.name}' (CHUNK_GROUPS in vite.config.ts), with the parts that use it`
              : chunk.isDynamicEntry
                ? `loaded on demand: ${module}`
                : chunk.name === 'rolldown-runtime'
                  ? "the bundler's runtime, which every chunk of the app uses"
                  : `code that parts loaded on demand share (${chunk.name})`;
        return [{ path: `${base}${chunk.fileName}`, integrity: `sha384-${digest('sha384', readFileSync(join(dir, chunk.fileName)))}`, why }];
      });
      const inventory: ScriptInventory = {
        page: { path: `${base}index.html`, sha256: digest('sha256', html) },
        inline,
        files: files.sort((a, b) => a.path.localeCompare(b.path)),
        configured: [
          {
            source: 'config.json PaymentScriptUrl',
            why: "the card provider's script, added at checkout through the Trusted Types policy; the page's policy names its origin",
          },
        ],
      };
      // pagePolicy.ts's SCRIPT_INVENTORY_FILE, spelled out so this file imports only its types (no module of its own).
      writeFileSync(join(dir, 'script-inventory.json'), `${JSON.stringify(inventory, null, 2)}\n`);
      outDir = dir;
    },
    // The offline worker's script is written once the app's files are (vite-plugin-pwa's closeBundle): listed after it.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (outDir === undefined) return;
        const file = join(outDir, 'script-inventory.json');
        const inventory = JSON.parse(readFileSync(file, 'utf8')) as ScriptInventory;
        const worker = 'sw.js';
        if (!existsSync(join(outDir, worker))) throw new Error('the build has no offline worker (sw.js): the script inventory expects one');
        const entry = {
          path: `${base}${worker}`,
          integrity: `sha384-${digest('sha384', readFileSync(join(outDir, worker)))}`,
          why: "the offline worker (src/worker/sw.ts, by vite-plugin-pwa): keeps the page, the build's code, the content folder and pictures; registered after the first page through the Trusted Types policy",
        };
        const files = [...inventory.files.filter((listed) => listed.path !== entry.path), entry].sort((a, b) => a.path.localeCompare(b.path));
        writeFileSync(file, `${JSON.stringify({ ...inventory, files }, null, 2)}\n`);
        outDir = undefined;
      },
    },
  };
}

/**
 * The offline worker (src/worker/sw.ts, README "Installable and offline"), built by vite-plugin-pwa with Workbox's
 * injectManifest into /sw.js. It keeps from the start (its precache) the page and every file of code and style the
 * page can reach, but those only the parts the manifest keeps when seen reach (`cached`, src/worker/precache.ts); the
 * build's files are read here, as bundled. The web manifest is the business's, made by its host from its catalog
 * (src/domain/webManifest.ts), so the plugin writes none, and the page registers the worker itself, after the first
 * page (src/app/runtime/offlineWorker.ts).
 */
const WHEN_SEEN = everyPart().flatMap(([, part]) => (part.cached === 'when seen' ? [partModule(part)] : []));
let precached = new Set<string>();
function precacheList(): Plugin {
  return {
    name: 'countertop:precache-list',
    apply: 'build',
    generateBundle(_, bundle) {
      const files = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk'
          ? [
              {
                fileName: file.fileName,
                isEntry: file.isEntry,
                facade: file.facadeModuleId,
                imports: file.imports,
                dynamicImports: file.dynamicImports,
                css: [...((file as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      precached = precachedFiles(files, WHEN_SEEN);
    },
  };
}
const offlineWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      manifestTransforms: [
        async (entries) => {
          const manifest = entries.filter((entry) => entry.url === 'index.html' || precached.has(entry.url));
          return { manifest, warnings: [] };
        },
      ],
    },
  });

/**
 * react-router exports only its development build, whose dev warnings build their messages on every render of the
 * routes; a built storefront takes the production build beside it (the same code with the warnings off). `npm start`
 * keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const dist = `${dirname(createRequire(import.meta.url).resolve('react-router/package.json'))}/dist/production/`;
  return {
    name: 'countertop:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return `${dist}index.mjs`;
      if (source === 'react-router/dom') return `${dist}dom-export.mjs`;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    sandboxPlugin(),
    reactRouterProduction(),
    chunkGroups(),
    preloadOnDemand(),
    appAfterCopy(),
    precacheList(),
    offlineWorker(),
    scriptInventory(),
  ],
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
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version), 'import.meta.env.VITE_FOLD_VERSION': JSON.stringify(foldVersion()) },
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
    rolldownOptions: {
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: CHUNK_GROUPS },
        // The entry's chunk keeps the entry's name (index-[hash].js) though the bundler names it after its chunk group
        // once it pauses at a top-level await (isAppEntry).
        chunkFileNames: (chunk) => (chunk.name === 'first-page' ? 'assets/index-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        // Two files at a time on two cores (Vitest's default leaves one core to itself, which sits idle while a worker
        // imports and runs): the property tests and the PostgreSQL and CLI processes keep both busy. The files of a
        // worker share its modules (isolate: false): importing src/ and its libraries again for every file was almost
        // half of the project's time. Each file opens, resets and closes what it uses; the files below cannot share.
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', ...RXDB_DEV_MODE_FILES],
          environment: 'node',
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The store's files that turn RxDB's dev-mode on: it is a plugin for the whole process, and from then on every
        // database must use a validating storage, which the other files' memory databases do not. Each runs alone.
        test: {
          name: 'unit-dev-mode',
          include: [...RXDB_DEV_MODE_FILES],
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Shoppers in Debian's headless Chromium against the built storefront, each file with its own sandbox and
        // browser, two files at a time: Chromium's own processes keep both cores busy (four at a time made every file
        // twice as long and the whole run no shorter), and a test never shares its sandbox or browser with another
        // file. COUNTERTOP_BROWSER_WORKERS sets another number.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/support/globalSetup.ts'],
          maxWorkers: Number(process.env.COUNTERTOP_BROWSER_WORKERS ?? 2),
          // A worker's files share its modules (Playwright, Vite, the sandbox's): each file still starts its own
          // sandbox and browser and closes them after it.
          isolate: false,
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
