// `countertop log to-test LOG --at N [--out FILE]`: a shopper's problem becomes a regression test in one command.
// Writes a Vitest test that replays the log (embedded, so the test needs nothing else) to event N through the
// storefront's reducers and asserts what a support person sees there: the bag, checkout, pickup, the last attempt,
// the warnings, and the why (line prices, totals, Place Order's blockers, drops, the failure).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { momentAtEvent, supportView } from '../../src/store/regression';
import { fail, print, readText, stableJson, write } from '../io';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The import path of src/store/regression.ts as seen from the directory the test is written to. */
function regressionImport(outDir: string): string {
  const path = relative(outDir, resolve(ROOT, 'src/store/regression')).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

export function testSource(options: {
  readonly logName: string;
  readonly seq: number;
  readonly text: string;
  readonly expected: unknown;
  readonly importPath: string;
}): string {
  const { logName, seq, text, expected, importPath } = options;
  return `// Written by \`countertop log to-test ${logName} --at ${seq}\`: the state support saw after event #${seq} of a
// shopper's log, replayed through the storefront's reducers. A change that moves it fails here.
import { expect, it } from 'vitest';
import { momentAtEvent, supportView } from '${importPath}';

const LOG = ${JSON.stringify(text)};

it('replays ${logName.replace(/'/g, '')} to event #${seq} and shows what support saw', async () => {
  const { log, moment } = await momentAtEvent(LOG, ${seq});
  expect(supportView(log, moment)).toEqual(${stableJson(expected).split('\n').join('\n  ')});
});
`;
}

export function registerLogToTest(log: Command): void {
  log
    .command('to-test')
    .argument('<log>', 'session log (NDJSON)')
    .requiredOption('--at <n>', 'the event (its sequence number, #N in `replay --steps`) whose state the test asserts')
    .option('--out <file>', 'write the test here (default: print it; imports are then relative to tests/regressions/)')
    .description('write a Vitest test that replays the log to event N and asserts the state support sees there')
    .action(async (path: string, options: { at: string; out?: string }) => {
      if (!/^\d+$/.test(options.at)) fail(`--at: expected an event number like 17, got "${options.at}"`, 2);
      const seq = Number(options.at);
      const text = readText(path);
      let found;
      try {
        found = await momentAtEvent(text, seq);
      } catch (error) {
        fail(`${path}: ${(error as Error).message.split('\n').join(`\n${path}: `)}`);
      }
      const outDir = options.out ? dirname(resolve(options.out)) : resolve(ROOT, 'tests/regressions');
      const source = testSource({
        logName: path.split(/[\\/]/).pop() ?? path,
        seq,
        text,
        expected: supportView(found.log, found.moment),
        importPath: regressionImport(outDir),
      });
      if (!options.out) {
        write(source);
        return;
      }
      mkdirSync(outDir, { recursive: true });
      writeFileSync(options.out, source);
      print(`${options.out}: a test of event #${seq} of ${path}`);
    });
}

/** Adds `to-test` to the `log` command that `register` defines (cli/main.ts loads both with `log`). */
export function withToTest(register: (program: Command) => void): (program: Command) => void {
  return (program) => {
    register(program);
    const log = program.commands.find((command) => command.name() === 'log');
    if (log) registerLogToTest(log);
  };
}
