// A polite live region for status messages (added, removed, stock), so screen readers hear what sighted shoppers
// see in toasts. `announce` clears then sets the text, so the same message twice is read twice. A page's title, said
// once its heading is there, never replaces what the shopper's own action said meanwhile (`said` tells).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

interface Announcements {
  readonly announce: (message: string) => void;
  /** How many messages have been announced so far. */
  readonly said: () => number;
}

const AnnounceContext = createContext<Announcements>({ announce: () => undefined, said: () => 0 });

export function AnnouncerProvider({ children }: { readonly children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const count = useRef(0);
  const announce = useCallback((text: string) => {
    count.current += 1;
    setMessage('');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(text), 50);
  }, []);
  const value = useMemo(() => ({ announce, said: () => count.current }), [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext).announce;
}

/** The announcer with its count, for a message that gives way to any said after a moment (`said()` then). */
export function useAnnouncements(): Announcements {
  return useContext(AnnounceContext);
}
