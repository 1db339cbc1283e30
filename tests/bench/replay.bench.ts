// `countertop replay` of a simulated 100,000-event log against a plain Node process that reads the same file and
// JSON.parses every line, alternately in one run (`npm run bench -- replay` runs this file alone). What the replay does
// beyond the plain reader: the depth bound, the envelope and data decoding, the exact-schema check and the reducers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { alternateRuns } from './cli.bench';
import { summarize, type Benchmark } from './harness';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const ROUNDS = 7;

export const benchmarks: readonly Benchmark[] = [
  {
    name: `CLI: \`countertop replay\` of a simulated 100,000-event log against reading it and JSON.parse of every line (${ROUNDS} runs of each, alternating)`,
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'countertop-bench-replay-'));
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
        const runs = alternateRuns({ plain: ['-e', plain], replay: [BIN, 'replay', file] }, ROUNDS);
        const median = (name: string) => summarize(runs[name]!).median;
        const fastest = (name: string) => summarize(runs[name]!).min;
        return [
          { label: '`countertop replay` / read + JSON.parse of every line', value: median('replay') / median('plain'), unit: 'x', goal: '<= 3' },
          // On a busy machine the fastest run of each is the one least disturbed.
          { label: 'the same, fastest run of each', value: fastest('replay') / fastest('plain'), unit: 'x', goal: '<= 3' },
          { label: '`countertop replay`, process start to exit (median)', value: median('replay') / 1000, unit: 's', goal: '< 2' },
          { label: 'read + JSON.parse of every line (median)', value: median('plain'), unit: 'ms' },
        ];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
