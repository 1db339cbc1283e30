// A page the browser keeps for Back lets go of its database (pagehide, persisted) and takes it again when shown
// (pageshow, persisted): what other tabs appended meanwhile is read, what was appended here meanwhile is written
// after it, each event once, and the page ends on the state the database's log folds to.
import { describe, expect, it } from 'vitest';
import { addRxPlugin } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import * as E from 'fp-ts/lib/Either.js';
import { simulateSession } from '../../cli/simulate/simulateSession';
import type { EventDraft } from '../../src/events/catalogue';
import { openDatabase, type LogDatabase } from '../../src/store/database';
import { openEventStore, openEventStoreLater, type AttachedDatabase, type EventStore } from '../../src/store/eventStore';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { closedAfterEach } from './support';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);
// Dev-mode checks every write against the schema (the app never loads it).
const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
const catalogJson = fixtureJson('cafe');
const options = { appVersion: 'test', snapshotEvery: 0 };

const { keep } = closedAfterEach();

let count = 0;
/** One tab's instance of the shared database `name` (memory storage outlives an instance, as IndexedDB does). */
async function tabDatabase(name: string): Promise<LogDatabase> {
  return keep(await openDatabase({ name, storage, multiInstance: false, ignoreDuplicate: true }));
}

async function session(): Promise<EventDraft[]> {
  const hash = await hashText(catalogText(catalogJson));
  return [...simulateSession({ catalog: fixtureCatalog('cafe'), hash, events: 30, seed: 11 }).drafts];
}

async function appendAll(store: EventStore, list: readonly EventDraft[]): Promise<void> {
  for (const d of list) {
    if (d.type === 'CatalogLoaded') await store.catalogs.put(catalogJson);
    const appended = await store.append(d);
    if (E.isLeft(appended)) throw new Error(appended.left.join('\n'));
  }
}

async function storedIds(db: LogDatabase): Promise<string[]> {
  return (await db.events.find({ sort: [{ seq: 'asc' }] }).exec()).map((doc) => doc.id);
}

describe('a page kept for Back', () => {
  it('lets go of its database, folds in memory while away, and on coming back reads what another tab wrote, then writes its own after it', async () => {
    const name = `back-forward-${process.pid}-${++count}`;
    const list = await session();
    const first = await tabDatabase(name);
    let quieted = 0;
    const page = keep(openEventStoreLater(Promise.resolve<AttachedDatabase>({ db: first, warning: null, quiet: () => quieted++ }), options, null));
    await page.attached;
    await appendAll(page, list.slice(0, 10));

    expect(page.letGo()).toBe(true);
    expect(quieted).toBe(1);
    await page.saved();
    expect(first.closed).toBe(true);

    // Meanwhile another tab appends, and this page (between pagehide and the freeze, or after pageshow before its
    // database is back) appends too.
    const other = keep(await openEventStore(await tabDatabase(name), options));
    const theirs = list.slice(10, 14).map((d, i) => ({ ...d, id: `other-${i}` }) as EventDraft);
    await appendAll(other, theirs);
    const mine = list.slice(14, 18);
    await appendAll(page, mine);
    expect(page.getState().log.lastSeq).toBe(14);
    expect(page.paintPoint()?.unsaved.map((doc) => doc.id)).toEqual(mine.map((d) => d.id));

    const again = await tabDatabase(name);
    await page.comeBack(Promise.resolve({ db: again, warning: null, quiet: () => quieted++ }));
    await page.saved();
    const ids = await storedIds(again);
    expect(ids).toEqual([...list.slice(0, 10).map((d) => d.id), ...theirs.map((d) => d.id), ...mine.map((d) => d.id)]);
    const fresh = keep(await openEventStore(again, options));
    expect(JSON.stringify(page.getState())).toBe(JSON.stringify(fresh.getState()));
    expect(page.paintPoint()?.unsaved).toEqual([]);

    // And it can be kept for Back again.
    expect(page.letGo()).toBe(true);
    expect(quieted).toBe(2);
  });

  it('with nothing written meanwhile, comes back to exactly where it was', async () => {
    const name = `back-forward-${process.pid}-${++count}`;
    const list = await session();
    const page = keep(
      openEventStoreLater(Promise.resolve<AttachedDatabase>({ db: await tabDatabase(name), warning: null, quiet: () => undefined }), options, null),
    );
    await page.attached;
    await appendAll(page, list.slice(0, 12));
    const before = JSON.stringify(page.getState());
    expect(page.letGo()).toBe(true);
    await page.comeBack(tabDatabase(name).then((db) => ({ db, warning: null, quiet: () => undefined })));
    await page.saved();
    expect(JSON.stringify(page.getState())).toBe(before);
    await appendAll(page, list.slice(12, 14));
    expect(page.getState().log.lastSeq).toBe(14);
  });

  it('has nothing to let go of before its database is there, in memory, or without a way to stop hearing other tabs', async () => {
    const waiting = keep(openEventStoreLater(new Promise<AttachedDatabase>(() => undefined), options, null));
    expect(waiting.letGo()).toBe(false);
    const inMemory = keep(
      openEventStoreLater(
        tabDatabase(`back-forward-${process.pid}-${++count}`).then((db) => ({ db, warning: 'kept in memory', quiet: () => undefined })),
        options,
        null,
      ),
    );
    await inMemory.attached;
    expect(inMemory.letGo()).toBe(false);
    const node = keep(await openEventStore(await tabDatabase(`back-forward-${process.pid}-${++count}`), options));
    expect(node.letGo()).toBe(false);
  });
});
