// One-time codes (verification, login, password reset, loyalty enrollment) and the sandbox outbox they are "sent"
// to: a list tests and developers read at /__sandbox/outbox, also printed on the console.
import { randomInt } from 'node:crypto';
import type { SandboxCore } from '../core';
import { newId, type CodePurpose, type UserRecord } from '../state';

const WHAT: Readonly<Record<CodePurpose, string>> = {
  verify: 'verification code',
  login: 'sign-in code',
  reset: 'password reset code',
  enroll: 'rewards enrollment code',
};

/** Issues a six-digit code for `purposes` and sends it to `to` (an email address or a phone number). */
export function sendCode(core: SandboxCore, user: UserRecord, to: string, purposes: CodePurpose[]): string {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = core.now();
  core.state.codes = core.state.codes.filter((c) => c.expiresAt > now);
  core.state.codes.push({ code, userId: user.id, to, purposes: [...purposes], expiresAt: now + core.settings.codeTtlMs });
  const purpose = purposes[0] ?? 'verify';
  const channel = to.includes('@') ? 'email' : 'sms';
  const text = `Your ${core.catalog.index.catalog.Name} ${WHAT[purpose]} is ${code}.`;
  core.state.outbox.push({ id: newId('msg'), at: new Date(now).toISOString(), channel, to, purpose, code, text });
  core.changed();
  core.log(`outbox: ${channel} to ${to}: ${text}`);
  return code;
}

/** Uses up a live code of this user for one purpose; false when there is none. */
export function takeCode(core: SandboxCore, user: UserRecord, code: string, purpose: CodePurpose): boolean {
  const now = core.now();
  const found = core.state.codes.find((c) => c.userId === user.id && c.code === code.trim() && c.expiresAt > now && c.purposes.includes(purpose));
  if (!found) return false;
  found.purposes = found.purposes.filter((p) => p !== purpose);
  if (found.purposes.length === 0) core.state.codes = core.state.codes.filter((c) => c !== found);
  core.changed();
  return true;
}
