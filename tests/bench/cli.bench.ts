// The CLI's start-up, as ratios to a bare Node process measured alternately in the same run (two busy cores make
// absolute times drift; the ratio holds): `countertop --help`, `countertop price`, and `countertop replay` of a
// simulated 100,000-event log against a plain Node process that reads the same file and JSON.parses every line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { summarize, type Benchmark } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}cli/bin.mjs`;

/** Runs each command in turn, `rounds` times, and gives each one's median in milliseconds. */
function alternate(commands: Readonly<Record<string, readonly string[]>>, rounds: number): Record<string, number> {
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
  return Object.fromEntries(Object.entries(samples).map(([name, times]) => [name, summarize(times).median]));
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
  {
    name: 'CLI: `countertop replay` of a simulated 100,000-event log against reading it and JSON.parse of every line',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'countertop-bench-cli-'));
      try {
        const file = join(dir, 'big.ndjson');
        const text = catalogText(fixtureJson('pizza-chain'));
        const hash = await hashText(text);
        const locationIds = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];
        const { drafts } = simulateSession({ catalog: fixtureCatalog('pizza-chain'), hash, events: 100_000, seed: 2, locationIds });
        const lines = [
          headerLine('bench', '2026-11-18T15:00:00.000Z', false),
          catalogLine(hash, text),
          ...drafts.map((d, i) => eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })),
        ];
        writeFileSync(file, `${lines.join('\n')}\n`);
        // The floor: a plain Node process that reads the whole file and parses every line, and nothing else.
        const plain = `const lines = require('fs').readFileSync(${JSON.stringify(file)}, 'utf8').split('\\n'); let n = 0; for (const l of lines) if (l) { JSON.parse(l); n++; } if (n < 100000) process.exit(1);`;
        const t = alternate({ plain: ['-e', plain], replay: [BIN, 'replay', file] }, 3);
        return [
          { label: '`countertop replay` / read + JSON.parse of every line', value: t.replay! / t.plain!, unit: 'x', goal: '<= 3' },
          { label: '`countertop replay`, process start to exit (median of 3)', value: t.replay! / 1000, unit: 's', goal: '< 2' },
          { label: 'read + JSON.parse of every line (median of 3)', value: t.plain!, unit: 'ms' },
        ];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
