// The account's pages are one table (src/app/shell/accountPages.ts): the header's account menu and the row of tabs
// above the pages are read from it, each in its own order, and every page in it is a page of the manifest.
import { describe, expect, it } from 'vitest';
import { PAGES, type PageEntry } from '../../src/app/root/parts';
import { ACCOUNT_MENU, ACCOUNT_PAGES, ACCOUNT_TABS, shownLinks } from '../../src/app/shell/accountPages';

const labels = (links: readonly { label: string }[]) => links.map((link) => link.label);
const manifestPages = Object.values(PAGES) as PageEntry[];

describe("the account's pages", () => {
  it('give the menu and the tabs their own words and order', () => {
    expect(labels(ACCOUNT_MENU)).toEqual(['My Account', 'My Cards', 'My Coupons', 'My Rewards', 'My Orders', 'My Addresses', 'My Favorites']);
    expect(labels(ACCOUNT_TABS)).toEqual(['Orders', 'Cards', 'Rewards', 'Coupons', 'Addresses', 'Profile']);
    expect(ACCOUNT_TABS.map((tab) => tab.to)).toEqual(['/my-orders', '/my-cards', '/my-rewards', '/my-coupons', '/my-addresses', '/my-account']);
  });

  it('number each list 1, 2, 3 ... with no place given twice', () => {
    const menu = ACCOUNT_PAGES.map((page) => page.menu.place).sort((a, b) => a - b);
    const tabs = ACCOUNT_PAGES.flatMap((page) => (page.tab ? [page.tab.place] : [])).sort((a, b) => a - b);
    expect(menu).toEqual(menu.map((_, i) => i + 1));
    expect(tabs).toEqual(tabs.map((_, i) => i + 1));
  });

  it('show the rewards page only where the business has loyalty, in both lists', () => {
    expect(labels(shownLinks(ACCOUNT_MENU, false))).not.toContain('My Rewards');
    expect(labels(shownLinks(ACCOUNT_TABS, false))).toEqual(['Orders', 'Cards', 'Coupons', 'Addresses', 'Profile']);
    expect(shownLinks(ACCOUNT_MENU, true)).toEqual(ACCOUNT_MENU);
  });

  it('are pages of the manifest, and each with a tab asks for a sign-in', () => {
    for (const page of ACCOUNT_PAGES) {
      const entry = manifestPages.find((candidate) => candidate.path === page.to);
      expect(entry, page.to).toBeDefined();
      if (page.tab) expect(entry?.guard, page.to).toBe('signedIn');
    }
  });
});
