// What the checkout tests share: a guest with a bag on /checkout, forms filled by typing, the order requests the page
// sends, and the check that a CLI replay of the page's session log ends where the page is.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { State } from '../../../src/events/state';
import { countertop } from '../../cli/support';
import { tempDir } from '../../support/tempDir';
import { enableDebugHook, pageSessionLog, pageState, runCommand } from './debug';
import { DESKTOP, KEEP_SCREENSHOTS, PHONE, screenshot, seriousViolations, type Shopper, type Storefront } from './storefront';

export interface GuestAtCheckout {
  /** The moment the page's clock and the sandbox's read (null: both on real time). */
  readonly at: string | null;
  readonly lines: readonly object[];
  readonly viewport?: { width: number; height: number };
  /** Chosen through the debug hook first (stores with several locations). */
  readonly locationId?: string;
  /** Arrive as a guest does: the Bag, then 'Checkout as Guest' (otherwise straight to /checkout). */
  readonly throughBag?: boolean;
  /** Runs before the page first loads (init scripts, routes). */
  readonly prepare?: (page: Page) => Promise<void>;
}

/** A guest with a bag (arranged through the debug hook) on /checkout. */
export async function guestAtCheckout(storefront: Storefront, options: GuestAtCheckout): Promise<Shopper> {
  await storefront.control('clock', { at: options.at });
  const shopper = await storefront.newShopper(options.viewport ?? DESKTOP);
  await enableDebugHook(shopper.context);
  await options.prepare?.(shopper.page);
  if (options.at !== null) await shopper.page.clock.install({ time: new Date(options.at) });
  await shopper.page.goto(storefront.origin);
  if (options.locationId) expect((await runCommand(shopper.page, 'selectLocation', options.locationId))._tag).toBe('Right');
  for (const line of options.lines) expect((await runCommand(shopper.page, 'addToBag', line))._tag).toBe('Right');
  if (options.throughBag) {
    await shopper.page.getByRole('link', { name: /^Bag/ }).click();
    await shopper.page.getByRole('link', { name: 'Checkout as Guest' }).click();
  } else {
    await visit(shopper.page, '/checkout');
  }
  await shopper.page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  return shopper;
}

/** Client-side navigation, as following a link does. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function fillGuest(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Personal Info' });
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email Address').fill('ada.guest@example.com');
  await form.getByLabel('Phone Number').fill('2125550143');
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Change it (personal info)' }).waitFor();
}

export interface TestCard {
  readonly number?: string;
  readonly cvv?: string;
  readonly postalCode?: string;
  /** The billing state the postal code prefills (checked). Default NY. */
  readonly state?: string;
}

/** Curbside with a green Subaru Outback saved, as its summary shows it. */
export async function curbsideWithVehicle(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Curbside/ }).check();
  const vehicle = page.getByRole('form', { name: 'Vehicle details' });
  await vehicle.getByLabel('Vehicle Make').fill('Subaru');
  await vehicle.getByLabel('Vehicle Model').fill('Outback');
  await vehicle.getByLabel('Vehicle Color').fill('Green');
  await vehicle.getByRole('button', { name: 'Save Vehicle' }).click();
  await page.getByText('Green Subaru Outback').waitFor();
}

export async function enterCard(page: Page, card: TestCard = {}): Promise<void> {
  const form = page.getByRole('form', { name: 'Card Info' });
  await form.getByLabel('Card Number').fill(card.number ?? '4111 1111 1111 1111');
  await form.getByLabel('Expiration Date').fill('12/30');
  await form.getByLabel('CVV').fill(card.cvv ?? '123');
  // A complete card goes to the provider by itself; the billing address follows.
  await form.getByLabel('Postal Code').fill(card.postalCode ?? '10014');
  const billing = page.getByRole('form', { name: 'Billing Address' });
  await billing.getByLabel('Address Line 1').fill('12 Bank St');
  await billing.getByLabel('City').fill('New York');
  await until(() => billing.getByLabel('State').inputValue(), card.state ?? 'NY');
  await billing.getByRole('button', { name: 'Use This Card' }).click();
  // A signed-in shopper keeps the card (the box is ticked for them), which the save confirmation says: Done closes it.
  const current = page.getByRole('button', { name: 'Change it (card)' });
  const saved = page.getByRole('dialog', { name: 'Yay! Card saved' });
  await current.or(saved).first().waitFor();
  if (await saved.isVisible()) await saved.getByRole('button', { name: 'Done' }).click();
  await current.waitFor();
}

/** Waits until `read` gives `want` (these helpers also run in benchmarks, outside Vitest's expect.poll). */
async function until<T>(read: () => Promise<T>, want: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen: T = await read();
  while (seen !== want) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${JSON.stringify(want)}, still ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await read();
  }
}

export const placeOrderButton = (page: Page) => page.getByRole('button', { name: /Place Order|Placing Order/ });

export interface PickupAndCard {
  /** Typed into Pickup Instructions (left empty otherwise). */
  readonly note?: string;
  readonly card?: TestCard;
}

/** Pickup chosen (with its instructions when given), Personal Info filled in and the card entered, as a guest does. */
export async function choosePickupAndPay(page: Page, options: PickupAndCard = {}): Promise<void> {
  await page.getByRole('radio', { name: /Pickup/ }).check();
  if (options.note !== undefined) await page.getByLabel('Pickup Instructions (optional)').fill(options.note);
  await fillGuest(page);
  await enterCard(page, options.card);
}

/** A guest on /checkout (as `guestAtCheckout` brings one) ready to order pickup: everything given, Place Order enabled. */
export async function readyToOrder(storefront: Storefront, options: GuestAtCheckout & PickupAndCard): Promise<Shopper> {
  const shopper = await guestAtCheckout(storefront, options);
  await choosePickupAndPay(shopper.page, options);
  await expect.poll(() => placeOrderButton(shopper.page).getAttribute('aria-disabled')).toBeNull();
  return shopper;
}

/** Order calls that only read: previews, and the placed order's progress (README, "The order's progress"). */
const READS = new Set(['/api/Order/Preview', '/api/Order/Progress', '/api/Order/GuestProgress']);

/** The order requests the page sends (not previews nor progress reads), as JSON bodies. */
export function orderRequests(page: Page): { path: string; body: Record<string, unknown> }[] {
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/Order/') && !READS.has(path)) seen.push({ path, body: (request.postDataJSON() ?? {}) as Record<string, unknown> });
  });
  return seen;
}

/** Saves the page as it is at both widths. */
export async function shots(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  const size = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }
  await page.setViewportSize(size);
}

/** The page's session log and the state it showed, read together (the clock may append an event at any time). */
async function logAndState(page: Page): Promise<{ log: string; state: State }> {
  for (;;) {
    const before = await pageState<State>(page);
    const log = await pageSessionLog(page);
    const after = await pageState<State>(page);
    if (before.log.lastSeq === after.log.lastSeq) return { log, state: after };
  }
}

/** The sandbox's test card numbers (src/sandbox/README.md), the ones shoppers type in these tests. */
const TEST_CARDS = [
  '4111111111111111',
  '5105105105105100',
  '6011000000000004',
  '30569309025904',
  '3569990010095841',
  '378282246310005',
  '4000000000000002',
  '4000000000009995',
];

/**
 * What must never be in a session log, as the real commands wrote it in the page: the session's tokens, any card
 * number typed (with or without spaces), a card nonce, and fields that would hold a password, a code, a CVV or a
 * token. Answers what was found (empty when clean).
 */
export async function secretsIn(page: Page, log: string): Promise<string[]> {
  const found: string[] = [];
  const session = await page.evaluate(() => window.localStorage.getItem('countertop.session'));
  if (session) {
    const tokens = JSON.parse(session) as { accessToken?: string; refreshToken?: string };
    for (const token of [tokens.accessToken, tokens.refreshToken]) if (token && log.includes(token)) found.push('a session token');
  }
  const digits = log.replace(/(\d)[ -](?=\d)/g, '$1');
  for (const card of TEST_CARDS) if (digits.includes(card)) found.push(`card number ${card}`);
  if (log.includes('cnon:')) found.push('a card nonce');
  const keys = log.match(/"(password|confirmPassword|accessToken|refreshToken|access_token|refresh_token|nonce|token|cvv|cardNumber|code|gan)"\s*:/gi);
  if (keys) found.push(...keys);
  return found;
}

/** Replays the page's exported session log with the CLI and checks it ends where the page is, with no secret in it. */
export async function expectReplayMatches(page: Page): Promise<State> {
  const { log, state: shown } = await logAndState(page);
  expect(await secretsIn(page, log)).toEqual([]);
  const file = join(tempDir('countertop-checkout-'), 'session.ndjson');
  writeFileSync(file, log);
  const run = countertop(['replay', file, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const replayed = (JSON.parse(run.stdout) as { state: State }).state;
  expect(replayed.log.lastSeq).toBe(shown.log.lastSeq);
  expect(replayed.bag).toEqual(shown.bag);
  expect(replayed.checkout).toEqual(shown.checkout);
  expect(replayed.pickup).toEqual(shown.pickup);
  expect(replayed.placement).toEqual(shown.placement);
  expect(replayed.locationId).toEqual(shown.locationId);
  expect(replayed.orders.history.map((o) => o.orderId)).toEqual(shown.orders.history.map((o) => o.orderId));
  return replayed;
}

/**
 * The console error of a part of the app being fetched in the background (the prefetch, on a busy machine still going)
 * at the moment a test takes the network away: Chromium names the file that failed. The prefetch then waits for the
 * network, and the part is fetched again when wanted. Only a script of the storefront's own /assets/.
 */
export const partCutOffline = (origin: string): RegExp =>
  new RegExp(`^Failed to load resource: net::ERR_INTERNET_DISCONNECTED: ${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/assets/[^/]+\\.js$`);

/** No accessibility problems, no requests elsewhere, no console errors (but those `expected` allows). */
export async function expectClean(shopper: Shopper, expected?: RegExp): Promise<void> {
  expect(await seriousViolations(shopper.page)).toEqual([]);
  expect(shopper.errors.filter((e) => !expected?.test(e))).toEqual([]);
  expect(shopper.foreignRequests).toEqual([]);
}

export async function sandboxOrders(storefront: Storefront): Promise<{ orderId: string | null; idempotencyKey: string; status: string }[]> {
  return (await storefront.control('orders')) as { orderId: string | null; idempotencyKey: string; status: string }[];
}

/**
 * The shopper leaves the tab and comes back, as a visibility change tells the page: it reads the clock at once, as
 * after `page.clock.setSystemTime`, without waiting up to 15 s of real time for its next tick.
 */
export async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

/** The state as the page holds it. */
export const stateOf = (page: Page) => pageState<State>(page);

/**
 * Records the text of every toast the context's pages show, once each, from their first script on; with
 * `liveRegions`, also each new text of the page's own live status regions (a form's message, a page's notice), for a
 * test that asserts something was never said, wherever the page would say it.
 */
export async function watchToasts(context: BrowserContext, options: { readonly liveRegions?: boolean } = {}): Promise<void> {
  const selector = options.liveRegions ? '.toast-layer [role="status"], [role="status"][aria-live]' : '.toast-layer [role="status"]';
  await context.addInitScript((watched: string) => {
    const seen: string[] = [];
    // Each element's last text recorded: a toast is counted once, a live region again when its words change.
    const said = new WeakMap<Element, string>();
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll(watched)) {
        const text = status.textContent?.trim() ?? '';
        if (text === '' || said.get(status) === text) continue;
        said.set(status, text);
        seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, selector);
}
/** The toasts the page has shown since it loaded, oldest first. */
export const toastsSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { toastsSeen: string[] }).toastsSeen]);
