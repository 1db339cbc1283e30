// Code index.html asks for beside the app's, before the app has run: the chooser's on a first visit to a business with
// several locations (once the early menu answer lists them), never at a one-location store; and the page's own when
// the address is a page loaded on demand.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdRequests } from './support/hold';
import { APP_CODE, PHONE, useStorefront } from './support/storefront';

const storefront = useStorefront('pizza-chain');

const CHOOSER_CHUNK = /\/assets\/LocationChooser-[^/]+\.js$/;
/** The bag's, checkout's and the confirmation's code (vite.config.ts groups the order's steps). */
const ORDER_CHUNK = /\/assets\/order-[^/]+\.js$/;
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

  it("is the page's own when the address is a page loaded on demand", async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const asked = scripts(page);
    await holdAppCodeUntilAsked(page, ORDER_CHUNK);
    await page.goto(`${storefront.origin}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(asked.filter((path) => ORDER_CHUNK.test(path))).toHaveLength(1);
    // Three files of code and the page's own two-line file (the bundler's, once the entry pauses at a top-level
    // await), not the twenty-two that automatic splitting made of checkout's modules: on a phone's connection each is
    // a request on the page's path, all asked for at once.
    const html = await (await page.request.get(`${storefront.origin}/checkout`)).text();
    const routes = JSON.parse(/for \(const \[\{ prefix, exact \}, files\] of (\[.*?\])\) \{/s.exec(html)![1]!) as [{ prefix: string }, string[]][];
    const files = routes.find(([{ prefix }]) => prefix === '/checkout')![1].filter((file) => file.endsWith('.js'));
    expect(files.map((file) => /\/assets\/([a-z]+)-/i.exec(file)?.[1]).sort()).toEqual(['CheckoutPage', 'forms', 'later', 'order']);
    // Not the chooser's: the cafe has one location.
    expect(asked.filter((path) => CHOOSER_CHUNK.test(path))).toEqual([]);
    // Once checkout shows, the order's placement (the manifest's `fetches`), so Place Order never waits for its code.
    await expect.poll(() => asked.some((path) => PLACEMENT_CHUNK.test(path))).toBe(true);
    expect(shopper.errors).toEqual([]);
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
    const checkoutIn = page.waitForEvent('requestfinished', (request) => ORDER_CHUNK.test(request.url()));
    await page.goto(`${storefront.origin}/checkout`);
    const chunk = new URL((await checkoutIn).url()).pathname;
    // The app's own import of the page has settled once its style sheet has loaded and the module has run (the same
    // module instance this import gets, after the app's).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('link[rel="stylesheet"]')].some(
            (link) => /\/assets\/order-[^/]+\.css$/.test(link.getAttribute('href') ?? '') && (link as HTMLLinkElement).sheet !== null,
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
