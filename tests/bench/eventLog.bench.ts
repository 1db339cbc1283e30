// The event log's figures: fold throughput and start-up from a snapshot (`countertop replay` end to end is in
// replay.bench.ts). Logs come from the shopper simulator on the pizza chain, so the mix of events is a realistic one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import { simulateSession } from '../../cli/simulate/simulateSession';
import type { DomainEvent, EventDraft } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import { decodeEvent } from '../../src/events/envelope';
import { fold } from '../../src/events/reduce';
import { openDatabase } from '../../src/store/database';
import { openEventStore } from '../../src/store/eventStore';
import { eventLine } from '../../src/store/logFile';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { measure, measureAsync, type Benchmark } from './harness';

const catalogJson = fixtureJson('pizza-chain');
const chain = fixtureCatalog('pizza-chain');
const LOCATIONS = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];

function decoded(drafts: readonly EventDraft[]): DomainEvent[] {
  return drafts.map((d, i) => {
    const r = decodeEvent(d, i + 1);
    if (E.isLeft(r) || r.right.kind !== 'event') throw new Error(`bad simulated event ${d.type}`);
    return r.right.event;
  });
}

/** Folds a log file in a process of its own (foldProcess.ts): milliseconds per fold of its events. */
function foldInOwnProcess(lines: readonly string[]): { readonly events: number; readonly median: number; readonly min: number } {
  const dir = mkdtempSync(join(tmpdir(), 'countertop-bench-fold-'));
  try {
    const file = join(dir, 'log.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./foldProcess.ts', import.meta.url)), file], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`the fold process exited ${run.status}: ${run.stderr}`);
    return JSON.parse(run.stdout) as { events: number; median: number; min: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const benchmarks: readonly Benchmark[] = [
  {
    // A log is folded in bulk as it is read back from storage (a reload, the CLI's replay, the support console): its
    // objects all come from JSON.parse and share their shapes. It is timed in a process of its own, as the replay is:
    // in this one, the simulator and the figures before it had already run through the same functions. The
    // simulator's own objects, built by the commands in many shapes, are only ever folded one at a time as a shopper
    // appends them; folded in bulk, the engine meets so many shapes that every reducer slows down (printed too).
    name: 'event log: fold throughput over a simulated 100,000-event log',
    run: () => {
      const started = performance.now();
      const { drafts } = simulateSession({ catalog: chain, hash: 'h', events: 100_000, seed: 1, locationIds: LOCATIONS });
      const simulated = performance.now() - started;
      const log = foldInOwnProcess(drafts.map((d, i) => eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })));
      const ctx = contextOf(new Map([['h', chain]]));
      const objects = decoded(drafts);
      const own = measure(() => fold(objects, ctx), { iterations: 7, warmup: 2 });
      return [
        { label: 'fold of the log as read back (median)', value: log.events / (log.median / 1000), unit: 'events/s', goal: '>= 500000' },
        { label: 'the same, fastest run', value: log.events / (log.min / 1000), unit: 'events/s', goal: '>= 500000' },
        { label: 'fold of 100,000 events read back (median)', value: log.median, unit: 'ms' },
        { label: "fold of the simulator's own objects, in this process (median)", value: objects.length / (own.median / 1000), unit: 'events/s' },
        { label: 'simulating the log (once)', value: simulated, unit: 'ms' },
      ];
    },
  },
  {
    name: 'event log: start-up from a snapshot with 10,000 events in the log (RxDB, memory storage)',
    run: async () => {
      const db = await openDatabase({ name: `bench-startup-${process.pid}` });
      const writer = await openEventStore(db, { appVersion: 'bench', snapshotEvery: 0 });
      const put = await writer.catalogs.put(catalogJson);
      if (E.isLeft(put)) throw new Error(put.left.join('; '));
      const { drafts } = simulateSession({ catalog: put.right.index, hash: put.right.hash, events: 10_000, seed: 3, locationIds: LOCATIONS });
      const raw = drafts.map((d) => ({ id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data }));
      await writer.importEvents(raw.slice(0, 9_950));
      await writer.snapshot();
      await writer.importEvents(raw.slice(9_950));
      const expected = JSON.stringify(writer.getState());
      await writer.close();
      const fromSnapshot = await measureAsync(
        async () => {
          const store = await openEventStore(db, { appVersion: 'bench', snapshotEvery: 0 });
          if (JSON.stringify(store.getState()) !== expected) throw new Error('snapshot start differs from the live state');
          await store.close();
        },
        { iterations: 10, warmup: 2 },
      );
      const fromZero = await measureAsync(
        async () => {
          const store = await openEventStore(db, { appVersion: 'another version', snapshotEvery: 0 });
          await store.close();
        },
        { iterations: 3, warmup: 1 },
      );
      await db.close();
      return [
        { label: 'open from the snapshot, 50 events after it (median)', value: fromSnapshot.median, unit: 'ms', goal: '< 100' },
        { label: 'open replaying all 10,000 events, for comparison (median)', value: fromZero.median, unit: 'ms' },
      ];
    },
  },
];
