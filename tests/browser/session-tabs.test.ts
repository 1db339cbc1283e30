// Five tabs of one browser share one session (localStorage) whose access token expires for all of them at once.
// Refresh tokens rotate, so the tabs must take turns: one refresh call reaches the API and every tab stays signed in.
// When the API refuses that refresh, every tab ends signed out.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/apiClient';
import { memoryTokenStore, TOKEN_STORAGE_KEY, type Tokens } from '../../src/api/tokenStore';
import { stateOf } from './support/checkout';
import { enableDebugHook } from './support/debug';
import { useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe');
const TABS = 5;

/** Ada signs in elsewhere; her session is what the tabs start from. */
async function adasSession(): Promise<Tokens> {
  const api = createApiClient({
    baseUrl: `${storefront.origin}/api`,
    clientId: 'countertop-sandbox',
    tokens: memoryTokenStore(),
    reportError: () => undefined,
  });
  const signedIn = await api.account.login('ada@example.com', 'countertop');
  if (signedIn._tag === 'Left') throw new Error(JSON.stringify(signedIn.left));
  return api.http.tokens.get()!;
}

/** The grant of every Account/Login call any tab sends, in order. */
function loginGrants(context: BrowserContext): (string | null)[] {
  const grants: (string | null)[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/Account/Login') return;
    const grant = /name="grant_type"\r\n\r\n([a-z_]+)\r\n/.exec(request.postData() ?? '');
    grants.push(grant?.[1] ?? null);
  });
  return grants;
}

const storedSession = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);

/** Five tabs of one shopper, each started and signed in from Ada's stored session. */
async function fiveSignedInTabs(): Promise<{ shopper: Shopper; tabs: Page[]; signedIn: Tokens }> {
  const signedIn = await adasSession();
  const shopper = await storefront.newShopper();
  await enableDebugHook(shopper.context);
  // Stored once, not by an init script: that would put the spent tokens back at every reload.
  await shopper.page.goto(storefront.origin);
  await shopper.page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, JSON.stringify(signedIn)] as const);
  const tabs = [shopper.page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => shopper.newTab())))];
  await Promise.all(tabs.map((tab) => tab.goto(storefront.origin)));
  // The debug hook appears once start-up's auto-login is done.
  for (const tab of tabs) expect((await stateOf(tab)).account.profile?.email).toBe('ada@example.com');
  return { shopper, tabs, signedIn };
}

/** The access token expires for every tab together: at the API, and by the expiry the tabs stored. */
async function expireTogether(tab: Page): Promise<void> {
  await storefront.control('tokens', { expireNow: true });
  await tab.evaluate((key) => {
    const stored = JSON.parse(window.localStorage.getItem(key)!) as Tokens;
    window.localStorage.setItem(key, JSON.stringify({ ...stored, expiresAt: new Date(Date.now() - 1_000).toISOString() }));
  }, TOKEN_STORAGE_KEY);
}

describe('five tabs share one session', () => {
  it('whose access token expires together: they make one refresh call and every tab stays signed in', async () => {
    const { shopper, tabs, signedIn } = await fiveSignedInTabs();
    await expireTogether(tabs[0]!);
    const grants = loginGrants(shopper.context);
    // Each API answer waits a little, so the tabs' start-ups overlap while the refresh is on its way.
    await storefront.control('latency', { ms: 300 });
    // Every tab starts again at the same moment, and each start-up finds the stored access token expired.
    await Promise.all(tabs.map((tab) => tab.reload()));
    for (const tab of tabs) expect((await stateOf(tab)).account.profile?.email).toBe('ada@example.com');
    expect(grants).toEqual(['refresh_token']);
    const stored = JSON.parse((await storedSession(tabs[0]!))!) as Tokens;
    expect(stored.refreshToken).not.toBe(signedIn.refreshToken);
    expect(Date.parse(stored.expiresAt)).toBeGreaterThan(Date.now());
    await shopper.close();
  });

  it('when the API refuses the refresh, every tab ends signed out', async () => {
    const { shopper, tabs } = await fiveSignedInTabs();
    await expireTogether(tabs[0]!);
    const grants = loginGrants(shopper.context);
    await storefront.control('latency', { ms: 300 });
    await storefront.control('fail', { path: '/api/Account/Login', times: 1, status: 400 });
    await Promise.all(tabs.map((tab) => tab.reload()));
    // A tab that waited its turn hears of the refusal from the tab that asked (the stored session goes, and each tab
    // signs out on that): its state gets there a moment after its start-up, on a slow machine after this line runs.
    for (const tab of tabs) await expect.poll(async () => (await stateOf(tab)).account.profile).toBeNull();
    // One refusal is enough: the tabs that waited their turn found the session gone and did not ask again.
    expect(grants).toEqual(['refresh_token']);
    expect(await storedSession(tabs[0]!)).toBeNull();
    await shopper.close();
  });
});
