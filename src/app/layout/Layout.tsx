// Every page's frame: a skip link for keyboard users, the header, the page, the footer.
import { lazy, Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import './layout.css';

// The footer sits below the fold on every first page: it loads just after, so the first page carries less.
const Footer = lazy(async () => ({ default: (await import('./Footer')).Footer }));

/** Moves focus into the page itself (not only the scroll position), without touching the route's URL. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function Layout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
