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
import { alternate } from './cli.bench';
import type { Benchmark } from './harness';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const ROUNDS = 5;

export const benchmarks: readonly Benchmark[] = [
  {
    name: `CLI: \`countertop replay\` of a simulated 100,000-event log against reading it and JSON.parse of every line (medians of ${ROUNDS}, alternating)`,
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
        const t = alternate({ plain: ['-e', plain], replay: [BIN, 'replay', file] }, ROUNDS);
        return [
          { label: '`countertop replay` / read + JSON.parse of every line', value: t.replay! / t.plain!, unit: 'x', goal: '<= 3' },
          { label: '`countertop replay`, process start to exit (median)', value: t.replay! / 1000, unit: 's', goal: '< 2' },
          { label: 'read + JSON.parse of every line (median)', value: t.plain!, unit: 'ms' },
        ];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
