// The client layer's own promises: a malformed answer is a typed error, the time-out, the client id header, (auth)
// calls without a session, and error reports that name the call. And the tabs of one browser sharing one session:
// several clients over one storage and one lock refresh once between them, and a refused refresh signs out them all.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/apiClient';
import type { ErrorEvent } from '../../src/api/errorReporter';
import { API_TIMEOUT_MS } from '../../src/api/httpClient';
import { memoryRefreshHandoff, type RefreshHandoff } from '../../src/api/refreshHandoff';
import { defaultSessionLock, memorySessionLock, webSessionLock, type LockRequester, type SessionLock } from '../../src/api/sessionLock';
import { TOKEN_STORAGE_KEY, browserTokenStore, type KeyValueStorage } from '../../src/api/tokenStore';
import { CLIENT_ID, control, newClient, right, useSandbox } from '../sandbox/support';

const running = useSandbox({ catalog: 'cafe' });

/** A fetch that answers `body` for calls whose URL ends with `suffix`, and passes the rest through. */
function tampering(suffix: string, body: string, status = 200): typeof fetch {
  return async (input, init) => {
    if (String(input).endsWith(suffix)) return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
    return fetch(input, init);
  };
}

describe('the HTTP client', () => {
  it('waits 60 seconds by default', () => {
    expect(API_TIMEOUT_MS).toBe(60_000);
  });

  it('turns an answer of the wrong shape into a decode error naming the field, and reports it with the call name', async () => {
    const client = newClient(running, { fetch: tampering('Inventory/List', JSON.stringify({ Inventory: [{ VariationId: 5, Count: 1 }] })) });
    const result = await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'decode', call: 'Inventory/List', status: 200 } });
    if (E.isLeft(result) && result.left.kind === 'decode') expect(result.left.problems[0]).toMatch(/^Inventory\[0\]\.VariationId: expected string/);
    expect(client.reports).toHaveLength(1);
    expect(client.reports[0]?.call).toBe('Inventory/List');
  });

  it('parses and reads the menu each after a pause of its own (a task each on a phone), and pauses no other call', async () => {
    const pauses: (() => void)[] = [];
    const client = newClient(running, { pause: () => new Promise<void>((resume) => pauses.push(resume)) });
    let settled = false;
    const catalog = client.api.catalog.getCatalog().then((result) => {
      settled = true;
      return result;
    });
    await expect.poll(() => pauses.length).toBe(1);
    pauses[0]!();
    await expect.poll(() => pauses.length).toBe(2);
    expect(settled).toBe(false);
    pauses[1]!();
    expect(E.isRight(await catalog)).toBe(true);
    expect(pauses).toHaveLength(2);
    expect(E.isRight(await client.api.inventory.listInventory({ locationId: 'cafe-hudson' }))).toBe(true);
    expect(pauses).toHaveLength(2);
  });

  it('pauses once before a failed menu answer, which it does not read', async () => {
    let paused = 0;
    const client = newClient(running, { fetch: tampering('Catalog', '{"Message":"down"}', 503), pause: async () => void paused++ });
    expect(await client.api.catalog.getCatalog()).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 503 } });
    expect(paused).toBe(1);
  });

  it('turns a 2xx answer that is not JSON into a decode error, not an exception', async () => {
    const client = newClient(running, { fetch: tampering('Catalog', '<html>oops</html>') });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'decode', call: 'Catalog' } });
  });

  it('keeps the body of an error answer for the caller', async () => {
    const client = newClient(running, { fetch: tampering('Catalog', 'Service Unavailable', 503) });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 503, body: 'Service Unavailable' } });
    expect(client.reports[0]).toMatchObject({ call: 'Catalog', status: 503 });
  });

  it('gives up after its time-out and says so', async () => {
    await control(running, 'latency', { ms: 400 });
    const client = newClient(running, { timeoutMs: 100 });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'timeout', call: 'Catalog', afterMs: 100 } });
  });

  it('reports an unreachable API as a network error', async () => {
    const client = newClient({ apiBase: 'http://127.0.0.1:9/api' });
    const result = await client.api.catalog.getCatalog();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'network', call: 'Catalog' } });
  });

  it('answers an (auth) call without a session as unauthorized without sending it', async () => {
    let sent = 0;
    const client = newClient(running, {
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const result = await client.api.orders.listOrders();
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized', call: 'Order/List' } });
    expect(sent).toBe(0);
  });

  it('sends the client id header on every call', async () => {
    const seen: (string | null)[] = [];
    const client = newClient(running, {
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers).get('X-Client-Id'));
        return fetch(input, init);
      },
    });
    await client.api.catalog.getCatalog();
    await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(seen).toEqual(['countertop-sandbox', 'countertop-sandbox']);
  });

  it('an injected failure answers its status without running the call', async () => {
    await control(running, 'fail', { path: '/api/Inventory/List', times: 1, status: 500 });
    const client = newClient(running);
    const failed = await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(failed).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 500, body: ['Sandbox - INJECTED_FAILURE'] } });
    const next = await client.api.inventory.listInventory({ locationId: 'cafe-hudson' });
    expect(E.isRight(next)).toBe(true);
  });
});

/** One localStorage the tabs share. */
function sharedStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) };
}

/** The refresh_token logins that left any tab, refused or not. */
function refreshCounter(): { fetch: typeof fetch; refreshes: () => number } {
  let refreshes = 0;
  return {
    fetch: (input, init) => {
      if (String(input).endsWith('Account/Login') && init?.body instanceof FormData && init.body.get('grant_type') === 'refresh_token') refreshes++;
      return fetch(input, init);
    },
    refreshes: () => refreshes,
  };
}

interface Tab {
  readonly api: ApiClient;
  readonly reports: ErrorEvent[];
  signedOut: number;
}

/** A tab: its own client (and so its own in-page single flight) over the shared storage and, unless told, the shared lock. */
function openTab(
  running: { apiBase: string },
  storage: KeyValueStorage,
  lock: SessionLock,
  fetchFn: typeof fetch,
  handoff?: RefreshHandoff,
  handoffWaitMs?: number,
): Tab {
  const reports: ErrorEvent[] = [];
  const tab: Tab = {
    reports,
    signedOut: 0,
    api: createApiClient({
      baseUrl: running.apiBase,
      clientId: CLIENT_ID,
      tokens: browserTokenStore(storage),
      reportError: (event) => reports.push(event),
      onSignedOut: () => {
        tab.signedOut++;
      },
      fetch: fetchFn,
      lock,
      ...(handoff ? { handoff } : {}),
      ...(handoffWaitMs === undefined ? {} : { handoffWaitMs }),
    }),
  };
  return tab;
}

/**
 * Two tabs' views of one localStorage, as Chromium gives them: a write shows in the other tab only when it is
 * delivered, which the test decides, with no order against the lock.
 */
function laggingStorages(): { first: KeyValueStorage; second: KeyValueStorage; deliver: () => void } {
  const views = [new Map<string, string>(), new Map<string, string>()] as const;
  const pending: (() => void)[] = [];
  const view = (own: 0 | 1): KeyValueStorage => {
    const other = views[own === 0 ? 1 : 0];
    return {
      getItem: (key) => views[own].get(key) ?? null,
      setItem: (key, value) => {
        views[own].set(key, value);
        pending.push(() => void other.set(key, value));
      },
      removeItem: (key) => {
        views[own].delete(key);
        pending.push(() => void other.delete(key));
      },
    };
  };
  return { first: view(0), second: view(1), deliver: () => pending.splice(0).forEach((write) => write()) };
}

describe('tabs sharing one session', () => {
  const running = useSandbox({ catalog: 'cafe' });

  /** Five tabs over one storage and one lock, Ada signed in through the first. */
  async function fiveTabs() {
    const storage = sharedStorage();
    const lock = memorySessionLock();
    const counter = refreshCounter();
    const tabs = Array.from({ length: 5 }, () => openTab(running, storage, lock, counter.fetch));
    right(await tabs[0]!.api.account.login('ada@example.com', 'countertop'));
    const signedIn = tabs[0]!.api.http.tokens.get()!;
    return { storage, tabs, counter, signedIn };
  }

  it('five tabs whose access token expired together make one refresh call, and all of their calls succeed', async () => {
    const { tabs, counter, signedIn } = await fiveTabs();
    await control(running, 'tokens', { expireNow: true });
    const profiles = await Promise.all(tabs.map((tab) => tab.api.account.profile()));
    expect(profiles.map((p) => right(p).firstName)).toEqual(['Ada', 'Ada', 'Ada', 'Ada', 'Ada']);
    expect(counter.refreshes()).toBe(1);
    expect(tabs.map((tab) => tab.signedOut)).toEqual([0, 0, 0, 0, 0]);
    expect(tabs.flatMap((tab) => tab.reports)).toEqual([]);
    const now = tabs[0]!.api.http.tokens.get();
    expect(now?.refreshToken).not.toBe(signedIn.refreshToken);
    for (const tab of tabs) expect(tab.api.http.tokens.get()).toEqual(now);
  });

  it('five tabs starting up with an expired session at once (the start-up refresh) make one refresh call', async () => {
    const { tabs, counter } = await fiveTabs();
    const refreshed = await Promise.all(tabs.map((tab) => tab.api.http.refreshSession()));
    expect(refreshed.every(E.isRight)).toBe(true);
    expect(counter.refreshes()).toBe(1);
    expect(tabs.map((tab) => tab.signedOut)).toEqual([0, 0, 0, 0, 0]);
    const profiles = await Promise.all(tabs.map((tab) => tab.api.account.profile()));
    expect(profiles.every(E.isRight)).toBe(true);
  });

  it('a refresh the server refuses signs out every tab, after one refresh call, and no token reaches a report', async () => {
    const { storage, tabs, counter, signedIn } = await fiveTabs();
    await control(running, 'fail', { path: '/api/Account/Login', times: 1, status: 400 });
    await control(running, 'tokens', { expireNow: true });
    const profiles = await Promise.all(tabs.map((tab) => tab.api.account.profile()));
    for (const profile of profiles) expect(profile).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized', call: 'Account/Profile' } });
    expect(counter.refreshes()).toBe(1);
    expect(tabs.map((tab) => tab.signedOut)).toEqual([1, 1, 1, 1, 1]);
    expect(storage.data.has(TOKEN_STORAGE_KEY)).toBe(false);
    const reports = JSON.stringify(tabs.flatMap((tab) => tab.reports));
    expect(reports).not.toContain(signedIn.accessToken);
    expect(reports).not.toContain(signedIn.refreshToken);
  });

  it("a tab that sees another tab's new tokens only after its own refresh was refused keeps the session", async () => {
    // Two tabs whose locks do not order them (as when one tab's write reaches the other late): the second sends
    // the spent refresh token once the first has stored the new one.
    const storage = sharedStorage();
    const counter = refreshCounter();
    const first = openTab(running, storage, memorySessionLock(), counter.fetch);
    right(await first.api.account.login('ada@example.com', 'countertop'));
    const signedIn = first.api.http.tokens.get()!;
    let stored: () => void = () => undefined;
    const firstStored = new Promise<void>((resolve) => (stored = resolve));
    const late = openTab(running, storage, memorySessionLock(), async (input, init) => {
      if (String(input).endsWith('Account/Login')) await firstStored;
      return counter.fetch(input, init);
    });
    const both = Promise.all([first.api.http.refreshSession(), late.api.http.refreshSession()]);
    await expect.poll(() => first.api.http.tokens.get()?.refreshToken).not.toBe(signedIn.refreshToken);
    stored();
    const [a, b] = await both;
    expect(E.isRight(a) && E.isRight(b)).toBe(true);
    expect(counter.refreshes()).toBe(2);
    expect([first.signedOut, late.signedOut]).toEqual([0, 0]);
    right(await late.api.account.profile());
  });

  describe("when the tab before in the lock wrote its tokens, and they have not reached this tab's storage yet", () => {
    /** Ada signed in, in both tabs' storage; the tabs share the lock and the handoff record. */
    async function twoLateTabs() {
      const storages = laggingStorages();
      const counter = refreshCounter();
      const lock = memorySessionLock();
      const handoff = memoryRefreshHandoff();
      const first = openTab(running, storages.first, lock, counter.fetch, handoff);
      const second = openTab(running, storages.second, lock, counter.fetch, handoff);
      right(await first.api.account.login('ada@example.com', 'countertop'));
      storages.deliver();
      return { ...storages, counter, tabs: [first, second] as const };
    }

    it('the next tab does not spend the refresh token again: it waits for the new tokens', async () => {
      const { deliver, counter, tabs } = await twoLateTabs();
      const signedIn = tabs[1].api.http.tokens.get()!;
      right(await tabs[0].api.http.refreshSession());
      // The second tab takes the lock while its storage still holds the spent tokens.
      const refreshed = tabs[1].api.http.refreshSession();
      await expect.poll(() => tabs[1].api.http.tokens.get()?.refreshToken).toBe(signedIn.refreshToken);
      deliver();
      right(await refreshed);
      expect(counter.refreshes()).toBe(1);
      expect(tabs[1].api.http.tokens.get()).toEqual(tabs[0].api.http.tokens.get());
      expect(tabs.map((tab) => tab.signedOut)).toEqual([0, 0]);
      right(await tabs[1].api.account.profile());
    });

    it("past the wait, the tab asks with the spent token and the API answers the same new pair: the browser's tabs are not a thief", async () => {
      const storages = laggingStorages();
      const counter = refreshCounter();
      const lock = memorySessionLock();
      const handoff = memoryRefreshHandoff();
      const tabs = [
        openTab(running, storages.first, lock, counter.fetch, handoff, 50),
        openTab(running, storages.second, lock, counter.fetch, handoff, 50),
      ] as const;
      right(await tabs[0].api.account.login('ada@example.com', 'countertop'));
      storages.deliver();
      right(await tabs[0].api.http.refreshSession());
      // The first tab's new tokens never reach the second tab's storage in time.
      right(await tabs[1].api.http.refreshSession());
      expect(counter.refreshes()).toBe(2);
      expect(tabs[1].api.http.tokens.get()).toEqual(tabs[0].api.http.tokens.get());
      for (const tab of tabs) right(await tab.api.account.profile());
      expect(tabs.map((tab) => tab.signedOut)).toEqual([0, 0]);
    });

    it('a refusal the tab before met signs this tab out without a second refresh call', async () => {
      const { counter, tabs } = await twoLateTabs();
      await control(running, 'fail', { path: '/api/Account/Login', times: 1, status: 400 });
      expect(await tabs[0].api.http.refreshSession()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
      // Its storage still holds the session the first tab lost; the sandbox would take that refresh token.
      expect(tabs[1].api.http.tokens.get()).not.toBeNull();
      expect(await tabs[1].api.http.refreshSession()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
      expect(counter.refreshes()).toBe(1);
      expect(tabs.map((tab) => tab.signedOut)).toEqual([1, 1]);
    });
  });

  it('stores the new refresh token on every refresh: refreshing again long after never presents a spent one', async () => {
    const storage = sharedStorage();
    const tab = openTab(running, storage, memorySessionLock(), fetch);
    right(await tab.api.account.login('ada@example.com', 'countertop'));
    const seen = new Set([tab.api.http.tokens.get()!.refreshToken]);
    for (let i = 1; i <= 3; i++) {
      // Each refresh past the grace window: a spent token presented now would end the session.
      await control(running, 'clock', { at: new Date(Date.now() + i * 60_000).toISOString() });
      right(await tab.api.http.refreshSession());
      seen.add(tab.api.http.tokens.get()!.refreshToken);
    }
    expect(seen.size).toBe(4);
    expect(JSON.parse(storage.data.get(TOKEN_STORAGE_KEY)!)).toMatchObject({ refreshToken: [...seen].at(-1) });
    right(await tab.api.account.profile());
    expect(tab.signedOut).toBe(0);
  });

  it('a tab that waited its turn while another signed out is signed out without a refresh call', async () => {
    const { storage, tabs, counter } = await fiveTabs();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lock = memorySessionLock();
    const holder = lock.run(() => held);
    const waiting = openTab(running, storage, lock, counter.fetch);
    const refreshed = waiting.api.http.refreshSession();
    tabs[1]!.api.http.tokens.clear();
    release();
    await holder;
    expect(await refreshed).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
    expect(counter.refreshes()).toBe(0);
    expect(waiting.signedOut).toBe(1);
  });
});

describe('the session lock', () => {
  it('in memory, runs one holder at a time in the order they asked, and a failed holder does not block the next', async () => {
    const lock = memorySessionLock();
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const first = lock.run(async () => {
      seen.push('first in');
      await new Promise<void>((resolve) => (release = resolve));
      seen.push('first out');
      throw new Error('refused');
    });
    const second = lock.run(async () => {
      seen.push('second');
      return 2;
    });
    await expect.poll(() => seen).toEqual(['first in']);
    release();
    await expect(first).rejects.toThrow('refused');
    expect(await second).toBe(2);
    expect(seen).toEqual(['first in', 'first out', 'second']);
  });

  it('with the Web Locks API, runs the task inside the named lock, and without the lock when the browser refuses it', async () => {
    const names: string[] = [];
    const granting: LockRequester = { request: (name, callback) => (names.push(name), callback()) };
    expect(await webSessionLock(granting).run(async () => 'held')).toBe('held');
    expect(names).toEqual(['countertop.session.refresh']);
    const refusing: LockRequester = { request: () => Promise.reject(new DOMException('no locks here', 'SecurityError')) };
    expect(await webSessionLock(refusing).run(async () => 'ran anyway')).toBe('ran anyway');
    // A task that fails inside the lock fails; it does not run twice.
    let runs = 0;
    const failing = webSessionLock(granting).run(() => {
      runs++;
      return Promise.reject(new Error('offline'));
    });
    await expect(failing).rejects.toThrow('offline');
    expect(runs).toBe(1);
  });

  it('falls back to a lock in memory where there is no navigator.locks (Node)', async () => {
    expect((globalThis as { navigator?: { locks?: unknown } }).navigator?.locks).toBeUndefined();
    expect(await defaultSessionLock().run(async () => 'ran')).toBe('ran');
  });
});
