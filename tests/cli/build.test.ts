// The CLI runs as JavaScript built ahead of time (cli/build.mjs). These tests build a copy of the sources in a
// temporary folder and check that a changed source is always rebuilt before it runs, and that an unchanged one is not.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support';

describe('the built CLI', () => {
  let copy: string;
  let cache: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'countertop-cli-build-'));
    cache = join(copy, 'cache');
    for (const path of ['cli', 'src', 'tsconfig.json', 'package.json', 'package-lock.json']) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const run = (args: readonly string[]) => {
    const result = spawnSync(process.execPath, [join(copy, 'cli/bin.mjs'), ...args], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, COUNTERTOP_CLI_CACHE: cache },
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const currentKey = () => (JSON.parse(readFileSync(join(cache, 'current.json'), 'utf8')) as { key: string }).key;

  it('builds on first run, runs the build, and rebuilds after a source change but not after a touch', () => {
    const first = run(['lookup', 'zip', '10001']);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe('NY');
    const built = currentKey();

    // A new time with the same content keeps the build.
    const lookup = join(copy, 'cli/commands/lookup.ts');
    const later = new Date(Date.now() + 60_000);
    utimesSync(lookup, later, later);
    expect(run(['lookup', 'zip', '10001']).stdout.trim()).toBe('NY');
    expect(currentKey()).toBe(built);

    // A changed source is what runs next, not the build made before it.
    const source = readFileSync(lookup, 'utf8');
    writeFileSync(lookup, `${source}\nconsole.error('rebuilt from the changed source');\n`);
    const changed = run(['lookup', 'zip', '10001']);
    expect(changed.stderr).toContain('rebuilt from the changed source');
    expect(currentKey()).not.toBe(built);

    // A change in a shared module under src/ counts as well.
    const zipLookup = join(copy, 'src/domain/postal/zipLookup.ts');
    writeFileSync(zipLookup, `${readFileSync(zipLookup, 'utf8')}\nconsole.error('src changed');\n`);
    expect(run(['lookup', 'zip', '10001']).stderr).toContain('src changed');
  });

  it('reports a source that does not build, with exit 1, and runs again once it is fixed', () => {
    const io = join(copy, 'cli/io.ts');
    const source = readFileSync(io, 'utf8');
    writeFileSync(io, `${source}\nexport const broken = ;\n`);
    const broken = run(['--help']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/io\.ts/);
    writeFileSync(io, source);
    const fixed = run(['--help']);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('Usage: countertop');
  });
});
