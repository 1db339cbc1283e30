// Staff tokens: the operator makes one per support person (`countertop support token create --name`), it is printed
// once and kept only as a hash; a revoked token signs in no one from the next request on.
import * as E from 'fp-ts/lib/Either.js';
import { nowIso, type InboxContext } from './context';
import { instant, instantOrNull } from './database';
import { refusal, type Refusal } from './refusal';
import { hashSecret, newId, newSecret } from './secrets';

export interface StaffMember {
  readonly id: string;
  readonly name: string;
}

export interface StaffToken extends StaffMember {
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export async function createStaffToken(ctx: InboxContext, name: string): Promise<E.Either<Refusal, StaffMember & { readonly token: string }>> {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100) return E.left(refusal(400, 'invalid_name', 'a staff token needs a name of 1 to 100 characters'));
  const made = { id: newId('st_', ctx.randomBytes), name: trimmed, token: newSecret('cts_', ctx.randomBytes) };
  await ctx.db.query('INSERT INTO staff_tokens (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)', [
    made.id,
    made.name,
    hashSecret(made.token),
    nowIso(ctx),
  ]);
  return E.right(made);
}

export async function listStaffTokens(ctx: InboxContext): Promise<StaffToken[]> {
  const rows = await ctx.db.query<{ id: string; name: string; created_at: unknown; revoked_at: unknown }>(
    'SELECT id, name, created_at, revoked_at FROM staff_tokens ORDER BY created_at, id',
  );
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: instant(row.created_at), revokedAt: instantOrNull(row.revoked_at) }));
}

export async function revokeStaffToken(ctx: InboxContext, id: string): Promise<E.Either<Refusal, StaffToken>> {
  const rows = await ctx.db.query<{ id: string; name: string; created_at: unknown; revoked_at: unknown }>(
    'UPDATE staff_tokens SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING id, name, created_at, revoked_at',
    [id, nowIso(ctx)],
  );
  const row = rows[0];
  if (row === undefined) return E.left(refusal(404, 'no_such_token', `no staff token ${id} (see token list)`));
  return E.right({ id: row.id, name: row.name, createdAt: instant(row.created_at), revokedAt: instantOrNull(row.revoked_at) });
}

/** The staff member a bearer token names, when it is live. */
export async function staffMember(ctx: InboxContext, token: string | null): Promise<StaffMember | null> {
  if (token === null || token === '') return null;
  const rows = await ctx.db.query<StaffMember>('SELECT id, name FROM staff_tokens WHERE token_hash = $1 AND revoked_at IS NULL', [hashSecret(token)]);
  return rows[0] ?? null;
}
