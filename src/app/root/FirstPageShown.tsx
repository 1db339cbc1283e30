// Tells the runtime when the first page is on screen (runtime/firstPage.ts), so the work that waits for it (the hub,
// the time rules, the toaster, the phone formatter) starts after the shopper can read the page:
// once it has painted, and, when a location must be chosen first, once the chooser has too.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useView } from '../hooks/useView';
import { firstPage } from '../runtime/firstPage';
import { replayCopyTaps, takeCopyTaps } from '../runtime/copyTaps';
import { LEFT_OUT, revealPage } from '../runtime/pageCopy';
import { useViews } from '../runtime/RuntimeContext';
import { locationChooser } from './lazyParts';

/** Calls `run` after the browser has painted what is committed now (the frame after the next animation frame). */
function afterPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => (timer = window.setTimeout(run, 0)));
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

export function FirstPageShown() {
  const views = useViews();
  const location = useView(views.location);
  const locations = useView(views.locations);
  const navigate = useNavigate();
  // The chooser opens by itself over the first page while no location is chosen (LocationChooserProvider).
  const chooserFirst = location === null && locations.length > 0;
  useEffect(() => {
    if (firstPage.isShown()) return;
    let cancel: () => void = () => undefined;
    let live = true;
    // A chooser that fails to load shows the error page instead; the work then starts at its deadline.
    const ready = chooserFirst ? locationChooser.rendered : Promise.resolve();
    void ready.then(() => {
      // The copy of the last visit's page, if index.html showed one, gives way to this one, painted behind it, and
      // what was tapped on the copy meanwhile is tapped here.
      if (live)
        cancel = afterPaint(() => {
          const taps = takeCopyTaps();
          revealPage();
          firstPage.shown();
          const root = document.getElementById('root');
          if (root !== null) void replayCopyTaps(taps, root, LEFT_OUT, (to, replace) => void navigate(to, { replace }));
        });
    });
    return () => {
      live = false;
      cancel();
    };
    // Only the first page counts: what it needed when it first rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
