// Shares: a shopper's tab opens one (and is given its code and upload secret, each once), appends to it, and may stop
// it; support finds one by its code or among the recent ones of a business, with its outcome at a glance.
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { decode } from '../domain/codec';
import { nowIso, type InboxContext } from './context';
import { instant, instantOrNull } from './database';
import { refusal, type Refusal } from './refusal';
import { hashSecret, matchesHash, newId, newSecret, newShareCode, normaliseShareCode } from './secrets';

/** What a shopper's tab sends to open a share: the business, the app's version, and a few facts about the device. */
export const NewShareCodec = t.intersection([
  t.type({ business: t.string, appVersion: t.string }),
  t.partial({ device: t.record(t.string, t.union([t.string, t.number, t.boolean, t.null])) }),
]);

export interface NewShare {
  readonly shareId: string;
  /** Shown to the shopper to read to support; only its hash is kept. */
  readonly code: string;
  /** Held by the shopper's tab to append; only its hash is kept. */
  readonly uploadSecret: string;
}

export async function createShare(ctx: InboxContext, body: unknown): Promise<E.Either<Refusal, NewShare>> {
  const decoded = decode(NewShareCodec, body);
  if (E.isLeft(decoded)) return E.left(refusal(400, 'invalid_share', 'send {business, appVersion, device?}', { problems: decoded.left }));
  const { business, appVersion, device } = decoded.right;
  if (business.trim() === '' || business.length > 200) return E.left(refusal(400, 'invalid_share', 'business must be 1 to 200 characters'));
  if (appVersion === '' || appVersion.length > 100) return E.left(refusal(400, 'invalid_share', 'appVersion must be 1 to 100 characters'));
  if (device !== undefined && (Object.keys(device).length > 30 || JSON.stringify(device).length > 2000)) {
    return E.left(refusal(400, 'invalid_share', 'device may hold at most 30 fields and 2,000 characters'));
  }
  const at = nowIso(ctx);
  // A code already in use (one in a million at a million live shares) is drawn again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const share = { shareId: newId('sh_', ctx.randomBytes), code: newShareCode(ctx.randomBytes), uploadSecret: newSecret('up_', ctx.randomBytes) };
    const inserted = await ctx.db.query(
      `INSERT INTO shares (id, code_hash, upload_secret_hash, business, app_version, device, created_at, last_event_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [
        share.shareId,
        hashSecret(normaliseShareCode(share.code)!),
        hashSecret(share.uploadSecret),
        business.trim(),
        appVersion,
        device === undefined ? null : JSON.stringify(device),
        at,
      ],
    );
    if (inserted.length === 1) return E.right(share);
  }
  return E.left(refusal(503, 'no_code', 'no free share code was found; try again'));
}

/** The share an upload secret opens; 404 for no such share, 403 for the wrong secret. */
export async function shareForUpload(ctx: InboxContext, shareId: string, secret: string | null): Promise<E.Either<Refusal, { readonly id: string }>> {
  const rows = await ctx.db.query<{ id: string; upload_secret_hash: string }>('SELECT id, upload_secret_hash FROM shares WHERE id = $1', [shareId]);
  const row = rows[0];
  if (row === undefined) return E.left(refusal(404, 'no_such_share', `no share ${shareId.slice(0, 40)}`));
  if (secret === null) return E.left(refusal(401, 'upload_secret_required', "send the share's upload secret as Authorization: Bearer <secret>"));
  if (!matchesHash(secret, row.upload_secret_hash)) return E.left(refusal(403, 'wrong_upload_secret', "that is not this share's upload secret"));
  return E.right({ id: row.id });
}

/** Records that the shopper stopped sharing (once; stopping again changes nothing). */
export async function stopShare(ctx: InboxContext, shareId: string): Promise<{ readonly stoppedAt: string; readonly highestSeq: number }> {
  const rows = await ctx.db.query<{ stopped_at: unknown; last_seq: number }>(
    'UPDATE shares SET stopped_at = coalesce(stopped_at, $2) WHERE id = $1 RETURNING stopped_at, last_seq',
    [shareId, nowIso(ctx)],
  );
  await ctx.db.announce(shareId);
  return { stoppedAt: instant(rows[0]!.stopped_at), highestSeq: rows[0]!.last_seq };
}

export interface ShareRecord {
  readonly id: string;
  readonly business: string;
  readonly appVersion: string;
  readonly device: Readonly<Record<string, unknown>> | null;
  readonly createdAt: string;
  readonly lastEventAt: string;
  readonly stoppedAt: string | null;
  readonly events: number;
  readonly bytes: number;
  readonly highestSeq: number;
}

const RECORD_COLUMNS =
  's.id, s.business, s.app_version, s.device, s.created_at, s.last_event_at, s.stopped_at, s.event_count, s.size_bytes::float8 AS size_bytes, s.last_seq';

interface RecordRow {
  id: string;
  business: string;
  app_version: string;
  device: Record<string, unknown> | null;
  created_at: unknown;
  last_event_at: unknown;
  stopped_at: unknown;
  event_count: number;
  size_bytes: number;
  last_seq: number;
}

const record = (row: RecordRow): ShareRecord => ({
  id: row.id,
  business: row.business,
  appVersion: row.app_version,
  device: row.device,
  createdAt: instant(row.created_at),
  lastEventAt: instant(row.last_event_at),
  stoppedAt: instantOrNull(row.stopped_at),
  events: row.event_count,
  bytes: Number(row.size_bytes),
  highestSeq: row.last_seq,
});

/** The share a code names (as typed: normalised first), or null. */
export async function shareByCode(ctx: InboxContext, code: string): Promise<ShareRecord | null> {
  const normal = normaliseShareCode(code);
  if (normal === null) return null;
  const rows = await ctx.db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM shares s WHERE s.code_hash = $1`, [hashSecret(normal)]);
  return rows[0] === undefined ? null : record(rows[0]);
}

export async function shareById(ctx: InboxContext, id: string): Promise<ShareRecord | null> {
  const rows = await ctx.db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM shares s WHERE s.id = $1`, [id]);
  return rows[0] === undefined ? null : record(rows[0]);
}

/** A share as the recent list shows it: where the visit ended up. */
export interface ShareSummary extends ShareRecord {
  /** 'placed' when an order was placed, 'failed' when placing failed and none was, 'none' otherwise. */
  readonly outcome: 'placed' | 'failed' | 'none';
  /** The orders placed (safe to read: support matches a visit to a customer by them). */
  readonly orderIds: readonly string[];
  /** The codes of the failed attempts, in order. */
  readonly failureCodes: readonly string[];
  /** Where the shopper was last: the path of the last PageViewed. */
  readonly lastPath: string | null;
}

export interface ShareFilter {
  readonly business?: string;
  /** Only shares in which this order was placed (the events' order id index). */
  readonly orderId?: string;
  /** Only shares in which an attempt failed with this code (the events' error code index). */
  readonly errorCode?: string;
  readonly limit: number;
}

/** The most recently active shares, newest first, each with its outcome at a glance. */
export async function recentShares(ctx: InboxContext, filter: ShareFilter): Promise<ShareSummary[]> {
  const rows = await ctx.db.query<RecordRow & { placed: string[] | null; failed: boolean; failure_codes: string[] | null; last_path: string | null }>(
    `SELECT ${RECORD_COLUMNS},
       (SELECT jsonb_agg(e.data->>'orderId' ORDER BY e.seq) FROM events e WHERE e.type = 'OrderPlaced' AND e.share_id = s.id) AS placed,
       EXISTS (SELECT 1 FROM events e WHERE e.type = 'OrderPlacementFailed' AND e.share_id = s.id) AS failed,
       (SELECT jsonb_agg(c ORDER BY e.seq) FROM events e, jsonb_array_elements_text(e.data->'codes') c
         WHERE e.type = 'OrderPlacementFailed' AND e.share_id = s.id) AS failure_codes,
       (SELECT e.data->>'path' FROM events e WHERE e.type = 'PageViewed' AND e.share_id = s.id ORDER BY e.seq DESC LIMIT 1) AS last_path
     FROM shares s
     WHERE ($1::text IS NULL OR s.business = $1)
       AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM events e WHERE e.share_id = s.id AND e.data ? 'orderId' AND e.data->>'orderId' = $2))
       AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM events e WHERE e.share_id = s.id AND e.data ? 'codes' AND e.data->'codes' ? $3))
     ORDER BY s.last_event_at DESC, s.id
     LIMIT $4`,
    [filter.business ?? null, filter.orderId ?? null, filter.errorCode ?? null, filter.limit],
  );
  return rows.map((row) => {
    const orderIds = row.placed ?? [];
    const failureCodes = row.failure_codes ?? [];
    return {
      ...record(row),
      outcome: orderIds.length > 0 ? 'placed' : row.failed ? 'failed' : 'none',
      orderIds,
      failureCodes,
      lastPath: row.last_path,
    };
  });
}
