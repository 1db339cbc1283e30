// The one list of the shopper's pages (src/app/shell/routes.ts): each page loaded on demand is the module the list
// names (index.html preloads that module's files at the page's address), the address's own page and its next one are
// fetched while the store starts, and index.html's matching of an address agrees with the router's.
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGES_ON_DEMAND, startingPages } from '../../src/app/shell/pages';
import { addressMatcher, SHOPPER_PAGES, shopperPages, type PageLoadedOnDemand } from '../../src/app/shell/routes';

const ROOT = new URL('../../', import.meta.url).href;
const onDemand = Object.keys(PAGES_ON_DEMAND) as PageLoadedOnDemand[];

/** An address that the route's pattern matches. */
const addressOf = (path: string) => path.replace(/:[^/]+/g, 'k7f3');

describe("the shopper's pages", () => {
  it('loads each page on demand from the module the list names, which index.html preloads', async () => {
    const withModule = shopperPages().filter(([, route]) => route.module !== undefined);
    expect(withModule.map(([name]) => name).sort()).toEqual([...onDemand].sort());
    for (const name of onDemand) {
      const module = (await import(/* @vite-ignore */ `${ROOT}${SHOPPER_PAGES[name].module.slice(1)}`)) as Record<string, unknown>;
      const loaded = await PAGES_ON_DEMAND[name].load();
      expect(Object.values(module), name).toContain(loaded);
    }
  });

  it("fetches the address's own page while the store starts, and checkout's next page with it", () => {
    expect(startingPages('/checkout')).toEqual([PAGES_ON_DEMAND.checkout, PAGES_ON_DEMAND.confirmation]);
    expect(startingPages('/order-confirmation/b8d1c2')).toEqual([PAGES_ON_DEMAND.confirmation]);
    expect(startingPages('/my-addresses')).toEqual([PAGES_ON_DEMAND.addresses]);
    expect(startingPages('/reset-password')).toEqual([PAGES_ON_DEMAND.resetPassword]);
    // The first page's own pages, and addresses that are no page, fetch nothing ahead.
    for (const address of ['/', '/categories/coffee', '/nowhere', '/cart/extra']) expect(startingPages(address), address).toEqual([]);
    for (const name of onDemand) expect(startingPages(addressOf(SHOPPER_PAGES[name].path))[0], name).toBe(PAGES_ON_DEMAND[name]);
  });

  it("matches an address in index.html as the router does, for every page's address and for others", () => {
    const matches = (path: string, address: string) => {
      const { prefix, exact } = addressMatcher(path);
      return exact ? address === prefix : address.startsWith(prefix);
    };
    const addresses = ['/', '/cart', '/checkout', '/checkouts', '/order-confirmation/ab12', '/categories/tea', '/my-cards', '/about/us'];
    for (const [, { path }] of shopperPages()) {
      expect(matches(path, addressOf(path)), path).toBe(true);
      for (const address of addresses) if (path !== '/') expect(matches(path, address), `${path} at ${address}`).toBe(matchPath(path, address) !== null);
    }
    expect(addressMatcher('/order-confirmation/:orderId')).toEqual({ prefix: '/order-confirmation/', exact: false });
    expect(addressMatcher('/cart')).toEqual({ prefix: '/cart', exact: true });
  });
});
