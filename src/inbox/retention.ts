// Retention: shares older than an age are deleted with their events (at start, and by `countertop support purge
// --older-than 30d`), with the CSP reports of that age, expired look-up counts, and the catalogs no share names any
// more. Everything a share held was redacted on the shopper's device; this bounds how long even that is kept.
import * as E from 'fp-ts/lib/Either.js';
import { nowIso, type InboxContext } from './context';

export interface Purged {
  readonly shares: number;
  readonly events: number;
  readonly catalogs: number;
  readonly cspReports: number;
}

const UNITS: Readonly<Record<string, number>> = { d: 24 * 60 * 60_000, h: 60 * 60_000, m: 60_000 };

/** An age as an operator writes it: `30d`, `12h`, `90m`. */
export function parseAge(text: string): E.Either<string, number> {
  const match = /^(\d+)([dhm])$/.exec(text.trim());
  if (!match) return E.left(`expected an age such as 30d, 12h or 90m, got "${text}"`);
  return E.right(Number(match[1]) * UNITS[match[2]!]!);
}

/** Deletes what is older than `ageMs` by the context's clock. */
export async function purge(ctx: InboxContext, ageMs: number): Promise<Purged> {
  const cutoff = nowIso(ctx, -ageMs);
  return ctx.db.transaction(async (tx) => {
    const shares = await tx.query<{ event_count: number }>('DELETE FROM shares WHERE created_at < $1 RETURNING event_count', [cutoff]);
    // A catalog stored lately may be waiting for the chunk whose events name it; only older ones go.
    const catalogs = await tx.query(
      `DELETE FROM catalogs c WHERE c.stored_at < $1
         AND NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'CatalogLoaded' AND e.data->>'hash' = c.hash) RETURNING hash`,
      [cutoff],
    );
    const reports = await tx.query('DELETE FROM csp_reports WHERE received_at < $1 RETURNING id', [cutoff]);
    await tx.query('DELETE FROM lookup_attempts WHERE at < $1', [nowIso(ctx, -ctx.limits.wrongCodeWindowMs)]);
    await tx.query('DELETE FROM lookup_locks WHERE locked_until < $1', [nowIso(ctx)]);
    return {
      shares: shares.length,
      events: shares.reduce((sum, row) => sum + row.event_count, 0),
      catalogs: catalogs.length,
      cspReports: reports.length,
    };
  });
}
