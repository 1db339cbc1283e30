// The pages that load on demand (every page of routes.ts but the first page's own): their code, and the page shown at
// once once it is in. Each is fetched ahead: the address's own while the store starts, the next ones in the
// background once the first page is up (App.tsx), the next page from the one before it.
import { matchPath } from 'react-router-dom';
import { pageOnDemand, type PageOnDemand } from './pageOnDemand';
import { SHOPPER_PAGES, type PageLoadedOnDemand } from './routes';

export const PAGES_ON_DEMAND: Readonly<Record<PageLoadedOnDemand, PageOnDemand>> = {
  bag: pageOnDemand(
    () => import('../features/bag/BagPage'),
    (module) => module.BagPage,
  ),
  checkout: pageOnDemand(
    () => import('../features/checkout/CheckoutPage'),
    (module) => module.CheckoutPage,
  ),
  confirmation: pageOnDemand(
    () => import('../features/confirmation/ConfirmationPage'),
    (module) => module.ConfirmationPage,
  ),
  about: pageOnDemand(
    () => import('../features/about/AboutPage'),
    (module) => module.AboutPage,
  ),
  signIn: pageOnDemand(
    () => import('../features/account/SignInPage'),
    (module) => module.SignInPage,
  ),
  signUp: pageOnDemand(
    () => import('../features/account/SignUpPage'),
    (module) => module.SignUpPage,
  ),
  forgotPassword: pageOnDemand(
    () => import('../features/account/ForgotPasswordPage'),
    (module) => module.ForgotPasswordPage,
  ),
  resetPassword: pageOnDemand(
    () => import('../features/account/ResetPasswordPage'),
    (module) => module.ResetPasswordPage,
  ),
  profile: pageOnDemand(
    () => import('../features/account/ProfilePage'),
    (module) => module.ProfilePage,
  ),
  orderHistory: pageOnDemand(
    () => import('../features/orders/OrderHistoryPage'),
    (module) => module.OrderHistoryPage,
  ),
  favorites: pageOnDemand(
    () => import('../features/catalog/FavoritesPage'),
    (module) => module.FavoritesPage,
  ),
  cards: pageOnDemand(
    () => import('../features/wallet/CardsPage'),
    (module) => module.CardsPage,
  ),
  coupons: pageOnDemand(
    () => import('../features/loyalty/CouponsPage'),
    (module) => module.CouponsPage,
  ),
  rewards: pageOnDemand(
    () => import('../features/loyalty/RewardsPage'),
    (module) => module.RewardsPage,
  ),
  addresses: pageOnDemand(
    () => import('../features/addresses/AddressesPage'),
    (module) => module.AddressesPage,
  ),
};

/** A page's next page, fetched with it: checkout's is the confirmation, which follows it at once. */
const NEXT: Partial<Record<PageLoadedOnDemand, PageLoadedOnDemand>> = { checkout: 'confirmation' };

/**
 * The page the address names, when it loads on demand, and its next page: their code is fetched while the store starts
 * (index.html has already asked for the page's files; see preloadOnDemand in vite.config.ts), so the page shows as
 * soon as the store is open, and a placed order's confirmation at once.
 */
export function startingPages(pathname: string): readonly PageOnDemand[] {
  const name = (Object.keys(PAGES_ON_DEMAND) as PageLoadedOnDemand[]).find((page) => matchPath(SHOPPER_PAGES[page].path, pathname) !== null);
  if (name === undefined) return [];
  const next = NEXT[name];
  return next === undefined ? [PAGES_ON_DEMAND[name]] : [PAGES_ON_DEMAND[name], PAGES_ON_DEMAND[next]];
}
