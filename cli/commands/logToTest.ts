// `countertop log to-test LOG --at N [--out FILE]`: a shopper's problem becomes a regression test in one command.
// Writes a Vitest test that replays the log (embedded, so the test needs nothing else) to event N through the
// storefront's reducers and asserts what a support person sees there: the bag, checkout, pickup, the last attempt,
// the warnings, and the why (line prices, totals, Place Order's blockers, drops, the failure).
import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { momentAtEvent, supportView } from '../../src/store/regression';
import { CliError, fail, print, readText, stableJson, write } from '../io';

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
      writeTest(options.out, outDir, source);
      print(`${options.out}: a test of event #${seq} of ${path}`);
    });
}

// The kernel's and the devices' files: writing a test there is never what was meant, and a pipe there blocks.
const SYSTEM_DIRS = ['/proc', '/sys', '/dev'];

/** Writes the test to a regular file only: a folder, a pipe or a file under /proc is one clear line, not a crash or a hang. */
function writeTest(out: string, outDir: string, source: string): void {
  const refuse = (why: string): never => fail(`--out ${out}: ${why}`);
  const existing = statOf(out);
  if (existing?.isDirectory()) refuse('is a directory; name the test file to write');
  if (existing && !existing.isFile()) refuse('is not a regular file');
  const underSystem = (dir: string) => {
    const system = SYSTEM_DIRS.find((root) => dir === root || dir.startsWith(`${root}${sep}`));
    if (system !== undefined) refuse(`is under ${system}, not a place for a test file`);
  };
  underSystem(outDir);
  try {
    mkdirSync(outDir, { recursive: true });
    // Again where links lead, once the folder exists.
    underSystem(realpathSync(outDir));
    // O_NONBLOCK: should a pipe take the file's place after the check above, opening it fails instead of waiting.
    const fd = openSync(out, constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK, 0o644);
    try {
      if (!fstatSync(fd).isFile()) refuse('is not a regular file');
      ftruncateSync(fd);
      writeFileSync(fd, source);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    refuse(`cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Adds `to-test` to the `log` command that `register` defines (cli/main.ts loads both with `log`). */
export function withToTest(register: (program: Command) => void): (program: Command) => void {
  return (program) => {
    register(program);
    const log = program.commands.find((command) => command.name() === 'log');
    if (log) registerLogToTest(log);
  };
}
