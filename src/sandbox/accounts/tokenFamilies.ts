// Refresh-token rotation with reuse detection (OAuth 2.0 Security BCP, RFC 9700 section 4.14.2). Every refresh spends
// the token and issues a new pair in the same family (the sign-in they all descend from). A spent token presented again
// means two holders: a copy was taken. The whole family is then revoked, refresh and access tokens alike, so the
// thief and the shopper are both signed out and the shopper signs in again, which the thief cannot.
// One exception, as Auth0's reuse interval and Okta's grace period make it: within `refreshReuseGraceMs` of the
// exchange, and while the new refresh token is still unused, the spent token answers the same new pair again. That is
// the shopper's own browser: a second tab that had not yet seen the first tab's new tokens (src/api/refreshHandoff.ts
// waits up to 2 s for them, then asks), or a retry after the answer was lost. A copy presented that soon gets the
// same pair and stays in the family, to be caught at the next reuse: the window is short for that reason.
import type { LoginResult } from '../../api/session';
import { issueTokens, loginResult } from '../auth';
import type { SandboxCore } from '../core';
import type { SpentRefreshRecord, TokenRecord } from '../state';

const own = <T>(records: Record<string, T>, key: string): T | undefined => (Object.hasOwn(records, key) ? records[key] : undefined);

function spentTokens(core: SandboxCore): Record<string, SpentRefreshRecord> {
  return (core.state.spentRefreshTokens ??= {});
}

/** The refresh_token grant: new tokens, the same pair again (the grace window), or null (and a reuse revokes). */
export function refreshGrant(core: SandboxCore, refreshToken: string): LoginResult | null {
  const live = own(core.state.refreshTokens, refreshToken);
  if (live) return rotate(core, refreshToken, live);
  const spent = own(spentTokens(core), refreshToken);
  if (!spent) return null;
  const again = sameAnswer(core, spent);
  if (again) return again;
  revokeFamily(core, spent.familyId);
  core.log(`a refresh token was presented again ${Math.round((core.now() - spent.spentAt) / 1000)} s after it was exchanged: its sessions are revoked`);
  return null;
}

/** Spends a live refresh token for a new pair of its family; it is spent whether or not the user still exists. */
function rotate(core: SandboxCore, refreshToken: string, record: TokenRecord): LoginResult | null {
  const now = core.now();
  delete core.state.refreshTokens[refreshToken];
  core.changed();
  const user = own(core.state.users, record.userId);
  if (!user || record.expiresAt <= now || record.clientId !== core.clientId) return null;
  // State saved before families: the token is a family of its own.
  const familyId = record.familyId ?? refreshToken;
  const result = issueTokens(core, user, familyId);
  spentTokens(core)[refreshToken] = {
    familyId,
    spentAt: now,
    expiresAt: record.expiresAt,
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
  };
  return result;
}

/** The pair a spent token was exchanged for, when it is asked for again within the grace window and still unused. */
function sameAnswer(core: SandboxCore, spent: SpentRefreshRecord): LoginResult | null {
  const now = core.now();
  if (now - spent.spentAt > core.settings.refreshReuseGraceMs) return null;
  const next = own(core.state.refreshTokens, spent.refreshToken);
  const user = next && own(core.state.users, next.userId);
  if (!next || !user || next.clientId !== core.clientId) return null;
  const access = own(core.state.accessTokens, spent.accessToken);
  return loginResult(core, user, { access: spent.accessToken, refresh: spent.refreshToken, issuedAt: spent.spentAt, expiresAt: access?.expiresAt ?? now });
}

/** Ends every session of one sign-in: its refresh tokens and, at once, its access tokens. Its spent tokens are kept, so
 * another presented later is refused as a reuse too (they go when they would have expired). */
export function revokeFamily(core: SandboxCore, familyId: string): void {
  for (const [key, record] of Object.entries(core.state.refreshTokens)) if (record.familyId === familyId) delete core.state.refreshTokens[key];
  for (const [key, record] of Object.entries(core.state.accessTokens)) if (record.familyId === familyId) delete core.state.accessTokens[key];
  core.changed();
}

/**
 * Account/Logout (an extension of the spec, see ../README.md): the session of this refresh token ends at the server,
 * its family's refresh and access tokens at once, so a copy taken before the sign-out no longer answers. A token the
 * sandbox does not know (already revoked, or never issued) changes nothing; the answer is the same either way.
 */
export function logoutGrant(core: SandboxCore, refreshToken: string): void {
  const live = own(core.state.refreshTokens, refreshToken);
  const familyId = live ? (live.familyId ?? refreshToken) : own(spentTokens(core), refreshToken)?.familyId;
  if (live && live.familyId === undefined) {
    delete core.state.refreshTokens[refreshToken];
    core.changed();
  }
  if (familyId !== undefined) revokeFamily(core, familyId);
}
