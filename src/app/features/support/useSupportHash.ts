// The console's address as state: `#event=N` and `&view=page` (supportHash.ts), read on every hash change and
// written in place (replaceState), so stepping through a log adds nothing to the browser's history.
import { useCallback, useEffect, useState } from 'react';
import { formatSupportHash, parseSupportHash, type SupportHash } from './supportHash';

export function useSupportHash(): [SupportHash, (event: number | null, page: boolean) => void] {
  const [hash, setHash] = useState(() => parseSupportHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setHash(parseSupportHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const update = useCallback((event: number | null, page: boolean) => {
    const next = { event, page };
    window.history.replaceState(null, '', `${window.location.pathname}${formatSupportHash(next)}`);
    setHash(next);
  }, []);
  return [hash, update];
}
