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
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import type { DomainEvent, EventDraft } from '../events/catalogue';
import type { ReduceContext } from '../events/context';
import { decodeEvent, validateDraft } from '../events/envelope';
import { foldMemo } from '../events/foldMemo';
import { reduce, skip } from '../events/reduce';
import { initialState, STATE_VERSION, type State } from '../events/state';
import { catalogRepository, type CatalogRepository } from './catalogRepository';
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
  /** Writes a snapshot of the current state now. */
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

/** A snapshot's key: the fold that wrote it (its sequence number is in it, `seq`). */
const snapshotId = (foldVersion: string) => `fold:${foldVersion}`;

/** Said once a write fails after start-up: the bag keeps working, and the shopper knows a reload would lose it. */
export const STORAGE_FAILED_WARNING =
  'This device has stopped letting us save your bag. It keeps working, but it will be lost if you reload or close this tab.';

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
  const catalogs = catalogRepository(null);
  const context: ReduceContext = { catalog: catalogs.get, memo: foldMemo() };
  const snapshotEvery = options.snapshotEvery ?? 500;
  const snapshotKey = snapshotId(options.foldVersion ?? options.appVersion);
  const usable = start !== null && (start.catalog === null || catalogs.seed(start.catalog.hash, start.catalog.text));
  /** Where the database's part of the log ended when the store last went without it (at start, or when letting go). */
  let base: { seq: number; id: string | null } = usable ? { seq: start.savedSeq, id: start.savedId } : { seq: 0, id: null };
  let state: State = usable ? start.state : initialState;
  let lastId: string | null = usable ? (start.unsaved.at(-1)?.id ?? start.savedId) : null;
  /** The state started from lacks personal details: attaching rebuilds it from the database. */
  let partial = usable && start.partial === true;
  const named = usable && start.named === true;
  const point = (from: Omit<PaintPoint, 'partial' | 'named'>): PaintPoint =>
    partial ? { ...from, partial: true, ...(named ? { named: true as const } : {}) } : from;
  let db: LogDatabase | null = null;
  /** The database attached last (or being attached), to be let go of when the page is kept for Back. */
  let current: AttachedDatabase | null = null;
  let attaching = false;
  /** While attaching: where the store stood before (see attach). */
  let beforeAttach: PaintPoint | null = null;
  /** Attached to a database that lives only as long as the tab (no IndexedDB): nothing to start a next visit from. */
  let volatile = false;
  let sinceSnapshot = 0;
  let closed = false;
  let started: StartStats = { fromSnapshot: false, replayed: 0, millis: 0 };
  const subject = new BehaviorSubject<State>(state);

  // Events folded but not in the database: before it is attached, and after a write failed (the rest of the visit's
  // log, kept in memory and in exports).
  let unsaved: StoredEvent[] = usable ? [...start.unsaved] : [];
  let writesFailed = false;
  const storageProblem = new BehaviorSubject<string | null>(null);

  // Serialises every change to `state` (appends, attaching, other tabs' inserts, gap fills) so events apply in seq order.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Applies stored events in order; needs `catalogs` loaded for any CatalogLoaded it meets. */
  async function applyStored(docs: readonly StoredEvent[]): Promise<DomainEvent[]> {
    const applied: DomainEvent[] = [];
    for (const doc of docs) {
      const seq = Number(doc.seq);
      if (seq <= state.log.lastSeq) continue;
      lastId = doc.id;
      const decoded = decodeEvent(doc, seq);
      if (E.isLeft(decoded)) {
        state = skip(state, 'invalid', seq);
        continue;
      }
      if (decoded.right.kind === 'skipped') {
        state = skip(state, decoded.right.type, seq);
        continue;
      }
      const event = decoded.right.event;
      if (event.type === 'CatalogLoaded' && !catalogs.get(event.data.hash)) await catalogs.load(event.data.hash);
      state = reduce(state, event, context);
      applied.push(event);
    }
    return applied;
  }

  function publish(count: number): void {
    if (count === 0) return;
    // While attaching, the state may be rebuilt from the database and this page's events appended after it: the page
    // sees the result once, not a state without them in between.
    if (!attaching) subject.next(state);
    sinceSnapshot += count;
    if (db !== null && snapshotEvery > 0 && sinceSnapshot >= snapshotEvery) {
      sinceSnapshot = 0;
      void writeSnapshot().catch(() => undefined);
    }
  }

  async function storedAfter(seq: number): Promise<StoredEvent[]> {
    if (db === null) return [];
    const docs = await db.events.find({ selector: { seq: { $gt: seqKey(seq) } }, sort: [{ seq: 'asc' }] }).exec();
    return docs.map((doc) => doc.toMutableJSON() as StoredEvent);
  }

  /** Reads and applies everything stored after the state's position (other tabs' events, gaps). */
  async function catchUp(): Promise<void> {
    const before = state.log.lastSeq;
    await applyStored(await storedAfter(before));
    publish(state.log.lastSeq - before);
  }

  async function writeSnapshot(): Promise<void> {
    // A snapshot past events the database does not hold would be a state no replay of it could reach.
    if (closed || db === null || writesFailed || unsaved.length > 0) return;
    const from = db;
    await from.snapshots.upsert({
      id: snapshotKey,
      seq: state.log.lastSeq,
      stateVersion: STATE_VERSION,
      appVersion: options.appVersion,
      state: JSON.stringify(state),
    });
    // One snapshot per device: those of other folds (earlier releases) are never read again.
    const others = await from.snapshots.find({ selector: { id: { $ne: snapshotKey } } }).exec();
    if (others.length > 0) await from.snapshots.bulkRemove(others.map((doc) => doc.id));
  }

  /**
   * Reads the database from zero: its snapshot when written by this fold, then the log after it. Answers
   * whether the snapshot was used and how many events the state held before the log was folded onto it.
   */
  async function readDatabase(from: LogDatabase): Promise<{ readonly fromSnapshot: boolean; readonly eventsBefore: number }> {
    state = initialState;
    lastId = null;
    let fromSnapshot = false;
    const snapshot = await from.snapshots.findOne(snapshotKey).exec();
    if (snapshot && snapshot.stateVersion === STATE_VERSION) {
      const restored = JSON.parse(snapshot.state) as State;
      if (restored.catalog.hash === null || (await catalogs.load(restored.catalog.hash))) {
        const last = restored.log.lastSeq === 0 ? null : await from.events.findOne(seqKey(restored.log.lastSeq)).exec();
        if (restored.log.lastSeq === 0 || last) {
          state = restored;
          lastId = last?.id ?? null;
          fromSnapshot = true;
        }
      }
    }
    const eventsBefore = state.log.events;
    await applyStored(await storedAfter(state.log.lastSeq));
    return { fromSnapshot, eventsBefore };
  }

  /** True when the database holds exactly what this store started from, and nothing after it. */
  async function continuesFromStart(from: LogDatabase): Promise<boolean> {
    if (base.seq > 0) {
      const at = await from.events.findOne(seqKey(base.seq)).exec();
      if (at?.id !== base.id) return false;
    }
    const after = await from.events.find({ selector: { seq: { $gt: seqKey(base.seq) } }, sort: [{ seq: 'asc' }], limit: 1 }).exec();
    return after.length === 0;
  }

  /** Writes one folded event at its position: 'conflict' when another tab's event is there. */
  async function write(doc: StoredEvent): Promise<'written' | 'conflict' | 'failed'> {
    try {
      await db!.events.insert(doc);
      return 'written';
    } catch (error) {
      if ((error as { code?: string }).code === 'CONFLICT') return 'conflict';
      // The database stopped taking writes: say so once, and go on in memory.
      console.warn('countertop: the log could not be saved; keeping it in memory from here:', error);
      writesFailed = true;
      storageProblem.next(STORAGE_FAILED_WARNING);
      return 'failed';
    }
  }

  /** Appends a validated event (a draft, or one folded before the database was attached). */
  async function appendOne(draft: EventDraft | StoredEvent): Promise<DomainEvent | undefined> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const seq = state.log.lastSeq + 1;
      const doc: StoredEvent = { seq: seqKey(seq), id: draft.id, type: draft.type, v: draft.v!, at: draft.at, data: draft.data as Record<string, unknown> };
      if (db !== null && !writesFailed && (await write(doc)) === 'conflict') {
        // Another tab took this position: fold what it wrote, then try the next one.
        await catchUp();
        continue;
      }
      // Not attached yet, or writes failed: folded now, kept until it can be written (or for the export).
      if (db === null || writesFailed) unsaved.push(doc);
      const before = state.log.lastSeq;
      const [event] = await applyStored([doc]);
      publish(state.log.lastSeq - before);
      return event;
    }
    throw new Error('could not append: the log kept moving under this tab');
  }

  // Inserts another tab made: collected while attaching, folded in order afterwards.
  const arrivals: StoredEvent[] = [];
  let live = false;
  let subscription: Subscription | null = null;

  async function attach(from: AttachedDatabase): Promise<void> {
    const startedAt = performance.now();
    if (closed) return;
    const first = current === null;
    current = from;
    // Until the attach is over, the next visit starts where this store stood before it: a page left while the
    // events folded so far are being written carries them all (those already written are recognised then).
    beforeAttach = writesFailed ? null : point({ state, savedSeq: base.seq, savedId: base.id, unsaved: [...unsaved] });
    attaching = true;
    // 1. Subscribe first, so nothing appended while we read is missed.
    subscription = from.db.events.insert$.subscribe((change) => {
      const doc = change.documentData as unknown as StoredEvent;
      if (!live) {
        arrivals.push(doc);
        return;
      }
      if (Number(doc.seq) <= state.log.lastSeq) return; // our own append, already folded
      void serially(catchUp);
    });
    await catalogs.attach(from.db);
    db = from.db;
    let read = { fromSnapshot: false, eventsBefore: state.log.events };
    const folded = unsaved;
    unsaved = [];
    if (state.log.lastSeq === 0) {
      // 2. Nothing folded yet: start from the database's snapshot, then fold the rest of the log.
      read = await readDatabase(from.db);
    } else if (!partial && (await continuesFromStart(from.db))) {
      // 2. The database is where this store started: write what was folded since, in order.
      let written = 0;
      let outcome: 'written' | 'conflict' | 'failed' = 'written';
      while (written < folded.length && (outcome = await write(folded[written]!)) === 'written') written++;
      if (outcome === 'conflict') {
        // Another tab wrote at the same moment: read its log, then append the rest after it.
        read = await readDatabase(from.db);
        for (const doc of folded.slice(written)) await appendOne(doc);
      } else if (outcome === 'failed') unsaved = folded.slice(written);
    } else {
      // 2. The database holds more (another tab, a start older than the log, or the first of these very events, written
      // by a visit left while it wrote them), or the start left personal details out: its log wins, ours follows it,
      // each event once.
      const stored = new Set((await storedAfter(base.seq)).map((doc) => doc.id));
      read = await readDatabase(from.db);
      for (const doc of folded) if (!stored.has(doc.id)) await appendOne(doc);
    }
    partial = false;
    // 3. Whatever arrived while reading: apply what is newer (a gap means more was written; read it all).
    live = true;
    if (arrivals.some((doc) => Number(doc.seq) > state.log.lastSeq)) await applyStored(await storedAfter(state.log.lastSeq));
    arrivals.length = 0;
    subject.next(state);
    if (from.warning !== null) {
      volatile = true;
      storageProblem.next(from.warning);
    }
    attaching = false;
    if (first) started = { fromSnapshot: read.fromSnapshot, replayed: state.log.events - read.eventsBefore, millis: performance.now() - startedAt };
  }

  /** Goes on without the database from here, as before it first came: appends are folded and kept to be written. */
  async function detach(): Promise<void> {
    if (db === null || writesFailed) return;
    const from = db;
    subscription?.unsubscribe();
    subscription = null;
    live = false;
    db = null;
    catalogs.detach();
    base = { seq: state.log.lastSeq, id: lastId };
    await from.close();
  }

  /** Attaches, or on any failure goes on in memory from the state it had (nothing folded is lost). */
  async function attachOrStay(from: AttachedDatabase): Promise<void> {
    const before = { state, lastId, unsaved };
    try {
      await attach(from);
    } catch (error) {
      console.warn('countertop: the log could not be read; keeping it in memory:', error);
      ({ state, lastId, unsaved } = before);
      db = null;
      attaching = false;
      writesFailed = true;
      subject.next(state);
      storageProblem.next(STORAGE_FAILED_WARNING);
    }
  }

  const attachWhenThere = (arriving: Promise<AttachedDatabase>): Promise<void> =>
    arriving.then(
      (from) => serially(() => attachOrStay(from)),
      (error: unknown) =>
        serially(async () => {
          // No database at all (its code could not load): the visit goes on in memory, and the shopper is told.
          console.warn('countertop: the log could not be opened; keeping it in memory:', error);
          writesFailed = true;
          storageProblem.next(STORAGE_FAILED_WARNING);
        }),
    );
  const attached = attachWhenThere(database);

  return {
    attached,
    state$: subject.asObservable(),
    // What the page has been shown (during an attach, the state before it).
    getState: () => subject.getValue(),
    catalogs,
    context,
    get started() {
      return started;
    },
    append(input) {
      const drafts = (Array.isArray(input) ? input : [input]) as readonly EventDraft[];
      const problems: string[] = [];
      const valid: EventDraft[] = [];
      for (const draft of drafts) {
        const checked = validateDraft(draft);
        if (E.isLeft(checked)) problems.push(...checked.left);
        else valid.push(checked.right);
      }
      if (problems.length > 0) return Promise.resolve(E.left(problems));
      return serially(async () => {
        const events: DomainEvent[] = [];
        for (const draft of valid) {
          const event = await appendOne(draft);
          if (event) events.push(event);
        }
        return E.right(events);
      });
    },
    saved: () => attached.then(() => serially(async () => undefined)),
    paintPoint() {
      if (attaching) return beforeAttach;
      if (writesFailed || volatile) return null;
      if (db === null) return point({ state, savedSeq: base.seq, savedId: base.id, unsaved: [...unsaved] });
      return { state, savedSeq: state.log.lastSeq, savedId: lastId, unsaved: [] };
    },
    async importEvents(events) {
      await attached;
      return serially(async () => {
        if (db === null) throw new Error('import failed: the log has no database');
        const first = state.log.lastSeq + 1;
        const docs = events.map((e, i): StoredEvent => ({
          seq: seqKey(first + i),
          id: e.id,
          type: e.type,
          v: e.v,
          at: e.at,
          data: e.data as Record<string, unknown>,
        }));
        const result = await db.events.bulkInsert(docs);
        if (result.error.length > 0) throw new Error(`import failed at ${result.error[0]!.documentId}: ${result.error[0]!.status}`);
        await catchUp();
        return docs.length;
      });
    },
    storedEvents: async (afterSeq = 0) => {
      await attached;
      return serially(async () => [...(await storedAfter(afterSeq)), ...unsaved.filter((doc) => Number(doc.seq) > afterSeq)]);
    },
    snapshot: () => serially(writeSnapshot),
    letGo() {
      const from = current;
      if (closed || from === null || volatile || writesFailed || from.quiet === undefined) return false;
      from.quiet();
      void serially(detach);
      return true;
    },
    comeBack: attachWhenThere,
    storageProblem$: storageProblem.asObservable(),
    async close() {
      closed = true;
      subscription?.unsubscribe();
      await queue;
      subject.complete();
    },
  };
}
