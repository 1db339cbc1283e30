// The browser's database: IndexedDB through Dexie, or memory when IndexedDB is unavailable (private modes, blocked
// storage), in which case the bag lives only as long as the tab and the shopper is told so.
import { BROADCAST_CHANNEL_BY_TOKEN } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openDatabase, type LogDatabase } from './database';

export interface BrowserDatabase {
  readonly db: LogDatabase;
  /** Set when the fallback to memory storage happened. */
  readonly warning: string | null;
  /** Closes the channel other tabs' changes arrive by, at once (Dexie closes its connections itself on pagehide). */
  readonly quiet?: () => void;
}

export const MEMORY_FALLBACK_WARNING = 'Your browser is not letting this page save your bag, so it will be lost if you close this tab.';

/** `pause` is awaited between the steps of opening (see OpenOptions.pause). */
export async function openBrowserDatabase(name: string, pause?: () => Promise<void>): Promise<BrowserDatabase> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
    const db = await openDatabase({ name, storage: getRxStorageDexie(), multiInstance: true, closeDuplicates: true, ...(pause ? { pause } : {}) });
    // Opening can succeed while writes fail (quota, blocked storage); one read proves the store answers.
    await db.snapshots.findOne('latest').exec();
    // RxDB's own close waits for the database to be idle, in later tasks: a page kept for Back is frozen before then,
    // and a message another tab sends on the open channel evicts it. Closing the channel twice is harmless. A write
    // still on its way when the page is put away would announce itself on the closed channel, which throws: from
    // then on the channel says nothing (the event is in the database all the same).
    const quiet = () => {
      const shared = BROADCAST_CHANNEL_BY_TOKEN.get(db.token);
      if (!shared) return;
      shared.bc.postMessage = () => Promise.resolve();
      void shared.bc.close();
    };
    return { db, warning: null, quiet };
  } catch (error) {
    console.warn('countertop: IndexedDB unavailable, keeping the log in memory:', error);
    // Loaded only here: almost every browser never needs it.
    const { getRxStorageMemory } = await import('rxdb/plugins/storage-memory');
    const db = await openDatabase({ name: `${name}-memory`, storage: getRxStorageMemory(), multiInstance: false });
    return { db, warning: MEMORY_FALLBACK_WARNING };
  }
}
