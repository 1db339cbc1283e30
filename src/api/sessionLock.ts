// One session refresh at a time across the tabs of a browser profile. Refresh tokens rotate: when two tabs refresh
// with the same refresh token, the second is refused and would sign the shopper out. The browser's Web Locks API
// (navigator.locks) orders the tabs; where it is absent (Node, old browsers) a lock in memory orders the calls of
// this page only, which is what the page's own single flight already gives.

/** Runs `task` while holding the lock; the next holder starts when it settles. */
export interface SessionLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export const SESSION_LOCK_NAME = 'countertop.session.refresh';

/** A lock shared by everything holding this object: one page, or several simulated tabs in a test. */
export function memorySessionLock(): SessionLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task);
      // The next holder waits for this one to settle, whether it succeeds or not.
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}

/** The part of the Web Locks API this lock uses (navigator.locks fits). */
export interface LockRequester {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * A lock every tab of the origin shares, through the Web Locks API. Should the browser refuse the request itself
 * (an opaque origin, a page being torn down), the task runs without it rather than not at all.
 */
export function webSessionLock(locks: LockRequester, name = SESSION_LOCK_NAME): SessionLock {
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      let started = false;
      try {
        return await locks.request(name, () => {
          started = true;
          return task();
        });
      } catch (error) {
        if (started) throw error;
        return task();
      }
    },
  };
}

/** The Web Locks API where the browser has it, else a lock in memory for this page. */
export function defaultSessionLock(name = SESSION_LOCK_NAME): SessionLock {
  // Only secure contexts have it (https, localhost); Node has no navigator.
  const locks: LockManager | undefined = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? webSessionLock(locks, name) : memorySessionLock();
}
