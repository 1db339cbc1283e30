// A store's log meets its database: subscribe to inserts first, then read the snapshot and the stored log (or write what
// was folded before, or both, whichever the database calls for), then apply whatever arrived meanwhile (RxDB change
// streams only carry what happens after subscribing). And the way back: letting go of the database while the page is
// kept for Back, and going on in memory when it cannot be had at all.
import type { LogDatabase } from './database';
import { seqKey, type StoredEvent } from './logTypes';
import {
  appendOne,
  applyStored,
  catchUp,
  point,
  readDatabase,
  serially,
  storageFailed,
  STORAGE_FAILED_WARNING,
  storedAfter,
  write,
  type AttachedDatabase,
  type StoreLog,
} from './storeLog';

/** How a database was read: from its snapshot or not, and how many events the state held before its log was folded. */
interface Read {
  readonly fromSnapshot: boolean;
  readonly eventsBefore: number;
}

/** Attaches `database` when it arrives (in the queue of changes), or goes on in memory when it never does. */
export function attachWhenThere(log: StoreLog, arriving: Promise<AttachedDatabase>): Promise<void> {
  return arriving.then(
    (from) => serially(log, () => attachOrStay(log, from)),
    (error: unknown) =>
      serially(log, async () => {
        // No database at all (its code could not load): the visit goes on in memory, and the shopper is told.
        console.warn('countertop: the log could not be opened; keeping it in memory:', error);
        storageFailed(log);
      }),
  );
}

/** Attaches, or on any failure goes on in memory from the state it had (nothing folded is lost). */
async function attachOrStay(log: StoreLog, from: AttachedDatabase): Promise<void> {
  const before = { state: log.state, lastId: log.lastId, unsaved: log.unsaved };
  try {
    await attach(log, from);
  } catch (error) {
    console.warn('countertop: the log could not be read; keeping it in memory:', error);
    ({ state: log.state, lastId: log.lastId, unsaved: log.unsaved } = before);
    log.db = null;
    log.attaching = false;
    log.writesFailed = true;
    log.subject.next(log.state);
    log.storageProblem.next(STORAGE_FAILED_WARNING);
  }
}

/** Subscribes, brings the log and the database together, applies what arrived meanwhile, and shows the page the result. */
async function attach(log: StoreLog, from: AttachedDatabase): Promise<void> {
  const startedAt = performance.now();
  if (log.closed) return;
  const first = log.current === null;
  log.current = from;
  // Until the attach is over, the next visit starts where this store stood before it: a page left while the
  // events folded so far are being written carries them all (those already written are recognised then).
  log.beforeAttach = log.writesFailed ? null : point(log, { state: log.state, savedSeq: log.base.seq, savedId: log.base.id, unsaved: [...log.unsaved] });
  log.attaching = true;
  // 1. Subscribe first, so nothing appended while we read is missed.
  listen(log, from.db);
  await log.catalogs.attach(from.db);
  log.db = from.db;
  // 2. The database and what was folded without it, made one log.
  const read = await reconcile(log, from.db);
  log.partial = false;
  // 3. Whatever arrived while reading: apply what is newer (a gap means more was written; read it all).
  log.live = true;
  if (log.arrivals.some((doc) => Number(doc.seq) > log.state.log.lastSeq)) await applyStored(log, await storedAfter(log, log.state.log.lastSeq));
  log.arrivals.length = 0;
  log.subject.next(log.state);
  if (from.warning !== null) {
    log.volatile = true;
    log.storageProblem.next(from.warning);
  }
  log.attaching = false;
  if (first) log.started = { fromSnapshot: read.fromSnapshot, replayed: log.state.log.events - read.eventsBefore, millis: performance.now() - startedAt };
}

/**
 * Other tabs' inserts: kept while attaching, then folded as they come (our own appends are folded already). Heard
 * through the collection's bulks of changes: RxDB's `insert$` maps each bulk through a module-level cache that is
 * never emptied, so every event written in a visit (and every chunk archived) stayed in memory for good.
 */
function listen(log: StoreLog, db: LogDatabase): void {
  log.subscription = db.events.eventBulks$.subscribe((bulk) => {
    for (const change of bulk.events) {
      if (change.operation !== 'INSERT') continue;
      const doc = change.documentData as unknown as StoredEvent;
      if (!log.live) {
        log.arrivals.push(doc);
        continue;
      }
      // Our own insert is heard while it is written, before it is folded: not another tab's, nothing to read.
      if (Number(doc.seq) <= log.state.log.lastSeq || doc.seq === log.writing) continue;
      void serially(log, () => catchUp(log));
      return;
    }
  });
}

/** Makes the database's log and the events folded without it one log, each event once, in the order it calls for. */
async function reconcile(log: StoreLog, db: LogDatabase): Promise<Read> {
  const unread: Read = { fromSnapshot: false, eventsBefore: log.state.log.events };
  const folded = log.unsaved;
  log.unsaved = [];
  // Nothing folded yet: start from the database's snapshot, then fold the rest of the log.
  if (log.state.log.lastSeq === 0) return readDatabase(log, db);
  // The database is where this store started: write what was folded since, in order.
  if (!log.partial && (await continuesFromStart(log, db))) return writeFolded(log, db, folded, unread);
  // The database holds more (another tab, a start older than the log, or the first of these very events, written by a
  // visit left while it wrote them), or the start left personal details out: its log wins, ours follows it, each event once.
  const stored = new Set((await storedAfter(log, log.base.seq)).map((doc) => doc.id));
  const read = await readDatabase(log, db);
  for (const doc of folded) if (!stored.has(doc.id)) await appendOne(log, doc);
  return read;
}

/** True when the database holds exactly what this store started from, and nothing after it. */
async function continuesFromStart(log: StoreLog, from: LogDatabase): Promise<boolean> {
  if (log.base.seq > 0) {
    const at = await from.events.findOne(seqKey(log.base.seq)).exec();
    if (at?.id !== log.base.id) return false;
  }
  const after = await from.events.find({ selector: { seq: { $gt: seqKey(log.base.seq) } }, sort: [{ seq: 'asc' }], limit: 1 }).exec();
  return after.length === 0;
}

/**
 * Writes the events folded before the database came, in order; another tab's write at the same moment is read first.
 * Without such a write the database is not read: `unread` says so.
 */
async function writeFolded(log: StoreLog, db: LogDatabase, folded: readonly StoredEvent[], unread: Read): Promise<Read> {
  let written = 0;
  let outcome: 'written' | 'conflict' | 'failed' = 'written';
  while (written < folded.length && (outcome = await write(log, folded[written]!)) === 'written') written++;
  if (outcome === 'conflict') {
    // Another tab wrote at the same moment: read its log, then append the rest after it.
    const read = await readDatabase(log, db);
    for (const doc of folded.slice(written)) await appendOne(log, doc);
    return read;
  }
  if (outcome === 'failed') log.unsaved = folded.slice(written);
  return unread;
}

/** Goes on without the database from here, as before it first came: appends are folded and kept to be written. */
export async function detach(log: StoreLog): Promise<void> {
  if (log.db === null || log.writesFailed) return;
  const from = log.db;
  log.subscription?.unsubscribe();
  log.subscription = null;
  log.live = false;
  log.db = null;
  log.catalogs.detach();
  log.base = { seq: log.state.log.lastSeq, id: log.lastId };
  await from.close();
}
