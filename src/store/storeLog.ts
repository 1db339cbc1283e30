// What an event store keeps between calls, and the parts that change it: the fold (stored events applied in order,
// published to the page, snapshots), the writes (an event at its position, another tab's at the same one), and the
// database it is attached to (attaching at start-up or when the page is shown again, letting go when it is kept for
// Back). eventStore.ts assembles them into the store the app and the tests open.
import * as E from 'fp-ts/lib/Either.js';
import { BehaviorSubject, type Subscription } from 'rxjs';
import type { DomainEvent, EventDraft } from '../events/catalogue';
import type { ReduceContext } from '../events/context';
import { decodeEvent } from '../events/envelope';
import { foldMemo } from '../events/foldMemo';
import { reduce, skip } from '../events/reduce';
import { initialState, STATE_VERSION, type State } from '../events/state';
import { ARCHIVE_CHUNK, compact, eventsAfter, purgeRemoved } from './archive';
import { catalogRepository, type AttachableCatalogs } from './catalogRepository';
import type { LogDatabase } from './database';
import { seqKey, type StoredEvent } from './logTypes';

export interface EventStoreOptions {
  /** The app version, written beside each snapshot. */
  readonly appVersion: string;
  /**
   * The version of the fold (the reducers and the rules they use, see FOLD_VERSION in vite.config.ts): a snapshot is
   * only trusted when written by the same fold, whatever the app's version, so a release that changes no reducer starts
   * from the last snapshot instead of folding the whole log. Short (a snapshot's key holds it). Default: `appVersion`.
   */
  readonly foldVersion?: string;
  /** Write a state snapshot every this many events (0: never automatically). */
  readonly snapshotEvery?: number;
  /** Events per chunk of the archive the events before a snapshot move to (./archive); default ARCHIVE_CHUNK. */
  readonly archiveChunk?: number;
}

export interface StartStats {
  readonly fromSnapshot: boolean;
  /** Events folded at start-up (after the snapshot, if any). */
  readonly replayed: number;
  readonly millis: number;
}

/** Where a visit can start: a state, where the database's part of it ends, and the events after that not in it yet. */
export interface PaintPoint {
  readonly state: State;
  /** The last event the database holds (0 and null for none): it must still hold that event there. */
  readonly savedSeq: number;
  readonly savedId: string | null;
  /** Folded into `state` after `savedSeq`, not written yet. */
  readonly unsaved: readonly StoredEvent[];
  /** `state` lacks the shopper's personal details (the copy leaves them out): the database's log has them. */
  readonly partial?: true;
  /** The state left out was a signed-in shopper's. */
  readonly named?: true;
}

/** Where a store opened before its database starts: a point saved by this app version, with its catalog. */
export interface StartPoint extends PaintPoint {
  readonly catalog: { readonly hash: string; readonly text: string } | null;
}

/** The database a store attaches to, and the warning to give when it is not the one hoped for (memory). */
export interface AttachedDatabase {
  readonly db: LogDatabase;
  readonly warning: string | null;
  /**
   * Stops hearing other tabs at once, in the task that calls it (a message from another tab evicts a page the browser
   * keeps for Back); the database is closed after it (see EventStore.letGo).
   */
  readonly quiet?: () => void;
}

/** Said once a write fails after start-up: the bag keeps working, and the shopper knows a reload would lose it. */
export const STORAGE_FAILED_WARNING =
  'This device has stopped letting us save your bag. It keeps working, but it will be lost if you reload or close this tab.';

/** Everything a store keeps; the functions of this file are its only writers. */
export interface StoreLog {
  readonly appVersion: string;
  readonly snapshotEvery: number;
  readonly archiveChunk: number;
  /** A snapshot's key: the fold that wrote it (its sequence number is in it, `seq`). */
  readonly snapshotKey: string;
  readonly catalogs: AttachableCatalogs;
  readonly context: ReduceContext;
  /** The state the page has been shown. */
  readonly subject: BehaviorSubject<State>;
  readonly storageProblem: BehaviorSubject<string | null>;
  state: State;
  lastId: string | null;
  sinceSnapshot: number;
  /**
   * Events folded but not in the database: before it is attached, and after a write failed (the rest of the visit's
   * log, kept in memory and in exports).
   */
  unsaved: StoredEvent[];
  writesFailed: boolean;
  /** Serialises every change to `state` (appends, attaching, other tabs' inserts, gap fills) so events apply in seq order. */
  queue: Promise<unknown>;
  closed: boolean;
  /** Where the database's part of the log ended when the store last went without it (at start, or when letting go). */
  base: { seq: number; id: string | null };
  /** The state started from lacks personal details: attaching rebuilds it from the database. */
  partial: boolean;
  readonly named: boolean;
  db: LogDatabase | null;
  /** The database attached last (or being attached), to be let go of when the page is kept for Back. */
  current: AttachedDatabase | null;
  attaching: boolean;
  /** While attaching: where the store stood before (see attach). */
  beforeAttach: PaintPoint | null;
  /** Attached to a database that lives only as long as the tab (no IndexedDB): nothing to start a next visit from. */
  volatile: boolean;
  started: StartStats;
  /** Inserts another tab made: collected while attaching, folded in order afterwards. */
  readonly arrivals: StoredEvent[];
  live: boolean;
  subscription: Subscription | null;
  /** The archiving of events before the last snapshot (./archive), while it runs: one at a time. */
  compaction: Promise<void> | null;
  /** The seq of the event this store is writing now: its insert is heard before the write returns, and is not news. */
  writing: string | null;
}

/** A store's log before any database: from `start` when its catalog is at hand, else a first visit's empty log. */
export function newStoreLog(options: EventStoreOptions, start: StartPoint | null): StoreLog {
  const catalogs = catalogRepository(null);
  const usable = start !== null && (start.catalog === null || catalogs.seed(start.catalog.hash, start.catalog.text));
  const state = usable ? start.state : initialState;
  return {
    appVersion: options.appVersion,
    snapshotEvery: options.snapshotEvery ?? 500,
    archiveChunk: options.archiveChunk ?? ARCHIVE_CHUNK,
    snapshotKey: `fold:${options.foldVersion ?? options.appVersion}`,
    catalogs,
    context: { catalog: catalogs.get, memo: foldMemo() },
    subject: new BehaviorSubject<State>(state),
    storageProblem: new BehaviorSubject<string | null>(null),
    state,
    lastId: usable ? (start.unsaved.at(-1)?.id ?? start.savedId) : null,
    sinceSnapshot: 0,
    unsaved: usable ? [...start.unsaved] : [],
    writesFailed: false,
    queue: Promise.resolve(),
    closed: false,
    base: usable ? { seq: start.savedSeq, id: start.savedId } : { seq: 0, id: null },
    partial: usable && start.partial === true,
    named: usable && start.named === true,
    db: null,
    current: null,
    attaching: false,
    beforeAttach: null,
    volatile: false,
    started: { fromSnapshot: false, replayed: 0, millis: 0 },
    arrivals: [],
    live: false,
    subscription: null,
    compaction: null,
    writing: null,
  };
}

/** Runs `work` after every change queued before it. */
export function serially<T>(log: StoreLog, work: () => Promise<T>): Promise<T> {
  const run = log.queue.then(work, work);
  log.queue = run.catch(() => undefined);
  return run;
}

/** A paint point, marked as lacking personal details while the state started from does. */
export function point(log: StoreLog, from: Omit<PaintPoint, 'partial' | 'named'>): PaintPoint {
  return log.partial ? { ...from, partial: true, ...(log.named ? { named: true as const } : {}) } : from;
}

/** Says once that storage failed, and goes on in memory. */
export function storageFailed(log: StoreLog): void {
  log.writesFailed = true;
  log.storageProblem.next(STORAGE_FAILED_WARNING);
}

/** Applies stored events in order; needs `catalogs` loaded for any CatalogLoaded it meets. */
export async function applyStored(log: StoreLog, docs: readonly StoredEvent[]): Promise<DomainEvent[]> {
  const applied: DomainEvent[] = [];
  for (const doc of docs) {
    const seq = Number(doc.seq);
    if (seq <= log.state.log.lastSeq) continue;
    log.lastId = doc.id;
    const decoded = decodeEvent(doc, seq);
    if (E.isLeft(decoded)) {
      log.state = skip(log.state, 'invalid', seq);
      continue;
    }
    if (decoded.right.kind === 'skipped') {
      log.state = skip(log.state, decoded.right.type, seq);
      continue;
    }
    const event = decoded.right.event;
    if (event.type === 'CatalogLoaded' && !log.catalogs.get(event.data.hash)) await log.catalogs.load(event.data.hash);
    log.state = reduce(log.state, event, log.context);
    applied.push(event);
  }
  return applied;
}

/** Shows the page what `count` new events made, and writes a snapshot every `snapshotEvery` of them. */
function publish(log: StoreLog, count: number): void {
  if (count === 0) return;
  // While attaching, the state may be rebuilt from the database and this page's events appended after it: the page
  // sees the result once, not a state without them in between.
  if (!log.attaching) log.subject.next(log.state);
  log.sinceSnapshot += count;
  if (log.db !== null && log.snapshotEvery > 0 && log.sinceSnapshot >= log.snapshotEvery) {
    log.sinceSnapshot = 0;
    void writeSnapshot(log)
      .then(() => compaction(log))
      .catch(() => undefined);
  }
}

/** The database's events after `seq`, in order, the archived ones included (none without a database). */
export async function storedAfter(log: StoreLog, seq: number): Promise<StoredEvent[]> {
  if (log.db === null) return [];
  return eventsAfter(log.db, seq);
}

/** Reads and applies everything stored after the state's position (other tabs' events, gaps). */
export async function catchUp(log: StoreLog): Promise<void> {
  const before = log.state.log.lastSeq;
  await applyStored(log, await storedAfter(log, before));
  publish(log, log.state.log.lastSeq - before);
}

/**
 * Writes the state as this fold's snapshot and removes other folds' (earlier releases', never read again), purged
 * from storage. The events before it are archived after (see compaction).
 */
export async function writeSnapshot(log: StoreLog): Promise<void> {
  // A snapshot past events the database does not hold would be a state no replay of it could reach.
  if (log.closed || log.db === null || log.writesFailed || log.unsaved.length > 0) return;
  const from = log.db;
  await from.snapshots.upsert({
    id: log.snapshotKey,
    seq: log.state.log.lastSeq,
    stateVersion: STATE_VERSION,
    appVersion: log.appVersion,
    state: JSON.stringify(log.state),
  });
  const others = await from.snapshots.find({ selector: { id: { $ne: log.snapshotKey } } }).exec();
  if (others.length > 0) {
    await from.snapshots.bulkRemove(others.map((doc) => doc.id));
    await purgeRemoved(from);
  }
}

/**
 * Archives the events before this fold's snapshot (./archive), outside the queue of changes (it changes no state; an
 * append goes on meanwhile), one chunk per task, stopping when the store lets go of its database or closes. Resolves
 * when done; one runs at a time (a second call joins it).
 */
export function compaction(log: StoreLog): Promise<void> {
  if (log.compaction !== null) return log.compaction;
  const db = log.db;
  if (db === null || log.closed) return Promise.resolve();
  const stopped = new Error('the store let go of its database');
  const pause = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (log.db !== db || log.closed) throw stopped;
  };
  log.compaction = (async () => {
    const snapshot = await db.snapshots.findOne(log.snapshotKey).exec();
    if (snapshot) await compact(db, snapshot.seq, { pause, chunk: log.archiveChunk });
  })()
    .catch((error: unknown) => {
      // Nothing is lost when archiving stops half-way: a chunk is written before its events leave, and read either way.
      if (error !== stopped && !log.closed && log.db === db) console.warn('countertop: archiving old events stopped:', error);
    })
    .finally(() => {
      log.compaction = null;
    });
  return log.compaction;
}

/** This fold's snapshot in `from`, when it can be started from: its catalog loads and its last event is still there. */
async function usableSnapshot(log: StoreLog, from: LogDatabase): Promise<{ readonly state: State; readonly lastId: string | null } | null> {
  const snapshot = await from.snapshots.findOne(log.snapshotKey).exec();
  if (!snapshot || snapshot.stateVersion !== STATE_VERSION) return null;
  const restored = JSON.parse(snapshot.state) as State;
  if (restored.catalog.hash !== null && !(await log.catalogs.load(restored.catalog.hash))) return null;
  const last = restored.log.lastSeq === 0 ? null : await from.events.findOne(seqKey(restored.log.lastSeq)).exec();
  if (restored.log.lastSeq !== 0 && !last) return null;
  return { state: restored, lastId: last?.id ?? null };
}

/**
 * Reads the database from zero: its snapshot when written by this fold, then the log after it. Answers
 * whether the snapshot was used and how many events the state held before the log was folded onto it.
 */
export async function readDatabase(log: StoreLog, from: LogDatabase): Promise<{ readonly fromSnapshot: boolean; readonly eventsBefore: number }> {
  log.state = initialState;
  log.lastId = null;
  const snapshot = await usableSnapshot(log, from);
  if (snapshot) ({ state: log.state, lastId: log.lastId } = snapshot);
  const eventsBefore = log.state.log.events;
  await applyStored(log, await storedAfter(log, log.state.log.lastSeq));
  return { fromSnapshot: snapshot !== null, eventsBefore };
}

/** Writes one folded event at its position: 'conflict' when another tab's event is there. */
export async function write(log: StoreLog, doc: StoredEvent): Promise<'written' | 'conflict' | 'failed'> {
  try {
    log.writing = doc.seq;
    await log.db!.events.insert(doc);
    return 'written';
  } catch (error) {
    if ((error as { code?: string }).code === 'CONFLICT') return 'conflict';
    // The database stopped taking writes: say so once, and go on in memory.
    console.warn('countertop: the log could not be saved; keeping it in memory from here:', error);
    storageFailed(log);
    return 'failed';
  } finally {
    log.writing = null;
  }
}

/** Appends a validated event (a draft, or one folded before the database was attached). */
export async function appendOne(log: StoreLog, draft: EventDraft | StoredEvent): Promise<DomainEvent | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const seq = log.state.log.lastSeq + 1;
    const doc: StoredEvent = { seq: seqKey(seq), id: draft.id, type: draft.type, v: draft.v!, at: draft.at, data: draft.data as Record<string, unknown> };
    if (log.db !== null && !log.writesFailed && (await write(log, doc)) === 'conflict') {
      // Another tab took this position: fold what it wrote, then try the next one.
      await catchUp(log);
      continue;
    }
    // Not attached yet, or writes failed: folded now, kept until it can be written (or for the export).
    if (log.db === null || log.writesFailed) log.unsaved.push(doc);
    const before = log.state.log.lastSeq;
    const [event] = await applyStored(log, [doc]);
    publish(log, log.state.log.lastSeq - before);
    return event;
  }
  throw new Error('could not append: the log kept moving under this tab');
}
