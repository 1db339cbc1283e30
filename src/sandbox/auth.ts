// Sessions: bearer access tokens with an expiry, refresh tokens that rotate on every use, both bound to the client id
// they were issued to and to the sign-in they descend from (its family: accounts/tokenFamilies.ts, where a refresh
// token used twice revokes it). An (auth) call without a live token answers 401 (account-and-session.md section 6).
import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginResult } from '../api/session';
import type { SandboxCore } from './core';
import { headerValue, type Call, type Reply, type Route } from './http';
import type { UserRecord } from './state';

export const UNAUTHORIZED: Reply = {
  status: 401,
  body: { Message: 'Authorization has been denied for this request.' },
  headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
};

function token(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

export function bearerOf(call: Pick<Call, 'headers'>): string | null {
  const header = headerValue(call, 'authorization');
  const match = header === undefined ? null : /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a call, or null (no token, unknown, expired, or issued to another client). */
export function userOf(core: SandboxCore, call: Pick<Call, 'headers'>): UserRecord | null {
  const bearer = bearerOf(call);
  if (bearer === null) return null;
  const record = Object.hasOwn(core.state.accessTokens, bearer) ? core.state.accessTokens[bearer] : undefined;
  if (!record || record.expiresAt <= core.now() || record.clientId !== core.clientId) return null;
  return core.state.users[record.userId] ?? null;
}

/** A route for (auth) calls: 401 unless a live token names a user. */
export function authed(core: SandboxCore, route: (call: Call, user: UserRecord) => Reply | Promise<Reply>): Route {
  return (call) => {
    const user = userOf(core, call);
    return user === null ? UNAUTHORIZED : route(call, user);
  };
}

/** The name the account signs in with: email or phone, by the catalog's UsernameMode. */
export function userNameOf(core: SandboxCore, user: UserRecord): string {
  return core.catalog.index.catalog.UsernameMode === 'Phone' ? user.phoneNumber : user.email;
}

export function profileOf(core: SandboxCore, user: UserRecord) {
  return {
    client_id: core.clientId,
    user_id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: userNameOf(core, user),
    email: user.email,
    phoneNumber: user.phoneNumber,
  };
}

/** A new pair of tokens; a sign-in starts a family, a refresh continues the family of the token it spent. */
export function issueTokens(core: SandboxCore, user: UserRecord, familyId = `fam_${randomUUID()}`): LoginResult {
  const now = core.now();
  const access = token('at_');
  const refresh = token('rt_');
  const expiresAt = now + core.settings.accessTokenTtlMs;
  core.state.accessTokens[access] = { userId: user.id, clientId: core.clientId, expiresAt, familyId };
  core.state.refreshTokens[refresh] = { userId: user.id, clientId: core.clientId, expiresAt: now + core.settings.refreshTokenTtlMs, familyId };
  dropExpired(core, now);
  core.changed();
  return loginResult(core, user, { access, refresh, issuedAt: now, expiresAt });
}

/** The login result for a pair of tokens (the same pair again, for a refresh within the grace window). */
export function loginResult(core: SandboxCore, user: UserRecord, pair: { access: string; refresh: string; issuedAt: number; expiresAt: number }): LoginResult {
  return {
    ...profileOf(core, user),
    access_token: pair.access,
    refresh_token: pair.refresh,
    token_type: 'bearer',
    // Whole seconds left, to the nearest: a busy host's millisecond between issuing and answering is not a second.
    expires_in: Math.max(0, Math.round((pair.expiresAt - core.now()) / 1000)),
    '.issued': new Date(pair.issuedAt).toISOString(),
    '.expires': new Date(pair.expiresAt).toISOString(),
  };
}

/** Control surface: every access token expires now (refresh tokens keep working). */
export function expireAccessTokens(core: SandboxCore): number {
  const now = core.now();
  let n = 0;
  for (const record of Object.values(core.state.accessTokens)) {
    record.expiresAt = now;
    n++;
  }
  core.changed();
  return n;
}

function dropExpired(core: SandboxCore, now: number): void {
  for (const [key, record] of Object.entries(core.state.accessTokens)) if (record.expiresAt <= now) delete core.state.accessTokens[key];
  for (const [key, record] of Object.entries(core.state.refreshTokens)) if (record.expiresAt <= now) delete core.state.refreshTokens[key];
  // A spent token is remembered as long as it would have been good, and no longer.
  const spent = core.state.spentRefreshTokens ?? {};
  for (const [key, record] of Object.entries(spent)) if (record.expiresAt <= now) delete spent[key];
}
