// The copy the next visit paints first: which visits may use it, and that what it carries starts a store on the same
// state as the log it was taken from.
import { describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import { initialState, STATE_VERSION, type State } from '../../src/events/state';
import type { PaintPoint } from '../../src/store/eventStore';
import { keepPaintCopy, readVisitStart, withoutPersonal, WRITE_AFTER_MS, type PaintStorage } from '../../src/store/paintSnapshot';
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { PRIVACY, type EventDraft } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import { decodeEvent } from '../../src/events/envelope';
import { mapAtPath } from '../../src/events/fields';
import { reduce } from '../../src/events/reduce';
import { fixtureCatalog } from '../support/fixtureCatalog';

const catalogs = { cafe: fixtureCatalog('cafe'), 'pizza-chain': fixtureCatalog('pizza-chain') };

class MemoryStorage implements PaintStorage {
  readonly items = new Map<string, string>();
  /** Refuses anything longer than a marker. */
  full = false;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => {
    if (this.full && value.length > 10) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  };
  removeItem = (key: string) => void this.items.delete(key);
}

const HASH = 'sha256-abc';
const withCatalog = (state: State, seq: number): State => ({
  ...state,
  catalog: { hash: HASH, locationIds: ['cafe-hudson'] },
  log: { ...state.log, events: seq, lastSeq: seq },
});
const inDoubt = (state: State): State => ({ ...state, placement: { ...state.placement, unconfirmedKey: 'key-1' } });

function source(state: State, point: (s: State) => PaintPoint | null = (s) => ({ state: s, savedSeq: s.log.lastSeq, savedId: 'e-last', unsaved: [] })) {
  const state$ = new BehaviorSubject(state);
  return { state$, paintPoint: () => point(state$.getValue()), catalogText: async (hash: string) => (hash === HASH ? '{"catalog":true}' : undefined) };
}

describe('the copy a visit starts from', () => {
  it('a device with no entry is a first visit; the keeper marks at once that a log exists', () => {
    const storage = new MemoryStorage();
    expect(readVisitStart(storage, 'c1', 'v1')).toEqual({ kind: 'first' });
    const keeper = keepPaintCopy(source(initialState), storage, 'c1', 'v1');
    expect(readVisitStart(storage, 'c1', 'v1')).toEqual({ kind: 'read' });
    keeper.stop();
  });

  it('is written a moment after a change and read back as the same point, with its catalog', async () => {
    vi.useFakeTimers();
    try {
      const storage = new MemoryStorage();
      const state = withCatalog(initialState, 12);
      const src = source(state);
      const keeper = keepPaintCopy(src, storage, 'c1', 'v1');
      src.state$.next(state);
      expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
      await vi.advanceTimersByTimeAsync(WRITE_AFTER_MS);
      const start = readVisitStart(storage, 'c1', 'v1');
      expect(start).toEqual({
        kind: 'copy',
        start: { state, savedSeq: 12, savedId: 'e-last', unsaved: [], catalog: { hash: HASH, text: '{"catalog":true}' } },
        readFirst: false,
      });
      keeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not used by another app version or state version, nor without its catalog', async () => {
    const storage = new MemoryStorage();
    const keeper = keepPaintCopy(source(withCatalog(initialState, 3)), storage, 'c1', 'v1');
    await keeper.write();
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('copy');
    expect(readVisitStart(storage, 'c1', 'v2').kind).toBe('read');
    const copy = JSON.parse(storage.getItem('countertop.paint.c1')!) as { stateVersion: number };
    storage.setItem('countertop.paint.c1', JSON.stringify({ ...copy, stateVersion: STATE_VERSION - 1 }));
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    storage.setItem('countertop.paint.c1', JSON.stringify(copy));
    storage.removeItem('countertop.paint-catalog.c1');
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    storage.setItem('countertop.paint.c1', '{not json');
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    keeper.stop();
  });

  it('gives way to reading the log the moment an order is in doubt, and comes back once it is answered', async () => {
    const storage = new MemoryStorage();
    const state = withCatalog(initialState, 5);
    const src = source(state);
    const keeper = keepPaintCopy(src, storage, 'c1', 'v1');
    await keeper.write();
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('copy');
    // Synchronously, as the attempt is folded: before the command waits for the log to be saved and sends the order.
    src.state$.next(inDoubt(state));
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    await keeper.write();
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    src.state$.next(withCatalog(initialState, 7));
    await keeper.write();
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('copy');
    keeper.stop();
  });

  it('carries events not written yet, and refuses a copy whose counts do not add up', async () => {
    const storage = new MemoryStorage();
    const doc = { seq: '000000000004', id: 'e4', type: 'BagLineAdded', v: 1, at: '2026-12-02T15:00:00.000Z', data: {} };
    const state = withCatalog(initialState, 4);
    const keeper = keepPaintCopy(
      source(state, (s) => ({ state: s, savedSeq: 3, savedId: 'e3', unsaved: [doc] })),
      storage,
      'c1',
      'v1',
    );
    await keeper.write();
    const start = readVisitStart(storage, 'c1', 'v1');
    expect(start.kind === 'copy' && start.start.unsaved).toEqual([doc]);
    const copy = JSON.parse(storage.getItem('countertop.paint.c1')!) as Record<string, unknown>;
    storage.setItem('countertop.paint.c1', JSON.stringify({ ...copy, savedSeq: 2 }));
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    keeper.stop();
  });

  it('carrying events the database does not hold, is written within the task that folded them, once for a burst', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const storage = new MemoryStorage();
      const doc = (seq: number) => ({
        seq: String(seq).padStart(12, '0'),
        id: `e${seq}`,
        type: 'BagLineAdded',
        v: 1,
        at: '2026-12-02T15:00:00.000Z',
        data: {},
      });
      const src = source(withCatalog(initialState, 1), (s) => ({
        state: s,
        savedSeq: 0,
        savedId: null,
        unsaved: Array.from({ length: s.log.lastSeq }, (_, i) => doc(i + 1)),
      }));
      const keeper = keepPaintCopy(src, storage, 'c1', 'v1');
      const writes: string[] = [];
      const setItem = storage.setItem;
      storage.setItem = (key, value) => {
        writes.push(key);
        setItem(key, value);
      };
      for (const seq of [2, 3, 4]) src.state$.next(withCatalog(initialState, seq));
      // No timer has run: only what the task that folded them queued.
      await new Promise((resolve) => setImmediate(resolve));
      const start = readVisitStart(storage, 'c1', 'v1');
      expect(start.kind === 'copy' && start.start.unsaved.map((d) => d.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
      expect(writes.filter((key) => key === 'countertop.paint.c1')).toHaveLength(1);
      keeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes nothing while the store cannot say what is saved, and a full storage leaves the next visit reading the log', async () => {
    const storage = new MemoryStorage();
    const keeper = keepPaintCopy(
      source(withCatalog(initialState, 2), () => null),
      storage,
      'c1',
      'v1',
    );
    await keeper.write();
    expect(readVisitStart(storage, 'c1', 'v1').kind).toBe('read');
    keeper.stop();
    const full = new MemoryStorage();
    const keeper2 = keepPaintCopy(source(withCatalog(initialState, 2)), full, 'c1', 'v1');
    full.full = true;
    await keeper2.write();
    expect(readVisitStart(full, 'c1', 'v1').kind).toBe('read');
    keeper2.stop();
  });
});

describe("the copy and a shopper's personal details", () => {
  /** Every text a simulated session's events declare personal (names, emails, phones, addresses, notes). */
  const personalTexts = (drafts: readonly EventDraft[]): Set<string> => {
    const texts = new Set<string>();
    for (const d of drafts)
      for (const path of Object.keys(PRIVACY[d.type].personal ?? {}))
        mapAtPath(d.data, path, (leaf) => {
          if (typeof leaf === 'string' && leaf.trim().length >= 3) texts.add(leaf);
          return leaf;
        });
    return texts;
  };

  it("holds none of them, and says so: a guest's menu page paints at once, other pages and a signed-in shopper's wait for the database", async () => {
    const seen = { partial: 0, signedIn: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('cafe', 'pizza-chain'),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 20, max: 300 }),
        async (name, seed, events) => {
          const hash = `hash-${name}`;
          const ctx = contextOf(new Map([[hash, catalogs[name]]]));
          const { drafts } = simulateSession({ catalog: catalogs[name], hash, events, seed });
          let state = initialState;
          drafts.forEach((d, i) => {
            const decoded = decodeEvent(d, i + 1);
            if (E.isRight(decoded) && decoded.right.kind === 'event') state = reduce(state, decoded.right.event, ctx);
          });
          const storage = new MemoryStorage();
          const src = {
            state$: new BehaviorSubject(state),
            paintPoint: () => ({ state, savedSeq: state.log.lastSeq, savedId: 'e-last', unsaved: [] }),
            catalogText: async () => '{}',
          };
          const keeper = keepPaintCopy(src, storage, 'c1', 'v1');
          await keeper.write();
          keeper.stop();
          const text = storage.getItem('countertop.paint.c1')!;
          for (const value of personalTexts(drafts)) expect(text).not.toContain(JSON.stringify(value).slice(1, -1));
          const start = readVisitStart(storage, 'c1', 'v1');
          // An order in doubt keeps the read-first marker (as before).
          expect(start.kind).toBe(state.placement.unconfirmedKey === null ? 'copy' : 'read');
          if (start.kind !== 'copy') return;
          const { partial, named } = withoutPersonal(state);
          if (named) seen.signedIn++;
          else if (partial) seen.partial++;
          expect(start.start.partial === true).toBe(partial);
          // A guest's menu page paints at once; another page, or any page of a signed-in shopper, reads the log first.
          expect(start.readFirst).toBe(named);
          const elsewhere = readVisitStart(storage, 'c1', 'v1', false);
          expect(elsewhere.kind === 'copy' && elsewhere.readFirst).toBe(partial);
        },
      ),
      { numRuns: 40 },
    );
    // The property met both kinds of shopper.
    expect(seen.partial).toBeGreaterThan(0);
    expect(seen.signedIn).toBeGreaterThan(0);
  });

  it('events kept for want of a database are written again without them the moment the database holds them', async () => {
    const storage = new MemoryStorage();
    const doc = { seq: '000000000004', id: 'e4', type: 'GuestDetailsSaved', v: 1, at: '2026-12-02T15:00:00.000Z', data: { guest: { firstName: 'Ada' } } };
    let unsaved = [doc];
    const src = source(withCatalog(initialState, 4), (s) => ({ state: s, savedSeq: 4 - unsaved.length, savedId: 'e3', unsaved }));
    const keeper = keepPaintCopy(src, storage, 'c1', 'v1');
    await keeper.write();
    expect(storage.getItem('countertop.paint.c1')).toContain('Ada');
    // The database took them: the next state (the attach's) rewrites the copy within the task, not a second later.
    unsaved = [];
    src.state$.next(withCatalog(initialState, 4));
    await new Promise((resolve) => setImmediate(resolve));
    expect(storage.getItem('countertop.paint.c1')).not.toContain('Ada');
    keeper.stop();
  });
});
