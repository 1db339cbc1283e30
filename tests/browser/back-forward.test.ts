// Back and forward are instant: every storefront page is kept in Chromium's back/forward cache when the shopper
// leaves it, and restored as it was (pageshow with `persisted`, and no Page.backForwardCacheNotUsed from the DevTools
// protocol). Kept, the page lets go of the inventory hub and the log's database; shown again, it takes them back and
// reads what changed meanwhile as after a reconnect: a stock change made while away shows, another tab's bag line
// shows, and what the shopper adds after coming back is saved.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectClean } from './support/checkout';
import { enableDebugHook, logSaved, pageSessionLog, runCommand } from './support/debug';
import { DESKTOP, PHONE, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe', { backForwardCache: true, chromium: 'full' }); // the headless shell has no back/forward cache

/** Another document, on no origin of the storefront's. */
const ELSEWHERE = 'data:text/html,<!doctype html><title>Elsewhere</title><h1>Elsewhere</h1>';
const HUDSON = 'cafe-hudson';

interface Watched {
  readonly shopper: Shopper;
  /** Why Chromium did not restore a page from its cache, as the DevTools protocol says, every time it did not. */
  readonly notRestored: string[];
}

const shoppers: Shopper[] = [];
// Each test counts the hub's connections: the last test's shopper is gone first.
afterEach(async () => {
  for (const shopper of shoppers.splice(0)) await shopper.close();
});

/** A shopper whose pages record every pageshow's `persisted`, with the DevTools protocol listening for the cache. */
async function watchedShopper(viewport: { width: number; height: number }): Promise<Watched> {
  const shopper = await storefront.newShopper(viewport);
  shoppers.push(shopper);
  await enableDebugHook(shopper.context);
  await shopper.context.addInitScript(() => {
    const shows: boolean[] = [];
    (window as unknown as { pageShows: boolean[] }).pageShows = shows;
    window.addEventListener('pageshow', (event) => shows.push(event.persisted));
  });
  const devtools = await shopper.context.newCDPSession(shopper.page);
  await devtools.send('Page.enable');
  const notRestored: string[] = [];
  devtools.on('Page.backForwardCacheNotUsed', (event) => notRestored.push(...event.notRestoredExplanations.map((why) => why.reason)));
  return { shopper, notRestored };
}

const hubConnections = async () => (await storefront.control('hub')) as { subscribed: boolean }[];

/** The stock counts this document has read and recorded: at start-up, and again once the hub has subscribed. */
const countsReadHere = async (page: Page) => {
  const since = await page.evaluate(() => performance.timeOrigin);
  const events = (await pageSessionLog(page))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type?: string; at?: string });
  return events.filter((event) => event.type === 'InventoryCounted' && Date.parse(event.at ?? '') >= since).length;
};

/**
 * The page holds all it lets go of when kept, and is still: the hub, subscribed, the counts read after it recorded, and
 * its log's database with all of it written. A shopper may leave while a write is on its way: the page is put away
 * with the database's transaction open, and Chromium evicts it as soon as another tab writes (IgnoreEventAndEvict),
 * so Back loads it again. The tests leave a page at rest, where nothing of the page's own keeps it out of the cache.
 */
async function settled(page: Page): Promise<void> {
  await expect.poll(async () => (await hubConnections()).filter((connection) => connection.subscribed).length).toBe(1);
  await expect.poll(() => countsReadHere(page)).toBeGreaterThanOrEqual(2);
  await logSaved(page);
}

/** Leaves for another document (the hub lets go), runs `meanwhile`, comes back, and answers whether from the cache. */
async function awayAndBack({ shopper, notRestored }: Watched, meanwhile: () => Promise<void> = async () => undefined): Promise<boolean> {
  const { page } = shopper;
  notRestored.length = 0;
  await page.goto(ELSEWHERE);
  await expect.poll(async () => (await hubConnections()).length).toBe(0);
  await meanwhile();
  // A page restored from the cache fires no load event: wait for the document to be the storefront's again.
  await page.goBack({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState === 'complete' && ((window as unknown as { pageShows?: boolean[] }).pageShows?.length ?? 0) > 0);
  const shows = await page.evaluate(() => (window as unknown as { pageShows: boolean[] }).pageShows);
  expect(notRestored).toEqual([]);
  return shows.at(-1) === true;
}

const bagLink = (page: Page, count: string) => page.getByRole('link', { name: `Bag, ${count}`, exact: true });

describe('back and forward', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`restores the menu from the cache, then shows a stock change made meanwhile and adds to the bag (${viewport.width} px)`, async () => {
      const watched = await watchedShopper(viewport);
      const { page } = watched.shopper;
      await page.goto(`${storefront.origin}/categories/bakery`);
      const croissant = page.getByRole('article', { name: 'Butter Croissant' });
      const muffin = page.getByRole('article', { name: 'Blueberry Muffin' });
      // The muffin's stock is 0 in the cafe seed.
      await expect.poll(() => muffin.getByText('Out of Stock').count()).toBe(1);
      await settled(page);

      const restored = await awayAndBack(watched, async () => {
        await storefront.control('stock', { locationId: HUDSON, variationId: 'croissant-each', count: 0 });
        await storefront.control('stock', { locationId: HUDSON, variationId: 'muffin-each', count: 5 });
      });
      expect(restored).toBe(true);
      // The hub is taken again, and the counts are read again as after any reconnect.
      await expect.poll(async () => (await hubConnections()).filter((connection) => connection.subscribed).length).toBe(1);
      await expect.poll(() => croissant.getByText('Out of Stock').count()).toBe(1);
      await expect.poll(() => muffin.getByText('Out of Stock').count()).toBe(0);
      expect(await croissant.getByRole('button', { name: 'Add to Bag' }).isDisabled()).toBe(true);

      await muffin.getByRole('button', { name: 'Add to Bag' }).click();
      await bagLink(page, '1 item').waitFor();
      // Written to the database taken again: a reload finds it.
      await logSaved(page);
      await page.reload();
      await bagLink(page, '1 item').waitFor();
      await expectClean(watched.shopper);
    });
  }

  it('is not evicted by another tab adding to the bag meanwhile, and shows that line when it comes back', async () => {
    const watched = await watchedShopper(DESKTOP);
    const { page } = watched.shopper;
    await page.goto(storefront.origin);
    await bagLink(page, '0 items').waitFor();
    await settled(page);

    const restored = await awayAndBack(watched, async () => {
      const other = await watched.shopper.newTab();
      await other.goto(`${storefront.origin}/categories/bakery`);
      await other.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
      await bagLink(other, '1 item').waitFor();
      await logSaved(other);
      await other.close();
    });
    expect(restored).toBe(true);
    await bagLink(page, '1 item').waitFor();
    await expectClean(watched.shopper);
  });

  it('keeps every page of the storefront: home, a category, the bag, checkout, about, sign-in', async () => {
    const watched = await watchedShopper(PHONE);
    const { page } = watched.shopper;
    await page.goto(storefront.origin);
    await runCommand(page, 'addToBag', { itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' });
    const pages = ['/', '/categories/coffee', '/cart', '/checkout', '/about', '/sign-in'];
    const kept: string[] = [];
    for (const path of pages) {
      await page.goto(`${storefront.origin}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      if (await awayAndBack(watched)) kept.push(path);
      // Still the page it was, and still working: the heading is there and the bag still holds its line.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(kept).toEqual(pages);
    await expectClean(watched.shopper);
  });
});
