// The storefront: start-up gate, then the routes (ordering.md and account-and-session.md section 2), all made from the
// manifest of on-demand parts (parts.ts). Every unknown path redirects to /; each navigation scrolls to the top and
// hands focus to the new page's heading.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Outlet, Routes, Route, useLocation } from 'react-router-dom';
import { AnnouncerProvider } from '../components/Announcer';
import { Spinner } from '../components/Spinner';
import { Layout } from '../layout/Layout';
import { bagHadItems } from '../runtime/bagHint';
import { checkoutLockAt } from '../runtime/checkoutLock';
import { startStorefront } from '../runtime/startStorefront';
import { BagWarnings } from '../shell/BagWarnings';
import { ItemPanelProvider } from '../shell/ItemPanelContext';
import { LocationChooserProvider } from '../shell/LocationChooserContext';
import { provideToasts, ToastHost } from '../shell/notify';
import { PageFocus } from '../shell/PageFocus';
import { RecoveredOrder } from '../shell/RecoveredOrder';
import { ScrollToTop } from '../shell/ScrollToTop';
import { ShareVisitProvider } from '../shell/ShareVisitContext';
import { StartupGate } from '../shell/StartupGate';
import { ThemeFromCatalog } from '../shell/ThemeFromCatalog';
import { AccountWatch } from './AccountWatch';
import { FirstPageShown } from './FirstPageShown';
import {
  cardTokenizer,
  commandGroups,
  inventoryHub,
  ItemPanel,
  locationChooser,
  ProgressWatch,
  offlineWorker,
  sessionLog,
  ShareVisitDialog,
  commandRules,
  visitSharing,
  ToastLayer,
} from './lazyParts';
import { useStateSlice } from '../hooks/useStateSlice';
import { PARTS } from './parts';
import { PartsProviders } from './PartsProviders';
import { prefetchedLater, prefetchWhenIdle, startingPages } from './prefetch';
import { shopperRoutes } from './routes';

provideToasts(PARTS.hotToast.load);

// The support console opens exported logs offline: it starts no storefront (no API call, no store of its own).
const SupportConsole = lazy(async () => ({ default: (await PARTS.supportConsole.load()).ConsoleWithStorefront }));

// The offline worker's precache (a megabyte of the build, fetched and stored by a thread of its own) waits for the
// parts fetched in the background: on a phone's few cores it slowed every task of start-up it ran beside.
let prefetchDone: () => void = () => undefined;
const prefetched = new Promise<void>((done) => (prefetchDone = done));

const start = () =>
  startStorefront({ inventoryHub, sessionLog, visitSharing, cardTokenizer, rules: commandRules, commandGroups, offlineWorker, offlineWorkerAfter: prefetched });

/** The order's progress is told on every page, once the shopper has an order. */
function OrdersWatched() {
  const hasOrders = useStateSlice((s) => s.orders.history.length > 0);
  return hasOrders ? (
    <Suspense fallback={null}>
      <ProgressWatch />
    </Suspense>
  ) : null;
}

const page = (element: ReactNode) => <Suspense fallback={<Spinner label="Loading the page" />}>{element}</Suspense>;

/**
 * Each navigation holds or lets go the checkout lock, then tells the offline worker's part, once it is in: a new build
 * takes over there, never under a window mid-checkout.
 */
function NewBuildAtNavigation() {
  const { pathname } = useLocation();
  useEffect(() => void checkoutLockAt(pathname).then(() => offlineWorker.ifLoaded()?.offlineWorkerNavigated(pathname)), [pathname]);
  return null;
}

function Root() {
  // Once the first page is up and the browser is idle, the pages and parts that come next, one per idle period.
  useEffect(() => prefetchWhenIdle(prefetchedLater(), undefined, undefined, prefetchDone), []);
  return (
    <PartsProviders>
      <LocationChooserProvider Chooser={locationChooser.Part}>
        <ItemPanelProvider Panel={ItemPanel}>
          <ShareVisitProvider Dialog={ShareVisitDialog}>
            <ThemeFromCatalog />
            <ScrollToTop />
            <NewBuildAtNavigation />
            <PageFocus />
            <RecoveredOrder />
            <BagWarnings />
            <AccountWatch />
            <ToastHost Layer={ToastLayer} />
            <OrdersWatched />
            <Outlet />
            <FirstPageShown />
          </ShareVisitProvider>
        </ItemPanelProvider>
      </LocationChooserProvider>
    </PartsProviders>
  );
}

export function App() {
  useEffect(() => {
    const { now, withItems } = startingPages(window.location.pathname);
    for (const load of [...now, ...(bagHadItems(() => window.localStorage) ? withItems : [])]) void load().catch(() => undefined);
  }, []);
  if (/^\/support\/?$/.test(window.location.pathname)) return page(<SupportConsole />);
  return (
    <StartupGate start={start}>
      <AnnouncerProvider>
        <BrowserRouter>
          <Routes>
            <Route element={<Root />}>
              <Route element={<Layout />}>{shopperRoutes()}</Route>
            </Route>
          </Routes>
        </BrowserRouter>
      </AnnouncerProvider>
    </StartupGate>
  );
}
