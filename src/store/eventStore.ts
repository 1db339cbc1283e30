// The log and its fold. `state$` is maintained incrementally: an appended event costs one reducer step. On open it
// subscribes to inserts first, then reads the snapshot and the stored log, then applies whatever arrived meanwhile
// (RxDB change streams only carry what happens after subscribing). Other tabs' appends arrive through the same
// stream; a gap in sequence numbers is filled from the database, so every tab folds the same log in the same order.
import * as E from 'fp-ts/lib/Either.js';
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import type { DomainEvent, EventDraft } from '../events/catalogue';
import type { ReduceContext } from '../events/context';
import { decodeEvent, validateDraft } from '../events/envelope';
import { reduce, skip } from '../events/reduce';
import { initialState, STATE_VERSION, type State } from '../events/state';
import { catalogRepository, type CatalogRepository } from './catalogRepository';
import { seqKey, type LogDatabase, type StoredEvent } from './database';

export interface EventStoreOptions {
  /** Snapshots are only trusted when written by the same app version (reducers may change between versions). */
  readonly appVersion: string;
  /** Write a state snapshot every this many events (0: never automatically). */
  readonly snapshotEvery?: number;
}

export interface StartStats {
  readonly fromSnapshot: boolean;
  /** Events folded at start-up (after the snapshot, if any). */
  readonly replayed: number;
  readonly millis: number;
}

export interface EventStore {
  readonly state$: Observable<State>;
  getState(): State;
  readonly catalogs: CatalogRepository;
  readonly context: ReduceContext;
  readonly started: StartStats;
  /** Validates and appends events in order; resolves once they are folded into the state. */
  append(drafts: EventDraft | readonly EventDraft[]): Promise<E.Either<string[], readonly DomainEvent[]>>;
  /** Appends already-validated events as they were exported (keeping their order), then folds them. */
  importEvents(
    events: readonly { readonly id: string; readonly type: string; readonly v: number; readonly at: string; readonly data: unknown }[],
  ): Promise<number>;
  /** The stored log as written (for exports), in order. */
  storedEvents(afterSeq?: number): Promise<StoredEvent[]>;
  /** Writes a snapshot of the current state now. */
  snapshot(): Promise<void>;
  /**
   * Null while the log is saved; the shopper's message once a write failed after start-up (a full disk, storage
   * taken away). The log then goes on in memory for the rest of the visit, and nothing already saved is lost.
   */
  readonly storageProblem$: Observable<string | null>;
  close(): Promise<void>;
}

const SNAPSHOT_ID = 'latest';

/** Said once a write fails after start-up: the bag keeps working, and the shopper knows a reload would lose it. */
export const STORAGE_FAILED_WARNING =
  'This device has stopped letting us save your bag. It keeps working, but it will be lost if you reload or close this tab.';

export async function openEventStore(db: LogDatabase, options: EventStoreOptions): Promise<EventStore> {
  const startedAt = performance.now();
  const catalogs = catalogRepository(db);
  const context: ReduceContext = { catalog: catalogs.get };
  const snapshotEvery = options.snapshotEvery ?? 500;
  let state: State = initialState;
  let sinceSnapshot = 0;
  let closed = false;
  const subject = new BehaviorSubject<State>(state);

  // Events appended after a write failed: the rest of the visit's log, kept in memory (and in exports).
  const unsaved: StoredEvent[] = [];
  const storageProblem = new BehaviorSubject<string | null>(null);

  // Serialises every change to `state` (appends, other tabs' inserts, gap fills) so events apply in seq order.
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
    subject.next(state);
    sinceSnapshot += count;
    if (snapshotEvery > 0 && sinceSnapshot >= snapshotEvery) {
      sinceSnapshot = 0;
      void writeSnapshot().catch(() => undefined);
    }
  }

  async function storedAfter(seq: number): Promise<StoredEvent[]> {
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
    if (closed || storageProblem.getValue() !== null) return;
    await db.snapshots.upsert({
      id: SNAPSHOT_ID,
      seq: state.log.lastSeq,
      stateVersion: STATE_VERSION,
      appVersion: options.appVersion,
      state: JSON.stringify(state),
    });
  }

  // 1. Subscribe first, so nothing appended while we read is missed.
  const arrivals: StoredEvent[] = [];
  let live = false;
  const subscription: Subscription = db.events.insert$.subscribe((change) => {
    const doc = change.documentData as unknown as StoredEvent;
    if (!live) {
      arrivals.push(doc);
      return;
    }
    if (Number(doc.seq) <= state.log.lastSeq) return; // our own append, already folded
    void serially(catchUp);
  });

  // 2. Start from the snapshot when it was written by this app version, then fold the rest of the log.
  let fromSnapshot = false;
  const snapshot = await db.snapshots.findOne(SNAPSHOT_ID).exec();
  if (snapshot && snapshot.stateVersion === STATE_VERSION && snapshot.appVersion === options.appVersion) {
    const restored = JSON.parse(snapshot.state) as State;
    if (restored.catalog.hash === null || (await catalogs.load(restored.catalog.hash))) {
      state = restored;
      fromSnapshot = true;
    }
  }
  const eventsInSnapshot = state.log.events;
  await applyStored(await storedAfter(state.log.lastSeq));
  // 3. Whatever arrived while reading: apply what is newer (a gap means more was written; read it all).
  live = true;
  if (arrivals.some((doc) => Number(doc.seq) > state.log.lastSeq)) await applyStored(await storedAfter(state.log.lastSeq));
  subject.next(state);
  const started: StartStats = { fromSnapshot, replayed: state.log.events - eventsInSnapshot, millis: performance.now() - startedAt };

  async function appendOne(draft: EventDraft): Promise<DomainEvent | undefined> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const seq = state.log.lastSeq + 1;
      const doc: StoredEvent = { seq: seqKey(seq), id: draft.id, type: draft.type, v: draft.v!, at: draft.at, data: draft.data as Record<string, unknown> };
      if (storageProblem.getValue() === null) {
        try {
          await db.events.insert(doc);
        } catch (error) {
          // Another tab took this position: fold what it wrote, then try the next one.
          if ((error as { code?: string }).code === 'CONFLICT') {
            await catchUp();
            continue;
          }
          // The database stopped taking writes: say so once, and go on in memory.
          console.warn('countertop: the log could not be saved; keeping it in memory from here:', error);
          storageProblem.next(STORAGE_FAILED_WARNING);
        }
      }
      if (storageProblem.getValue() !== null) unsaved.push(doc);
      const before = state.log.lastSeq;
      const [event] = await applyStored([doc]);
      publish(state.log.lastSeq - before);
      return event;
    }
    throw new Error('could not append: the log kept moving under this tab');
  }

  return {
    state$: subject.asObservable(),
    getState: () => state,
    catalogs,
    context,
    started,
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
    importEvents(events) {
      return serially(async () => {
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
    storedEvents: async (afterSeq = 0) => [...(await storedAfter(afterSeq)), ...unsaved.filter((doc) => Number(doc.seq) > afterSeq)],
    snapshot: () => serially(writeSnapshot),
    storageProblem$: storageProblem.asObservable(),
    async close() {
      closed = true;
      subscription.unsubscribe();
      await queue;
      subject.complete();
    },
  };
}
