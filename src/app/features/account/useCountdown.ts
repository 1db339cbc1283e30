// Seconds left before something may happen again (the resend button's 30 s), counted down once a second.
import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/RuntimeContext';

export function useCountdown(seconds: number): { readonly left: number; readonly restart: () => void } {
  const { now } = useRuntime();
  const [until, setUntil] = useState(() => now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const update = () => setLeft(Math.max(0, Math.ceil((until - now()) / 1000)));
    update();
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [until, now]);
  const restart = useCallback(() => setUntil(now() + seconds * 1000), [now, seconds]);
  return { left, restart };
}
