// Every page's frame: a skip link for keyboard users, the header, the page, the footer. The footer comes with the
// page (about 4 KB gzip): loaded after the first paint, it appeared seconds later on a phone, and on a short page
// (checkout with an empty bag) it was the largest thing painted, so the page's LCP waited for it.
import { type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import './layout.css';

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
      <Footer />
    </div>
  );
}
