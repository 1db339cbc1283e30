// The support console fetches nothing once a log is open, so every part the replayed pages load on demand must be
// loaded before: preloadReplayedPages loads every part of the manifest (src/app/root/parts.ts). This walks the
// pages' static imports from ReplayedStorefront and checks that each on-demand import they reach is a part the
// manifest names, or statically imported anyway: a module made lazy below the app without its part fails here, not
// in front of support staff.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { everyPart, partModule } from '../../src/app/root/parts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = join(ROOT, 'src/app/root/ReplayedStorefront.tsx');
/**
 * Where the replay never goes: its commands and API are inert (their on-demand parts never run), the console's own
 * route is not a shopper's page, and the storefront's start-up (pages import its constants) is not run by a replay.
 */
const NEVER_RUN = ['src/commands/', 'src/api/', 'src/app/features/support/', 'src/app/root/console.ts', 'src/app/runtime/startStorefront.ts'];

function resolveModule(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** A module's static imports (values, not `import type`) and its on-demand imports, as file paths. */
function importsOf(file: string): { static: string[]; lazy: string[] } {
  const text = readFileSync(file, 'utf8');
  const statics = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)].map((m) => m[1] ?? m[2]!);
  const lazies = [...text.matchAll(/(?<!typeof\s)import\('([^']+)'\)/g)].map((m) => m[1]!);
  const paths = (specs: string[]) => specs.map((spec) => resolveModule(file, spec)).filter((path): path is string => path !== null);
  return { static: paths(statics), lazy: paths(lazies) };
}

/** The preload list: every part of the manifest, as files. */
function preloaded(): Set<string> {
  return new Set([
    ...everyPart().flatMap(([, part]) => {
      if (part.live) return [];
      const module = partModule(part);
      return module.startsWith('/') ? [resolveModule(join(ROOT, 'package.json'), `.${module}`)!] : [];
    }),
  ]);
}

describe("the support console's preload", () => {
  it('holds every part the replayed pages load on demand', () => {
    const reached = new Set<string>();
    const lazyTargets = new Map<string, string>();
    const pending = [ENTRY];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      const rel = relative(ROOT, file);
      if (NEVER_RUN.some((folder) => rel.startsWith(folder)) && file !== ENTRY) continue;
      const { static: statics, lazy } = importsOf(file);
      pending.push(...statics);
      for (const target of lazy) if (file !== ENTRY) lazyTargets.set(target, rel);
    }
    // What a preloaded part loads on demand in turn is reached through it.
    const list = preloaded();
    const walk = [...list];
    while (walk.length > 0) {
      const file = walk.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      const rel = relative(ROOT, file);
      if (NEVER_RUN.some((folder) => rel.startsWith(folder))) continue;
      const { static: statics, lazy } = importsOf(file);
      walk.push(...statics);
      for (const target of lazy) lazyTargets.set(target, rel);
    }
    // The parts the replay never runs (the manifest marks them live) are named there, and left out on purpose.
    const live = new Set(
      everyPart().flatMap(([, part]) =>
        part.live && partModule(part).startsWith('/') ? [resolveModule(join(ROOT, 'package.json'), `.${partModule(part)}`)!] : [],
      ),
    );
    const missing = [...lazyTargets]
      .filter(([target]) => !list.has(target) && !live.has(target))
      .map(([target, from]) => `${relative(ROOT, target)} (loaded on demand by ${from})`)
      .sort();
    expect(missing).toEqual([]);
  });

  it('finds the on-demand imports it checks (the walk is not empty)', () => {
    expect(preloaded().size).toBeGreaterThan(5);
    expect(importsOf(join(ROOT, 'src/app/root/parts.ts')).lazy.map((file) => relative(ROOT, file))).toContain('src/app/layout/Footer.tsx');
  });
});
