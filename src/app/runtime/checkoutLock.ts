// While the shopper is mid-checkout (checkout and its confirmation), this window holds a shared Web Lock the offline
// worker reads before a new build takes over (src/worker/rules.ts, CHECKOUT_LOCK): never under a shopper placing an
// order, in this window or another. Part of the first page (a few lines), so a page opened at checkout holds it at once.
import { CHECKOUT_LOCK, midCheckout } from '../../worker/rules';

let release: (() => void) | null = null;
let released: Promise<unknown> = Promise.resolve();

/** The window is now at `path`: it takes the lock at checkout and lets it go elsewhere; resolves once that is done. */
export function checkoutLockAt(path: string, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<unknown> {
  if (locks === undefined) return Promise.resolve();
  if (midCheckout(path) && release === null) {
    let taken!: () => void;
    const holding = new Promise<void>((resolve) => (taken = resolve));
    released = locks
      .request(CHECKOUT_LOCK, { mode: 'shared' }, () => {
        taken();
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => undefined);
    return holding;
  }
  if (!midCheckout(path) && release !== null) {
    release();
    release = null;
    return released;
  }
  return Promise.resolve();
}
