// The pages that load on demand and are fetched ahead (in the background once the store is open, the next page
// from the one before it, the address's own at start-up): their code, and the page shown at once once it is in.
import { pageOnDemand, type PageOnDemand } from './pageOnDemand';

export const bag = pageOnDemand(
  () => import('../features/bag/BagPage'),
  (module) => module.BagPage,
);
export const checkout = pageOnDemand(
  () => import('../features/checkout/CheckoutPage'),
  (module) => module.CheckoutPage,
);
export const confirmation = pageOnDemand(
  () => import('../features/confirmation/ConfirmationPage'),
  (module) => module.ConfirmationPage,
);
export const about = pageOnDemand(
  () => import('../features/about/AboutPage'),
  (module) => module.AboutPage,
);
export const signIn = pageOnDemand(
  () => import('../features/account/SignInPage'),
  (module) => module.SignInPage,
);
export const profile = pageOnDemand(
  () => import('../features/account/ProfilePage'),
  (module) => module.ProfilePage,
);
export const orderHistory = pageOnDemand(
  () => import('../features/orders/OrderHistoryPage'),
  (module) => module.OrderHistoryPage,
);

/**
 * The page the address names, when it loads on demand, and checkout's next page: their code is fetched while the store
 * starts (index.html has already asked for the page's files; see preloadOnDemand in vite.config.ts), so the page
 * shows as soon as the store is open, and a placed order's confirmation at once.
 */
export function startingPages(pathname: string): readonly PageOnDemand[] {
  if (pathname.startsWith('/order-confirmation/')) return [confirmation];
  const pages: Record<string, readonly PageOnDemand[]> = {
    '/cart': [bag],
    '/checkout': [checkout, confirmation],
    '/about': [about],
    '/sign-in': [signIn],
    '/my-account': [profile],
    '/my-orders': [orderHistory],
  };
  return pages[pathname] ?? [];
}
