// Toasts the warnings the rules raised (removed items, stock), derived from the log's state so a replay shows the
// same ones. Only warnings raised after this page opened are toasted; older ones were shown when they happened. On
// the bag page, lines taken out are said by its own notice above the lines, so they are not toasted there too.
// Storage trouble is said here too: when the database opens in memory (no IndexedDB) and when writes start failing.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useView } from '../hooks/useView';
import { useRuntime } from '../runtime/RuntimeContext';
import { notify } from './notify';

const BAG_PATH = '/cart';

export function BagWarnings() {
  const runtime = useRuntime();
  const warnings = useView(runtime.views.warnings);
  const seen = useRef<number>(runtime.views.state.get().log.lastSeq);
  const onBag = useLocation().pathname === BAG_PATH;
  const onBagNow = useRef(onBag);
  onBagNow.current = onBag;
  useEffect(() => {
    for (const warning of warnings) {
      if (warning.seq <= seen.current) continue;
      if (warning.kind === 'removed' && onBagNow.current) continue;
      notify.warning(warning.message);
    }
    const latest = warnings.reduce((max, w) => Math.max(max, w.seq), seen.current);
    seen.current = latest;
  }, [warnings]);
  // No IndexedDB (the log lives in memory), or a write that fails later (a full disk): said once; the bag goes on.
  useEffect(() => {
    const subscription = runtime.connection.storageProblem$.subscribe((problem) => {
      if (problem !== null) notify.warning(problem);
    });
    return () => subscription.unsubscribe();
  }, [runtime.connection]);
  return null;
}
