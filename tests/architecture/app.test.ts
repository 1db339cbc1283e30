// The app's own layers (ARCHITECTURE.md, "app"): what loads on demand is named once, in the manifest at the top
// (src/app/root/parts.ts). Below it, the shell, shared components, hooks, forms and the runtime stand under the
// features, which stand under the root and the page frame (layout) that assemble them: no import points up, and no
// module but the manifest decides what loads when.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const APP = join(SRC, 'app');

const sourceFiles = (dir: string) => filesUnder(dir, /\.(ts|tsx)$/);

const files = sourceFiles(SRC);
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/** Relative imports of a file (static, re-exports and import()), resolved to paths without extension. */
function importedPaths(file: string, source = text.get(file)!): { target: string; path: string }[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found.filter((target) => target.startsWith('.')).map((target) => ({ target, path: join(file, '..', target) }));
}

/** Where a file sits in the app: root (the manifest, router, console's replay, page frame), feature, or the ground below. */
function placeOf(path: string): 'root' | 'feature' | 'ground' | null {
  if (!path.startsWith(APP)) return null;
  const folder = relative(APP, path).split('/')[0];
  // The page frame (header, footer) is assembled with the root: it shows the root's parts.
  if (folder === 'root' || folder === 'main.tsx' || folder === 'layout') return 'root';
  if (folder === 'features') return 'feature';
  return 'ground';
}

const RANK = { ground: 0, feature: 1, root: 2 } as const;

/** Dynamic imports with a literal path: `import('...')`, not `typeof import('...')` in a type. */
const DYNAMIC_IMPORT = /(?<!typeof\s)\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Below the app, the modules that still fetch a module of their own. The browser database and the generated ZIP
 * tables are the architecture's exceptions; the command groups come from the manifest through the command table
 * (lazyGroups.ts) and the rule bundles through the commands' services (services.ts), but the API's groups are still
 * loaded where they are used. No module may join this list, and a module that no longer fetches leaves it.
 */
const LOADS_ITS_OWN = [
  'store/browserDatabase.ts',
  'store/database.ts',
  'domain/postal/loadZipTable.ts',
  'domain/postal/loadZipCities.ts',
  'api/apiClient.ts',
  'api/httpClient.ts',
];

/**
 * Where the app's pages and the parts they stand on live: none of them holds the store. They read views and call
 * commands and runtime services (RuntimeContext); only the runtime, which starts the store, and the root keep it.
 */
const WITHOUT_STORE = ['features', 'components', 'layout', 'forms', 'hooks', 'shell'];
/** The modules that are the store or hand it out whole. */
const STORE_MODULES = /(?:^|\/)store\/(?:eventStore|storeLog|attachLog)$/;
/** `runtime.store`, `useRuntime().store`, or `{ store } = runtime` / `useRuntime()`: the store taken off the runtime. */
const READS_STORE = [/\.store\b(?!\s*\()/, /\{[^{}]*\bstore\b[^{}]*\}\s*=\s*(?:useRuntime\(\)|useOptionalRuntime\(\)|runtime\b)/];

/** What in a source file takes the store: an import of its modules, or the store read off the runtime. */
function storeReachOf(file: string, source: string): string[] {
  const found = importedPaths(file, source)
    .filter(({ path }) => STORE_MODULES.test(relative(SRC, path)))
    .map(({ target }) => `imports ${target}`);
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  for (const pattern of READS_STORE) {
    const match = code.match(pattern);
    if (match) found.push(`reads ${match[0]}`);
  }
  return found;
}

describe('the app: one manifest of on-demand parts, and imports that point down', () => {
  it('nothing points up: the ground never imports a feature or the root, a feature never the root', () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => placeOf(f) !== null)) {
      const from = placeOf(file)!;
      for (const { target, path } of importedPaths(file)) {
        const to = placeOf(path);
        if (to !== null && RANK[to] > RANK[from]) wrong.push(`${relative(SRC, file)} (${from}) imports ${target} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('in the app, only the manifest (and the one step before the console) fetches a module, but the browser database', () => {
    const allowed = new Set(['app/root/parts.ts', 'app/root/console.ts']);
    // The log's database opens from start-up, after the first page or before it on a return visit (runtime/visitLog.ts).
    const database = /store\/browserDatabase$/;
    const wrong = files
      .filter((file) => file.startsWith(APP) && !allowed.has(relative(SRC, file)))
      .filter((file) => [...text.get(file)!.matchAll(DYNAMIC_IMPORT)].some((match) => !database.test(match[1]!)))
      .map((file) => relative(SRC, file));
    expect(wrong).toEqual([]);
  });

  it('below the app, only the listed modules fetch a module of their own, and each listed one still does', () => {
    const fetching = files
      .filter((file) => !file.startsWith(APP) && !relative(SRC, file).startsWith('sandbox/') && !relative(SRC, file).startsWith('inbox/'))
      .filter((file) => [...text.get(file)!.matchAll(DYNAMIC_IMPORT)].length > 0)
      .map((file) => relative(SRC, file));
    expect(fetching.filter((file) => !LOADS_ITS_OWN.includes(file))).toEqual([]);
    expect(LOADS_ITS_OWN.filter((file) => !fetching.includes(file))).toEqual([]);
  });

  it('no page, component, hook, form, frame or shell part imports the store or takes it off the runtime', () => {
    const wrong = files
      .filter((file) => file.startsWith(APP) && WITHOUT_STORE.includes(relative(APP, file).split('/')[0]!))
      .flatMap((file) => storeReachOf(file, text.get(file)!).map((how) => `${relative(SRC, file)} ${how}`));
    expect(wrong).toEqual([]);
  });

  it('the runtime the pages are given has no store: they call commands and runtime services (the visit sharing)', () => {
    const runtime = /export interface Runtime \{([\s\S]*?)\n\}/.exec(text.get(join(APP, 'runtime', 'startStorefront.ts'))!)?.[1];
    expect(runtime).toBeDefined();
    expect(runtime!.replace(/\/\*[\s\S]*?\*\//g, '')).not.toMatch(/\bstore\b/);
    expect(runtime).toMatch(/readonly visitSharing: /);
  });

  it('the store check can fail: it sees an import of the store, runtime.store and a store taken apart', () => {
    const file = join(APP, 'features', 'share', 'Example.tsx');
    expect(storeReachOf(file, "import type { EventStore } from '../../../store/eventStore';\n")).toEqual(['imports ../../../store/eventStore']);
    expect(storeReachOf(file, 'await downloadSessionLog(runtime.store, APP_VERSION);')).toEqual(['reads .store']);
    expect(storeReachOf(file, 'const { views, store } = useRuntime();')).toHaveLength(1);
    expect(storeReachOf(file, 'const { views } = useRuntime(); // not the .store\nlocalStorage.getItem(key);')).toEqual([]);
  });

  it('the checks can fail: they see an upward import and a dynamic one', () => {
    expect(placeOf(join(APP, 'shell', 'notify.tsx'))).toBe('ground');
    expect(placeOf(join(APP, 'features', 'bag', 'BagPage.tsx'))).toBe('feature');
    expect("const x = () => import('./y');".match(DYNAMIC_IMPORT)).toHaveLength(1);
    expect("type T = typeof import('./y');".match(DYNAMIC_IMPORT)).toBeNull();
  });
});
