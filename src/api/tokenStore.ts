// Where the session's tokens live. They never enter the event log (ARCHITECTURE.md, "No secret enters the log"):
// the browser keeps them in localStorage, Node and tests in memory. Every tab of the browser shares the one entry, so
// a tab learns from a `storage` event when another signed the shopper out (watchSession).

export interface Tokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When the access token expires, ISO-8601 UTC. */
  readonly expiresAt: string;
  readonly userId: string;
}

export interface TokenStore {
  get(): Tokens | null;
  set(tokens: Tokens): void;
  clear(): void;
}

export function memoryTokenStore(initial: Tokens | null = null): TokenStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
    clear: () => {
      tokens = null;
    },
  };
}

/** Minimal Storage the browser store needs (window.localStorage fits). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const TOKEN_STORAGE_KEY = 'countertop.session';

/** Tokens in localStorage; an unreadable entry counts as no session rather than an error. */
export function browserTokenStore(storage: KeyValueStorage, key = TOKEN_STORAGE_KEY): TokenStore {
  return {
    get: () => {
      const text = storage.getItem(key);
      if (text === null) return null;
      try {
        const value = JSON.parse(text) as Partial<Tokens> | null;
        if (
          typeof value?.accessToken === 'string' &&
          typeof value.refreshToken === 'string' &&
          typeof value.expiresAt === 'string' &&
          typeof value.userId === 'string'
        ) {
          return { accessToken: value.accessToken, refreshToken: value.refreshToken, expiresAt: value.expiresAt, userId: value.userId };
        }
      } catch {
        // fall through: a damaged entry is no session
      }
      return null;
    },
    set: (tokens) => storage.setItem(key, JSON.stringify(tokens)),
    clear: () => storage.removeItem(key),
  };
}

/** What a `storage` event says (window's StorageEvent fits). */
interface StorageChange {
  readonly key: string | null;
  readonly newValue: string | null;
  readonly storageArea?: unknown;
}

/**
 * Calls `onCleared` when another tab removes the session from `storage` (a refused refresh, a sign-out there); the
 * browser fires `storage` events only in the other tabs of the origin, never in the one that made the change. Only
 * that the entry is gone is read, never the tokens. Answers the function that stops watching.
 */
export function watchSession(events: EventTarget, storage: KeyValueStorage, onCleared: () => void, key = TOKEN_STORAGE_KEY): () => void {
  const listener = (event: Event) => {
    const change = event as unknown as StorageChange;
    if (change.storageArea != null && change.storageArea !== storage) return;
    // key null: the whole storage was cleared.
    const cleared = change.key === null || (change.key === key && change.newValue === null);
    if (cleared && storage.getItem(key) === null) onCleared();
  };
  events.addEventListener('storage', listener);
  return () => events.removeEventListener('storage', listener);
}

/** Account-and-session.md section 4: logged in when a token exists, its expiry is in the future and it has an id. */
export function hasLiveSession(tokens: Tokens | null, now: number): boolean {
  if (tokens === null || tokens.userId === '' || tokens.accessToken === '') return false;
  const expires = Date.parse(tokens.expiresAt);
  return Number.isFinite(expires) && expires > now;
}
