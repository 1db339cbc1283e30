// The storefront: start-up gate, then the routes (ordering.md and account-and-session.md section 2). Every unknown
// path redirects to /; each navigation scrolls to the top.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { AnnouncerProvider } from './components/Announcer';
import { Spinner } from './components/Spinner';
import { CategoryPage } from './features/catalog/CategoryPage';
import { loadQuickAdd } from './features/catalog/useAddToBag';
import { HomePage } from './features/home/HomePage';
import { ItemPanelProvider, loadItemPanel } from './shell/ItemPanelContext';
import { FirstPageShown } from './shell/FirstPageShown';
import { LocationChooserProvider } from './shell/LocationChooserContext';
import { PAGES_ON_DEMAND, startingPages } from './shell/pages';
import { shopperPages, type PageLoadedOnDemand, type ShopperPage } from './shell/routes';
import { Layout } from './layout/Layout';
import { AccountWatch } from './shell/AccountWatch';
import { BagWarnings } from './shell/BagWarnings';
import { RecoveredOrder } from './shell/RecoveredOrder';
import { ScrollToTop } from './shell/ScrollToTop';
import { StartupGate } from './shell/StartupGate';
import { ThemeFromCatalog } from './shell/ThemeFromCatalog';
import { ToastHost } from './shell/notify';

/** The first page's own pages; every other page loads on demand (shell/pages.ts). */
const FIRST_PAGES: Readonly<Record<Exclude<ShopperPage, PageLoadedOnDemand>, ComponentType>> = { home: HomePage, category: CategoryPage };

// The support console opens exported logs offline: it starts no storefront (no API call, no store of its own).
const SupportConsole = lazy(async () => ({ default: (await (await import('./features/support/loadConsole')).loadConsole()).SupportConsole }));

const page = (element: ReactNode) => <Suspense fallback={<Spinner label="Loading the page" />}>{element}</Suspense>;

const isFirstPage = (name: ShopperPage): name is keyof typeof FIRST_PAGES => Object.hasOwn(FIRST_PAGES, name);

/** A page as the router shows it: the first page's own at once, the others once their code is in. */
function shown(name: ShopperPage): ReactNode {
  if (isFirstPage(name)) {
    const First = FIRST_PAGES[name];
    return <First />;
  }
  const { Page } = PAGES_ON_DEMAND[name];
  return page(<Page />);
}

/**
 * Once the first page is up and the browser is idle, fetch the code of the pages and panel that come next, one chunk
 * per idle period: each chunk is evaluated as it arrives, and together they made one task of a quarter of a second
 * on a phone (a tap in it waits).
 */
function usePrefetchLater(): void {
  useEffect(() => {
    // Checkout's next page is the confirmation: it follows checkout at once.
    const { bag, checkout, confirmation, about } = PAGES_ON_DEMAND;
    const later = [loadItemPanel, bag.load, checkout.load, confirmation.load, loadQuickAdd, about.load];
    let stopped = false;
    let timer: number | undefined;
    const whenIdle = (run: () => void) => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
      else timer = window.setTimeout(run, 50);
    };
    const fetchFrom = (index: number) => {
      const load = later[index];
      if (stopped || load === undefined) return;
      // A failed fetch is tried again when the page is opened.
      void load()
        .catch(() => undefined)
        .then(() => whenIdle(() => fetchFrom(index + 1)));
    };
    timer = window.setTimeout(() => whenIdle(() => fetchFrom(0)), 2000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);
}

function Root() {
  usePrefetchLater();
  return (
    <LocationChooserProvider>
      <ItemPanelProvider>
        <ThemeFromCatalog />
        <ScrollToTop />
        <RecoveredOrder />
        <BagWarnings />
        <AccountWatch />
        <ToastHost />
        <Outlet />
        <FirstPageShown />
      </ItemPanelProvider>
    </LocationChooserProvider>
  );
}

export function App() {
  useEffect(() => {
    for (const starting of startingPages(window.location.pathname)) void starting.load().catch(() => undefined);
  }, []);
  if (/^\/support\/?$/.test(window.location.pathname)) return page(<SupportConsole />);
  return (
    <StartupGate>
      <AnnouncerProvider>
        <BrowserRouter>
          <Routes>
            <Route element={<Root />}>
              <Route element={<Layout />}>
                {shopperPages().map(([name, { path }]) => (
                  <Route key={name} path={path} element={shown(name)} />
                ))}
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Route>
          </Routes>
        </BrowserRouter>
      </AnnouncerProvider>
    </StartupGate>
  );
}
