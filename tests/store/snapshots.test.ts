// A long log starts from the database's snapshot of the state, keyed by the fold that wrote it (its reducers' and
// rules' version) and holding its last sequence number: the snapshot plus the events after it fold to exactly the
// state the whole log folds to, a release with the same fold uses it, a fold of another version ignores it, and a
// device keeps one snapshot, never one per release. The log itself stays whole for exports.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addRxPlugin } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { openDatabase, type LogDatabase } from '../../src/store/database';
import { openEventStore, type EventStore, type EventStoreOptions } from '../../src/store/eventStore';
import { cafeLog, closedAfterEach } from './support';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);
// Dev-mode checks every write against the schema (the app never loads it).
const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });

const { keep, closingWithin } = closedAfterEach();

let count = 0;
async function database(): Promise<LogDatabase> {
  return keep(await openDatabase({ name: `snapshots-${process.pid}-${++count}`, storage, multiInstance: false }));
}

async function open(db: LogDatabase, options: EventStoreOptions): Promise<EventStore> {
  return keep(await openEventStore(db, { snapshotEvery: 0, ...options }));
}

const { drafts, appendAll, fullFold } = cafeLog;

describe('snapshots of the state', () => {
  it('property: a snapshot plus the events after it folds to the state of the whole log', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 4, max: 160 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (seed, size, at) => {
          // Each run closes what it opened (RxDB's open-source build allows 13 collections at once).
          await closingWithin(async () => {
            const list = await drafts(size, seed);
            const cut = Math.floor(at * list.length);
            const db = await database();
            const writer = await open(db, { appVersion: '1.0.0', foldVersion: 'rules-a' });
            await appendAll(writer, list.slice(0, cut));
            await writer.snapshot();
            await appendAll(writer, list.slice(cut));
            const later = await open(db, { appVersion: '1.0.1', foldVersion: 'rules-a' });
            expect(later.started).toMatchObject({ fromSnapshot: true, replayed: list.length - cut });
            expect(JSON.stringify(later.getState())).toBe(await fullFold(list));
            // The exported log is still the whole log.
            expect((await later.storedEvents()).map((doc) => doc.id)).toEqual(list.map((d) => d.id));
          });
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a release with the same fold starts from the snapshot; a fold of another version ignores it and folds the whole log', async () => {
    const list = await drafts(120, 5);
    const db = await database();
    const writer = await open(db, { appVersion: '1.0.0', foldVersion: 'rules-a' });
    await appendAll(writer, list.slice(0, 100));
    await writer.snapshot();
    await appendAll(writer, list.slice(100));
    const whole = await fullFold(list);

    const sameRules = await open(db, { appVersion: '2.0.0', foldVersion: 'rules-a' });
    expect(sameRules.started).toMatchObject({ fromSnapshot: true, replayed: 20 });
    expect(JSON.stringify(sameRules.getState())).toBe(whole);

    const otherRules = await open(db, { appVersion: '1.0.0', foldVersion: 'rules-b' });
    expect(otherRules.started).toMatchObject({ fromSnapshot: false, replayed: 120 });
    expect(JSON.stringify(otherRules.getState())).toBe(whole);

    // Without a fold version, the app version is the key, as before.
    const unversioned = await open(db, { appVersion: 'rules-a' });
    expect(unversioned.started).toMatchObject({ fromSnapshot: true, replayed: 20 });
  });

  it('keeps one snapshot: writing one drops those of other folds', async () => {
    const list = await drafts(30, 9);
    const db = await database();
    const before = await open(db, { appVersion: '1.0.0', foldVersion: 'rules-a' });
    await appendAll(before, list.slice(0, 20));
    await before.snapshot();
    const after = await open(db, { appVersion: '1.0.1', foldVersion: 'rules-b' });
    await appendAll(after, list.slice(20));
    await after.snapshot();
    const stored = await db.snapshots.find().exec();
    expect(stored.map((doc) => ({ id: doc.id, seq: doc.seq, appVersion: doc.appVersion }))).toEqual([{ id: 'fold:rules-b', seq: 30, appVersion: '1.0.1' }]);
  });
});
