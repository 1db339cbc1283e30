// Code index.html asks for beside the app's, before the app has run: the chooser's on a first visit to a business with
// several locations (once the early menu answer lists them), never at a one-location store; and the page's own when
// the address is a page loaded on demand.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enableDebugHook, pageState, runCommand } from './support/debug';
import { holdRequests } from './support/hold';
import { APP_CODE, PHONE, useStorefront } from './support/storefront';

const storefront = useStorefront('pizza-chain');

const CHOOSER_CHUNK = /\/assets\/LocationChooser-[^/]+\.js$/;
/** The bag's, checkout's form's and the confirmation's code (vite.config.ts groups the order's steps). */
const ORDER_CHUNK = /\/assets\/order-[^/]+\.js$/;
/** Checkout's page alone: what an empty bag or an unchosen location shows. */
const CHECKOUT_PAGE_CHUNK = /\/assets\/CheckoutPage-[^/]+\.js$/;
/** Checkout's form (a file of its own, over the order's). */
const CHECKOUT_FORM_CHUNK = /\/assets\/CheckoutForm-[^/]+\.js$/;
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
/** Placing the order: the request, the error table and the queue. */
const PLACEMENT_CHUNK = /\/assets\/placeOrder-[^/]+\.js$/;

/** Every request of the page's scripts, in order. */
function scripts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** Holds the app's code until `chunk` has been asked for: only index.html can have asked for it. */
async function holdAppCodeUntilAsked(page: Page, chunk: RegExp): Promise<void> {
  let seen!: () => void;
  const asked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (request) => chunk.test(request.url()) && seen());
  await holdRequests(page, APP_CODE, asked);
}

describe("the chooser's code on a first visit", () => {
  it('is asked for while the app code is still on its way, at a business with several locations', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const asked = scripts(page);
    await holdAppCodeUntilAsked(page, CHOOSER_CHUNK);
    await page.goto(storefront.origin);
    const dialog = page.getByRole('dialog', { name: 'Choose a location' });
    await dialog.getByRole('article').first().waitFor();
    // Each of its files (the chooser's module, which the bundler gives a file of its own, and its chunk group) asked
    // for once: the app's own loader reuses the preloaded answers.
    const chooser = asked.filter((path) => CHOOSER_CHUNK.test(path));
    expect(chooser).toHaveLength(2);
    expect(new Set(chooser).size).toBe(chooser.length);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('is never asked for by a store with one location', async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const asked = scripts(page);
    await page.goto(storefront.origin);
    await page.getByRole('heading', { name: 'Browse the menu' }).waitFor();
    // The page is settled once the lazily loaded footer is in.
    await page.locator('footer').first().waitFor();
    expect(asked.some((path) => APP_CODE.test(path))).toBe(true);
    expect(asked.filter((path) => CHOOSER_CHUNK.test(path))).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it("is the page's own when the address is a page loaded on demand: checkout alone for an empty bag", async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const asked = scripts(page);
    // The app's code waits until the test has read what index.html alone asked for.
    let releaseApp!: () => void;
    await holdRequests(page, APP_CODE, new Promise<void>((resolve) => (releaseApp = resolve)));
    const pageAsked = page.waitForRequest((request) => CHECKOUT_PAGE_CHUNK.test(request.url()));
    await page.goto(`${storefront.origin}/checkout`, { waitUntil: 'domcontentloaded' });
    await pageAsked;
    // A first visit's bag is empty: index.html asked for checkout's page and none of the order's code.
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''));
    expect(preloaded.some((href) => CHECKOUT_PAGE_CHUNK.test(href))).toBe(true);
    expect(preloaded.filter((href) => ORDER_CHUNK.test(href) || CHECKOUT_FORM_CHUNK.test(href))).toEqual([]);
    releaseApp();
    await page.getByText('Your bag is currently empty.').waitFor();
    expect(asked.filter((path) => CHECKOUT_PAGE_CHUNK.test(path))).toHaveLength(1);
    // The page's files for an empty bag, and its form's (three files of code, not the twenty-two that automatic
    // splitting made of checkout's modules) for a bag with items: on a phone's connection each is a request on the
    // page's path, all asked for at once.
    const html = await (await page.request.get(`${storefront.origin}/checkout`)).text();
    const routes = JSON.parse(/for \(const \[\{ prefix, exact \}, files, withItems\] of (\[.*?\])\) \{/s.exec(html)![1]!) as [
      { prefix: string },
      string[],
      string[],
    ][];
    const [, files, withItems] = routes.find(([{ prefix }]) => prefix === '/checkout')!;
    const names = (list: string[]) => list.filter((file) => file.endsWith('.js')).map((file) => /\/assets\/([a-z]+)-/i.exec(file)?.[1]);
    expect(names(files)).toEqual(['CheckoutPage']);
    expect(names(withItems).sort()).toEqual(['CheckoutForm', 'forms', 'later', 'order']);
    // Not the chooser's: the cafe has one location.
    expect(asked.filter((path) => CHOOSER_CHUNK.test(path))).toEqual([]);
    // Nor later: once the page has settled (its footer, fetched after its paint, is in), no order code was fetched:
    // the placement and the confirmation come with the form, when the bag has items.
    await page.locator('footer').first().waitFor();
    expect(asked.filter((path) => ORDER_CHUNK.test(path) || PLACEMENT_CHUNK.test(path))).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('is the form with the page when the last visit left items in the bag', async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper();
    await enableDebugHook(shopper.context);
    const first = shopper.page;
    await first.goto(storefront.origin);
    await first.getByRole('heading', { name: 'Browse the menu' }).waitFor();
    expect((await runCommand(first, 'addToBag', DRIP))._tag).toBe('Right');
    await expect.poll(() => first.evaluate(() => window.localStorage.getItem('countertop.bag-has-items'))).toBe('1');
    await first.close();

    const next = await shopper.newTab();
    const asked = scripts(next);
    await holdAppCodeUntilAsked(next, ORDER_CHUNK);
    await next.goto(`${storefront.origin}/checkout`);
    await next.getByRole('heading', { name: /Pickup Date & Time/ }).waitFor();
    // Asked for once, by index.html: the form's own loader reused the answer.
    expect(asked.filter((path) => ORDER_CHUNK.test(path))).toHaveLength(1);
    expect(asked.filter((path) => CHECKOUT_FORM_CHUNK.test(path))).toHaveLength(1);
    // Once the form shows, the order's placement (the manifest's `fetches`), so Place Order never waits for its code.
    await expect.poll(() => asked.some((path) => PLACEMENT_CHUNK.test(path))).toBe(true);
    expect(shopper.errors).toEqual([]);

    // Emptied, the bag says so for the visit after: its checkout asks for none of the order's code with the page.
    const { bag } = await pageState<{ bag: { lines: { key: string }[] } }>(next);
    expect((await runCommand(next, 'removeLine', bag.lines[0]!.key))._tag).toBe('Right');
    await expect.poll(() => next.evaluate(() => window.localStorage.getItem('countertop.bag-has-items'))).toBeNull();
    await shopper.close();
  });

  it("is the password reset's own when the shopper follows the e-mail's link", async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const asked = scripts(page);
    const RESET_CHUNK = /\/assets\/ResetPasswordPage-[^/]+\.js$/;
    await holdAppCodeUntilAsked(page, RESET_CHUNK);
    await page.goto(`${storefront.origin}/reset-password?email=ada%40example.com&code=123456`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    expect(asked.filter((path) => RESET_CHUNK.test(path))).toHaveLength(1);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('shows the page at once, with no loading spinner, when its code came in while the store started', async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    // The menu is held until the checkout's code has arrived: the store opens with the page's code already in.
    await storefront.control('hold', { path: '/api/Catalog' });
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading the page')) seen.push('Loading the page');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const checkoutIn = page.waitForEvent('requestfinished', (request) => CHECKOUT_PAGE_CHUNK.test(request.url()));
    await page.goto(`${storefront.origin}/checkout`);
    const chunk = new URL((await checkoutIn).url()).pathname;
    // The app's own import of the page has settled once its style sheet has loaded and the module has run (the same
    // module instance this import gets, after the app's).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('link[rel="stylesheet"]')].some(
            (link) => /\/assets\/CheckoutPage-[^/]+\.css$/.test(link.getAttribute('href') ?? '') && (link as HTMLLinkElement).sheet !== null,
          ),
        ),
      )
      .toBe(true);
    // A string, so the test runner does not rewrite the page's own import().
    await page.evaluate(`import(${JSON.stringify(chunk)}).then(() => undefined)`);
    expect(await storefront.control('release', { path: '/api/Catalog' })).toEqual({ released: 1 });
    await page.getByText('Your bag is currently empty.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});

describe("a returning shopper's first pictures", () => {
  it('are asked for by index.html while the app code is still on its way', async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper(PHONE);
    const first = shopper.page;
    await first.goto(storefront.origin);
    const picture = first.locator('.home-category-picture img').first();
    await picture.waitFor();
    const src = await picture.getAttribute('src');
    // Written once the page has settled.
    await expect
      .poll(() => first.evaluate(() => JSON.parse(window.localStorage.getItem('countertop.first-pictures') ?? '{}') as Record<string, string[]>))
      .toMatchObject({ '/': expect.arrayContaining([src]) as unknown });
    await first.close();

    const next = await shopper.newTab();
    const asked = scripts(next);
    await holdAppCodeUntilAsked(next, new RegExp(`${src!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await next.goto(storefront.origin);
    await next.locator('.home-category-picture img').first().waitFor();
    expect(asked.some((path) => APP_CODE.test(path))).toBe(true);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});
