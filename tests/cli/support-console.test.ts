// The terminal side of the support console: `replay --why --at N` gives the same answers as the console's why panel,
// `log to-test` writes a Vitest test that passes as written and fails when the reducer it covers is broken on
// purpose, and a log written by an older app version (an event at an older version) still opens.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, countertop, fixture } from './support';

// Inside the repository (under node_modules/.cache), so the written test finds vitest and the storefront's modules.
const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'countertop-to-test-'));
const logPath = join(dir, 'session.ndjson');
let lastAdded = 0;

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  const run = countertop(['simulate', '--catalog', fixture('cafe.json'), '--events', '120', '--seed', '7']);
  expect(run.code).toBe(0);
  writeFileSync(logPath, run.stdout);
  const added = run.stdout
    .split('\n')
    .filter((line) => line.includes('"type":"BagLineAdded"'))
    .map((line) => (JSON.parse(line) as { seq: number }).seq);
  expect(added.length).toBeGreaterThan(0);
  lastAdded = added.at(-1)!;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs Vitest on the written test alone, with its own config (and an alias when a reducer is to be broken). */
function runWrittenTest(config: string): { code: number | null; output: string } {
  const configPath = join(dir, 'vitest.config.mjs');
  writeFileSync(configPath, config);
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', configPath, '--root', dir], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('countertop replay --why', () => {
  it("prints each line's price, how the totals add up, Place Order's blockers, drops and the failure at event N", () => {
    const run = countertop(['replay', logPath, '--why', '--at', String(lastAdded)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`state after event #${lastAdded}`);
    expect(run.stdout).toMatch(/^ {2}\d+ x .+: gross \$[\d.]+ \(\d+ x \$[\d.]+\), discount .+, tax \$[\d.]+.*, total \$[\d.]+$/m);
    expect(run.stdout).toContain('The lines add up to the totals: yes');
    expect(run.stdout).toMatch(/^Place Order: (enabled|disabled because: .+)$/m);
    expect(run.stdout).toMatch(/^Lines dropped or lowered: none$|^Dropped or lowered at #\d+/m);
    expect(run.stdout).toMatch(/^Order failure: none$|^Order failed/m);
  });

  it('names an event the log does not have', () => {
    const run = countertop(['replay', logPath, '--why', '--at', '99999']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the log has no event #99999');
  });
});

describe('countertop log to-test', () => {
  it('writes a test that passes, and fails once the reducer it covers is broken on purpose', () => {
    const testPath = join(dir, 'support-regression.test.ts');
    const made = countertop(['log', 'to-test', logPath, '--at', String(lastAdded), '--out', testPath]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const source = readFileSync(testPath, 'utf8');
    expect(source).toContain(`momentAtEvent(LOG, ${lastAdded})`);

    const passing = runWrittenTest(`export default { test: { include: ['*.test.ts'] } };\n`);
    expect(passing.output).toMatch(/1 passed/);
    expect(passing.code).toBe(0);

    // The bag's reducer, broken: an added line is ignored. The written test must see it.
    const broken = join(dir, 'brokenBag.ts');
    writeFileSync(
      broken,
      `import { bagHandlers as real } from ${JSON.stringify(join(ROOT, 'src/events/reducers/bag.ts'))};\nexport const bagHandlers = { ...real, BagLineAdded: (state: unknown) => state };\n`,
    );
    const failing = runWrittenTest(
      `export default { test: { include: ['*.test.ts'] }, resolve: { alias: [{ find: /^\\.\\/reducers\\/bag$/, replacement: ${JSON.stringify(broken)} }] } };\n`,
    );
    expect(failing.output).toMatch(/Tests +1 failed/);
    // It fails on the state it asserts (the bag), not on loading.
    expect(failing.output).toMatch(/AssertionError/);
    expect(failing.output).toContain('to deeply equal');
    expect(failing.code).not.toBe(0);
  }, 120_000);

  it('refuses an --at that is not an event number', () => {
    const run = countertop(['log', 'to-test', logPath, '--at', 'soon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--at: expected an event number');
  });
});

describe('a log from an older app version', () => {
  it('opens: its older events are upcast (TipSet v1), in replay --why and in log validate', () => {
    const lines = readFileSync(logPath, 'utf8').trim().split('\n');
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const at = (JSON.parse(lines.at(-1)!) as { at: string; seq: number }).at;
    const seq = (JSON.parse(lines.at(-1)!) as { seq: number }).seq;
    const key = (JSON.parse(lines.find((l) => l.includes('"SessionStarted"'))!) as { data: { idempotencyKey: string } }).data.idempotencyKey;
    // An older app wrote TipSet at v1: { amount, idempotencyKey }.
    const old = [
      JSON.stringify({ ...header, appVersion: '0.0.1' }),
      ...lines.slice(1),
      JSON.stringify({ kind: 'event', seq: seq + 1, id: 'old-tip', type: 'TipSet', v: 1, at, data: { amount: 100, idempotencyKey: key } }),
    ];
    const oldPath = join(dir, 'old.ndjson');
    writeFileSync(oldPath, `${old.join('\n')}\n`);
    const validate = countertop(['log', 'validate', oldPath]);
    expect(validate.code).toBe(0);
    const why = countertop(['replay', oldPath, '--why', '--at', String(seq + 1)]);
    expect(why.stderr).toBe('');
    expect(why.code).toBe(0);
    expect(why.stdout).toContain('written by 0.0.1');
  });
});
