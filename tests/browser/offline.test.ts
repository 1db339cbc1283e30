// Installable and offline (README, "Installable and offline"): the business's web manifest and a worker that controls
// the page, as a browser's installability checks want them; a returning guest without the network opens the menu,
// adds to the bag and keeps it across a reload; back online, what waited goes on by itself (the menu asked for again,
// an order pressed offline placed once, a sign-in pressed offline signed in); a signed-in shopper without the network
// opens from the log with their bag and orders; and a new build waits while the shopper is at checkout.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../src/sandbox/createSandbox';
import { readPolicyConfig } from '../../src/sandbox/builtStorefront';
import { workerHeaders } from '../../src/sandbox/pagePolicy';
import { buildDir, PHONE, seriousViolations, useStorefront } from './support/storefront';
import { enterCard, orderRequests, placeOrderButton, readyToOrder, sandboxOrders, visit } from './support/checkout';
import { signInAsAda } from './support/account';
import { enableDebugHook, runCommand } from './support/debug';
import { businessWords } from '../../src/domain/businessWords';
import { ORDER_WAITS_WORDS } from '../../src/app/features/checkout/PlaceOrder';
import { SIGN_IN_WAITS } from '../../src/domain/account/messages';

/** The offline notices of a restaurant (the cafe): a shop speaks of its shop. */
const OFFLINE_WORDS = businessWords('restaurant').offline;

// A copy of the build, so a test can make the next one (a changed worker script is a new build to the browser).
const copy = mkdtempSync(join(tmpdir(), 'countertop-offline-'));
const storefront = useStorefront('cafe', {
  offlineWorker: true,
  build: async () => {
    cpSync(await buildDir(), copy, { recursive: true });
    return copy;
  },
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The stage the order's step indicator marks as now. */
const currentStage = (page: Page) => page.locator('.order-progress-steps [aria-current="step"] .order-progress-label').textContent();
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** A guest's first visit, online, until the worker is in charge of the storefront's pages. */
async function returningGuest(page: Page): Promise<void> {
  await page.goto(storefront.origin);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The worker comes a moment after the first page, and the first one a browser installs takes the page at once.
  await expect.poll(() => controlled(page), { timeout: 60_000 }).toBe(true);
}

describe('installable', () => {
  it("serves the business's manifest and icons, and a worker that controls the page", async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    await returningGuest(page);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await controlled(page)).toBe(true);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (at) => (await fetch(at)).json(), href!);
    expect(manifest).toMatchObject({
      name: 'Bluebird Coffee',
      short_name: 'Bluebird',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f5f8b',
    });
    expect(manifest.icons).toEqual([
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ]);
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await fetch(`${storefront.origin}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      // The business's colour behind its own logo.
      expect(await response.text()).toMatch(/fill="#1f5f8b".*href="data:image\/svg\+xml;base64,/);
    }
    // What Chromium itself says stands between this page and an install (Lighthouse reads the same list).
    const devtools = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // The worker's script: its own policy, never kept by a cache, allowed by the page's policy and nothing more.
    const script = await fetch(`${storefront.origin}/sw.js`);
    const expected = workerHeaders(readPolicyConfig(`${DEFAULT_FIXTURES_DIR}/config.json`), { tls: false });
    for (const name of ['Content-Security-Policy', 'Cache-Control', 'Content-Type']) expect(script.headers.get(name), name).toBe(expected[name]);
    const pageResponse = await fetch(storefront.origin);
    expect(pageResponse.headers.get('content-security-policy')).toContain("worker-src 'self';");
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});

describe('offline', () => {
  it('a returning guest opens the menu, adds to the bag, and the bag survives a reload', async () => {
    const shopper = await storefront.newShopper();
    const { page, context } = shopper;
    await returningGuest(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Bakery' }).first().click();
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).click();
    await page.getByRole('heading', { name: 'Bag', level: 1 }).waitFor();
    await page.getByText('Butter Croissant').first().waitFor();
    await shopper.close();
  });
});

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const CAFE_OPEN = '2026-12-02T15:00:00.000Z';
const CROISSANTS = { itemId: 'croissant', variationId: 'croissant-each', quantity: 2, modifiers: {}, note: '' };
const apiPath = (url: string) => new URL(url).pathname;

describe('back online', () => {
  it('the menu that could not be loaded offline is asked for again by itself', async () => {
    const shopper = await storefront.newShopper();
    const { page, context } = shopper;
    await returningGuest(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Bakery' }).first().waitFor();
    const catalog = page.waitForResponse((response) => apiPath(response.url()) === '/api/Catalog');
    await context.setOffline(false);
    expect((await catalog).status()).toBe(200);
    await page.getByRole('link', { name: 'Bakery' }).first().waitFor();
    await shopper.close();
  });

  it('Place Order pressed offline says it waits, and places the order once, by its key, when the network is back', async () => {
    const shopper = await readyToOrder(storefront, { at: CAFE_OPEN, lines: [CROISSANTS], viewport: PHONE });
    const { page, context } = shopper;
    const requests = orderRequests(page);
    await context.setOffline(true);
    await placeOrderButton(page).click();
    await page.getByRole('status').filter({ hasText: ORDER_WAITS_WORDS }).waitFor();
    // Pressed again while it waits: still one order to come.
    await placeOrderButton(page).click();
    expect(await seriousViolations(page)).toEqual([]);
    expect(requests).toEqual([]);

    await context.setOffline(false);
    await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    expect(requests.map((r) => r.path)).toEqual(['/api/Order/GuestPlace']);
    const placed = (await sandboxOrders(storefront)).filter((o) => o.orderId !== null);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.idempotencyKey).toBe(requests[0]!.body.idempotencyKey);
    await shopper.close();
  });

  it('Sign In pressed offline says it waits, sends nothing, and signs in by itself when the network is back', async () => {
    const shopper = await storefront.newShopper(PHONE);
    const { page, context } = shopper;
    const logins: string[] = [];
    page.on('request', (request) => {
      if (apiPath(request.url()) === '/api/Account/Login') logins.push(request.url());
    });
    // A returning shopper: the worker keeps the storefront's code, so the page works on without the network.
    await returningGuest(page);
    await page.goto(`${storefront.origin}/sign-in`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('countertop');
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByRole('status').filter({ hasText: SIGN_IN_WAITS }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(logins).toEqual([]);
    // What the shopper typed stays.
    expect(await form.getByLabel('Email Address').inputValue()).toBe('ada@example.com');

    await context.setOffline(false);
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    expect(logins).toHaveLength(1);
    await shopper.close();
  });
});

describe('a signed-in shopper without the network', () => {
  it("opens from the log, still signed in, with the bag and the last known orders; the order's page says it is the last known state", async () => {
    await storefront.control('clock', { at: CAFE_OPEN });
    const shopper = await storefront.newShopper();
    const { page, context } = shopper;
    await enableDebugHook(context);
    await page.clock.install({ time: new Date(CAFE_OPEN) });
    await returningGuest(page);
    await signInAsAda(page);
    expect((await runCommand(page, 'addToBag', CROISSANTS))._tag).toBe('Right');
    await visit(page, '/checkout');
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await enterCard(page);
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => currentStage(page)).toBe('Received');
    expect((await runCommand(page, 'addToBag', CROISSANTS))._tag).toBe('Right');

    // The next visit starts without the network: no start-up error, the shopper as they were.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.getByRole('status').filter({ hasText: OFFLINE_WORDS }).waitFor();
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).waitFor();
    expect(await currentStage(page)).toBe('Received');
    await page
      .locator('.order-progress-now')
      .getByText(/^Last known at \d{1,2}:\d{2} [AP]M – you’re offline\.$/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await visit(page, '/my-orders');
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    await card.locator('.order-progress-badge').getByText('Received').waitFor();

    // Back online, the session is checked and the menu asked for by themselves; the shopper is still signed in.
    const profile = page.waitForResponse((response) => apiPath(response.url()) === '/api/Account/Profile');
    await context.setOffline(false);
    expect((await profile).status()).toBe(200);
    await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_WORDS }).count()).toBe(0);
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await shopper.close();
  });
});

describe('a new build', () => {
  it('waits while the shopper is at checkout, and takes over at their next navigation, the bag kept', async () => {
    const shopper = await storefront.newShopper();
    const { page, context } = shopper;
    await returningGuest(page);
    await page.getByRole('link', { name: 'Bakery' }).first().click();
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    // Told it is in the bag (so it is in the database) before the page is left: a load straight after the tap came
    // before the line was written once in CI, and checkout opened on an empty bag.
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await page.goto(`${storefront.origin}/checkout`);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await controlled(page)).toBe(true);

    // The next build is deployed; the browser finds it, installs it behind the page, and it waits.
    appendFileSync(join(copy, 'sw.js'), '\nself.countertopBuild = 2;\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
    // Installing fetches the whole new build into its cache: on a busy machine that takes a while.
    await expect.poll(waiting, { timeout: 60_000 }).toBe('installed');
    // Asked to take over while a window is at checkout, it answers that it does not (the page itself never asks there).
    const tookOver = await page.evaluate(async () => {
      const channel = new MessageChannel();
      const answer = new Promise<unknown>((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)));
      (await navigator.serviceWorker.getRegistration())!.waiting!.postMessage('countertop:take-over', [channel.port2]);
      return answer;
    });
    expect(tookOver).toBe(false);
    expect(await waiting()).toBe('installed');
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));

    // Leaving checkout, the new build takes over and the page loads anew under it, the bag as it was.
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { before?: boolean }).before ?? false), { timeout: 60_000 }).toBe(false);
    await page.getByRole('heading', { name: 'Bag', level: 1 }).waitFor();
    expect(await waiting()).toBeNull();
    const builds = await Promise.all(
      context.serviceWorkers().map((worker) => worker.evaluate(() => (self as unknown as { countertopBuild?: number }).countertopBuild ?? 1)),
    );
    expect(builds).toContain(2);
    await page.getByText('Butter Croissant').first().waitFor();
    await shopper.close();
  });
});
