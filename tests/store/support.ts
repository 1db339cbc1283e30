// What the store tests share: databases and stores opened in a test are closed after it, newest first; the cafe's
// simulated log, appended and folded whole.
import * as E from 'fp-ts/lib/Either.js';
import { afterEach } from 'vitest';
import { simulateSession } from '../../cli/simulate/simulateSession';
import type { EventDraft } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import { decodeEvent } from '../../src/events/envelope';
import { fold } from '../../src/events/reduce';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import type { EventStore } from '../../src/store/eventStore';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';

const cafeJson = fixtureJson('cafe');
const cafe = fixtureCatalog('cafe');

type Closable = { close(): Promise<unknown> };

/**
 * Registers the closing. `keep` marks what a test opened and gives it back; `closingWithin` runs a piece of a test
 * (one run of a property) and closes what it kept, leaving the rest to the end of the test.
 */
export function closedAfterEach(): { keep: <S extends Closable>(item: S) => S; closingWithin: <T>(work: () => Promise<T>) => Promise<T> } {
  const closing: Closable[] = [];
  const closeKept = async () => {
    for (const item of closing.splice(0)) await item.close();
  };
  afterEach(closeKept);
  return {
    keep: (item) => {
      closing.unshift(item);
      return item;
    },
    async closingWithin(work) {
      const outer = closing.splice(0);
      try {
        return await work();
      } finally {
        await closeKept();
        closing.push(...outer);
      }
    },
  };
}

/** The cafe's simulated log for the store's properties: its drafts, appended as the app appends, and its whole fold. */
export const cafeLog = {
  /** A simulated session of `events` drafts at the cafe. */
  async drafts(events: number, seed: number): Promise<EventDraft[]> {
    const hash = await hashText(catalogText(cafeJson));
    return [...simulateSession({ catalog: cafe, hash, events, seed }).drafts];
  },
  /** Appends each draft, the cafe's catalog put first where the log loads it; a refused append fails the test. */
  async appendAll(store: EventStore, list: readonly EventDraft[]): Promise<void> {
    for (const d of list) {
      if (d.type === 'CatalogLoaded') await store.catalogs.put(cafeJson);
      const appended = await store.append(d);
      if (E.isLeft(appended)) throw new Error(appended.left.join('\n'));
    }
  },
  /** The whole log folded by the pure reducers, from nothing, as JSON. */
  async fullFold(list: readonly EventDraft[]): Promise<string> {
    const events = list.map((d, i) => {
      const decoded = decodeEvent(d, i + 1);
      if (E.isLeft(decoded) || decoded.right.kind !== 'event') throw new Error(`bad draft ${d.type}`);
      return decoded.right.event;
    });
    return JSON.stringify(fold(events, contextOf(new Map([[await hashText(catalogText(cafeJson)), cafe]]))));
  },
};
