// Share codes are short enough to read aloud, so look-ups by code are limited against guessing, as the sandbox limits
// sign-in codes (src/sandbox/accounts/guessing.ts): INBOX_LIMITS.maxWrongCodes wrong codes from one staff token or
// one address within the window lock that key's look-ups for the lockout, the right code included. A right code
// forgets nothing, so a known share looked up between guesses does not reopen guessing.
import { nowIso, type InboxContext } from './context';
import { instant } from './database';
import { refusal, type Refusal } from './refusal';

/** The keys a look-up counts against: its staff token and the address it came from. */
export const lookupKeys = (staffId: string, address: string): string[] => [`staff:${staffId}`, `address:${address}`];

/** 429 with the seconds to wait while any key is locked; null otherwise. */
export async function lookupLocked(ctx: InboxContext, keys: readonly string[]): Promise<Refusal | null> {
  const rows = await ctx.db.query<{ locked_until: unknown }>(
    'SELECT max(locked_until) AS locked_until FROM lookup_locks WHERE key IN (SELECT jsonb_array_elements_text($1::jsonb)) AND locked_until > $2',
    [JSON.stringify(keys), nowIso(ctx)],
  );
  const until = rows[0]?.locked_until;
  return until === null || until === undefined ? null : tooManyCodes(ctx, Date.parse(instant(until)));
}

/**
 * Counts a wrong code against every key, forgetting those older than the window; a key that reaches the limit is
 * locked (its count cleared) and the answer is the 429, null before that.
 */
export async function wrongCode(ctx: InboxContext, keys: readonly string[]): Promise<Refusal | null> {
  const { maxWrongCodes, wrongCodeWindowMs, lookupLockoutMs } = ctx.limits;
  const locked = await ctx.db.transaction(async (tx) => {
    let lockedNow = false;
    for (const key of keys) {
      await tx.query('DELETE FROM lookup_attempts WHERE key = $1 AND at <= $2', [key, nowIso(ctx, -wrongCodeWindowMs)]);
      await tx.query('INSERT INTO lookup_attempts (key, at) VALUES ($1, $2)', [key, nowIso(ctx)]);
      const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM lookup_attempts WHERE key = $1', [key]);
      if (count!.n < maxWrongCodes) continue;
      await tx.query('DELETE FROM lookup_attempts WHERE key = $1', [key]);
      await tx.query('INSERT INTO lookup_locks (key, locked_until) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET locked_until = excluded.locked_until', [
        key,
        nowIso(ctx, lookupLockoutMs),
      ]);
      ctx.log(`share look-ups of ${key} locked for ${lookupLockoutMs / 60_000} minutes after ${maxWrongCodes} wrong codes`);
      lockedNow = true;
    }
    return lockedNow;
  });
  return locked ? tooManyCodes(ctx, ctx.now() + lookupLockoutMs) : null;
}

function tooManyCodes(ctx: InboxContext, until: number): Refusal {
  const seconds = Math.max(1, Math.ceil((until - ctx.now()) / 1000));
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return refusal(429, 'too_many_codes', `Too many wrong share codes. Try again in ${wait}.`, { retryAfterSeconds: seconds });
}
