// Every page a shopper can be on, by its address (ordering.md and account-and-session.md section 2). The storefront's
// router (App.tsx), the support console's replay of the shopper's pages (ReplayedStorefront.tsx), the code fetched
// for the address while the store starts (pages.ts) and index.html's preloads (vite.config.ts) are all made from
// this one list: a page added here is routed, replayed and preloaded, and TypeScript names whichever of them lacks it.
// Plain data, with no imports: the build's configuration reads it too.

export interface ShopperPageRoute {
  /** The route's pattern, in react-router's terms. */
  readonly path: string;
  /** The page's module, for a page whose code loads on demand; the first page's own pages have none. */
  readonly module?: string;
}

export const SHOPPER_PAGES = {
  home: { path: '/' },
  category: { path: '/categories/:categoryId' },
  bag: { path: '/cart', module: '/src/app/features/bag/BagPage.tsx' },
  checkout: { path: '/checkout', module: '/src/app/features/checkout/CheckoutPage.tsx' },
  confirmation: { path: '/order-confirmation/:orderId', module: '/src/app/features/confirmation/ConfirmationPage.tsx' },
  about: { path: '/about', module: '/src/app/features/about/AboutPage.tsx' },
  signIn: { path: '/sign-in', module: '/src/app/features/account/SignInPage.tsx' },
  signUp: { path: '/sign-up', module: '/src/app/features/account/SignUpPage.tsx' },
  forgotPassword: { path: '/forgot-password', module: '/src/app/features/account/ForgotPasswordPage.tsx' },
  resetPassword: { path: '/reset-password', module: '/src/app/features/account/ResetPasswordPage.tsx' },
  profile: { path: '/my-account', module: '/src/app/features/account/ProfilePage.tsx' },
  orderHistory: { path: '/my-orders', module: '/src/app/features/orders/OrderHistoryPage.tsx' },
  favorites: { path: '/favorites', module: '/src/app/features/catalog/FavoritesPage.tsx' },
  cards: { path: '/my-cards', module: '/src/app/features/wallet/CardsPage.tsx' },
  coupons: { path: '/my-coupons', module: '/src/app/features/loyalty/CouponsPage.tsx' },
  rewards: { path: '/my-rewards', module: '/src/app/features/loyalty/RewardsPage.tsx' },
  addresses: { path: '/my-addresses', module: '/src/app/features/addresses/AddressesPage.tsx' },
} as const satisfies Record<string, ShopperPageRoute>;

export type ShopperPage = keyof typeof SHOPPER_PAGES;

/** The pages whose code loads on demand (every one but the first page's own). */
export type PageLoadedOnDemand = { [K in ShopperPage]: (typeof SHOPPER_PAGES)[K] extends { readonly module: string } ? K : never }[ShopperPage];

/** The pages in the list's order, with their names. */
export const shopperPages = (): readonly (readonly [ShopperPage, ShopperPageRoute])[] =>
  (Object.keys(SHOPPER_PAGES) as ShopperPage[]).map((name) => [name, SHOPPER_PAGES[name]] as const);

/**
 * How an address is matched against a route without react-router (index.html's preloads): a pattern with a parameter
 * by what precedes it, any other exactly.
 */
export function addressMatcher(path: string): { readonly prefix: string; readonly exact: boolean } {
  const parameter = path.indexOf('/:');
  return parameter === -1 ? { prefix: path, exact: true } : { prefix: path.slice(0, parameter + 1), exact: false };
}
