// Saves a typed note a moment after the shopper stops typing, and at once when the field loses focus, so one
// pause is one event rather than one event per key.
import { useCallback, useEffect, useRef } from 'react';

const PAUSE_MS = 700;

/** `save` runs when `value` (trimmed) differs from `saved` and `ready` says it may be saved. Returns the blur flush. */
export function useAutoSave(value: string, saved: string, ready: boolean, save: (value: string) => void): () => void {
  const latest = useRef({ value, saved, ready, save });
  latest.current = { value, saved, ready, save };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const { value: v, saved: s, ready: r, save: run } = latest.current;
    if (r && v.trim() !== s) run(v);
  }, []);

  useEffect(() => {
    clearTimeout(timer.current);
    if (!ready || value.trim() === saved) return;
    timer.current = setTimeout(flush, PAUSE_MS);
    return () => clearTimeout(timer.current);
  }, [value, saved, ready, flush]);

  return flush;
}
