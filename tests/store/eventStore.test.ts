import { afterEach, describe, expect, it } from 'vitest';
import { addRxPlugin } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom, filter } from 'rxjs';
import { simulateSession } from '../../cli/simulate/simulateSession';
import type { EventDraft } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import { draft } from '../../src/events/draft';
import { decodeEvent } from '../../src/events/envelope';
import { fold } from '../../src/events/reduce';
import { openDatabase, seqKey, type LogDatabase } from '../../src/store/database';
import { STORAGE_FAILED_WARNING, openEventStore, type EventStore } from '../../src/store/eventStore';
import { exportLog, importLog } from '../../src/store/transfer';
import { replayLines } from '../../src/store/replay';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';

const catalogJson = fixtureJson('cafe');
const cafe = fixtureCatalog('cafe');

// Two stores on one database name stand for two tabs; RxDB allows that only in dev-mode, which the app never loads.
disableWarnings();
addRxPlugin(RxDBDevModePlugin);
const validatedMemory = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });

const open: { db: LogDatabase; store: EventStore }[] = [];
let dbCount = 0;
async function openStore(name = `test-${process.pid}-${++dbCount}`, options: { multiInstance?: boolean; snapshotEvery?: number } = {}) {
  const db = await openDatabase({
    name,
    storage: validatedMemory,
    multiInstance: options.multiInstance ?? false,
    ignoreDuplicate: options.multiInstance ?? false,
  });
  const store = await openEventStore(db, { appVersion: 'test', snapshotEvery: options.snapshotEvery ?? 0 });
  open.push({ db, store });
  return { db, store, name };
}

afterEach(async () => {
  for (const { store, db } of open.splice(0)) {
    await store.close();
    await db.close();
  }
});

/** A simulated session whose CatalogLoaded events point at the cafe's real content hash. */
async function simulatedDrafts(store: EventStore, events: number, seed = 11): Promise<EventDraft[]> {
  const put = await store.catalogs.put(catalogJson);
  if (E.isLeft(put)) throw new Error(put.left.join('\n'));
  return [...simulateSession({ catalog: put.right.index, hash: put.right.hash, events, seed }).drafts];
}

describe('event store', () => {
  it('folds each appended event into state$ and matches a pure replay of the same events', async () => {
    const { store } = await openStore();
    const drafts = await simulatedDrafts(store, 80);
    for (const d of drafts) expect(E.isRight(await store.append(d))).toBe(true);
    const events = drafts.map((d, i) => {
      const r = decodeEvent(d, i + 1);
      if (E.isLeft(r) || r.right.kind !== 'event') throw new Error('bad draft');
      return r.right.event;
    });
    const expected = fold(events, contextOf(new Map([[store.getState().catalog.hash!, cafe]])));
    expect(JSON.stringify(store.getState())).toBe(JSON.stringify(expected));
    expect(store.getState().log.lastSeq).toBe(80);
  });

  it('refuses an invalid event with a path-naming message and stores nothing', async () => {
    const { store } = await openStore();
    const bad = {
      ...draft('BagLineRemoved', { key: 'k', idempotencyKey: 'i' }, { id: 'e1', at: '2026-11-18T15:00:00Z' }),
      data: { key: 7 },
    } as unknown as EventDraft;
    const result = await store.append(bad);
    expect(E.isLeft(result) && result.left).toEqual([
      'BagLineRemoved: data.key: expected string, got 7',
      'BagLineRemoved: data.idempotencyKey: expected string, got undefined',
    ]);
    expect(await store.storedEvents()).toEqual([]);
  });

  it('starts from a snapshot to the same state as a replay from zero, folding only what came after it', async () => {
    const { store, name, db } = await openStore(undefined, { snapshotEvery: 0 });
    const drafts = await simulatedDrafts(store, 120, 5);
    for (const d of drafts.slice(0, 100)) await store.append(d);
    await store.snapshot();
    for (const d of drafts.slice(100)) await store.append(d);
    const live = JSON.stringify(store.getState());
    await store.close();
    open.splice(0);
    const resumed = await openEventStore(db, { appVersion: 'test', snapshotEvery: 0 });
    expect(resumed.started).toMatchObject({ fromSnapshot: true, replayed: 20 });
    expect(JSON.stringify(resumed.getState())).toBe(live);
    // A snapshot from another app version is not trusted: the log is replayed from zero, to the same state.
    const otherVersion = await openEventStore(db, { appVersion: 'other', snapshotEvery: 0 });
    expect(otherVersion.started).toMatchObject({ fromSnapshot: false, replayed: 120 });
    expect(JSON.stringify(otherVersion.getState())).toBe(live);
    await resumed.close();
    await otherVersion.close();
    await db.close();
    expect(name).toBeTruthy();
  });

  it('skips and counts events of unknown types or newer versions, and upcasts old versions', async () => {
    const { store, db } = await openStore();
    const drafts = await simulatedDrafts(store, 3);
    for (const d of drafts) await store.append(d);
    await store.close();
    open.splice(0);
    await db.events.insert({ seq: seqKey(4), id: 'x1', type: 'LoyaltyPointsSparkled', v: 1, at: '2026-11-18T15:10:00Z', data: {} });
    await db.events.insert({ seq: seqKey(5), id: 'x2', type: 'TipReset', v: 9, at: '2026-11-18T15:10:01Z', data: {} });
    await db.events.insert({
      seq: seqKey(6),
      id: 'x3',
      type: 'BagLineAdded',
      v: 1,
      at: '2026-11-18T15:10:02Z',
      data: { line: { key: 'l1', itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' }, idempotencyKey: 'i1' },
    });
    await db.events.insert({ seq: seqKey(7), id: 'x4', type: 'TipSet', v: 1, at: '2026-11-18T15:10:03Z', data: { amount: 50, idempotencyKey: 'i2' } });
    const reopened = await openEventStore(db, { appVersion: 'test' });
    expect(reopened.getState().log.skipped).toEqual({ LoyaltyPointsSparkled: 1, TipReset: 1 });
    expect(reopened.getState().bag.tip).toEqual({ amount: 50, percent: null });
    expect(reopened.getState().log.lastSeq).toBe(7);
    await reopened.close();
    await db.close();
  });

  it('shares one log between two stores of the same database name, as two tabs do', async () => {
    const name = `tabs-${process.pid}-${++dbCount}`;
    const a = await openStore(name, { multiInstance: true });
    const b = await openStore(name, { multiInstance: true });
    const drafts = await simulatedDrafts(a.store, 30, 3);
    await b.store.catalogs.put(catalogJson);
    // Both tabs append, interleaved; each must end with the other's events folded in the same order.
    for (const [i, d] of drafts.entries()) await (i % 2 === 0 ? a.store : b.store).append(d);
    const target = a.store.getState().log.lastSeq;
    await firstValueFrom(b.store.state$.pipe(filter((s) => s.log.lastSeq >= target)));
    await firstValueFrom(a.store.state$.pipe(filter((s) => s.log.lastSeq >= b.store.getState().log.lastSeq)));
    expect(JSON.stringify(b.store.getState())).toBe(JSON.stringify(a.store.getState()));
    expect(a.store.getState().log.events).toBe(30);
  });

  it('exports a self-contained log that imports back losslessly and replays to the same state', async () => {
    const { store } = await openStore();
    const drafts = await simulatedDrafts(store, 60, 9);
    for (const d of drafts) await store.append(d);
    const lines = await exportLog(store, { appVersion: 'test', createdAt: '2026-11-18T16:00:00Z' });
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'countertop-log', version: 1, appVersion: 'test', createdAt: '2026-11-18T16:00:00Z', redacted: false });
    expect(JSON.parse(lines[1]!).kind).toBe('catalog');
    const copy = await openStore();
    const imported = await importLog(copy.store, lines.join('\n') + '\n');
    expect(imported).toEqual(E.right(60));
    expect(JSON.stringify(copy.store.getState())).toBe(JSON.stringify(store.getState()));
    expect(await exportLog(copy.store, { appVersion: 'test', createdAt: '2026-11-18T16:00:00Z' })).toEqual(lines);
    const replayed = await replayLines(lines);
    expect(E.isRight(replayed) && JSON.stringify(replayed.right.state)).toBe(JSON.stringify(store.getState()));
  });

  it('reports a corrupt line of an import by its number and writes nothing', async () => {
    const { store } = await openStore();
    const drafts = await simulatedDrafts(store, 10, 2);
    for (const d of drafts) await store.append(d);
    const lines = await exportLog(store, { appVersion: 'test', createdAt: '2026-11-18T16:00:00Z' });
    lines[5] = lines[5]!.slice(0, 30);
    const copy = await openStore();
    const result = await importLog(copy.store, lines.join('\n'));
    expect(E.isLeft(result) && result.left[0]).toMatch(/^line 6: not valid JSON/);
    expect(await copy.store.storedEvents()).toEqual([]);
  });

  it('keeps tokens, passwords, codes and card numbers out of the log', async () => {
    const { store } = await openStore();
    const drafts = await simulatedDrafts(store, 400, 21);
    for (const d of drafts) await store.append(d);
    const text = (await exportLog(store, { appVersion: 'test', createdAt: '2026-11-18T16:00:00Z' })).join('\n');
    expect(text).toMatch(/"type":"CardAdded"/);
    expect(text).not.toMatch(/"(access_token|refresh_token|accessToken|refreshToken|password|nonce|token|cvv|code|cardNumber|number)"\s*:/i);
    expect(text).not.toMatch(/cnon:|4111 ?1111 ?1111 ?1111/);
  });

  it('redacts names, emails, phones and addresses with stable placeholders', async () => {
    const { store } = await openStore();
    const drafts = await simulatedDrafts(store, 300, 4);
    for (const d of drafts) await store.append(d);
    const plain = (await exportLog(store, { appVersion: 'test', createdAt: '2026-11-18T16:00:00Z' })).join('\n');
    const redacted = (await exportLog(store, { appVersion: 'test', createdAt: '2026-11-18T16:00:00Z', redact: true })).join('\n');
    // Events only: the catalog line legitimately carries the store's own address.
    const eventsOf = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('{"kind":"event"'))
        .join('\n');
    expect(eventsOf(plain)).toMatch(/@example\.com/);
    expect(eventsOf(plain)).toMatch(/412 Hudson St/);
    expect(eventsOf(redacted)).not.toMatch(/@example\.com|Lovelace|Hopper|Turing|412 Hudson St|212555/);
    expect(eventsOf(redacted)).toMatch(/shopper1@example\.invalid/);
    // Redaction keeps the bag: the replay of a redacted log has the same lines and totals.
    const a = await replayLines(plain.split('\n'));
    const b = await replayLines(redacted.split('\n'));
    expect(E.isRight(a) && E.isRight(b)).toBe(true);
    if (E.isRight(a) && E.isRight(b)) expect(b.right.state.bag).toEqual(a.right.state.bag);
  });
});

describe('a database that stops taking writes after start-up', () => {
  it('says so once, keeps the log in memory, and loses nothing already there', async () => {
    const { db, store } = await openStore();
    const stamp = (n: number) => ({ id: `e${n}`, at: `2026-03-01T12:00:0${n}Z` });
    expect((await store.append(draft('SessionStarted', { idempotencyKey: 'k1', appVersion: 'test' }, stamp(1))))._tag).toBe('Right');
    const problems: (string | null)[] = [];
    store.storageProblem$.subscribe((p) => problems.push(p));
    // The disk is full from here on.
    const insert = db.events.insert.bind(db.events);
    db.events.insert = (() => Promise.reject(Object.assign(new Error('QuotaExceededError'), { code: 'QUOTA' }))) as typeof db.events.insert;
    for (const n of [2, 3]) {
      const appended = await store.append(draft('TipReset', { idempotencyKey: `k${n}` }, stamp(n)));
      expect(appended._tag).toBe('Right');
    }
    expect(problems).toEqual([null, STORAGE_FAILED_WARNING]);
    expect(store.getState().log).toMatchObject({ events: 3, lastSeq: 3 });
    expect((await store.storedEvents()).map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    db.events.insert = insert;
  });
});
