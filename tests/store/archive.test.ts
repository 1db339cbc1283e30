// The database does not grow with the log: once a snapshot of the fold is written, the whole chunks of events before
// it move to the archive (one compact document each) and what removals leave is purged, so the events collection holds
// a tail of at most a chunk plus the events after the snapshot. No view loses anything (the snapshot plus the tail folds
// to the whole log, and a fold of other rules reads the archive) and support loses nothing (the export is the whole
// log, byte for byte).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addRxPlugin } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { compact, decodeChunk, encodeChunk, eventsAfter } from '../../src/store/archive';
import { openDatabase, seqKey, type LogDatabase, type StoredEvent } from '../../src/store/database';
import { openEventStore, type EventStore, type EventStoreOptions } from '../../src/store/eventStore';
import { exportLog } from '../../src/store/transfer';
import { fixtureJson } from '../support/fixtureCatalog';
import { cafeLog, closedAfterEach } from './support';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);
const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
const catalogJson = fixtureJson('cafe');

const { keep, closingWithin } = closedAfterEach();

let count = 0;
async function database(): Promise<LogDatabase> {
  return keep(await openDatabase({ name: `archive-${process.pid}-${++count}`, storage, multiInstance: false }));
}

async function open(db: LogDatabase, options: Partial<EventStoreOptions> = {}): Promise<EventStore> {
  return keep(await openEventStore(db, { appVersion: '1.0.0', foldVersion: 'rules-a', snapshotEvery: 0, ...options }));
}

const { drafts, appendAll, fullFold } = cafeLog;

/** The events collection's sequence numbers, in order (the tail). */
async function tail(db: LogDatabase): Promise<number[]> {
  return (await db.events.find({ sort: [{ seq: 'asc' }] }).exec()).map((doc) => Number(doc.seq));
}

const EXPORT = { appVersion: '1.0.0', createdAt: '2026-11-28T12:00:00.000Z' };

describe('the archive of old events', () => {
  it('property: after snapshots and archiving at any points, the snapshot plus the tail folds to the whole log, other rules fold the archive and the tail to it, and the export is the whole log', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 4, max: 100 }),
        fc.integer({ min: 2, max: 30 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
        async (seed, size, chunk, cuts) => {
          await closingWithin(async () => {
            const list = await drafts(size, seed);
            const points = cuts.map((at) => Math.floor(at * list.length)).sort((a, b) => a - b);
            const whole = await fullFold(list);
            const db = await database();
            const writer = await open(db, { archiveChunk: chunk });
            let done = 0;
            let snapshotAt = 0;
            for (const point of points) {
              await appendAll(writer, list.slice(done, point));
              done = point;
              await writer.snapshot();
              snapshotAt = point;
            }
            await appendAll(writer, list.slice(done));
            // The tail: everything from the first chunk that reaches the snapshot's last event on.
            const kept = await tail(db);
            const firstKept = snapshotAt === 0 ? 1 : Math.floor((snapshotAt - 1) / chunk) * chunk + 1;
            expect(kept).toEqual(Array.from({ length: list.length - firstKept + 1 }, (_, i) => firstKept + i));
            expect(kept.length).toBeLessThanOrEqual(chunk + (list.length - snapshotAt));

            const sameRules = await open(db, { appVersion: '1.0.1', archiveChunk: chunk });
            expect(sameRules.started).toMatchObject({ fromSnapshot: true, replayed: list.length - snapshotAt });
            expect(JSON.stringify(sameRules.getState())).toBe(whole);
            const otherRules = await open(db, { foldVersion: 'rules-b', archiveChunk: chunk });
            expect(otherRules.started).toMatchObject({ fromSnapshot: false, replayed: list.length });
            expect(JSON.stringify(otherRules.getState())).toBe(whole);

            // The export: the same lines as a database that never archived anything.
            const plain = await open(await database());
            await plain.catalogs.put(catalogJson);
            await plain.importEvents(list.map((d) => ({ id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })));
            expect(await exportLog(sameRules, EXPORT)).toEqual(await exportLog(plain, EXPORT));
            expect((await sameRules.storedEvents(3)).map((doc) => doc.id)).toEqual(list.slice(3).map((d) => d.id));
          });
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('property: a chunk decodes to the events it was made of, compressed or not', async () => {
    const event = fc.record({
      id: fc.uuid(),
      type: fc.constantFrom('BagLineAdded', 'TipSet'),
      v: fc.integer({ min: 1, max: 3 }),
      at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      data: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1e9 }), fc.array(event, { minLength: 1, maxLength: 40 }), async (from, list) => {
        const events: StoredEvent[] = list.map((e, i) => ({ ...e, seq: seqKey(from + i) }) as StoredEvent);
        const chunk = await encodeChunk(events);
        expect(chunk).toMatchObject({ id: seqKey(from), from, to: from + events.length - 1, encoding: 'gzip' });
        expect(await decodeChunk(chunk)).toEqual(JSON.parse(JSON.stringify(events)));
        expect(await decodeChunk({ encoding: 'json', events: JSON.stringify(events) })).toEqual(JSON.parse(JSON.stringify(events)));
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('a chunk written by a tab that left before removing its events is read once; the next archiving finishes it', async () => {
    const list = await drafts(60, 3);
    const db = await database();
    const writer = await open(db);
    await appendAll(writer, list);
    const first = (await db.events.find({ selector: { seq: { $lte: seqKey(20) } }, sort: [{ seq: 'asc' }] }).exec()).map(
      (doc) => doc.toMutableJSON() as StoredEvent,
    );
    // The chunk is there and its events too: a reader sees each event once.
    await db.addCollections({ archive: { schema: (await import('../../src/store/archive')).archiveSchema } });
    await (db.collections as unknown as { archive: { insert: (doc: unknown) => Promise<unknown> } }).archive.insert(await encodeChunk(first));
    expect((await eventsAfter(db, 0)).map((e) => e.id)).toEqual(list.map((d) => d.id));
    expect(await compact(db, 50, { chunk: 20 })).toEqual({ chunks: 2, events: 40 });
    expect(await tail(db)).toEqual(Array.from({ length: 20 }, (_, i) => 41 + i));
    expect((await eventsAfter(db, 0)).map((e) => e.id)).toEqual(list.map((d) => d.id));
    expect((await eventsAfter(db, 30)).map((e) => e.id)).toEqual(list.slice(30).map((d) => d.id));
  });

  it("leaves the snapshot's own event and the log's last in the tail, and purges what it removed from storage", async () => {
    const list = await drafts(45, 8);
    const db = await database();
    const writer = await open(db, { archiveChunk: 10 });
    await appendAll(writer, list.slice(0, 30));
    await writer.snapshot();
    // 30 is the snapshot's: 1-20 archived, 21-30 stay.
    expect(await tail(db)).toEqual(Array.from({ length: 10 }, (_, i) => 21 + i));
    const removed = await db.events.storageInstance.findDocumentsById([seqKey(1), seqKey(20)], true);
    expect(removed).toEqual([]);
    await appendAll(writer, list.slice(30));
    expect(await tail(db)).toHaveLength(25);
  });

  it('purges the snapshots of other folds from storage, not only marks them removed', async () => {
    const list = await drafts(20, 4);
    const db = await database();
    const before = await open(db);
    await appendAll(before, list);
    await before.snapshot();
    const after = await open(db, { foldVersion: 'rules-b' });
    await after.snapshot();
    expect(await db.snapshots.storageInstance.findDocumentsById(['fold:rules-a'], true)).toEqual([]);
    expect((await db.snapshots.find().exec()).map((doc) => doc.id)).toEqual(['fold:rules-b']);
  });
});
