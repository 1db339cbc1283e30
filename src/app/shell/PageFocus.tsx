// After a route change, focus goes to the new page's main heading (its h1) rather than staying on <body> or on a
// link of the page that is gone, and the page's title is announced; the first page load leaves focus where the
// browser puts it. A page whose code is still loading gets focus once its heading is there.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useAnnouncements } from '../components/Announcer';

/** How long a page may take to show its heading before focus goes to the page itself. */
const HEADING_WAIT_MS = 5000;

/** Focuses `main`'s heading once it is there (the page itself meanwhile, if it never is); returns the cancel. */
export function focusPageHeading(main: HTMLElement, done: () => void): () => void {
  // What had focus when the route changed (the link followed, or <body> once its page is gone).
  const before = document.activeElement;
  let frame = 0;
  const observer = new MutationObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(attempt);
  });
  const timer = window.setTimeout(() => finish(main), HEADING_WAIT_MS);
  function finish(target: HTMLElement) {
    observer.disconnect();
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
    // A page that put focus somewhere of its own (a field), or a dialog that opened over it, keeps it there.
    const active = document.activeElement;
    const ownFocus = active !== null && active !== before && active !== document.body && main.contains(active);
    if (!ownFocus && document.querySelector('dialog[open]') === null) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
    done();
  }
  function attempt() {
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) finish(heading);
  }
  // After this frame's effects: the page sets its title in its own.
  frame = requestAnimationFrame(() => {
    attempt();
    observer.observe(main, { childList: true, subtree: true });
  });
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

export function PageFocus() {
  const { pathname } = useLocation();
  const { announce, said } = useAnnouncements();
  // The page shown last: the first (the page load's own) takes no focus.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current === null || shown.current === pathname) {
      shown.current = pathname;
      return;
    }
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    // Said once the heading is there, unless the shopper did something that said its own meanwhile (removed a line as
    // soon as it showed): that is newer, and the title would cut it off.
    const before = said();
    return focusPageHeading(main, () => {
      if (said() === before) announce(document.title);
    });
  }, [pathname, announce, said]);
  return null;
}
