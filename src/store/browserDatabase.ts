// The browser's database: IndexedDB through Dexie, or memory when IndexedDB is unavailable (private modes, blocked
// storage), in which case the bag lives only as long as the tab and the shopper is told so.
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openDatabase, type LogDatabase } from './database';

export interface BrowserDatabase {
  readonly db: LogDatabase;
  /** Set when the fallback to memory storage happened. */
  readonly warning: string | null;
}

export const MEMORY_FALLBACK_WARNING = 'Your browser is not letting this page save your bag, so it will be lost if you close this tab.';

/** `pause` is awaited between the steps of opening (see OpenOptions.pause). */
export async function openBrowserDatabase(name: string, pause?: () => Promise<void>): Promise<BrowserDatabase> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
    const db = await openDatabase({ name, storage: getRxStorageDexie(), multiInstance: true, ...(pause ? { pause } : {}) });
    // Opening can succeed while writes fail (quota, blocked storage); one read proves the store answers.
    await db.snapshots.findOne('latest').exec();
    return { db, warning: null };
  } catch (error) {
    console.warn('countertop: IndexedDB unavailable, keeping the log in memory:', error);
    // Loaded only here: almost every browser never needs it.
    const { getRxStorageMemory } = await import('rxdb/plugins/storage-memory');
    const db = await openDatabase({ name: `${name}-memory`, storage: getRxStorageMemory(), multiInstance: false });
    return { db, warning: MEMORY_FALLBACK_WARNING };
  }
}
