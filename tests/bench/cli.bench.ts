// The CLI's start-up, as ratios to a bare Node process measured alternately in the same run (two busy cores make
// absolute times drift; the ratio holds): `countertop --help` and `countertop price`. The replay of a long log has
// its own file (replay.bench.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize, type Benchmark } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}cli/bin.mjs`;

/** Runs each command in turn, `rounds` times, and gives each one's median in milliseconds. */
export function alternate(commands: Readonly<Record<string, readonly string[]>>, rounds: number): Record<string, number> {
  return Object.fromEntries(Object.entries(alternateRuns(commands, rounds)).map(([name, times]) => [name, summarize(times).median]));
}

/** Runs each command in turn, `rounds` times, and gives each one's times in milliseconds. */
export function alternateRuns(commands: Readonly<Record<string, readonly string[]>>, rounds: number): Record<string, number[]> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < rounds + 1; round++) {
    for (const [name, args] of Object.entries(commands)) {
      const start = performance.now();
      const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const elapsed = performance.now() - start;
      if (run.status !== 0) throw new Error(`${name} exited ${run.status}: ${run.stderr}`);
      if (round > 0) samples[name]!.push(elapsed); // the first round warms the disk cache and builds the CLI if stale
    }
  }
  return samples;
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'CLI: start-up against a bare `node -e 0` (medians of 9, alternating)',
    run: () => {
      const dir = mkdtempSync(join(tmpdir(), 'countertop-bench-cli-'));
      try {
        const cart = join(dir, 'cart.json');
        writeFileSync(
          cart,
          JSON.stringify({ items: [{ itemId: 'latte', variationId: 'latte-medium', quantity: 2, modifiers: { milk: ['milk-oat'] } }], tipAmount: 100 }),
        );
        const t = alternate(
          {
            node: ['-e', '0'],
            help: [BIN, '--help'],
            price: [BIN, 'price', '--catalog', `${ROOT}fixtures/cafe.json`, '--location', 'cafe-hudson', '--cart', cart],
          },
          9,
        );
        return [
          { label: '`countertop --help` / `node -e 0`', value: t.help! / t.node!, unit: 'x', goal: '<= 4' },
          { label: '`countertop price` / `node -e 0`', value: t.price! / t.node!, unit: 'x', goal: '<= 6' },
          { label: '`node -e 0` (median)', value: t.node!, unit: 'ms' },
          { label: '`countertop --help` (median)', value: t.help!, unit: 'ms' },
          { label: '`countertop price` (median)', value: t.price!, unit: 'ms' },
        ];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
