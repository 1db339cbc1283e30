// The layers point one way (ARCHITECTURE.md): domain -> events -> store -> api/commands -> app. This test reads the
// imports of every source file and fails on one that points the wrong way, and on clock or randomness reads in
// the pure layers.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './support/files';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const CLI = fileURLToPath(new URL('../cli/', import.meta.url));

const sourceFiles = (dir: string) => filesUnder(dir, /\.(ts|tsx)$/);

function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) found.push(match[1]!);
  return found;
}

/** Which layer a file or a relative import target belongs to. */
function layerOf(path: string): string {
  return relative(SRC, path).split('/')[0] ?? '';
}

const RULES: Readonly<Record<string, { layers: readonly string[]; packages: RegExp | null }>> = {
  domain: {
    layers: ['domain', 'data'],
    packages: /^(react|react-dom|react-router-dom|rxjs|rxdb|dexie|@microsoft\/signalr|ol|react-hot-toast|dompurify|node:|fs|path|http|ws)(\/|$)/,
  },
  events: {
    layers: ['domain', 'events', 'data'],
    packages: /^(react|react-dom|react-router-dom|rxjs|rxdb|dexie|@microsoft\/signalr|ol|react-hot-toast|node:|fs|ws)(\/|$)/,
  },
  store: {
    layers: ['domain', 'events', 'store', 'data'],
    packages: /^(react|react-dom|react-router-dom|@microsoft\/signalr|ol|react-hot-toast|node:|fs|ws)(\/|$)/,
  },
  commands: { layers: ['domain', 'events', 'store', 'api', 'commands', 'data'], packages: /^(react|react-dom|react-router-dom|ol|react-hot-toast)(\/|$)/ },
  api: { layers: ['domain', 'api', 'data'], packages: /^(react|react-dom|react-router-dom|rxdb|dexie|ol|react-hot-toast)(\/|$)/ },
  // The sandbox is the server: the domain's rules and the API's codecs, never the storefront's screens or its log.
  sandbox: { layers: ['domain', 'api', 'sandbox', 'data'], packages: /^(react|react-dom|react-router-dom|rxdb|dexie|ol|react-hot-toast)(\/|$)/ },
  // The offline worker runs in the browser beside the page: its own rules and the domain's (the content folder), never
  // the storefront's screens, log or API client (the log is the store; the worker never answers the API).
  worker: {
    layers: ['domain', 'worker'],
    packages: /^(react|react-dom|react-router-dom|rxjs|rxdb|dexie|@microsoft\/signalr|ol|react-hot-toast|dompurify|node:|fs|path|http|ws)(\/|$)/,
  },
  // The support inbox is a server too: the events' exact schemas and the store's log format and redaction (only those
  // two store modules: tests/inbox/layer.test.ts), never the storefront, its API client, its commands or the sandbox.
  inbox: {
    layers: ['domain', 'events', 'store', 'inbox', 'data'],
    packages: /^(react|react-dom|react-router-dom|rxjs|rxdb|dexie|@microsoft\/signalr|ol|react-hot-toast|dompurify)(\/|$)/,
  },
};

/** Relative imports of the files under `dir`, resolved to paths. */
function importedPaths(files: readonly string[]): { file: string; target: string; path: string }[] {
  return files.flatMap((file) =>
    importsOf(readFileSync(file, 'utf8'))
      .filter((target) => target.startsWith('.'))
      .map((target) => ({ file, target, path: join(file, '..', target) })),
  );
}

describe('layers', () => {
  const files = sourceFiles(SRC);

  it.each(Object.keys(RULES))('%s imports only from the layers below it, and no UI or I/O packages', (layer) => {
    const rule = RULES[layer]!;
    const wrong: string[] = [];
    for (const file of files.filter((f) => layerOf(f) === layer)) {
      for (const target of importsOf(readFileSync(file, 'utf8'))) {
        if (target.startsWith('.')) {
          const targetLayer = layerOf(join(file, '..', target));
          if (!rule.layers.includes(targetLayer)) wrong.push(`${relative(SRC, file)} imports ${target} (${targetLayer})`);
        } else if (rule.packages?.test(target)) {
          wrong.push(`${relative(SRC, file)} imports ${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  const DECIDE = join(SRC, 'commands', 'decide');

  it("the commands' decisions are pure: they import only the domain, the events and each other", () => {
    const wrong = importedPaths(files.filter((f) => f.startsWith(DECIDE)))
      .filter(({ path }) => !['domain', 'events', 'data'].includes(layerOf(path)) && !path.startsWith(DECIDE))
      .map(({ file, target }) => `${relative(SRC, file)} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it("domain, events and the commands' decisions never read the clock or randomness", () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => ['domain', 'events'].includes(layerOf(f)) || f.startsWith(DECIDE))) {
      const text = readFileSync(file, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      for (const pattern of [
        /Date\.now\(/,
        /new Date\(\s*\)/,
        /Math\.random\(/,
        /Temporal\.Now/,
        /performance\.now\(/,
        /crypto\.randomUUID/,
        /\bfetch\(/,
        /localStorage|sessionStorage|indexedDB/,
      ]) {
        if (pattern.test(text)) wrong.push(`${relative(SRC, file)}: ${pattern}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('app features import no other feature', () => {
    const features = join(SRC, 'app', 'features');
    const featureOf = (path: string) => (path.startsWith(features) ? relative(features, path).split('/')[0] : null);
    const wrong = importedPaths(files.filter((f) => featureOf(f) !== null))
      .filter(({ file, path }) => featureOf(path) !== null && featureOf(path) !== featureOf(file))
      .map(({ file, target }) => `${relative(SRC, file)} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it('shared components, forms and hooks import no feature (features build on them, not the other way)', () => {
    const shared = ['components', 'forms', 'hooks'].map((dir) => join(SRC, 'app', dir));
    const features = join(SRC, 'app', 'features');
    const wrong = importedPaths(files.filter((f) => shared.some((dir) => f.startsWith(dir))))
      .filter(({ path }) => path.startsWith(features))
      .map(({ file, target }) => `${relative(SRC, file)} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it('pages and components read views and call commands, never the store (only the runtime opens it)', () => {
    const app = join(SRC, 'app');
    const runtime = join(app, 'runtime');
    // The view type and the on-demand module loader are plain helpers, not the store.
    const allowed = new Set(['view', 'lazyModule'].map((name) => join(SRC, 'store', name)));
    const wrong = importedPaths(files.filter((f) => f.startsWith(app) && !f.startsWith(runtime)))
      .filter(({ path }) => layerOf(path) === 'store' && !allowed.has(path.replace(/\.tsx?$/, '')))
      .map(({ file, target }) => `${relative(SRC, file)} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it('the command line never imports the storefront', () => {
    const wrong = importedPaths(sourceFiles(CLI))
      .filter(({ path }) => relative(SRC, path).startsWith('app'))
      .map(({ file, target }) => `${relative(CLI, file)} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it('the check can fail: it sees a domain file importing React', () => {
    expect(RULES.domain!.packages!.test('react')).toBe(true);
    expect(importsOf("import { useState } from 'react';\nimport x from '../events/state';")).toEqual(['react', '../events/state']);
  });
});
