// One-time codes (verification, login, password reset, loyalty enrollment) and the sandbox outbox they are "sent"
// to: a list tests and developers read at /__sandbox/outbox, also printed on the console. A new send replaces the
// user's live code for the same purposes, a code dies after GUESSING_LIMITS.maxWrongCodeTries wrong tries, and sends
// to one destination are limited (guessing.ts).
import { randomInt } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type { SandboxCore } from '../core';
import type { Reply } from '../http';
import { newId, type CodePurpose, type UserRecord } from '../state';
import { GUESSING_LIMITS, destinationKey, recordSend, sendRefusal } from './guessing';

const WHAT: Readonly<Record<CodePurpose, string>> = {
  verify: 'verification code',
  login: 'sign-in code',
  reset: 'password reset code',
  enroll: 'rewards enrollment code',
};

/**
 * Issues a six-digit code for `purposes` and sends it to `to` (an email address or a phone number), replacing the
 * user's live code for those purposes; Left(429) when the send limits of `to` refuse it (nothing is sent or replaced).
 */
export function sendCode(core: SandboxCore, user: UserRecord, to: string, purposes: CodePurpose[]): E.Either<Reply, string> {
  const refused = sendRefusal(core, to);
  if (refused !== null) return E.left(refused);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = core.now();
  const live = core.state.codes.filter((c) => c.expiresAt > now);
  for (const c of live) if (c.userId === user.id) c.purposes = c.purposes.filter((p) => !purposes.includes(p));
  core.state.codes = live.filter((c) => c.purposes.length > 0);
  core.state.codes.push({ code, userId: user.id, to, purposes: [...purposes], expiresAt: now + core.settings.codeTtlMs });
  recordSend(core, to);
  const purpose = purposes[0] ?? 'verify';
  const channel = to.includes('@') ? 'email' : 'sms';
  const text = `Your ${core.catalog.index.catalog.Name} ${WHAT[purpose]} is ${code}.`;
  core.state.outbox.push({ id: newId('msg'), at: new Date(now).toISOString(), channel, to, purpose, code, text });
  core.changed();
  core.log(`outbox: ${channel} to ${to}: ${text}`);
  return E.right(code);
}

/**
 * Uses up a live code of this user for one purpose (and, with `sentTo`, sent to that destination); false when there
 * is none. A wrong try counts against the user's live codes for the purpose; the one that reaches
 * GUESSING_LIMITS.maxWrongCodeTries removes the code.
 */
export function takeCode(core: SandboxCore, user: UserRecord, code: string, purpose: CodePurpose, sentTo?: string): boolean {
  const now = core.now();
  const live = core.state.codes.filter((c) => c.userId === user.id && c.expiresAt > now && c.purposes.includes(purpose));
  const found = live.find((c) => c.code === code.trim() && (sentTo === undefined || destinationKey(c.to) === destinationKey(sentTo)));
  if (!found) {
    for (const c of live) c.wrongTries = (c.wrongTries ?? 0) + 1;
    core.state.codes = core.state.codes.filter((c) => (c.wrongTries ?? 0) < GUESSING_LIMITS.maxWrongCodeTries);
    if (live.length > 0) core.changed();
    return false;
  }
  found.purposes = found.purposes.filter((p) => p !== purpose);
  if (found.purposes.length === 0) core.state.codes = core.state.codes.filter((c) => c !== found);
  core.changed();
  return true;
}
