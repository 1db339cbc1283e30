// What stops a shopper's secrets from being guessed, as a real API must (README.md, "Guessing"): codes die after a
// few wrong tries, sends to one address or phone are spaced and counted, an account that fails to sign in too often
// is locked for a while, and so are the gift card adds of an account that tries too many unknown numbers (gift card
// numbers are sequential, so a number that is not the account's own is a guess). The spec names no limits; these are
// ours. Times come from the sandbox clock.
import type { SandboxCore } from '../core';
import { codes, type Reply } from '../http';
import { phoneKey, type GuessingRecord, type LoginAttempts, type UserRecord } from '../state';

export const GUESSING_LIMITS = {
  /** The wrong try against a live code that reaches this count removes the code: even the right one then fails. */
  maxWrongCodeTries: 5,
  /** At most one code to a destination (an email address or a phone number) this often. */
  minSendIntervalMs: 30_000,
  /** At most this many codes to a destination in `sendWindowMs`. */
  maxSendsPerWindow: 5,
  sendWindowMs: 60 * 60_000,
  /** This many failed sign-ins of one account within `failedLoginWindowMs` lock it for `lockoutMs`. */
  maxFailedLogins: 10,
  failedLoginWindowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  /**
   * This many GiftCard/Add calls of one account with a number that is not found, within `giftCardWindowMs`, lock the
   * account's adds for `giftCardLockoutMs`. A successful add forgets nothing.
   */
  maxFailedGiftCardAdds: 5,
  giftCardWindowMs: 15 * 60_000,
  giftCardLockoutMs: 15 * 60_000,
} as const;

/** The state the limits keep; created on first use when the state was saved before it existed. */
export function guessingOf(core: SandboxCore): GuessingRecord {
  core.state.guessing ??= { sends: [], logins: {} };
  return core.state.guessing;
}

/** One key per destination: an email address case-insensitively, a phone number by its US digits. */
export function destinationKey(to: string): string {
  return to.includes('@') ? to.trim().toLowerCase() : `tel:${phoneKey(to)}`;
}

/** Whole seconds until `until`, at least 1: the Retry-After value. */
function secondsUntil(core: SandboxCore, until: number): number {
  return Math.max(1, Math.ceil((until - core.now()) / 1000));
}

function wait(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * 429 when another code may not go to `to` yet: one went there less than `minSendIntervalMs` ago, or
 * `maxSendsPerWindow` did within `sendWindowMs`. The body is the account calls' refused-input shape, with Retry-After.
 */
export function sendRefusal(core: SandboxCore, to: string): Reply | null {
  const now = core.now();
  const key = destinationKey(to);
  const recent = guessingOf(core)
    .sends.filter((s) => s.to === key && s.at > now - GUESSING_LIMITS.sendWindowMs)
    .map((s) => s.at)
    .sort((a, b) => a - b);
  const last = recent.at(-1);
  let until: number | null = null;
  if (last !== undefined && now - last < GUESSING_LIMITS.minSendIntervalMs) until = last + GUESSING_LIMITS.minSendIntervalMs;
  if (recent.length >= GUESSING_LIMITS.maxSendsPerWindow) {
    const oldestCounted = recent[recent.length - GUESSING_LIMITS.maxSendsPerWindow]!;
    until = Math.max(until ?? 0, oldestCounted + GUESSING_LIMITS.sendWindowMs);
  }
  if (until === null) return null;
  const seconds = secondsUntil(core, until);
  return {
    status: 429,
    body: [{ Field: to.includes('@') ? 'email' : 'phoneNumber', Errors: [`Too many codes were sent to ${to.trim()}. Try again in ${wait(seconds)}.`] }],
    headers: { 'Retry-After': String(seconds) },
  };
}

/** Counts a code sent to `to`, forgetting sends older than the window. */
export function recordSend(core: SandboxCore, to: string): void {
  const now = core.now();
  const guessing = guessingOf(core);
  guessing.sends = guessing.sends.filter((s) => s.at > now - GUESSING_LIMITS.sendWindowMs);
  guessing.sends.push({ to: destinationKey(to), at: now });
}

const tooManyAttempts = (seconds: number): Reply => ({
  status: 429,
  body: { error: 'too_many_attempts', error_description: `Too many failed sign-in attempts. Try again in ${wait(seconds)}.` },
  headers: { 'Retry-After': String(seconds) },
});

/** 429 (OAuth form, with Retry-After) while the account is locked; null otherwise. */
export function loginLockout(core: SandboxCore, user: UserRecord): Reply | null {
  const until = lockedUntil(core, guessingOf(core).logins, user);
  return until === null ? null : tooManyAttempts(secondsUntil(core, until));
}

/**
 * Counts a failure of `user` in `byUser`, forgetting those older than `windowMs`; the one that reaches `max` clears the
 * count and locks for `lockoutMs`, answering the instant the lock ends (null while under the limit).
 */
function countFailure(
  core: SandboxCore,
  byUser: Record<string, LoginAttempts>,
  user: UserRecord,
  limits: { readonly max: number; readonly windowMs: number; readonly lockoutMs: number },
): number | null {
  const now = core.now();
  const attempts = byUser[user.id] ?? { failures: [], lockedUntil: null };
  attempts.failures = [...attempts.failures.filter((at) => at > now - limits.windowMs), now];
  byUser[user.id] = attempts;
  core.changed();
  if (attempts.failures.length < limits.max) return null;
  attempts.failures = [];
  attempts.lockedUntil = now + limits.lockoutMs;
  return attempts.lockedUntil;
}

/** The end of a lockout still running in `byUser` for `user`, or null. */
function lockedUntil(core: SandboxCore, byUser: Record<string, LoginAttempts>, user: UserRecord): number | null {
  const until = byUser[user.id]?.lockedUntil ?? null;
  return until !== null && until > core.now() ? until : null;
}

/** Counts a failed sign-in; the one that reaches `maxFailedLogins` in the window locks the account and answers 429. */
export function loginFailed(core: SandboxCore, user: UserRecord): Reply | null {
  const until = countFailure(core, guessingOf(core).logins, user, {
    max: GUESSING_LIMITS.maxFailedLogins,
    windowMs: GUESSING_LIMITS.failedLoginWindowMs,
    lockoutMs: GUESSING_LIMITS.lockoutMs,
  });
  if (until === null) return null;
  core.log(`account ${user.id} locked until ${new Date(until).toISOString()} after ${GUESSING_LIMITS.maxFailedLogins} failed sign-ins`);
  return tooManyAttempts(secondsUntil(core, until));
}

/** A successful sign-in forgets the account's failures. */
export function loginSucceeded(core: SandboxCore, user: UserRecord): void {
  const logins = guessingOf(core).logins;
  if (logins[user.id] === undefined) return;
  delete logins[user.id];
  core.changed();
}

/** The gift card adds of each account, by user id; created on first use like the rest. */
function giftCardAddsOf(core: SandboxCore): Record<string, LoginAttempts> {
  return (guessingOf(core).giftCardAdds ??= {});
}

/** The gift card calls' code form (`codes`), with Retry-After. */
const tooManyGiftCardNumbers = (seconds: number): Reply => ({
  ...codes(429, 'GiftCard - TOO_MANY_ATTEMPTS', `Too many gift card numbers were not found. Try again in ${wait(seconds)}.`),
  headers: { 'Retry-After': String(seconds) },
});

/** 429 while the account's gift card adds are locked, whatever the number; null otherwise. */
export function giftCardAddLockout(core: SandboxCore, user: UserRecord): Reply | null {
  const until = lockedUntil(core, giftCardAddsOf(core), user);
  return until === null ? null : tooManyGiftCardNumbers(secondsUntil(core, until));
}

/**
 * Counts an add whose number was not found; the one that reaches `maxFailedGiftCardAdds` in the window locks the
 * account's adds and answers 429 (null before that: the caller answers its 404). Successful adds are not counted and
 * forget nothing, so a known card tried between guesses does not reopen guessing.
 */
export function giftCardAddFailed(core: SandboxCore, user: UserRecord): Reply | null {
  const until = countFailure(core, giftCardAddsOf(core), user, {
    max: GUESSING_LIMITS.maxFailedGiftCardAdds,
    windowMs: GUESSING_LIMITS.giftCardWindowMs,
    lockoutMs: GUESSING_LIMITS.giftCardLockoutMs,
  });
  if (until === null) return null;
  core.log(`gift card adds of account ${user.id} locked until ${new Date(until).toISOString()} after ${GUESSING_LIMITS.maxFailedGiftCardAdds} unknown numbers`);
  return tooManyGiftCardNumbers(secondsUntil(core, until));
}
