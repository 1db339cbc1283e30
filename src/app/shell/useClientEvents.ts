// Records what the shopper's browser shows as client events (facts/client.ts): each page, and each panel or dialog
// opened and closed, so the support console can show the screen they saw. They are not domain facts: no decision,
// no API call, and nothing of the state depends on them. A replayed (read-only) runtime appends nothing.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { EventDataOf } from '../../events/catalogue';
import type { ClientDialog, ClientEventType } from '../../events/facts/client';
import { draft } from '../../events/draft';
import { useRuntime } from '../runtime/RuntimeContext';

function useAppendClientEvent() {
  const runtime = useRuntime();
  return <T extends ClientEventType>(type: T, data: EventDataOf<T>) => {
    const stamp = { id: crypto.randomUUID(), at: new Date(runtime.now()).toISOString() };
    // A lost client event only costs support a screen; it never stops the shopper.
    void runtime.store.append(draft(type, data, stamp)).catch(() => undefined);
  };
}

/** Records each page the router shows (the path only: a query may hold a reset link's code). */
export function useRecordPage(): void {
  const { pathname } = useLocation();
  const append = useAppendClientEvent();
  const appendRef = useRef(append);
  appendRef.current = append;
  useEffect(() => {
    appendRef.current('PageViewed', { path: pathname });
  }, [pathname]);
}

/** Records a panel or dialog while it is open: `kind` null means closed. */
export function useRecordDialog(kind: ClientDialog | null, target: string | null): void {
  const append = useAppendClientEvent();
  const appendRef = useRef(append);
  appendRef.current = append;
  useEffect(() => {
    if (kind === null) return;
    appendRef.current('DialogOpened', { dialog: kind, target });
    return () => appendRef.current('DialogClosed', { dialog: kind });
  }, [kind, target]);
}
