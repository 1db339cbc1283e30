// Every part of the storefront that loads on demand, named once: the shopper's pages (address, guard, what follows
// them, what they fetch as they show), the dialogs and parts of pages fetched after the first paint, the runtime's
// services loaded on demand, and the rule bundles the pages and the commands use. The router (routes.tsx), the idle
// prefetch and the address's own page at start-up (prefetch.ts), the commands' rule bundles and lazy groups
// (lazyParts.tsx), the support console's preload (ReplayedStorefront.tsx), index.html's preloads and the build's chunk
// groups (vite.config.ts) are all made from this one table. To add a page: one entry here and a feature folder;
// nothing else lists it.
//
// Each entry is its loader (one import() of the part's file: the build reads the file's path from it, so the path is
// written once) and plain data: `role` says which code it may share a file with (see vite.config.ts):
//   order      the bag, checkout and the confirmation: the order's own code travels with them;
//   withOrder  a part that may share the order's code (the account's aftermath pages, the console);
//   own        a part in files of its own; what it shares with the order's pages is the forms (sign-in, the menu);
//   later      a part of the first page fetched after its paint (the footer, the toasts, the panel, the chooser);
//   forms      the phone rules: the forms group is made from them and from what the order shares with accounts.
// `prefetch` is the order in which parts are fetched in the background once the first page is up (lower first);
// a part without one is fetched when first wanted. The first page's own pages (home, a category) have no loader.
//
// This module imports only types: the build reads it in Node (through tsx) without loading any part.
import type { ComponentType } from 'react';

/** Which code a part may share a file with; see above and vite.config.ts's chunk groups. */
export type PartRole = 'order' | 'withOrder' | 'own' | 'later' | 'forms';

export interface Part<M = unknown> {
  /** The part's code: one import() of its file, which is also how the build knows the part (vite.config.ts). */
  readonly load: () => Promise<M>;
  readonly role: PartRole;
  /** Fetched in the background after the first page, in this order; absent: fetched when first wanted. */
  readonly prefetch?: number;
  /** Wanted only once this part is in (the chooser's map): what the two share travels with that part. */
  readonly within?: string;
  /** A part the support console's replay never runs (the hub, the card tokenizer, the commands): not preloaded there. */
  readonly live?: true;
  /**
   * Kept by the offline worker once fetched, rather than with the app from the start (its precache,
   * src/worker/precache.ts): large, or not the shopper's (the console, the ZIP tables, the map).
   */
  readonly cached?: 'when seen';
  /**
   * A command group's turn (src/commands/lazyGroups.ts): `first` is fetched with the first call of any lazy command
   * (the small groups, one round trip), `byName` only for a name the first ones lack (the groups that bring the
   * order's or the forms' code).
   */
  readonly commands?: 'first' | 'byName';
}

export interface PageEntry<M = unknown> {
  /** The page's address, in react-router's terms. */
  readonly path: string;
  /** A page only a signed-in shopper sees; a signed-out visitor goes to / (account-and-session.md section 2). */
  readonly guard?: 'signedIn';
  /** The page that follows this one at once, fetched with it, or with its `withItems` part (checkout's confirmation). */
  readonly next?: string;
  /**
   * Parts fetched as the page shows, or as its `withItems` part shows, so a press on it never waits for their code
   * (checkout's placement, fetched as its form shows).
   */
  readonly fetches?: readonly PartName[];
  /**
   * The part the page shows once the bag has items (checkout's form): index.html asks for it with the page when the
   * last visit left items in the bag (runtime/bagHint.ts), and not otherwise (a first visit's bag is empty).
   */
  readonly withItems?: PartName;
  /** The page's code, loaded on demand; absent for the first page's own pages, which come with the entry. */
  readonly part?: Part<M> & { readonly pick: (module: M) => ComponentType };
}

/** A page whose code loads on demand. */
export type PageOnDemandEntry = PageEntry & { readonly part: NonNullable<PageEntry['part']> };

const page = <M>(path: string, part: Part<M> & { readonly pick: (module: M) => ComponentType }, options: Omit<PageEntry, 'path' | 'part'> = {}) =>
  ({ path, part, ...options }) as PageOnDemandEntry;

/** The shopper's pages, by name, in the order the router tries them (ordering.md and account-and-session.md section 2). */
export const PAGES = {
  home: { path: '/' },
  category: { path: '/categories/:categoryId' },
  bag: page('/cart', {
    load: () => import('../features/bag/BagPage'),
    pick: (m) => m.BagPage,
    role: 'order',
    prefetch: 2,
  }),
  checkout: page(
    '/checkout',
    {
      load: () => import('../features/checkout/CheckoutPage'),
      pick: (m) => m.CheckoutPage,
      // The page alone is small (an empty bag's words); its form comes with the order's code (checkoutForm).
      role: 'own',
      prefetch: 3,
    },
    { next: 'confirmation', fetches: ['placement'], withItems: 'checkoutForm' },
  ),
  confirmation: page('/order-confirmation/:orderId', {
    load: () => import('../features/confirmation/ConfirmationPage'),
    pick: (m) => m.ConfirmationPage,
    role: 'order',
    prefetch: 4,
  }),
  about: page('/about', {
    load: () => import('../features/about/AboutPage'),
    pick: (m) => m.AboutPage,
    role: 'own',
    prefetch: 6,
  }),
  signIn: page('/sign-in', {
    load: () => import('../features/account/SignInPage'),
    pick: (m) => m.SignInPage,
    role: 'own',
  }),
  signUp: page('/sign-up', {
    load: () => import('../features/account/SignUpPage'),
    pick: (m) => m.SignUpPage,
    role: 'own',
  }),
  forgotPassword: page('/forgot-password', {
    load: () => import('../features/account/ForgotPasswordPage'),
    pick: (m) => m.ForgotPasswordPage,
    role: 'own',
  }),
  resetPassword: page('/reset-password', {
    load: () => import('../features/account/ResetPasswordPage'),
    pick: (m) => m.ResetPasswordPage,
    role: 'own',
  }),
  profile: page('/my-account', { load: () => import('../features/account/ProfilePage'), pick: (m) => m.ProfilePage, role: 'own' }, { guard: 'signedIn' }),
  orderHistory: page(
    '/my-orders',
    {
      load: () => import('../features/orders/OrderHistoryPage'),
      pick: (m) => m.OrderHistoryPage,
      role: 'withOrder',
    },
    { guard: 'signedIn' },
  ),
  favorites: page('/favorites', {
    load: () => import('../features/catalog/FavoritesPage'),
    pick: (m) => m.FavoritesPage,
    role: 'own',
  }),
  cards: page('/my-cards', { load: () => import('../features/wallet/CardsPage'), pick: (m) => m.CardsPage, role: 'withOrder' }, { guard: 'signedIn' }),
  coupons: page('/my-coupons', { load: () => import('../features/loyalty/CouponsPage'), pick: (m) => m.CouponsPage, role: 'own' }, { guard: 'signedIn' }),
  rewards: page('/my-rewards', { load: () => import('../features/loyalty/RewardsPage'), pick: (m) => m.RewardsPage, role: 'own' }, { guard: 'signedIn' }),
  addresses: page(
    '/my-addresses',
    {
      load: () => import('../features/addresses/AddressesPage'),
      pick: (m) => m.AddressesPage,
      role: 'withOrder',
    },
    { guard: 'signedIn' },
  ),
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;

/** The dialogs and the parts of pages that load after the first paint, and the rule bundles the pages use. */
export const PARTS = {
  itemPanel: {
    load: () => import('../features/item/ItemPanel'),
    role: 'later',
    prefetch: 1,
  },
  locationChooser: {
    load: () => import('../features/location/LocationChooser'),
    role: 'later',
  },
  locationMap: {
    load: () => import('../features/location/LocationMap'),
    role: 'later',
    within: 'locationChooser',
    cached: 'when seen',
  },
  /** The map's outlines of the land, drawn where no tiles are configured. */
  baseMap: { load: () => import('../features/location/baseMap'), role: 'own', cached: 'when seen' },
  footer: { load: () => import('../layout/Footer'), role: 'later' },
  toastLayer: { load: () => import('../shell/ToastLayer'), role: 'later' },
  /** Tells a shopper elsewhere how their order is doing; only for a shopper with orders. */
  progressWatch: { load: () => import('../shell/ProgressWatch'), role: 'later', live: true },
  openStatus: { load: () => import('../components/OpenStatus'), role: 'later' },
  menuSections: { load: () => import('../features/catalog/MenuSections'), role: 'own' },
  accountMenu: { load: () => import('../features/account/AccountMenu'), role: 'own' },
  verification: {
    load: () => import('../features/account/VerificationModal'),
    role: 'own',
  },
  /** What a tap on an item card decides without the panel (sold out, or added at once). */
  quickAdd: { load: () => import('../../domain/items/quickAdd'), role: 'withOrder', prefetch: 5 },
  /** The phone rules (libphonenumber and its metadata): the footer's number, the forms. */
  phone: { load: () => import('../../domain/phone'), role: 'forms' },
  /** Sharing this visit with support: the dialog, and the runtime's upload to the support inbox, fetched with it. */
  shareVisit: { load: () => import('../features/share/ShareVisitDialog'), role: 'own', live: true },
  /** The runtime's visit sharing (runtime/visitShare.ts: the upload, its record), made the first time it is wanted. */
  visitSharing: { load: () => import('../runtime/visitShare'), role: 'own', live: true },
  /** The exported session log (its format and redaction), for the footer's download. */
  sessionLog: { load: () => import('../runtime/sessionLog'), role: 'own' },
  /**
   * The support console with every page of the storefront, one step removed (console.ts): a part's file list is
   * written where it is imported, and the console's would otherwise weigh on the entry.
   */
  supportConsole: { load: async () => (await import('./console')).loadConsole(), role: 'withOrder', live: true, cached: 'when seen' },
  /** My Cards' 'Add a card': the card's and the billing address's forms, when the shopper presses it. */
  addCard: { load: () => import('../features/wallet/AddCard'), role: 'withOrder' },
  /** The toasts' library, with the first toast or shortly after the first page. */
  hotToast: { load: () => import('react-hot-toast'), role: 'own' },
  // The rule bundles the commands await (their services' rules, src/commands/services.ts).
  /** Hours, open state and pickup slots: after the first page, and with the first command that needs them. */
  timeRules: { load: () => import('../../events/timeRules'), role: 'later' },
  /** Placing an order: the request builder, the error table and the queue, as checkout shows (its page's `fetches`). */
  placement: { load: () => import('../../commands/placeOrder'), role: 'withOrder' },
  /** Checkout's form, once the bag has items: the blocks and the summary, with the order's code (the page's `withItems`). */
  checkoutForm: { load: () => import('../features/checkout/CheckoutForm'), role: 'order', prefetch: 3 },
  /** Checkout's typed details and the forms' rules they judge by, with the first form sent. */
  checkoutDetails: { load: () => import('../../commands/decide/details'), role: 'withOrder', live: true },
  /** Repeating an earlier order, with the first reorder. */
  reorderRules: { load: () => import('../../commands/decide/reorder'), role: 'withOrder', live: true },
  /**
   * The offline worker's registration (src/worker/sw.ts is the worker), after the first page and once the parts
   * prefetched in the background are in (App.tsx hands start-up the prefetch's end, `offlineWorkerAfter`: its
   * precache, a thread of its own, slowed every task it ran beside on a phone's few cores), and the new build's
   * take-over at a navigation.
   */
  offlineWorker: { load: () => import('../runtime/offlineWorker'), role: 'later', live: true },
  /** The live stock hub (SignalR), right after the first page. */
  inventoryHub: { load: () => import('../../api/hub/inventoryHub'), role: 'withOrder', live: true },
  // Below the app, loaded by their own layers with their first use (named here for the build and the console):
  /** The ZIP codes' centres (the chooser's search) and cities (the billing and address forms). */
  zipCentroids: { load: () => import('../../data/zipCentroids'), role: 'withOrder', cached: 'when seen' },
  zipCities: { load: () => import('../../data/zipCities'), role: 'withOrder', cached: 'when seen' },
  // The command groups loaded with their first call (src/commands/lazyGroups.ts).
  accountCommands: { load: () => import('../../commands/account'), role: 'own', live: true, commands: 'first' },
  favoriteCommands: { load: () => import('../../commands/favorites'), role: 'withOrder', live: true, commands: 'first' },
  curbsideCommands: { load: () => import('../../commands/curbside'), role: 'withOrder', live: true, commands: 'first' },
  loyaltyCommands: { load: () => import('../../commands/loyalty'), role: 'withOrder', live: true, commands: 'first' },
  giftCardCommands: { load: () => import('../../commands/giftCards'), role: 'withOrder', live: true, commands: 'byName' },
  deliveryCommands: { load: () => import('../../commands/delivery'), role: 'withOrder', live: true, commands: 'byName' },
  progressCommands: { load: () => import('../../commands/progress'), role: 'withOrder', live: true, commands: 'first' },
  /** The sandbox's card tokenizer, with the first card entered. */
  cardTokenizer: { load: () => import('../../api/payments/sandboxTokenizer'), role: 'withOrder', live: true },
} as const satisfies Record<string, Part>;

export type PartName = keyof typeof PARTS;

/** A page's entry with its code, or null for the first page's own. */
export function pagePart(name: PageName): (Part & { readonly pick: (module: never) => ComponentType }) | null {
  const entry: PageEntry = PAGES[name];
  return entry.part ?? null;
}

/**
 * How index.html matches an address against a page's pattern without react-router (its preloads): a pattern with a
 * parameter by what precedes it, any other exactly.
 */
export function addressMatcher(path: string): { readonly prefix: string; readonly exact: boolean } {
  const parameter = path.indexOf('/:');
  return parameter === -1 ? { prefix: path, exact: true } : { prefix: path.slice(0, parameter + 1), exact: false };
}

/**
 * The file a part loads, from the project's root and without its extension ('/src/app/features/bag/BagPage'), or the
 * package it names ('react-hot-toast'): read from its loader's source, for the build and the tests, in Node.
 */
export function partModule(part: Pick<Part, 'load'>): string {
  // As written, or as Vitest's transform gives it (the path then from the root, with its extension).
  const target = /(?:\bimport|__vite_ssr_dynamic_import__)\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(part.load.toString())?.[1];
  if (target === undefined) throw new Error(`a part's loader must be one import() of its file: ${part.load.toString()}`);
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(target);
  if (inPackage) return inPackage[1]!;
  if (target.startsWith('/')) return target.replace(/\.tsx?$/, '');
  if (!target.startsWith('.')) return target;
  const path = ['src', 'app', 'root'];
  for (const step of target.split('/')) {
    if (step === '..') path.pop();
    else if (step !== '.') path.push(step);
  }
  return `/${path.join('/')}`;
}

/** Every part the manifest names (the pages' and the others'), for the build and the console's preload. */
export function everyPart(): readonly (readonly [string, Part])[] {
  const pages = (Object.keys(PAGES) as PageName[]).flatMap((name) => {
    const part = pagePart(name);
    return part ? [[name, part] as const] : [];
  });
  return [...pages, ...(Object.entries(PARTS) as [PartName, Part][])];
}
