// Where tokens live: localStorage in the browser, memory in Node; a damaged entry is no session.
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, browserTokenStore, hasLiveSession, memoryTokenStore, type Tokens } from '../../src/api/tokenStore';

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
