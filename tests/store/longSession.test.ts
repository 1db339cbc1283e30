// What a long visit must not keep or do per event: its own appends read nothing back from the database (an insert is
// heard before it is folded, and was taken for another tab's); other tabs' inserts are heard without RxDB's mapped
// change stream (`$`, `insert$`), whose module-level cache keeps every bulk of changes for good; and reading the log
// in bulk (a start, an export, an archiving) makes no RxDB document objects, which RxDB's cache of queries would hold.
import { describe, expect, it, vi } from 'vitest';
import { addRxPlugin, type RxCollection } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import * as E from 'fp-ts/lib/Either.js';
import { simulateSession } from '../../cli/simulate/simulateSession';
import type { EventDraft } from '../../src/events/catalogue';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { openDatabase, type LogDatabase, type StoredEvent } from '../../src/store/database';
import { openEventStore, type EventStore } from '../../src/store/eventStore';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { closedAfterEach } from './support';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);
const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
const catalogJson = fixtureJson('cafe');
const { keep } = closedAfterEach();

let count = 0;
async function database(): Promise<LogDatabase> {
  return keep(await openDatabase({ name: `long-${process.pid}-${++count}`, storage, multiInstance: false }));
}

async function drafts(events: number, seed: number): Promise<EventDraft[]> {
  const hash = await hashText(catalogText(catalogJson));
  return [...simulateSession({ catalog: fixtureCatalog('cafe'), hash, events, seed }).drafts];
}

async function appendAll(store: EventStore, list: readonly EventDraft[]): Promise<void> {
  for (const d of list) {
    if (d.type === 'CatalogLoaded') await store.catalogs.put(catalogJson);
    const appended = await store.append(d);
    if (E.isLeft(appended)) throw new Error(appended.left.join('\n'));
  }
}

/** Counts the collection's queries made, and those run through RxDB's `exec` (which makes and caches documents). */
function watchQueries(collection: RxCollection<StoredEvent>): { made: () => number; executed: () => number } {
  let made = 0;
  let executed = 0;
  const find = collection.find.bind(collection);
  vi.spyOn(collection, 'find').mockImplementation((query) => {
    made++;
    const made$ = find(query);
    const exec = made$.exec.bind(made$);
    made$.exec = (() => {
      executed++;
      return exec();
    }) as typeof made$.exec;
    return made$;
  });
  return { made: () => made, executed: () => executed };
}

describe('a long visit', () => {
  it('asks the database nothing back for its own appends', async () => {
    const list = await drafts(80, 12);
    const db = await database();
    const store = keep(await openEventStore(db, { appVersion: '1.0.0', snapshotEvery: 0 }));
    await appendAll(store, list.slice(0, 5));
    const queries = watchQueries(db.events);
    await appendAll(store, list.slice(5));
    await store.saved();
    expect(store.getState().log.events).toBe(list.length);
    expect(queries.made()).toBe(0);
  });

  it("hears another tab's inserts without RxDB's mapped change stream, which keeps every bulk it maps", async () => {
    const list = await drafts(30, 14);
    const name = `long-shared-${process.pid}`;
    const first = keep(await openDatabase({ name, storage, multiInstance: true, ignoreDuplicate: true }));
    const second = keep(await openDatabase({ name, storage, multiInstance: true, ignoreDuplicate: true }));
    const mapped = [vi.spyOn(first.events.$, 'subscribe'), vi.spyOn(second.events.$, 'subscribe')];
    const writer = keep(await openEventStore(first, { appVersion: '1.0.0', snapshotEvery: 0 }));
    const reader = keep(await openEventStore(second, { appVersion: '1.0.0', snapshotEvery: 0 }));
    await reader.catalogs.put(catalogJson);
    await appendAll(writer, list);
    await expect.poll(() => reader.getState().log.events).toBe(list.length);
    expect(JSON.stringify(reader.getState())).toBe(JSON.stringify(writer.getState()));
    for (const spy of mapped) expect(spy).not.toHaveBeenCalled();
  });

  it('reads the whole log at a start and for an export without making a document object per event', async () => {
    const list = await drafts(120, 13);
    const db = await database();
    const writer = keep(await openEventStore(db, { appVersion: '1.0.0', snapshotEvery: 0 }));
    await appendAll(writer, list);
    const queries = watchQueries(db.events);
    const reader = keep(await openEventStore(db, { appVersion: '2.0.0', snapshotEvery: 0 }));
    expect(reader.started).toMatchObject({ fromSnapshot: false, replayed: list.length });
    expect((await reader.storedEvents()).map((doc) => doc.id)).toEqual(list.map((d) => d.id));
    expect(queries.made()).toBeGreaterThan(0);
    expect(queries.executed()).toBe(0);
  });
});
