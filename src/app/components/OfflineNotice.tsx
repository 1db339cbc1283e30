// Said once, under the header, while the storefront has no network: the menu (a shop's wares) and the bag come from
// this device's log and keep working; what needs the API waits and goes on by itself (README, "Installable and
// offline"); the words are the business's (domain/businessWords.ts). Three cases:
// the browser is offline; it is offline on a first visit whose log is kept in this page alone until the network is
// back (closing the page would lose the bag); or the browser says it is online but the API gives no answer.
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { useBusinessWords } from '../hooks/useBusinessWords';
import { useOnline } from '../hooks/useOnline';
import { useRuntime } from '../runtime/RuntimeContext';
import './offlineNotice.css';

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
  // In the words of the share dialog's offline notice ('You’re offline: ... when you’re back online.'), about what
  // this business's shoppers browse (a menu, a shop).
  const business = useBusinessWords();
  const words = !online ? (inPageOnly ? business.offlineInPage : business.offline) : unreachable ? business.unreachable : '';
  return (
    // Always in the page, empty while online: a live region that appears with its words is not always read out.
    <p role="status" className="offline-notice">
      {words}
    </p>
  );
}
