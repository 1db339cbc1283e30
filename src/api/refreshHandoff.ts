// What the last session refresh did with a refresh token, for the next tab that takes the lock (sessionLock.ts).
// Tabs share their tokens through localStorage, and Chromium carries a write from one tab's process to another's a
// moment later, with no order against the lock: a tab granted the lock right after another rotated the tokens (or had
// them refused) may still read the spent ones, and would refresh with them again. IndexedDB is consistent across
// the tabs of an origin, so the holder records the outcome there before it lets go of the lock, and the next holder
// reads it first. Only a fingerprint of the refresh token is kept, never the token.

/** The refresh token `tried` (a fingerprint) was exchanged for new tokens, or refused. */
export interface RefreshRecord {
  readonly tried: string;
  readonly outcome: 'rotated' | 'refused';
}

export interface RefreshHandoff {
  read(): Promise<RefreshRecord | null>;
  /** Settles once the record is readable by every tab. */
  write(record: RefreshRecord): Promise<void>;
}

/** For one page, or several simulated tabs sharing one token store in memory. */
export function memoryRefreshHandoff(): RefreshHandoff {
  let last: RefreshRecord | null = null;
  return {
    read: () => Promise.resolve(last),
    write: (record) => {
      last = record;
      return Promise.resolve();
    },
  };
}

const STORE = 'handoff';
const KEY = 'refresh';

const settled = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * A record in IndexedDB that every tab of the origin reads alike. Should IndexedDB be unusable (a private window that
 * refuses it), the record lives in memory, which is what a page alone needs.
 */
export function indexedDbRefreshHandoff(factory: IDBFactory, name = 'countertop-session'): RefreshHandoff {
  const fallback = memoryRefreshHandoff();
  let opened: Promise<IDBDatabase | null> | null = null;
  const open = (): Promise<IDBDatabase | null> => {
    opened ??= new Promise<IDBDatabase | null>((resolve) => {
      try {
        const request = factory.open(name, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opened;
  };
  return {
    async read() {
      const db = await open();
      if (db === null) return fallback.read();
      try {
        const found = (await settled(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY))) as RefreshRecord | undefined;
        return found ?? null;
      } catch {
        return fallback.read();
      }
    },
    async write(record) {
      const db = await open();
      if (db === null) return fallback.write(record);
      try {
        const transaction = db.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).put(record, KEY);
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
          transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
        });
      } catch {
        await fallback.write(record);
      }
    },
  };
}

/** IndexedDB where the platform has it (browsers), else memory (Node). */
export function defaultRefreshHandoff(): RefreshHandoff {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  return factory ? indexedDbRefreshHandoff(factory) : memoryRefreshHandoff();
}

/** A SHA-256 fingerprint of a token; null where the platform has no Web Crypto digest (an insecure origin). */
export async function tokenFingerprint(token: string): Promise<string | null> {
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (subtle === undefined) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What the tab before left about a refresh token: 'refused'; 'replaced' (it was rotated, and the new tokens have
 * reached this tab's storage); 'gone' (the session left this tab's storage meanwhile); 'unknown' (nobody tried it, or
 * the rotated tokens did not arrive in time: the API will say).
 */
export type BeforeThisTurn = 'refused' | 'replaced' | 'gone' | 'unknown';

export interface RefreshTurn {
  readonly before: BeforeThisTurn;
  /** Leaves this turn's outcome for the next holder of the lock. */
  record(outcome: RefreshRecord['outcome']): Promise<void>;
}

/** Storage as this tab sees it now, against the tokens it holds: the same, replaced, or gone. */
export type StoredNow = () => 'same' | 'replaced' | 'gone';

/** Read while holding the lock, before spending `refreshToken`; waits up to `waitMs` for rotated tokens to arrive. */
export async function takeTurn(handoff: RefreshHandoff, refreshToken: string, storedNow: StoredNow, waitMs: number): Promise<RefreshTurn> {
  const tried = await tokenFingerprint(refreshToken);
  const last = tried === null ? null : await handoff.read();
  const record = (outcome: RefreshRecord['outcome']) => (tried === null ? Promise.resolve() : handoff.write({ tried, outcome }));
  if (last === null || last.tried !== tried) return { before: 'unknown', record };
  if (last.outcome === 'refused') return { before: 'refused', record };
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = storedNow();
    if (now !== 'same') return { before: now, record };
    if (Date.now() >= deadline) return { before: 'unknown', record };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
