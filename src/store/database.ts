// The RxDB database behind the log: events, content-addressed catalog snapshots, and state snapshots.
// Dexie (IndexedDB) in the browser, memory storage in Node; where IndexedDB is unavailable the browser falls back to
// memory with a warning instead of failing.
import { createRxDatabase, defaultCacheReplacementPolicyMonad, type RxCollection, type RxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb/plugins/core';

import { SEQ_WIDTH, type StoredCatalog, type StoredEvent, type StoredSnapshot } from './logTypes';

export { seqKey, type StoredCatalog, type StoredEvent, type StoredSnapshot } from './logTypes';

const eventSchema: RxJsonSchema<StoredEvent> = {
  version: 0,
  primaryKey: 'seq',
  type: 'object',
  properties: {
    seq: { type: 'string', maxLength: SEQ_WIDTH },
    id: { type: 'string' },
    type: { type: 'string' },
    v: { type: 'number' },
    at: { type: 'string' },
    data: { type: 'object' },
  },
  required: ['seq', 'id', 'type', 'v', 'at', 'data'],
};

const catalogSchema: RxJsonSchema<StoredCatalog> = {
  version: 0,
  primaryKey: 'hash',
  type: 'object',
  properties: { hash: { type: 'string', maxLength: 80 }, json: { type: 'string' }, storedAt: { type: 'string' } },
  required: ['hash', 'json', 'storedAt'],
};

const snapshotSchema: RxJsonSchema<StoredSnapshot> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    seq: { type: 'number' },
    stateVersion: { type: 'number' },
    appVersion: { type: 'string' },
    state: { type: 'string' },
  },
  required: ['id', 'seq', 'stateVersion', 'appVersion', 'state'],
};

export type LogCollections = {
  events: RxCollection<StoredEvent>;
  catalogs: RxCollection<StoredCatalog>;
  snapshots: RxCollection<StoredSnapshot>;
};
export type LogDatabase = RxDatabase<LogCollections>;

export interface OpenOptions {
  readonly name: string;
  readonly storage?: RxStorage<unknown, unknown>;
  /** Share changes between tabs (or between stores of one Node process) through a BroadcastChannel. */
  readonly multiInstance?: boolean;
  /** Tests only (needs RxDB dev-mode): open the same name twice in one process, as two tabs would. */
  readonly ignoreDuplicate?: boolean;
  /** The browser's one database per tab: opened again after the page came back from Back, it waits for the one let go of to close. */
  readonly closeDuplicates?: boolean;
  /**
   * Awaited before each collection is added: the browser yields to the page there (app/runtime/nextTask.ts), since
   * RxDB and Dexie otherwise set up the database and its three collections in one long task on a phone.
   */
  readonly pause?: () => Promise<void>;
}

/**
 * RxDB keeps its last hundred queries, each with the document objects it found, for a query asked again. The log asks
 * few queries twice, and some find thousands of documents (removing a chunk of archived events finds its thousand by
 * id): such a cache held megabytes for the rest of a visit. None is kept past the moment the page is idle.
 */
const keepNoQueries = defaultCacheReplacementPolicyMonad(0, 0);

export async function openDatabase(options: OpenOptions): Promise<LogDatabase> {
  const db = await createRxDatabase<LogCollections>({
    name: options.name,
    // Memory storage unless told otherwise (Node, tests); imported here so the browser's first page does without it.
    storage: options.storage ?? (await import('rxdb/plugins/storage-memory')).getRxStorageMemory(),
    multiInstance: options.multiInstance ?? false,
    eventReduce: true,
    ...(options.ignoreDuplicate ? { ignoreDuplicate: true } : {}),
    ...(options.closeDuplicates ? { closeDuplicates: true } : {}),
  });
  const pause = options.pause ?? (() => Promise.resolve());
  await pause();
  await db.addCollections({ events: { schema: eventSchema, cacheReplacementPolicy: keepNoQueries } });
  await pause();
  await db.addCollections({ catalogs: { schema: catalogSchema, cacheReplacementPolicy: keepNoQueries } });
  await pause();
  await db.addCollections({ snapshots: { schema: snapshotSchema, cacheReplacementPolicy: keepNoQueries } });
  return db;
}
