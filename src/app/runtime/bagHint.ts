// Whether the bag has items, kept for the next visit: index.html then asks for checkout's form (the order's code) with
// the page at /checkout, and not otherwise: a first visit's bag is empty, and an empty bag's checkout says so without
// that code. One flag, nothing personal; a wrong one costs a request, or one round trip before the form shows.
import { distinctUntilChanged, type Observable, type Subscription } from 'rxjs';

/** Where the flag is kept (index.html reads the same key: vite.config.ts, preloadOnDemand). */
export const BAG_HINT_KEY = 'countertop.bag-has-items';

/** Keeps the flag as the bag fills and empties: '1' while it has items, no key while it has none. */
export function keepBagHint(hasItems$: Observable<boolean>, storage: () => Pick<Storage, 'setItem' | 'removeItem'>): Subscription {
  return hasItems$.pipe(distinctUntilChanged()).subscribe((hasItems) => {
    try {
      if (hasItems) storage().setItem(BAG_HINT_KEY, '1');
      else storage().removeItem(BAG_HINT_KEY);
    } catch {
      // No storage: the next visit asks for the form when it shows.
    }
  });
}

/** Whether the last visit left items in the bag (false without storage). */
export function bagHadItems(storage: () => Pick<Storage, 'getItem'>): boolean {
  try {
    return storage().getItem(BAG_HINT_KEY) === '1';
  } catch {
    return false;
  }
}
