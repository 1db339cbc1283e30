// The order's progress (README, "The order's progress"), as shoppers see it: the order's page follows the kitchen
// through every stage the control surface drives, without a reload; a shopper on another page gets a toast, and one in
// another tab a notification they asked for (never asked on load); a reconnect after missed changes shows the latest
// stage; the stage survives a reload and shows on /my-orders, late and cancelled included. Every screen is checked
// with axe-core, and the page's exported session log replays to the same progress.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { countertop } from '../cli/support';
import { describe, expect, it } from 'vitest';
import { orderNumber } from '../../src/domain/orders/orderNumber';
import type { State } from '../../src/events/state';
import {
  enterCard,
  expectClean,
  expectReplayMatches,
  placeOrderButton,
  readyToOrder,
  shots,
  stateOf,
  visit,
  toastsSeen,
  watchToasts,
} from './support/checkout';
import { signInAsAda } from './support/account';
import { enableDebugHook, pageSessionLog, runCommand } from './support/debug';
import { DESKTOP, PHONE, seriousViolations, useStorefront, type Shopper } from './support/storefront';
import { PROGRESS_OFFLINE } from '../../src/app/components/OrderProgress';
import { tempDir } from '../support/tempDir';

// The full browser: the headless shell has no Notification API, so the storefront would rightly not offer to notify.
const storefront = useStorefront('cafe', { chromium: 'full' });

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const CAFE_OPEN = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' };
const HUDSON = 'Bluebird Coffee - Hudson St';

/**
 * Before the page's scripts: counts every request for notification permission and keeps every notification shown
 * (title and body), so a test can see both without an operating system's notification centre.
 */
async function watchNotifications(shopper: Shopper): Promise<void> {
  await shopper.context.addInitScript(() => {
    const seen = { asked: 0, shown: [] as { title: string; body: string }[] };
    (window as unknown as { notifications: typeof seen }).notifications = seen;
    const Real = window.Notification;
    const ask = Real.requestPermission.bind(Real);
    class Watched extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.shown.push({ title, body: options?.body ?? '' });
      }
      static override requestPermission(...args: Parameters<typeof Notification.requestPermission>) {
        seen.asked++;
        return ask(...args);
      }
    }
    window.Notification = Watched as typeof Notification;
  });
}
const notifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { notifications: { asked: number; shown: { title: string; body: string }[] } }).notifications);

/** Every toast each page load shows, in order, once per toast. */

/** The stage the step indicator marks as now. */
const currentStage = (page: Page) => page.locator('.order-progress-steps [aria-current="step"] .order-progress-label').textContent();
const progressSaid = (page: Page) => page.locator('.order-progress-now').innerText();

/** A guest at the cafe places two drips for pickup; answers the order's id, on its page. */
async function guestOrder(prepare?: (shopper: Shopper) => Promise<void>): Promise<{ shopper: Shopper; orderId: string }> {
  let prepared: Shopper | undefined;
  const shopper = await readyToOrder(storefront, {
    at: CAFE_OPEN,
    lines: [DRIP],
    prepare: async (page) => {
      prepared = { context: page.context() } as Shopper;
      await watchToasts(prepared.context);
      await watchNotifications(prepared);
      await prepare?.(prepared);
    },
  });
  await placeOrderButton(shopper.page).click();
  await shopper.page.waitForURL(/\/order-confirmation\/[^/]+$/);
  await shopper.page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  return { shopper, orderId: decodeURIComponent(new URL(shopper.page.url()).pathname.split('/').pop()!) };
}

const advance = (orderId: string) => storefront.control('kitchen/advance', { orderId });

describe("the order's page", () => {
  it('follows the kitchen through every stage without a reload, tells a shopper on another page, and keeps the stage after a reload', async () => {
    const { shopper, orderId } = await guestOrder();
    const { page } = shopper;
    await expect.poll(() => currentStage(page)).toBe('Received');
    // The estimate in the cafe's zone, as the kitchen plans it.
    const [planned] = (await storefront.control('kitchen')) as { OrderId: string; Estimate: string }[];
    expect(planned?.OrderId).toBe(orderId);
    const estimate = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(
      Date.parse(planned!.Estimate),
    );
    await expect.poll(() => progressSaid(page)).toContain(`Ready about ${estimate}`);
    // Permission is never asked for on load; the offer is a button.
    const tellMe = page.getByRole('button', { name: "Tell me when it's ready" });
    await tellMe.waitFor();
    expect((await notifications(page)).asked).toBe(0);
    await shots(page, 'order-received');
    await expectClean(shopper);

    await advance(orderId);
    await expect.poll(() => currentStage(page)).toBe('Preparing');
    expect(await page.locator('.order-progress-step.is-done .order-progress-label').allTextContents()).toEqual(['Received']);
    await expectClean(shopper);

    // Elsewhere in the storefront, the shopper is told with a toast.
    await page.getByRole('link', { name: 'Continue Shopping' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await advance(orderId);
    const ready = `Your order is ready. Order #${orderNumber(orderId)} is ready at ${HUDSON}.`;
    await expect.poll(() => toastsSeen(page), { timeout: 10_000 }).toContain(ready);
    await expectClean(shopper);

    await visit(page, `/order-confirmation/${encodeURIComponent(orderId)}`);
    await expect.poll(() => currentStage(page)).toBe('Ready');
    await expect.poll(() => progressSaid(page)).toContain(`Come to the counter and give order #${orderNumber(orderId)}.`);
    expect(await tellMe.count()).toBe(0);
    // The page itself says it; no toast on top of it.
    expect((await toastsSeen(page)).filter((t) => t === ready)).toHaveLength(1);

    await page.reload();
    await expect.poll(() => currentStage(page)).toBe('Ready');
    expect(await page.locator('.order-progress-step.is-done .order-progress-label').allTextContents()).toEqual(['Received', 'Preparing']);
    await shots(page, 'order-ready');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectClean(shopper);
    await page.setViewportSize(DESKTOP);

    const shown = (await stateOf(page)) as State;
    const replayed = await expectReplayMatches(page);
    expect(replayed.orders.progress).toEqual(shown.orders.progress);
    expect(replayed.orders.progress[orderId]?.steps.map((s) => s.stage)).toEqual(['Received', 'Preparing', 'Ready']);
    // The command line's account of the log says it too.
    const file = join(tempDir('countertop-progress-'), 'session.ndjson');
    writeFileSync(file, await pageSessionLog(page));
    expect(countertop(['replay', file]).stdout).toMatch(
      /^Last order's progress: Received Dec 2, 10:00 AM, Preparing Dec 2, [^,]+, Ready Dec 2, [^;]+; expected Dec 2, /m,
    );
    await shopper.close();
  });

  it('asks for notifications only when pressed, notifies a hidden tab when ready, and shows the latest stage after a reconnect', async () => {
    const { shopper, orderId } = await guestOrder();
    const { page } = shopper;
    await expect.poll(() => currentStage(page)).toBe('Received');
    expect((await notifications(page)).asked).toBe(0);
    // The shopper allows notifications when the browser asks.
    await shopper.context.grantPermissions(['notifications'], { origin: storefront.origin });
    await page.getByRole('button', { name: "Tell me when it's ready" }).click();
    await page.getByText('We will tell you when it is ready, even in another tab.').waitFor();
    expect((await notifications(page)).asked).toBe(1);
    await expectClean(shopper);

    // The hub drops; the kitchen moves on twice meanwhile, and nothing reaches the page.
    await storefront.control('hub/disconnect', { mode: 'drop' });
    await expect.poll(async () => ((await storefront.control('hub')) as unknown[]).length).toBe(0);
    await advance(orderId);
    await advance(orderId);
    expect(await currentStage(page)).toBe('Received');
    // The shopper went to another tab.
    await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }));
    // The reconnect's wait (4 to 8 s) passes; the page reads where the order stands.
    await page.clock.fastForward(8_500);
    await expect.poll(() => currentStage(page), { timeout: 15_000 }).toBe('Ready');
    await expect
      .poll(async () => (await notifications(page)).shown)
      .toEqual([{ title: 'Your order is ready', body: `Order #${orderNumber(orderId)} is ready at ${HUDSON}.` }]);
    expect((await notifications(page)).asked).toBe(1);
    expect(((await stateOf(page)) as State).orders.progress[orderId]?.steps.map((s) => s.stage)).toEqual(['Received', 'Preparing', 'Ready']);
    // The time skipped ended 'Order was placed!' mid-way through its exit; it is checked once it is gone.
    await expect.poll(() => page.locator('.toast-layer [role="status"]').count(), { timeout: 10_000 }).toBe(0);
    // The dropped connection is reported, as every hub failure is (ordering.md section 4).
    await expectClean(shopper, /InventoryHub\/Reconnecting/);
    await shopper.close();
  });
});

describe("the order's page before and between the hub's news", () => {
  it('says it is checking until the first read (offline: that it will), reads once per placement, catches a change the hub lost, and marks the last known state offline', async () => {
    // Every progress read the shopper's page sends; the first ones wait until the test lets them go.
    const reads: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { shopper, orderId } = await guestOrder(async ({ context }) => {
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/Order/GuestProgress') reads.push(request.url());
      });
      await context.route(/\/api\/Order\/GuestProgress$/, async (route) => {
        await released;
        await route.continue();
      });
    });
    const { page } = shopper;
    // Nothing is known yet: no stage is shown, and the page says it is checking.
    await page.locator('.order-progress-now').getByText('Checking on your order…').waitFor();
    expect(await page.locator('.order-progress-steps').count()).toBe(0);
    expect(await page.getByRole('button', { name: "Tell me when it's ready" }).count()).toBe(0);
    // 'Order was placed!' is looked at once it has gone (mid-entrance, its colours are half-way).
    await expect.poll(() => page.locator('.toast-layer [role="status"]').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByText('Checking on your order…').count()).toBe(1);
    await expectClean(shopper);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectClean(shopper);
    await page.setViewportSize(DESKTOP);
    // Without a network it says it will check once the network is back; back online it is checking again.
    await shopper.context.setOffline(true);
    await page.locator('.order-progress-now').getByText(PROGRESS_OFFLINE).waitFor();
    expect(await page.getByText('Checking on your order…').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shopper.context.setOffline(false);
    await page.locator('.order-progress-now').getByText('Checking on your order…').waitFor();
    release();
    await expect.poll(() => currentStage(page)).toBe('Received');
    expect(await page.getByText('Checking on your order…').count()).toBe(0);
    // The hub's read of the new order (after it was told to follow it) and the page's opening were one call.
    expect(reads).toHaveLength(1);

    // The kitchen moves on and the hub's message is lost: the page reads again when it is shown again.
    await storefront.control('kitchen/advance', { orderId, quiet: true });
    expect(await currentStage(page)).toBe('Received');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => currentStage(page)).toBe('Preparing');
    // (Counted as at least: a slow machine may also meet the page's minute re-read.)
    expect(reads.length).toBeGreaterThanOrEqual(2);
    // Offline, what it shows is marked as the last known state, with when it was heard; the kitchen moves on meanwhile.
    const heardAt = ((await stateOf(page)) as State).orders.progress[orderId]!.heardAt;
    const heard = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(Date.parse(heardAt));
    await shopper.context.setOffline(true);
    const lastKnown = page.locator('.order-progress-now').getByText(`Last known at ${heard} – you’re offline.`);
    await lastKnown.waitFor();
    expect(await currentStage(page)).toBe('Preparing');
    expect(await seriousViolations(page)).toEqual([]);
    await storefront.control('kitchen/advance', { orderId, quiet: true });
    // Back online, the page reads the order again by itself and the mark goes.
    const readsBefore = reads.length;
    await shopper.context.setOffline(false);
    await expect.poll(() => currentStage(page)).toBe('Ready');
    expect(await lastKnown.count()).toBe(0);
    expect(reads.length).toBeGreaterThan(readsBefore);
    await expectClean(shopper);
    await shopper.close();
  });
});

describe('My Orders', () => {
  it('shows where each order stands (nothing before it is heard of), late and cancelled, after a reload too, and tells the shopper there', async () => {
    await storefront.control('clock', { at: CAFE_OPEN });
    const shopper = await storefront.newShopper(DESKTOP);
    await enableDebugHook(shopper.context);
    await watchToasts(shopper.context);
    await watchNotifications(shopper);
    const { page } = shopper;
    await page.clock.install({ time: new Date(CAFE_OPEN) });
    await page.goto(storefront.origin);
    await page.waitForFunction(() => 'countertop' in window);
    await signInAsAda(page);
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
    await visit(page, '/checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await enterCard(page);
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    // The order's progress reads wait until the test lets them go: until then nothing is known of it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await shopper.context.route(/\/api\/Order\/Progress$/, async (route) => {
      await released;
      await route.continue();
    });
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    // My Orders shows no stage for an order nothing was heard of (not 'Received'), then the one first read.
    await page.locator('.order-progress-now').getByText('Checking on your order…').waitFor();
    await page.getByRole('link', { name: 'My Orders' }).click();
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await card.locator('.order-progress-compact').count()).toBe(0);
    expect(await card.getByText('Received').count()).toBe(0);
    release();
    await card.locator('.order-progress-badge').getByText('Received').waitFor();
    await card.getByRole('link', { name: 'View Order' }).click();
    // 'Received' shows once the order has been read, which is after the hub was told to follow it: the kitchen's
    // change below is one the hub brings.
    await expect.poll(() => currentStage(page)).toBe('Received');

    // The kitchen runs 20 minutes late: the page says so.
    await storefront.control('kitchen/late', { orderId, minutes: 20 });
    await page.getByText('Sorry, your order is running late.').waitFor();
    await expectClean(shopper);

    await page.getByRole('link', { name: 'My Orders' }).click();
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    await card.locator('.order-progress-badge').getByText('Received').waitFor();
    await card.getByText('Running late').waitFor();

    // Cancelled while the shopper reads My Orders: a toast, and the card says so.
    await storefront.control('kitchen/cancel', { orderId, reason: 'SoldOut' });
    await expect
      .poll(() => toastsSeen(page), { timeout: 10_000 })
      .toContain('Your order was cancelled. Something in your order sold out. Please call Bluebird Coffee - Hudson St with any questions.');
    await card.locator('.order-progress-badge').getByText('Cancelled').waitFor();
    await shots(page, 'my-orders-cancelled');
    await expectClean(shopper);

    await page.reload();
    await card.locator('.order-progress-badge').getByText('Cancelled').waitFor();
    await card.getByRole('link', { name: 'View Order' }).click();
    await expect.poll(() => currentStage(page)).toBe('Cancelled');
    await expect.poll(() => progressSaid(page)).toContain('Something in your order sold out. Your order was cancelled.');
    expect(await page.getByRole('button', { name: "Tell me when it's ready" }).count()).toBe(0);
    expect((await notifications(page)).asked).toBe(0);
    await expectClean(shopper);
    await shopper.close();
  });
});
