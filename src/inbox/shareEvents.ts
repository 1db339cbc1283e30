// A share's events: appended a chunk at a time, idempotently (a chunk sent again after a lost answer stores nothing
// twice: (share, seq) is the key and a stored event is kept), within the share's size cap; read back in order.
import * as E from 'fp-ts/lib/Either.js';
import { eventLine, type RawEvent } from '../store/logFile';
import type { Chunk } from './chunk';
import { nowIso, type InboxContext } from './context';
import type { Queries } from './database';
import { refusal, type Refusal } from './refusal';

/** What an append answers: how many events were new, and the highest seq the share holds (where to resume). */
export interface Appended {
  readonly stored: number;
  readonly highestSeq: number;
}

/** Thrown inside a transaction to roll it back with a refusal, and caught as a value right outside. */
class Rollback {
  constructor(readonly refusal: Refusal) {}
}

export async function appendChunk(ctx: InboxContext, shareId: string, chunk: Chunk): Promise<E.Either<Refusal, Appended>> {
  try {
    const appended = await ctx.db.transaction((tx) => appendIn(ctx, tx, shareId, chunk));
    if (appended.stored > 0) await ctx.db.announce(shareId);
    return E.right(appended);
  } catch (error) {
    if (error instanceof Rollback) return E.left(error.refusal);
    throw error;
  }
}

async function appendIn(ctx: InboxContext, tx: Queries, shareId: string, chunk: Chunk): Promise<Appended> {
  // The share's row is locked first: two chunks of one share are counted against its cap one after the other.
  const share = (
    await tx.query<{ stopped_at: unknown; size_bytes: number; event_count: number; last_seq: number }>(
      'SELECT stopped_at, size_bytes::float8 AS size_bytes, event_count, last_seq FROM shares WHERE id = $1 FOR UPDATE',
      [shareId],
    )
  )[0];
  if (share === undefined) throw new Rollback(refusal(404, 'no_such_share', `no share ${shareId}`));
  const missing = await missingCatalogs(tx, chunk);
  if (missing.length > 0) {
    throw new Rollback(
      refusal(400, 'missing_catalog', 'send the catalog lines with the events that name them', {
        problems: missing.map((hash) => `CatalogLoaded names catalog ${hash}, which neither this chunk nor the inbox holds`),
      }),
    );
  }
  for (const [hash, text] of chunk.catalogs) {
    await tx.query('INSERT INTO catalogs (hash, json, stored_at) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING', [hash, text, nowIso(ctx)]);
  }
  // The line as the log file writes it, kept beside the jsonb: a look-up answers it as stored, keys in the order sent.
  const rows = chunk.events.map(({ seq, id, type, v, at, data }) => ({ seq, id, type, v, at, data, line: eventLine({ seq, id, type, v, at, data }) }));
  const inserted = await tx.query<{ seq: number }>(
    `INSERT INTO events (share_id, seq, id, type, v, at, data, line)
     SELECT $1, r.seq, r.id, r.type, r.v, r.at, r.data, r.line
     FROM jsonb_to_recordset($2::jsonb) AS r(seq integer, id text, type text, v integer, at text, data jsonb, line text)
     ON CONFLICT (share_id, seq) DO NOTHING RETURNING seq`,
    [shareId, JSON.stringify(rows)],
  );
  const highestSeq = Math.max(share.last_seq, ...inserted.map((row) => row.seq));
  if (inserted.length === 0) return { stored: 0, highestSeq };
  // Only what is new counts: a retried chunk is answered as it was, even once the share has stopped or is full.
  if (share.stopped_at !== null) throw new Rollback(refusal(409, 'share_stopped', 'the shopper stopped sharing this visit; it takes no more events'));
  const newSeqs = new Set(inserted.map((row) => row.seq));
  const bytes = chunk.events.reduce((sum, event) => sum + (newSeqs.has(event.seq) ? event.bytes : 0), 0);
  const { maxShareBytes, maxShareEvents } = ctx.limits;
  if (Number(share.size_bytes) + bytes > maxShareBytes || share.event_count + inserted.length > maxShareEvents) {
    throw new Rollback(
      refusal(
        413,
        'share_too_large',
        `a share holds at most ${maxShareEvents.toLocaleString('en-US')} events and ${(maxShareBytes / 1e6).toLocaleString('en-US')} MB of them; this one has ${share.event_count} events in ${share.size_bytes} bytes and the chunk adds ${inserted.length} in ${bytes}`,
      ),
    );
  }
  await tx.query('UPDATE shares SET size_bytes = size_bytes + $2, event_count = event_count + $3, last_seq = $4, last_event_at = $5 WHERE id = $1', [
    shareId,
    bytes,
    inserted.length,
    highestSeq,
    nowIso(ctx),
  ]);
  return { stored: inserted.length, highestSeq };
}

/** The catalogs a chunk's events name that it does not carry and the inbox does not hold. */
async function missingCatalogs(tx: Queries, chunk: Chunk): Promise<string[]> {
  const wanted = chunk.catalogsNamed.filter((hash) => !chunk.catalogs.has(hash));
  if (wanted.length === 0) return [];
  const held = await tx.query<{ hash: string }>('SELECT hash FROM catalogs WHERE hash IN (SELECT jsonb_array_elements_text($1::jsonb))', [
    JSON.stringify(wanted),
  ]);
  const found = new Set(held.map((row) => row.hash));
  return wanted.filter((hash) => !found.has(hash));
}

/** Up to `limit` events of a share after `afterSeq`, in order, as log events. */
export async function eventsAfter(ctx: InboxContext, shareId: string, afterSeq: number, limit: number): Promise<RawEvent[]> {
  return ctx.db.query<RawEvent>('SELECT seq, id, type, v, at, data FROM events WHERE share_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [
    shareId,
    afterSeq,
    limit,
  ]);
}

/**
 * A share's events as their stored log lines, in order, joined by newlines ('' when none): what a look-up writes, with
 * no row turned back into an object. One query, its sort in memory: a share is capped (maxShareBytes), and this
 * transaction's work_mem is twice the cap. Pages of 5,000 (LIMIT after the last seq) sorted every event left for each
 * page, on disk past the default 4 MB of work_mem, and took a 10,000-event share's look-up twice the database's time.
 */
export async function eventLinesOf(ctx: Pick<InboxContext, 'db' | 'limits'>, shareId: string): Promise<string> {
  const workMem = `${Math.max(4096, Math.ceil((2 * ctx.limits.maxShareBytes) / 1024))}kB`;
  return ctx.db.transaction(async (tx) => {
    await tx.query("SELECT set_config('work_mem', $1, true)", [workMem]);
    const rows = await tx.query<{ text: string | null }>("SELECT string_agg(line, E'\\n' ORDER BY seq) AS text FROM events WHERE share_id = $1", [shareId]);
    return rows[0]?.text ?? '';
  });
}

/** The catalogs a share's events name, in the order they are first named: hash and the text it was hashed from. */
export async function catalogsOf(ctx: InboxContext, shareId: string): Promise<{ hash: string; json: string }[]> {
  return ctx.db.query(
    `SELECT c.hash, c.json FROM catalogs c
     JOIN (SELECT data->>'hash' AS hash, min(seq) AS first FROM events WHERE share_id = $1 AND type = 'CatalogLoaded' GROUP BY 1) named ON named.hash = c.hash
     ORDER BY named.first`,
    [shareId],
  );
}

/** One catalog's text, or null when the inbox does not hold it. */
export async function catalogText(ctx: InboxContext, hash: string): Promise<string | null> {
  const rows = await ctx.db.query<{ json: string }>('SELECT json FROM catalogs WHERE hash = $1', [hash]);
  return rows[0]?.json ?? null;
}
