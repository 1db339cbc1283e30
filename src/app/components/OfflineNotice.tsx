// Said once, under the header, while the storefront has no network: the menu and the bag come from this device's log
// and keep working; what needs the API waits and goes on by itself (README, "Installable and offline"). Three cases:
// the browser is offline; it is offline on a first visit whose log is kept in this page alone until the network is
// back (closing the page would lose the bag); or the browser says it is online but the API gives no answer.
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { useOnline } from '../hooks/useOnline';
import { useRuntime } from '../runtime/RuntimeContext';
import './offlineNotice.css';

/** In the words of the share dialog's offline notice ('You’re offline: ... when you’re back online.'). */
export const OFFLINE_WORDS = 'You’re offline: the menu and your bag still work here. Placing an order and signing in wait until you’re back online.';
/** A first visit offline: nothing is on this device yet but the open page. */
export const OFFLINE_IN_PAGE_WORDS =
  'You’re offline: the menu and your bag still work, but only in this page until you’re back online, so keep it open. Placing an order and signing in wait until then.';
/** Online as the browser sees it, yet the API gives no answer: the storefront keeps trying by itself. */
export const UNREACHABLE_WORDS = 'We can’t reach the store right now: the menu and your bag still work here, and we’ll keep trying.';

function useLatest(values$: Observable<boolean>): boolean {
  const [value, setValue] = useState(false);
  useEffect(() => {
    const subscription = values$.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [values$]);
  return value;
}

export function OfflineNotice() {
  const online = useOnline();
  const { connection } = useRuntime();
  const unreachable = useLatest(connection.unreachable$);
  const inPageOnly = useLatest(connection.logInPageOnly$);
  const words = !online ? (inPageOnly ? OFFLINE_IN_PAGE_WORDS : OFFLINE_WORDS) : unreachable ? UNREACHABLE_WORDS : '';
  return (
    // Always in the page, empty while online: a live region that appears with its words is not always read out.
    <p role="status" className="offline-notice">
      {words}
    </p>
  );
}
