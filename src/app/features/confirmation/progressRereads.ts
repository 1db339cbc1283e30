// When the order's page reads its order again (README, "The order's progress"). The hub tells the page of each change,
// but a message it lost (a follow that failed, a connection a phone put to sleep, a network that came and went) would
// leave the page stale until a reload. So the page reads once when it opens, then every minute while it is visible,
// again when it becomes visible, and when the browser is back online. Nothing is read while the page is hidden.

/** Why a read is asked for: the page opening may be answered by a read just made; the others are fresh reads. */
export type RereadReason = 'open' | 'timer' | 'visible' | 'online';

/** A slow pace: the hub tells changes as they happen; this only catches what it lost. */
export const REREAD_EVERY_MS = 60_000;

export interface RereadTargets {
  readonly window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
  readonly document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/** Starts the reads; answers the function that stops them. */
export function watchProgressRereads(read: (why: RereadReason) => void, targets: RereadTargets, everyMs = REREAD_EVERY_MS): () => void {
  const visible = () => targets.document.visibilityState === 'visible';
  read('open');
  const timer = targets.window.setInterval(() => {
    if (visible()) read('timer');
  }, everyMs);
  const becameVisible = () => {
    if (visible()) read('visible');
  };
  const online = () => read('online');
  targets.document.addEventListener('visibilitychange', becameVisible);
  targets.window.addEventListener('online', online);
  return () => {
    targets.window.clearInterval(timer);
    targets.document.removeEventListener('visibilitychange', becameVisible);
    targets.window.removeEventListener('online', online);
  };
}
