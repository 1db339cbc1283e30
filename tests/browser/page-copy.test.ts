// A returning guest's page painted from the copy the last visit kept, before the app's code has loaded: marked busy,
// without what is live or personal, and replaced by the app's own page once that has painted; a tap on it waits for
// the app's page and is replayed there. A signed-in shopper's page is never kept.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAda } from './support/account';
import { holdRequests } from './support/hold';
import { APP_CODE, PHONE, seriousViolations, useStorefront } from './support/storefront';

const storefront = useStorefront('cafe');

/** The copy's text as index.html shows it, or null without one. */
const copyText = (page: Page) => page.evaluate(() => document.getElementById('page-copy')?.textContent ?? null);

async function visitAndLeave(page: Page): Promise<string> {
  await page.goto(storefront.origin);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  // Settled: the open status and the footer are in (the copy leaves both out).
  await page.locator('.open-status').waitFor();
  await page.locator('footer').first().waitFor();
  const headline = (await heading.textContent())!;
  // Leaving the page keeps its copy.
  await page.goto('about:blank');
  return headline;
}

describe("a returning guest's page", () => {
  it('is painted from the last visit before the app code has arrived, then gives way to the app', async () => {
    const shopper = await storefront.newShopper(PHONE);
    const headline = await visitAndLeave(shopper.page);

    const page = await shopper.newTab();
    let release!: () => void;
    await holdRequests(page, APP_CODE, new Promise<void>((resolve) => (release = resolve)));
    // Not waiting for the load event, which waits for the app's code.
    await page.goto(storefront.origin, { waitUntil: 'commit' });
    await page.locator('#page-copy h1').waitFor();
    expect(await page.locator('#page-copy h1').textContent()).toBe(headline);
    // Shown, busy, with ids of its own, without the open status or the footer.
    const copy = await page.evaluate(() => {
      const shown = document.getElementById('page-copy')!;
      return {
        inert: shown.inert,
        hidden: shown.getAttribute('aria-hidden'),
        busy: shown.getAttribute('aria-busy'),
        ids: [...shown.querySelectorAll('[id]')].filter((element) => !element.id.startsWith('copy-')).length,
        left: shown.querySelectorAll('footer, .open-status, [role="dialog"]').length,
        pictures: shown.querySelectorAll('img').length,
        rootHidden: document.getElementById('root')!.hidden,
      };
    });
    expect(copy).toEqual({ inert: false, hidden: null, busy: 'true', ids: 0, left: 0, pictures: copy.pictures, rootHidden: true });
    expect(copy.pictures).toBeGreaterThan(0);
    // The copy's heading is the one a shopper, or a screen reader, finds: the app's page is hidden behind it.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // The app's code is asked for as modules only (once the copy is on screen): a plain script's preload of it would
    // leave it to be compiled on the page's thread rather than as it is read.
    const scriptPreloads = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href')),
    );
    expect(scriptPreloads).toEqual([]);

    release();
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    await expect.poll(() => copyText(page)).toBeNull();
    expect(await page.evaluate(() => document.getElementById('root')!.hidden)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it("shows no price nor stock, which may have changed since (a loading bar in place of each price), and the app brings today's", async () => {
    // The croissant is sold out on the first visit: the copy would otherwise carry its badge into the next one.
    await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'croissant-each', count: 0 });
    const shopper = await storefront.newShopper(PHONE);
    await shopper.page.goto(`${storefront.origin}/categories/bakery`);
    const croissant = shopper.page.getByRole('article', { name: 'Butter Croissant' });
    await croissant.getByText('Out of Stock').waitFor();
    await shopper.page.locator('.open-status').waitFor();
    expect(await shopper.page.locator('.item-card-price').first().textContent()).toMatch(/^\$\d+\.\d\d$/);
    await shopper.page.goto('about:blank');
    // Back in stock, as the shopper returns.
    await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'croissant-each', count: 20 });

    const page = await shopper.newTab();
    let release!: () => void;
    await holdRequests(page, APP_CODE, new Promise<void>((resolve) => (release = resolve)));
    await page.goto(`${storefront.origin}/categories/bakery`, { waitUntil: 'commit' });
    await page.locator('#page-copy h1').waitFor();
    const copy = await page.evaluate(() => {
      const shown = document.getElementById('page-copy')!;
      return {
        text: shown.textContent ?? '',
        pending: shown.querySelectorAll('.price-pending').length,
        priced: [...shown.querySelectorAll('.price')].filter((price) => price.textContent !== '').length,
        soldOut: shown.querySelectorAll('.item-card-sold-out, .item-card-badge, .item-card-add:disabled').length,
        cards: shown.querySelectorAll('.item-card').length,
      };
    });
    expect(copy.cards).toBe(3);
    expect(copy).toMatchObject({ pending: 3, priced: 0, soldOut: 0 });
    expect(copy.text).not.toMatch(/\$|Out of Stock/);

    release();
    // The app's page, with today's prices and stock, takes the copy's place.
    await expect.poll(() => copyText(page)).toBeNull();
    const add = page.getByRole('article', { name: 'Butter Croissant' }).locator('.item-card-add');
    await expect.poll(() => add.isEnabled()).toBe(true);
    expect(await page.locator('.item-card-price').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\$\d+\.\d\d$/)]));
    expect(await page.getByRole('article', { name: 'Butter Croissant' }).locator('.item-card-badge').count()).toBe(0);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it("keeps a tap on a link or button of it for the app's page, which does it once; a tap with no counterpart there is dropped", async () => {
    const shopper = await storefront.newShopper(PHONE);
    await shopper.page.goto(`${storefront.origin}/categories/bakery`);
    await shopper.page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
    await shopper.page.locator('.open-status').waitFor();
    // A button the copy will carry and the app's page will not have (as when the menu changed since).
    await shopper.page.evaluate(() => {
      const gone = document.createElement('button');
      gone.type = 'button';
      gone.textContent = 'Gone since';
      document.querySelector('.catalog-header')!.append(gone);
    });
    await shopper.page.goto('about:blank');

    const page = await shopper.newTab();
    let release!: () => void;
    await holdRequests(page, APP_CODE, new Promise<void>((resolve) => (release = resolve)));
    await page.goto(`${storefront.origin}/categories/bakery`, { waitUntil: 'commit' });
    const copy = page.locator('#page-copy');
    await copy.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const historyBefore = await page.evaluate(() => window.history.length);

    // Tapped twice, as a shopper does when nothing seems to happen; then a button gone from the app's page, and another
    // category. Nothing leaves the copy meanwhile.
    const add = copy.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' });
    await add.click();
    await add.click();
    await copy.getByRole('button', { name: 'Gone since' }).click();
    await copy.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Coffee' }).click();
    expect(new URL(page.url()).pathname).toBe('/categories/bakery');
    expect(await copy.locator('[data-tapped]').count()).toBe(3);

    release();
    // The app's page takes the copy's place, adds the croissant once and opens the category tapped.
    await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();
    expect(await copyText(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/categories/coffee');
    expect(await page.evaluate(() => window.history.length)).toBe(historyBefore + 1);
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Bag' }).waitFor();
    expect(await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Gone since' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it("on a phone's home page, follows the category tapped on the copy and adds the item tapped in its section, not one sold out", async () => {
    const shopper = await storefront.newShopper(PHONE);
    await shopper.page.goto(storefront.origin);
    // The whole menu, in sections loaded on demand below the categories, is on the page the copy is kept of.
    await shopper.page.getByRole('region', { name: 'Bakery' }).waitFor();
    await shopper.page.locator('.open-status').waitFor();
    await shopper.page.goto('about:blank');

    const page = await shopper.newTab();
    let release!: () => void;
    await holdRequests(page, APP_CODE, new Promise<void>((resolve) => (release = resolve)));
    await page.goto(storefront.origin, { waitUntil: 'commit' });
    const copy = page.locator('#page-copy');
    await copy.locator('h1').waitFor();
    await copy.locator('.home-category').filter({ hasText: 'Bakery' }).click();
    await copy.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    // Sold out since the last visit: the copy does not say so, and the app's page, which does, leaves it out of the bag.
    await copy.getByRole('article', { name: 'Blueberry Muffin' }).getByRole('button', { name: 'Add to Bag' }).click();

    release();
    await expect.poll(() => new URL(page.url()).hash).toBe('#categorybakery');
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    expect(await copyText(page)).toBeNull();
    await page.getByRole('status').filter({ hasText: 'Added Butter Croissant to your bag' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Blueberry Muffin' }).getByText('Out of Stock').count()).toBe(1);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('leaves out an item panel that was open: the app opens it again from its address, with the choices made', async () => {
    const shopper = await storefront.newShopper(PHONE);
    const { page } = shopper;
    await page.goto(`${storefront.origin}/categories/coffee?item=latte`);
    const panel = page.getByRole('dialog', { name: 'Latte' });
    await panel.getByRole('radio', { name: /Medium/ }).check();
    await panel.getByRole('radio', { name: /Oat milk/ }).check();

    // Reloaded (the tab keeps the panel's draft), before the app's code is back.
    let release!: () => void;
    await holdRequests(page, APP_CODE, new Promise<void>((resolve) => (release = resolve)));
    await page.reload({ waitUntil: 'commit' });
    await page.locator('#page-copy h1').waitFor();
    // The page beneath, without the panel: a copy of it would show its first choices, not the shopper's.
    expect(await page.locator('#page-copy').getByRole('heading', { level: 1 }).textContent()).toBe('Coffee');
    expect(await page.locator('#page-copy dialog, #page-copy [role="dialog"], #page-copy input[type="radio"]').count()).toBe(0);
    release();
    const reopened = page.getByRole('dialog', { name: 'Latte' });
    await reopened.waitFor();
    expect(await reopened.getByRole('radio', { name: /Medium/ }).isChecked()).toBe(true);
    expect(await reopened.getByRole('radio', { name: /Oat milk/ }).isChecked()).toBe(true);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('is not kept for a signed-in shopper, nor shown once a session exists', async () => {
    const shopper = await storefront.newShopper(PHONE);
    await visitAndLeave(shopper.page);
    const page = await shopper.newTab();
    await page.goto(storefront.origin);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await signInAsAda(page);
    await page.goto(storefront.origin);
    await page.getByRole('heading', { name: 'Browse the menu' }).waitFor();
    // Leaving a signed-in shopper's page drops the copy, and the next visit paints only once the app has started.
    await page.goto('about:blank');
    const next = await shopper.newTab();
    await next.goto(storefront.origin);
    expect(await copyText(next)).toBeNull();
    expect(await next.evaluate(() => window.localStorage.getItem('countertop.page-copy'))).toBeNull();
    await shopper.close();
  });
});
