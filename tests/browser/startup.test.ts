import { describe, expect, it } from 'vitest';
import { enableDebugHook, logSaved } from './support/debug';
import { APP_CODE, useStorefront } from './support/storefront';

const storefront = useStorefront('cafe', { resetEach: false });

describe('start-up', () => {
  it('opens the store: title "Order Online", no errors, no requests to other hosts', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await page.goto(storefront.origin);
    await expect.poll(() => page.title()).toBe('Order Online');
    await page.waitForSelector('#main');
    expect(await page.locator('.spinner').count()).toBe(0);
    expect(shopper.errors).toEqual([]);
    expect(shopper.foreignRequests).toEqual([]);
    await shopper.close();
  });

  it('fetches the next pages\u2019 code once the store is up, one chunk at a time, without a navigation', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    // The bag, checkout and the confirmation are one chunk, the order's (vite.config.ts).
    const later = ['ItemPanel', 'order', 'quickAdd', 'AboutPage'];
    const asked: string[] = [];
    const answered = new Set<string>();
    const chunkOf = (url: string) => later.find((name) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(url));
    page.on('request', (request) => {
      const chunk = chunkOf(request.url());
      // Each is asked for only once the one before it has arrived.
      if (chunk) asked.push(`${chunk} after ${[...answered].join(',')}`);
    });
    page.on('requestfinished', (request) => {
      const chunk = chunkOf(request.url());
      if (chunk) answered.add(chunk);
    });
    await page.goto(storefront.origin);
    await page.getByRole('heading', { name: 'Browse the menu' }).waitFor();
    await expect.poll(() => answered.size, { timeout: 20_000 }).toBe(later.length);
    expect(asked).toEqual(later.map((chunk, i) => `${chunk} after ${later.slice(0, i).join(',')}`));
    expect(page.url()).toBe(`${storefront.origin}/`);
    await shopper.close();
  });

  it('asks for the menu with the page, before its code has loaded, once', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const catalogCalls: string[] = [];
    let seen!: () => void;
    const catalogAsked = new Promise<void>((resolve) => (seen = resolve));
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/Catalog')) return;
      catalogCalls.push(request.url());
      seen();
    });
    // The app's code is held until the menu has been asked for: only index.html can have asked.
    await page.route(APP_CODE, async (route) => {
      await catalogAsked;
      await route.continue();
    });
    await page.goto(storefront.origin);
    await page.waitForSelector('#main');
    expect(catalogCalls).toHaveLength(1);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it("paints the menu and takes a bag before the log's database code has loaded, and keeps it across reloads", async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await enableDebugHook(shopper.context);
    // RxDB and Dexie never reach the page while this holds their chunk.
    const held: string[] = [];
    const database = /\/assets\/browserDatabase-[^/]+\.js$/;
    await page.route(database, (route) => void held.push(route.request().url()));
    await page.goto(`${storefront.origin}/categories/bakery`);
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // The returning visit starts from the copy the first one left, database or not.
    await page.reload();
    await page.getByRole('article', { name: 'Butter Croissant' }).waitFor();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    // Once the database may load, what was folded without it is written there: a later visit still has it.
    await page.unroute(database);
    await page.reload();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await logSaved(page);
    const stored = await page.evaluate(async () => {
      const hook = (window as unknown as { countertop: { sessionLog: (redact: boolean) => Promise<string> } }).countertop;
      return (await hook.sessionLog(false)).split('\n').filter((line) => line.includes('"BagLineAdded"')).length;
    });
    expect(stored).toBe(1);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('shows a clear error with a retry when the catalog cannot be loaded, then recovers', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await storefront.control('fail', { path: '/api/Catalog', times: 1, status: 503 });
    await page.goto(storefront.origin);
    await page.getByRole('alert').getByText('We could not load the menu.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForSelector('#main');
    await shopper.close();
  });

  it('keeps working in memory, and says so, where the browser offers no IndexedDB', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await shopper.context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
    await page.goto(`${storefront.origin}/categories/bakery`);
    await page.getByText('Your browser is not letting this page save your bag, so it will be lost if you close this tab.').waitFor();
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    // The fallback is explained by a console warning, not an error.
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('when the device stops saving after start-up, Add to Bag still works, says so once, and loses nothing already there', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await enableDebugHook(shopper.context);
    // IndexedDB writes start failing on the page's word, as when the disk fills up.
    await shopper.context.addInitScript(() => {
      const full = () => (window as unknown as { __storageFull?: boolean }).__storageFull === true;
      for (const method of ['put', 'add'] as const) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
          if (full()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original.apply(this, args);
        } as typeof original;
      }
    });
    await page.goto(`${storefront.origin}/categories/bakery`);
    const croissant = page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' });
    await croissant.click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    // The first page writes its log once the database is there: the failure comes after this croissant is saved.
    await logSaved(page);
    await page.evaluate(() => ((window as unknown as { __storageFull: boolean }).__storageFull = true));
    await croissant.click();
    await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).waitFor();
    await page.getByText('This device has stopped letting us save your bag. It keeps working, but it will be lost if you reload or close this tab.').waitFor();
    await croissant.click();
    await page.getByRole('link', { name: 'Bag, 3 items', exact: true }).waitFor();
    expect(await page.getByText(/This device has stopped letting us save your bag/).count()).toBe(1);
    // No uncaught error for any click; the cause goes to the console as a warning.
    expect(shopper.errors).toEqual([]);
    // What was saved before the failure is still there after a reload; what came after was in memory only.
    await page.reload();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await shopper.close();
  });
});
