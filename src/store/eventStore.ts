// The log and its fold. `state$` is maintained incrementally: an appended event costs one reducer step. On attaching
// the database it subscribes to inserts first, then reads the snapshot and the stored log, then applies whatever
// arrived meanwhile (RxDB change streams only carry what happens after subscribing). Other tabs' appends arrive through
// the same stream; a gap in sequence numbers is filled from the database, so every tab folds the same log in the same
// order.
//
// The browser's first page goes without the database (RxDB and Dexie load after it): the store starts from a first
// visit's empty state or from the state the last visit saved for painting (./paintSnapshot), folds appends at once,
// and writes them when the database is attached. If the database then holds more than that start (another tab, a
// stale copy), the state is read from the database and the events folded before are appended after it, as an append
// that meets another tab's event at its position is today. `saved()` waits until everything folded is written: an
// order is sent only after its attempt is in the database.
import * as E from 'fp-ts/lib/Either.js';
import type { Observable } from 'rxjs';
import type { DomainEvent, EventDraft } from '../events/catalogue';
import type { ReduceContext } from '../events/context';
import { validateDraft } from '../events/envelope';
import type { State } from '../events/state';
import { attachWhenThere, detach } from './attachLog';
import type { CatalogRepository } from './catalogRepository';
import type { LogDatabase } from './database';
import { seqKey, type StoredEvent } from './logTypes';
import {
  appendOne,
  catchUp,
  compaction,
  newStoreLog,
  point,
  serially,
  storedAfter,
  writeSnapshot,
  type AttachedDatabase,
  type EventStoreOptions,
  type PaintPoint,
  type StartPoint,
  type StartStats,
  type StoreLog,
} from './storeLog';

export { STORAGE_FAILED_WARNING, type AttachedDatabase, type EventStoreOptions, type PaintPoint, type StartPoint, type StartStats } from './storeLog';

export interface EventStore {
  readonly state$: Observable<State>;
  getState(): State;
  readonly catalogs: CatalogRepository;
  readonly context: ReduceContext;
  /** How the database was read when attached (zeros before). */
  readonly started: StartStats;
  /** Validates and appends events in order; resolves once they are folded into the state. */
  append(drafts: EventDraft | readonly EventDraft[]): Promise<E.Either<string[], readonly DomainEvent[]>>;
  /** Resolves once every event folded so far is in the database (or the log goes on in memory, see storageProblem$). */
  saved(): Promise<void>;
  /**
   * Where the next visit can start from now (while attaching, where it stood before); null once writes failed and on a
   * database in memory.
   */
  paintPoint(): PaintPoint | null;
  /** Appends already-validated events as they were exported (keeping their order), then folds them. */
  importEvents(
    events: readonly { readonly id: string; readonly type: string; readonly v: number; readonly at: string; readonly data: unknown }[],
  ): Promise<number>;
  /** The stored log as written (for exports), in order. */
  storedEvents(afterSeq?: number): Promise<StoredEvent[]>;
  /** Writes a snapshot of the current state now; resolves once the events before it are archived (./archive). */
  snapshot(): Promise<void>;
  /**
   * The page is being kept for Back (pagehide, persisted): stop hearing other tabs now and close the database once what
   * is being written is written. Appends go on in memory, as before the database first came. False when there is no
   * database to let go (not there yet, in memory, or failing): nothing to bring back then.
   */
  letGo(): boolean;
  /**
   * The page is shown again (pageshow, persisted): attach `database` as at start-up, so what other tabs appended
   * meanwhile is read, and what was appended here meanwhile is written after it.
   */
  comeBack(database: Promise<AttachedDatabase>): Promise<void>;
  /**
   * What the shopper must hear about storage, once: the log lives in memory because IndexedDB is unavailable, or a
   * write failed after start-up (a full disk, storage taken away) and the log goes on in memory for the rest of the
   * visit, nothing already saved lost. Null while all is well.
   */
  readonly storageProblem$: Observable<string | null>;
  close(): Promise<void>;
}

/** Opens the log on a database at hand (Node, tests, a browser that must read it first): resolves once it is read. */
export async function openEventStore(db: LogDatabase, options: EventStoreOptions): Promise<EventStore> {
  const store = openEventStoreLater(Promise.resolve({ db, warning: null }), options, null);
  await store.attached;
  return store;
}

/**
 * Opens the log at once from `start` (null: a first visit's empty log) and attaches `database` when it arrives.
 * `attached` resolves once it is (or once it failed to arrive and the log went on in memory).
 */
export function openEventStoreLater(
  database: Promise<AttachedDatabase>,
  options: EventStoreOptions,
  start: StartPoint | null,
): EventStore & { readonly attached: Promise<void> } {
  const log = newStoreLog(options, start);
  const attached = attachWhenThere(log, database);
  return {
    attached,
    state$: log.subject.asObservable(),
    // What the page has been shown (during an attach, the state before it).
    getState: () => log.subject.getValue(),
    catalogs: log.catalogs,
    context: log.context,
    get started() {
      return log.started;
    },
    append: (input) => append(log, input),
    saved: () => attached.then(() => serially(log, async () => undefined)),
    paintPoint: () => paintPoint(log),
    importEvents: async (events) => {
      await attached;
      return serially(log, () => importEvents(log, events));
    },
    storedEvents: async (afterSeq = 0) => {
      await attached;
      return serially(log, async () => [...(await storedAfter(log, afterSeq)), ...log.unsaved.filter((doc) => Number(doc.seq) > afterSeq)]);
    },
    snapshot: () => serially(log, () => writeSnapshot(log)).then(() => compaction(log)),
    letGo: () => letGo(log),
    comeBack: (arriving) => attachWhenThere(log, arriving),
    storageProblem$: log.storageProblem.asObservable(),
    close: () => close(log),
  };
}

/** Validates every draft first (none is appended when one is invalid), then appends them in order. */
function append(log: StoreLog, input: EventDraft | readonly EventDraft[]): Promise<E.Either<string[], readonly DomainEvent[]>> {
  const drafts = (Array.isArray(input) ? input : [input]) as readonly EventDraft[];
  const problems: string[] = [];
  const valid: EventDraft[] = [];
  for (const draft of drafts) {
    const checked = validateDraft(draft);
    if (E.isLeft(checked)) problems.push(...checked.left);
    else valid.push(checked.right);
  }
  if (problems.length > 0) return Promise.resolve(E.left(problems));
  return serially(log, async () => {
    const events: DomainEvent[] = [];
    for (const draft of valid) {
      const event = await appendOne(log, draft);
      if (event) events.push(event);
    }
    return E.right(events);
  });
}

/** Where the next visit can start from now: see EventStore.paintPoint. */
function paintPoint(log: StoreLog): PaintPoint | null {
  if (log.attaching) return log.beforeAttach;
  if (log.writesFailed || log.volatile) return null;
  if (log.db === null) return point(log, { state: log.state, savedSeq: log.base.seq, savedId: log.base.id, unsaved: [...log.unsaved] });
  return { state: log.state, savedSeq: log.state.log.lastSeq, savedId: log.lastId, unsaved: [] };
}

/** Writes exported events after the log's end, in one insert, then folds them. */
async function importEvents(log: StoreLog, events: Parameters<EventStore['importEvents']>[0]): Promise<number> {
  if (log.db === null) throw new Error('import failed: the log has no database');
  const first = log.state.log.lastSeq + 1;
  const docs = events.map((e, i): StoredEvent => ({
    seq: seqKey(first + i),
    id: e.id,
    type: e.type,
    v: e.v,
    at: e.at,
    data: e.data as Record<string, unknown>,
  }));
  const result = await log.db.events.bulkInsert(docs);
  if (result.error.length > 0) throw new Error(`import failed at ${result.error[0]!.documentId}: ${result.error[0]!.status}`);
  await catchUp(log);
  return docs.length;
}

/** The page is kept for Back: see EventStore.letGo. */
function letGo(log: StoreLog): boolean {
  const from = log.current;
  if (log.closed || from === null || log.volatile || log.writesFailed || from.quiet === undefined) return false;
  from.quiet();
  void serially(log, () => detach(log));
  return true;
}

async function close(log: StoreLog): Promise<void> {
  log.closed = true;
  log.subscription?.unsubscribe();
  await log.queue;
  await log.compaction;
  log.subject.complete();
}
