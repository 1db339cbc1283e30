// Said once, under the header, while the browser has no network: the menu and the bag come from this device's log and
// keep working; what needs the API waits and goes on by itself (README, "Installable and offline").
import { useOnline } from '../hooks/useOnline';
import './offlineNotice.css';

/** In the words of the share dialog's offline notice ('You’re offline: ... when you’re back online.'). */
export const OFFLINE_WORDS = 'You’re offline: the menu and your bag still work here. Placing an order and signing in wait until you’re back online.';

export function OfflineNotice() {
  const online = useOnline();
  return (
    // Always in the page, empty while online: a live region that appears with its words is not always read out.
    <p role="status" className="offline-notice">
      {online ? '' : OFFLINE_WORDS}
    </p>
  );
}
