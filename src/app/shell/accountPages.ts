// The account's pages, once: each page's address, its entry in the header's account menu and its tab in the row
// above the account's pages, with its place in each. The menu lists them as account-and-session.md section 2 does
// (My Account first, favorites last); the tabs put the orders first and the profile last, as a shopper coming back
// looks for their orders. A new account page is one row here (and its page in the manifest, src/app/root/parts.ts).

/** Where a page stands in one of the two lists: its words there, and its place (1 is first). */
export interface AccountPageEntry {
  readonly label: string;
  readonly place: number;
}

export interface AccountPage {
  readonly to: string;
  /** Its entry in the header's account menu. */
  readonly menu: AccountPageEntry;
  /** Its tab above the account's pages; null where it has none. */
  readonly tab: AccountPageEntry | null;
  /** Shown only where the business has loyalty (the rewards page). */
  readonly loyaltyOnly?: boolean;
}

export const ACCOUNT_PAGES: readonly AccountPage[] = [
  { to: '/my-account', menu: { label: 'My Account', place: 1 }, tab: { label: 'Profile', place: 6 } },
  { to: '/my-cards', menu: { label: 'My Cards', place: 2 }, tab: { label: 'Cards', place: 2 } },
  { to: '/my-coupons', menu: { label: 'My Coupons', place: 3 }, tab: { label: 'Coupons', place: 4 } },
  { to: '/my-rewards', menu: { label: 'My Rewards', place: 4 }, tab: { label: 'Rewards', place: 3 }, loyaltyOnly: true },
  { to: '/my-orders', menu: { label: 'My Orders', place: 5 }, tab: { label: 'Orders', place: 1 } },
  { to: '/my-addresses', menu: { label: 'My Addresses', place: 6 }, tab: { label: 'Addresses', place: 5 } },
  // Favorites work for guests too, so they are no tab of the account's.
  { to: '/favorites', menu: { label: 'My Favorites', place: 7 }, tab: null },
];

/** One list's entries, in its order. */
export interface AccountLink {
  readonly to: string;
  readonly label: string;
  readonly loyaltyOnly: boolean;
}

function inOrder(list: 'menu' | 'tab'): readonly AccountLink[] {
  return ACCOUNT_PAGES.flatMap((page) => {
    const entry = page[list];
    return entry === null ? [] : [{ to: page.to, label: entry.label, place: entry.place, loyaltyOnly: page.loyaltyOnly === true }];
  })
    .sort((a, b) => a.place - b.place)
    .map(({ to, label, loyaltyOnly }) => ({ to, label, loyaltyOnly }));
}

/** The header's account menu, in its order. */
export const ACCOUNT_MENU: readonly AccountLink[] = inOrder('menu');
/** The row of tabs above the account's pages, in its order. */
export const ACCOUNT_TABS: readonly AccountLink[] = inOrder('tab');

/** The links the shopper sees: the rewards page only where the business has loyalty. */
export const shownLinks = (links: readonly AccountLink[], loyalty: boolean): readonly AccountLink[] => links.filter((link) => !link.loyaltyOnly || loyalty);
