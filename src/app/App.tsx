// The storefront: start-up gate, then the routes (ordering.md and account-and-session.md section 2). Every unknown
// path redirects to /; each navigation scrolls to the top.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { AnnouncerProvider } from './components/Announcer';
import { Spinner } from './components/Spinner';
import { CategoryPage } from './features/catalog/CategoryPage';
import { loadQuickAdd } from './features/catalog/useAddToBag';
import { HomePage } from './features/home/HomePage';
import { ItemPanelProvider, loadItemPanel } from './shell/ItemPanelContext';
import { FirstPageShown } from './shell/FirstPageShown';
import { LocationChooserProvider } from './shell/LocationChooserContext';
import { about, bag, checkout, confirmation, orderHistory, profile, signIn, startingPages } from './shell/pages';
import { Layout } from './layout/Layout';
import { AccountWatch } from './shell/AccountWatch';
import { BagWarnings } from './shell/BagWarnings';
import { RecoveredOrder } from './shell/RecoveredOrder';
import { ScrollToTop } from './shell/ScrollToTop';
import { StartupGate } from './shell/StartupGate';
import { ThemeFromCatalog } from './shell/ThemeFromCatalog';
import { ToastHost } from './shell/notify';

// Pages a shopper does not see first load on demand (and are fetched in the background once the store is open).
const { Page: BagPage } = bag;
const { Page: CheckoutPage } = checkout;
const { Page: ConfirmationPage } = confirmation;
const { Page: AboutPage } = about;
const { Page: SignInPage } = signIn;
const { Page: ProfilePage } = profile;
const { Page: OrderHistoryPage } = orderHistory;

// The account pages load when a shopper opens one (never with the first page).
const SignUpPage = lazy(async () => ({ default: (await import('./features/account/SignUpPage')).SignUpPage }));
const ForgotPasswordPage = lazy(async () => ({ default: (await import('./features/account/ForgotPasswordPage')).ForgotPasswordPage }));
const ResetPasswordPage = lazy(async () => ({ default: (await import('./features/account/ResetPasswordPage')).ResetPasswordPage }));
const FavoritesPage = lazy(async () => ({ default: (await import('./features/catalog/FavoritesPage')).FavoritesPage }));
const CardsPage = lazy(async () => ({ default: (await import('./features/wallet/CardsPage')).CardsPage }));
const CouponsPage = lazy(async () => ({ default: (await import('./features/loyalty/CouponsPage')).CouponsPage }));
const RewardsPage = lazy(async () => ({ default: (await import('./features/loyalty/RewardsPage')).RewardsPage }));
const AddressesPage = lazy(async () => ({ default: (await import('./features/addresses/AddressesPage')).AddressesPage }));
// The support console opens exported logs offline: it starts no storefront (no API call, no store of its own).
const SupportConsole = lazy(async () => ({ default: (await (await import('./features/support/loadConsole')).loadConsole()).SupportConsole }));

const page = (element: ReactNode) => <Suspense fallback={<Spinner label="Loading the page" />}>{element}</Suspense>;

/**
 * Once the first page is up and the browser is idle, fetch the code of the pages and panel that come next, one chunk
 * per idle period: each chunk is evaluated as it arrives, and together they made one task of a quarter of a second
 * on a phone (a tap in it waits).
 */
function usePrefetchLater(): void {
  useEffect(() => {
    // Checkout's next page is the confirmation: it follows checkout at once.
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
                <Route path="/" element={<HomePage />} />
                <Route path="/categories/:categoryId" element={<CategoryPage />} />
                <Route path="/cart" element={page(<BagPage />)} />
                <Route path="/checkout" element={page(<CheckoutPage />)} />
                <Route path="/order-confirmation/:orderId" element={page(<ConfirmationPage />)} />
                <Route path="/about" element={page(<AboutPage />)} />
                <Route path="/sign-in" element={page(<SignInPage />)} />
                <Route path="/sign-up" element={page(<SignUpPage />)} />
                <Route path="/forgot-password" element={page(<ForgotPasswordPage />)} />
                <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
                <Route path="/my-account" element={page(<ProfilePage />)} />
                <Route path="/my-orders" element={page(<OrderHistoryPage />)} />
                <Route path="/favorites" element={page(<FavoritesPage />)} />
                <Route path="/my-cards" element={page(<CardsPage />)} />
                <Route path="/my-coupons" element={page(<CouponsPage />)} />
                <Route path="/my-rewards" element={page(<RewardsPage />)} />
                <Route path="/my-addresses" element={page(<AddressesPage />)} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Route>
          </Routes>
        </BrowserRouter>
      </AnnouncerProvider>
    </StartupGate>
  );
}
