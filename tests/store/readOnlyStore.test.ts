// The support console's store: a log already read, shown at any moment, refusing every write.
import * as E from 'fp-ts/lib/Either.js';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { contextOf } from '../../src/events/context';
import { draft } from '../../src/events/draft';
import { initialState, type State } from '../../src/events/state';
import { READ_ONLY, readOnlyStore } from '../../src/store/readOnlyStore';
import { fixtureCatalog } from '../support/fixtureCatalog';

describe('a read-only store of a log', () => {
  const catalog = fixtureCatalog('cafe');
  const setup = () => {
    const state$ = new BehaviorSubject<State>(initialState);
    return { state$, store: readOnlyStore(state$, contextOf(new Map([['sha256-cafe', catalog]]))) };
  };

  it('shows the moment its holder moves it to, through getState and state$', () => {
    const { state$, store } = setup();
    const seen: number[] = [];
    const subscription = store.state$.subscribe((state) => seen.push(state.log.lastSeq));
    const later: State = { ...initialState, log: { ...initialState.log, lastSeq: 7 } };
    state$.next(later);
    expect(store.getState()).toBe(later);
    expect(seen).toEqual([0, 7]);
    subscription.unsubscribe();
  });

  it("reads the log's catalogs and refuses to store another", async () => {
    const { store } = setup();
    expect(store.catalogs.get('sha256-cafe')).toBe(catalog);
    expect(store.catalogs.get('sha256-other')).toBeUndefined();
    expect(await store.catalogs.load('sha256-cafe')).toBe(true);
    expect(await store.catalogs.load('sha256-other')).toBe(false);
    expect(await store.catalogs.put({})).toEqual(E.left([READ_ONLY]));
  });

  it('appends nothing, stores nothing, and says it read no database', async () => {
    const { store } = setup();
    const appended = await store.append(draft('PageViewed', { path: '/' }, { id: 'e1', at: '2026-11-18T15:00:00.000Z' }));
    expect(appended).toEqual(E.left([READ_ONLY]));
    expect(store.getState()).toBe(initialState);
    expect(await store.storedEvents()).toEqual([]);
    expect(await store.importEvents([{ id: 'e1', type: 'PageViewed', v: 1, at: '2026-11-18T15:00:00.000Z', data: { path: '/' } }])).toBe(0);
    expect(store.started).toEqual({ fromSnapshot: false, replayed: 0, millis: 0 });
    expect(store.paintPoint()).toBeNull();
    expect(store.letGo()).toBe(false);
  });
});
