// The log's old events, kept compact. No view needs an event the state's snapshot already holds, yet support's export
// needs every one; so once a snapshot of the fold is written, the events before it leave the `events` collection in
// chunks of ARCHIVE_CHUNK, each chunk one document of the `archive` collection: the events as one JSON text, gzipped
// where the browser can (CompressionStream), in base64. The `events` collection keeps the tail after the last full
// chunk below the snapshot, so it holds at most a chunk and a snapshot interval or so, however long the log grows, and
// the log's last event is always in it. The archive is read only when a reader asks for events the tail no longer
// has: an export, a fold of other rules (no usable snapshot), a start that meets a log moved on beneath its copy.
//
// Order, for another tab reading meanwhile: a chunk is written before its events are removed, and a reader reads the
// tail before the archive; whatever it misses in the one it finds in the other (each event once, by its seq).
import type { MangoQuery, RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { LogDatabase } from './database';
import { canGzip, gunzip, gzip } from './gzip';
import { SEQ_WIDTH, seqKey, type StoredEvent } from './logTypes';

/** Events per archived chunk (EventStoreOptions.archiveChunk sets another). */
export const ARCHIVE_CHUNK = 1000;

/** One chunk of archived events, `from` to `to` (sequence numbers, inclusive, contiguous). */
export interface StoredChunk {
  /** seqKey(from): chunks sort in log order. */
  readonly id: string;
  readonly from: number;
  readonly to: number;
  /** 'gzip': base64 of the gzipped JSON text of the events; 'json': the JSON text itself. */
  readonly encoding: 'gzip' | 'json';
  readonly events: string;
}

export const archiveSchema: RxJsonSchema<StoredChunk> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: SEQ_WIDTH },
    from: { type: 'number' },
    to: { type: 'number' },
    encoding: { type: 'string' },
    events: { type: 'string' },
  },
  required: ['id', 'from', 'to', 'encoding', 'events'],
};

/**
 * The database's archive, its collection added the first time it is needed (a start that reads only the tail never
 * opens it, so it costs a start nothing).
 */
async function archiveOf(db: LogDatabase): Promise<RxCollection<StoredChunk>> {
  const collections = db.collections as unknown as { archive?: RxCollection<StoredChunk> };
  if (collections.archive) return collections.archive;
  const added = (await db.addCollections({ archive: { schema: archiveSchema } })) as unknown as { archive: RxCollection<StoredChunk> };
  return added.archive;
}

/**
 * The documents a query finds, read from the storage directly: a bulk read through RxDB's own `exec` makes a document
 * object per row and keeps them in its cache of queries (up to a hundred queries' results), so a start that read the
 * whole log, or an archiving that read a chunk, held those thousands of objects for the rest of the visit.
 */
async function rows<T extends object>(collection: RxCollection<T>, query: MangoQuery<T>): Promise<T[]> {
  const { documents } = await collection.storageInstance.query(collection.find(query).getPreparedQuery());
  return documents.map((doc) => {
    const { _deleted, _meta, _rev, _attachments, ...row } = doc as T & { _deleted: unknown; _meta: unknown; _rev: unknown; _attachments: unknown };
    return row as T;
  });
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A chunk of contiguous events as its archive document. */
export async function encodeChunk(events: readonly StoredEvent[]): Promise<StoredChunk> {
  const from = Number(events[0]!.seq);
  const json = JSON.stringify(events);
  const base = { id: seqKey(from), from, to: from + events.length - 1 };
  if (!canGzip) return { ...base, encoding: 'json', events: json };
  return { ...base, encoding: 'gzip', events: toBase64(await gzip(json)) };
}

/** The events an archive document holds, in order. */
export async function decodeChunk(chunk: Pick<StoredChunk, 'encoding' | 'events'>): Promise<StoredEvent[]> {
  if (chunk.encoding === 'json') return JSON.parse(chunk.events) as StoredEvent[];
  return JSON.parse(await gunzip(fromBase64(chunk.events))) as StoredEvent[];
}

/**
 * Every stored event after `seq`, in order, each once: the tail, and (when the tail starts later) the archive's part
 * of it. Read in that order: see the file's note.
 */
export async function eventsAfter(db: LogDatabase, seq: number): Promise<StoredEvent[]> {
  const tail = await rows(db.events, { selector: { seq: { $gt: seqKey(seq) } }, sort: [{ seq: 'asc' }] });
  // The log's last event is never archived: no tail after `seq` means nothing after it; one that starts right after
  // `seq` is all of it.
  if (tail.length === 0 || Number(tail[0]!.seq) === seq + 1) return tail;
  const archive = await archiveOf(db);
  const chunks = await rows(archive, { selector: { to: { $gt: seq } }, sort: [{ id: 'asc' }] });
  const before: StoredEvent[] = [];
  let next = seq + 1;
  const tailFrom = Number(tail[0]!.seq);
  for (const chunk of chunks) {
    for (const event of await decodeChunk(chunk)) {
      const at = Number(event.seq);
      if (at === next && at < tailFrom) {
        before.push(event);
        next++;
      }
    }
  }
  return before.length === 0 ? tail : [...before, ...tail];
}

/** How much `compact` moved: chunks written and events that left the tail. */
export interface Compaction {
  readonly chunks: number;
  readonly events: number;
}

/**
 * Moves the whole chunks of events before `below` (a snapshot's last seq, kept in the tail) into the archive, one chunk
 * at a time with `pause` between, and purges what the removal left (RxDB keeps a removed document until cleaned up).
 */
export async function compact(
  db: LogDatabase,
  below: number,
  { pause = () => Promise.resolve(), chunk: size = ARCHIVE_CHUNK }: { readonly pause?: () => Promise<void>; readonly chunk?: number } = {},
): Promise<Compaction> {
  let chunks = 0;
  let events = 0;
  for (;;) {
    const [first] = await rows(db.events, { selector: {}, sort: [{ seq: 'asc' }], limit: 1 });
    if (!first) break;
    const from = Number(first.seq);
    // Chunks are aligned (1-1000, 1001-2000, ...), so two tabs compacting make the same ones.
    const to = Math.ceil(from / size) * size;
    if (to >= below) break;
    const list = await rows(db.events, { selector: { seq: { $lte: seqKey(to) } }, sort: [{ seq: 'asc' }] });
    // Contiguous from `from` to `to`: otherwise another tab is moving these very events; leave them to it.
    if (list.length !== to - from + 1 || list.some((event, i) => Number(event.seq) !== from + i)) break;
    const archive = await archiveOf(db);
    const chunk = await encodeChunk(list);
    try {
      await archive.insert(chunk);
    } catch (error) {
      // Another tab wrote this chunk (the same events: they never change) and is removing them too.
      if ((error as { code?: string }).code !== 'CONFLICT') throw error;
    }
    await db.events.bulkRemove(list.map((event) => event.seq));
    chunks++;
    events += list.length;
    await pause();
  }
  if (events > 0) await purgeRemoved(db);
  return { chunks, events };
}

/** Drops what removals left behind in storage (RxDB marks a removed document deleted and keeps it until cleaned up). */
export async function purgeRemoved(db: LogDatabase): Promise<void> {
  for (const collection of [db.events, db.snapshots]) await collection.storageInstance.cleanup(0);
}
