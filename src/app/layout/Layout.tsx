// Every page's frame: a skip link for keyboard users, the header, the page (an account page under its tabs), the
// footer.
import { startTransition, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
// The footer sits below the fold on every first page: it loads once the page has painted and the browser is idle,
// so the first page carries less and its code never competes with the menu's.
import { Footer } from '../root/lazyParts';
import { OfflineNotice } from '../components/OfflineNotice';
import { AccountTabs } from './AccountTabs';
import { Header } from './Header';
import './layout.css';

function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = (done: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(done, { timeout: 1000 }) : window.setTimeout(done, 200);
    let cancelled = false;
    // As a transition: the page's frame renders again with it, in slices, not in one task.
    const frame = window.requestAnimationFrame(() => idle(() => !cancelled && startTransition(() => setReady(true))));
    return () => {
      cancelled = true;
      window.cancelAnimationFrame(frame);
    };
  }, []);
  return ready;
}

/** Moves focus into the page itself (not only the scroll position), without touching the route's URL. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function Layout() {
  const footer = useAfterFirstPaint();
  return (
    <div className="site">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <Header />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className="site-main">
        <AccountTabs />
        <Outlet />
      </main>
      {footer ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : null}
    </div>
  );
}
