// Where tokens live: localStorage in the browser, memory in Node; a damaged entry is no session; a tab learns when
// another removed the session.
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, browserTokenStore, hasLiveSession, memoryTokenStore, watchSession, type Tokens } from '../../src/api/tokenStore';

const tokens: Tokens = { accessToken: 'at_1', refreshToken: 'rt_1', expiresAt: '2026-05-01T16:00:00.000Z', userId: 'usr_1' };

function fakeStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('token stores', () => {
  it('keeps tokens in localStorage under one key and clears them', () => {
    const storage = fakeStorage();
    const store = browserTokenStore(storage);
    store.set(tokens);
    expect(JSON.parse(storage.data.get(TOKEN_STORAGE_KEY)!)).toEqual(tokens);
    expect(browserTokenStore(storage).get()).toEqual(tokens);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('reads a damaged entry as no session', () => {
    const storage = fakeStorage();
    storage.setItem(TOKEN_STORAGE_KEY, '{"accessToken": 5');
    expect(browserTokenStore(storage).get()).toBeNull();
    storage.setItem(TOKEN_STORAGE_KEY, '{"accessToken": "x"}');
    expect(browserTokenStore(storage).get()).toBeNull();
  });

  it('keeps tokens in memory for Node', () => {
    const store = memoryTokenStore();
    store.set(tokens);
    expect(store.get()).toBe(tokens);
  });

  it('counts a session as live only with a future expiry and an id', () => {
    const at = Date.parse(tokens.expiresAt);
    expect(hasLiveSession(tokens, at - 1)).toBe(true);
    expect(hasLiveSession(tokens, at)).toBe(false);
    expect(hasLiveSession({ ...tokens, userId: '' }, at - 1)).toBe(false);
    expect(hasLiveSession(null, 0)).toBe(false);
  });
});

/** A `storage` event as the browser sends it to the other tabs. */
function storageEvent(change: { key: string | null; newValue: string | null; storageArea: unknown }): Event {
  return Object.assign(new Event('storage'), change);
}

describe('watching the session from another tab', () => {
  it('calls back when another tab removes the session, or clears the storage, and not for other changes', () => {
    const storage = fakeStorage();
    const events = new EventTarget();
    let cleared = 0;
    const stop = watchSession(events, storage, () => cleared++);
    storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
    // New tokens from another tab's refresh, another key, another storage area: still signed in.
    events.dispatchEvent(storageEvent({ key: TOKEN_STORAGE_KEY, newValue: JSON.stringify(tokens), storageArea: storage }));
    events.dispatchEvent(storageEvent({ key: 'countertop.debug', newValue: null, storageArea: storage }));
    events.dispatchEvent(storageEvent({ key: TOKEN_STORAGE_KEY, newValue: null, storageArea: fakeStorage() }));
    expect(cleared).toBe(0);

    storage.removeItem(TOKEN_STORAGE_KEY);
    events.dispatchEvent(storageEvent({ key: TOKEN_STORAGE_KEY, newValue: null, storageArea: storage }));
    expect(cleared).toBe(1);
    events.dispatchEvent(storageEvent({ key: null, newValue: null, storageArea: storage }));
    expect(cleared).toBe(2);

    stop();
    events.dispatchEvent(storageEvent({ key: TOKEN_STORAGE_KEY, newValue: null, storageArea: storage }));
    expect(cleared).toBe(2);
  });

  it('does not call back when the session is back by the time the event arrives (signed in again there)', () => {
    const storage = fakeStorage();
    const events = new EventTarget();
    let cleared = 0;
    watchSession(events, storage, () => cleared++);
    storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
    events.dispatchEvent(storageEvent({ key: TOKEN_STORAGE_KEY, newValue: null, storageArea: storage }));
    expect(cleared).toBe(0);
  });
});
