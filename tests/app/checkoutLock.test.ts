// The checkout lock (src/app/runtime/checkoutLock.ts): held, shared, from checkout through its confirmation, let go
// elsewhere, so the offline worker never lets a new build take over under a shopper placing an order.
import { describe, expect, it } from 'vitest';
import { checkoutLockAt } from '../../src/app/runtime/checkoutLock';
import { CHECKOUT_LOCK } from '../../src/worker/rules';

/** A lock manager that records what is held, as the browser's does. */
function fakeLocks() {
  const held: { name: string; mode: string }[] = [];
  const locks = {
    request: async (name: string, options: { mode: string }, callback: () => Promise<void>) => {
      const lock = { name, mode: options.mode };
      held.push(lock);
      await callback();
      held.splice(held.indexOf(lock), 1);
    },
  } as unknown as LockManager;
  return { locks, held };
}

describe('the checkout lock', () => {
  it('is held from checkout to the confirmation, once, and let go when the shopper goes elsewhere', async () => {
    const { locks, held } = fakeLocks();
    await checkoutLockAt('/', locks);
    expect(held).toEqual([]);
    await checkoutLockAt('/checkout', locks);
    await checkoutLockAt('/order-confirmation/abc', locks);
    expect(held).toEqual([{ name: CHECKOUT_LOCK, mode: 'shared' }]);
    await checkoutLockAt('/', locks);
    expect(held).toEqual([]);
  });

  it('asks nothing where the browser has no locks', async () => {
    await expect(checkoutLockAt('/checkout', undefined)).resolves.toBeUndefined();
  });
});
