// Refresh-token rotation with reuse detection (src/sandbox/accounts/tokenFamilies.ts): a refresh token used a second
// time means a copy is in other hands, and every session of that sign-in ends, the thief's and the shopper's alike;
// the same browser's second tab, asking within the grace window, gets the same new pair instead.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/sandbox/core';
import { CLIENT_ID, control, newClient, right, useSandbox, type TestClient } from './support';

const running = useSandbox({ catalog: 'cafe' });

/** The sandbox clock moves `ms` on from now: past the grace window, or within it. */
const later = (ms: number) => control(running, 'clock', { at: new Date(Date.now() + ms).toISOString() });
const PAST_GRACE = DEFAULT_SETTINGS.refreshReuseGraceMs + 1_000;

async function signedIn(): Promise<TestClient> {
  const client = newClient(running);
  right(await client.api.account.login('ada@example.com', 'countertop'));
  return client;
}

/** A client holding a copy of another's tokens (a second tab, or a thief). */
function copyOf(client: TestClient): TestClient {
  const copy = newClient(running);
  copy.tokens.set(client.tokens.get()!);
  return copy;
}

/** Profile with this access token alone, no refresh: what the API answers to the token itself. */
async function profileStatus(accessToken: string): Promise<number> {
  const answer = await fetch(`${running.apiBase}/Account/Profile`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'X-Client-Id': CLIENT_ID },
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** The refresh_token grant sent as is. */
async function refreshWith(refreshToken: string): Promise<number> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken })) form.append(key, value);
  const answer = await fetch(`${running.apiBase}/Account/Login`, { method: 'POST', body: form, headers: { 'X-Client-Id': CLIENT_ID } });
  await answer.arrayBuffer();
  return answer.status;
}

describe('a refresh token used twice', () => {
  it('a thief who refreshed first is signed out with the shopper once the shopper refreshes: its access token stops at once', async () => {
    const shopper = await signedIn();
    const thief = copyOf(shopper);
    right(await thief.api.http.refreshSession());
    expect(right(await thief.api.account.profile()).firstName).toBe('Ada');
    const thiefs = thief.tokens.get()!;
    await later(PAST_GRACE);
    expect(await shopper.api.http.refreshSession()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
    expect(shopper.signedOut).toBe(1);
    // Minutes before it would expire, the thief's access token no longer answers, and its refresh token is refused.
    expect(await profileStatus(thiefs.accessToken)).toBe(401);
    expect(await thief.api.account.profile()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
    expect(thief.signedOut).toBe(1);
  });

  it('a thief who comes after the shopper refreshed is refused, and the shopper is signed out too', async () => {
    const shopper = await signedIn();
    const stolen = shopper.tokens.get()!;
    right(await shopper.api.http.refreshSession());
    const current = shopper.tokens.get()!;
    await later(PAST_GRACE);
    expect(await refreshWith(stolen.refreshToken)).toBe(400);
    expect(await profileStatus(current.accessToken)).toBe(401);
    expect(await refreshWith(current.refreshToken)).toBe(400);
  });

  it('another sign-in of the same account keeps its session', async () => {
    const phone = await signedIn();
    const laptop = await signedIn();
    const thief = copyOf(laptop);
    right(await thief.api.http.refreshSession());
    await later(PAST_GRACE);
    expect(await laptop.api.http.refreshSession()).toMatchObject({ _tag: 'Left' });
    expect(right(await phone.api.account.profile()).firstName).toBe('Ada');
    expect(phone.signedOut).toBe(0);
  });
});

describe('the same browser asking again within the grace window', () => {
  it('a second tab presenting the token just exchanged gets the same new pair, and both stay signed in', async () => {
    const first = await signedIn();
    const second = copyOf(first);
    right(await first.api.http.refreshSession());
    await later(DEFAULT_SETTINGS.refreshReuseGraceMs / 2);
    right(await second.api.http.refreshSession());
    expect(second.tokens.get()).toEqual(first.tokens.get());
    for (const tab of [first, second]) expect(right(await tab.api.account.profile()).firstName).toBe('Ada');
    expect([first.signedOut, second.signedOut]).toEqual([0, 0]);
  });

  it('is a reuse once the new refresh token has itself been used: the family is revoked', async () => {
    const first = await signedIn();
    const second = copyOf(first);
    right(await first.api.http.refreshSession());
    right(await first.api.http.refreshSession());
    expect(await second.api.http.refreshSession()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
    expect(await profileStatus(first.tokens.get()!.accessToken)).toBe(401);
    expect(await refreshWith(first.tokens.get()!.refreshToken)).toBe(400);
  });
});

describe('access tokens', () => {
  it('live five minutes, and the login result says so', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ client_id: CLIENT_ID, grant_type: 'password', username: 'ada@example.com', password: 'countertop' }))
      form.append(key, value);
    const answer = await fetch(`${running.apiBase}/Account/Login`, { method: 'POST', body: form, headers: { 'X-Client-Id': CLIENT_ID } });
    const body = (await answer.json()) as { expires_in: number; access_token: string };
    expect(body.expires_in).toBe(300);
    await later(4 * 60_000 + 50_000);
    expect(await profileStatus(body.access_token)).toBe(200);
    await later(5 * 60_000 + 1_000);
    expect(await profileStatus(body.access_token)).toBe(401);
  });

  it('a token that names nothing, such as "__proto__" or "constructor", is refused without harm', async () => {
    for (const token of ['__proto__', 'constructor', 'toString']) {
      expect(await profileStatus(token)).toBe(401);
      expect(await refreshWith(token)).toBe(400);
    }
  });
});

describe('signing out (Account/Logout)', () => {
  it('ends the session at the API: a copy of its tokens taken before no longer answers nor refreshes; other sign-ins keep theirs', async () => {
    const phone = await signedIn();
    const laptop = await signedIn();
    const stolen = laptop.tokens.get()!;
    await laptop.api.account.signOut();
    expect(laptop.tokens.get()).toBeNull();
    // Minutes before the access token would expire, neither it nor the refresh token works.
    expect(await profileStatus(stolen.accessToken)).toBe(401);
    expect(await refreshWith(stolen.refreshToken)).toBe(400);
    expect(right(await phone.api.account.profile()).firstName).toBe('Ada');
  });

  it('ends the session after a refresh too (the family, not one pair), and answers alike for a token it does not know', async () => {
    const shopper = await signedIn();
    const first = shopper.tokens.get()!;
    right(await shopper.api.http.refreshSession());
    const current = shopper.tokens.get()!;
    await shopper.api.account.signOut();
    expect(await profileStatus(current.accessToken)).toBe(401);
    expect(await refreshWith(current.refreshToken)).toBe(400);
    expect(await refreshWith(first.refreshToken)).toBe(400);
    for (const refreshToken of [current.refreshToken, 'rt_unknown']) {
      const answer = await fetch(`${running.apiBase}/Account/Logout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Id': CLIENT_ID },
        body: JSON.stringify({ refreshToken }),
      });
      expect(answer.status).toBe(204);
    }
  });
});
