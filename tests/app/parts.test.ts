// The manifest of on-demand parts (src/app/root/parts.ts) is the one list of what loads when: each part's loader is
// one import() of the file the build groups and preloads by, the address's own page and its next one are fetched
// while the store starts, the background prefetch follows the ranks, and index.html's matching of an address agrees
// with the router's.
import { existsSync } from 'node:fs';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { checkoutForm, commandRules, PAGES_ON_DEMAND } from '../../src/app/root/lazyParts';
import { addressMatcher, everyPart, PAGES, PARTS, partModule, type PageEntry, type PageName } from '../../src/app/root/parts';
import { prefetchedLater, startingPages } from '../../src/app/root/prefetch';

const ROOT = new URL('../../', import.meta.url);
const fileOf = (module: string) => ['.tsx', '.ts'].map((extension) => new URL(`.${module}${extension}`, ROOT)).find((url) => existsSync(url));

/** An address that the route's pattern matches. */
const addressOf = (path: string) => path.replace(/:[^/]+/g, 'k7f3');
const pages = Object.entries(PAGES) as [PageName, PageEntry][];

describe('the manifest of on-demand parts', () => {
  it("names each part's file once, in its loader, and the loader loads that file", async () => {
    for (const [name, part] of everyPart()) {
      const module = partModule(part);
      if (!module.startsWith('/')) continue;
      const file = fileOf(module);
      expect(file, `${name}: ${module}`).toBeDefined();
      const direct = (await import(/* @vite-ignore */ file!.href)) as Record<string, unknown>;
      const loaded = (await part.load()) as Record<string, unknown>;
      // The console's loader takes one step more (parts.ts): the step's module is the one named.
      if (name === 'supportConsole') continue;
      expect(Object.keys(loaded).sort(), name).toEqual(Object.keys(direct).sort());
      for (const key of Object.keys(direct)) expect(loaded[key], `${name}.${key}`).toBe(direct[key]);
    }
  }, 60_000); // it transforms every part's module graph: 5 s alone, over 20 s beside browser files

  it('gives each page that loads on demand the component its module exports', async () => {
    for (const [name, entry] of pages) {
      if (!entry.part) continue;
      const module = (await entry.part.load()) as Record<string, unknown>;
      const loaded = await PAGES_ON_DEMAND[name as keyof typeof PAGES_ON_DEMAND].load();
      expect(Object.values(module), name).toContain(loaded);
    }
  });

  it('reads a loader whose path climbs and descends, a package, and refuses a loader that is not one import()', () => {
    expect(partModule({ load: () => import('../../src/app/features/bag/BagPage') })).toBe('/src/app/features/bag/BagPage');
    expect(partModule(PAGES.bag.part)).toBe('/src/app/features/bag/BagPage');
    expect(partModule({ load: () => import('react-hot-toast') })).toBe('react-hot-toast');
    expect(() => partModule({ load: () => Promise.resolve({}) })).toThrow(/one import\(\)/);
  });

  it("fetches the address's own page while the store starts, and checkout's form and next page for a bag with items", () => {
    expect(startingPages('/checkout')).toEqual({ now: [PAGES_ON_DEMAND.checkout.load], withItems: [checkoutForm.load, PAGES_ON_DEMAND.confirmation.load] });
    expect(startingPages('/order-confirmation/b8d1c2')).toEqual({ now: [PAGES_ON_DEMAND.confirmation.load], withItems: [] });
    expect(startingPages('/my-addresses')).toEqual({ now: [PAGES_ON_DEMAND.addresses.load], withItems: [] });
    // The first page's own pages, and addresses that are no page, fetch nothing ahead.
    for (const address of ['/', '/categories/coffee', '/nowhere', '/cart/extra']) expect(startingPages(address), address).toEqual({ now: [], withItems: [] });
    for (const [name, entry] of pages)
      if (entry.part) expect(startingPages(addressOf(entry.path)).now[0], name).toBe(PAGES_ON_DEMAND[name as keyof typeof PAGES_ON_DEMAND].load);
  });

  it("prefetches the ranked parts in their order: the panel, the order pages and checkout's form, the quick add, the about page", () => {
    const { bag, checkout, confirmation, about } = PAGES_ON_DEMAND;
    const later = prefetchedLater();
    // Checkout's form through its own loader, so a page opened later shows it in the frame it is wanted.
    expect(later.slice(1, 5)).toEqual([bag.load, checkout.load, checkoutForm.load, confirmation.load]);
    expect(later.at(-1)).toBe(about.load);
    expect(later).toHaveLength(7);
  });

  it("matches an address in index.html as the router does, for every page's address and for others", () => {
    const matches = (path: string, address: string) => {
      const { prefix, exact } = addressMatcher(path);
      return exact ? address === prefix : address.startsWith(prefix);
    };
    const addresses = ['/', '/cart', '/checkout', '/checkouts', '/order-confirmation/ab12', '/categories/tea', '/my-cards', '/about/us'];
    for (const [, { path }] of pages) {
      expect(matches(path, addressOf(path)), path).toBe(true);
      for (const address of addresses) if (path !== '/') expect(matches(path, address), `${path} at ${address}`).toBe(matchPath(path, address) !== null);
    }
    expect(addressMatcher('/order-confirmation/:orderId')).toEqual({ prefix: '/order-confirmation/', exact: false });
  });

  it("names what a page fetches as it shows among the parts: checkout's placement, so Place Order never waits for it", () => {
    const fetching = pages.flatMap(([name, entry]) => (entry.fetches ?? []).map((part) => [name, part] as const));
    expect(fetching).toEqual([['checkout', 'placement']]);
    for (const [, part] of fetching) expect(Object.keys(PARTS), part).toContain(part);
  });

  it("hands the commands their rule bundles from the manifest's parts", async () => {
    const bundles = { time: 'timeRules', placement: 'placement', details: 'checkoutDetails', reorder: 'reorderRules' } as const;
    expect(Object.keys(commandRules).sort()).toEqual(Object.keys(bundles).sort());
    for (const [rules, part] of Object.entries(bundles)) expect(await commandRules[rules as keyof typeof bundles].load(), rules).toBe(await PARTS[part].load());
  });

  it('guards the account pages and nothing a guest may open', () => {
    const guarded = pages.filter(([, entry]) => entry.guard === 'signedIn').map(([name]) => name);
    expect(guarded.sort()).toEqual(['addresses', 'cards', 'coupons', 'orderHistory', 'profile', 'rewards']);
  });
});
