// Checkout as a guest at the pizza chain: curbside with vehicle details at the Chicago location (another time zone
// than the shopper's browser), scheduled for tomorrow; a location that queues its orders (Denver); and the card
// provider's script when config.json names one. Every test ends by replaying the page's exported session log with
// the CLI and comparing the state it reaches with the state the page showed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countertop } from '../cli/support';
import { enableDebugHook, pageSessionLog, pageState, runCommand } from './support/debug';
import { DESKTOP, PHONE, screenshot, seriousViolations, startStorefront, type Shopper, type Storefront } from './support/storefront';

/** Wednesday 2 December 2026, 12:00 in Chicago (13:00 in the shopper's New York, 11:00 in Denver). */
const NOON_CHICAGO = '2026-12-02T18:00:00.000Z';
const SLICES = { itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' };
const KNOTS = { itemId: 'garlic-knots', variationId: 'garlic-knots-six', quantity: 1, modifiers: {}, note: '' };

interface PageState {
  bag: { lines: { key: string; quantity: number }[]; tip: { amount: number; percent: number | null }; discount: unknown; idempotencyKey: string };
  checkout: { guest: { firstName: string } | null; fulfillmentType: string | null; vehicle: { make: string; model: string; color: string; note: string } | null };
  pickup: { choice: { date: string; time: string } | null; userSelected: boolean; mustConfirmDate: boolean };
  placement: { status: string; idempotencyKey: string | null; message: string | null; codes: string[] };
  orders: { history: { orderId: string }[] };
  locationId: string | null;
}

let storefront: Storefront;
beforeAll(async () => {
  storefront = await startStorefront({ catalog: 'pizza-chain' });
});
afterAll(async () => storefront.close());
beforeEach(async () => {
  await storefront.control('reset', { catalog: 'pizza-chain' });
});

// --- what every test here does: a guest with a bag at /checkout, forms filled by typing -------------------------

/** A guest with a location and a bag (arranged through the debug hook), on /checkout; the page's clock and the sandbox's read `at`. */
async function guestAtCheckout(at: string, locationId: string, lines: readonly object[], viewport: { width: number; height: number } = DESKTOP, prepare?: (page: Page) => Promise<void>): Promise<Shopper> {
  await storefront.control('clock', { at });
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await prepare?.(shopper.page);
  await shopper.page.clock.install({ time: new Date(at) });
  await shopper.page.goto(storefront.origin);
  expect((await runCommand(shopper.page, 'selectLocation', locationId))._tag).toBe('Right');
  for (const line of lines) expect((await runCommand(shopper.page, 'addToBag', line))._tag).toBe('Right');
  await visit(shopper.page, '/checkout');
  await shopper.page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  return shopper;
}

/** Client-side navigation, as following a link does. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function fillGuest(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Personal Info' });
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email Address').fill('ada.guest@example.com');
  await form.getByLabel('Phone Number').fill('2125550143');
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Change it (personal info)' }).waitFor();
}

interface TestCard {
  readonly number?: string;
  readonly cvv?: string;
  readonly postalCode?: string;
  /** The state to type when the postal code does not give one. */
  readonly state?: string;
}

async function enterCard(page: Page, card: TestCard = {}): Promise<void> {
  const form = page.getByRole('form', { name: 'Card Info' });
  await form.getByLabel('Card Number').fill(card.number ?? '4111 1111 1111 1111');
  await form.getByLabel('Expiration Date').fill('12/30');
  await form.getByLabel('CVV').fill(card.cvv ?? '123');
  await form.getByLabel('Postal Code').fill(card.postalCode ?? '10014');
  await form.getByRole('button', { name: 'Continue' }).click();
  const billing = page.getByRole('form', { name: 'Billing Address' });
  await billing.getByLabel('Address Line 1').fill('12 Bank St');
  await billing.getByLabel('City').fill('New York');
  await expect.poll(() => billing.getByLabel('State').inputValue()).toBe(card.state ?? 'NY');
  await billing.getByRole('button', { name: 'Use This Card' }).click();
  await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
}

const placeOrderButton = (page: Page) => page.getByRole('button', { name: /Place Order|Placing Order/ });

/** The order requests the page sends, as JSON bodies. */
function orderRequests(page: Page): { path: string; body: Record<string, unknown> }[] {
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/Order/') && path !== '/api/Order/Preview') seen.push({ path, body: (request.postDataJSON() ?? {}) as Record<string, unknown> });
  });
  return seen;
}

/** Saves the page as it is at both widths. */
async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }
  await page.setViewportSize(size);
}

/** The page's session log and the state it showed, read together (the clock may append an event at any time). */
async function logAndState(page: Page): Promise<{ log: string; state: PageState & { log: { lastSeq: number } } }> {
  for (;;) {
    const before = await pageState<PageState & { log: { lastSeq: number } }>(page);
    const log = await pageSessionLog(page);
    const after = await pageState<PageState & { log: { lastSeq: number } }>(page);
    if (before.log.lastSeq === after.log.lastSeq) return { log, state: after };
  }
}

/** Replays the page's exported session log with the CLI and checks it ends where the page is. */
async function expectReplayMatches(page: Page): Promise<PageState> {
  const { log, state: shown } = await logAndState(page);
  const file = join(mkdtempSync(join(tmpdir(), 'countertop-checkout-')), 'session.ndjson');
  writeFileSync(file, log);
  const run = countertop(['replay', file, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const replayed = (JSON.parse(run.stdout) as { state: PageState & { log: { lastSeq: number } } }).state;
  expect(replayed.log.lastSeq).toBe(shown.log.lastSeq);
  expect(replayed.bag).toEqual(shown.bag);
  expect(replayed.checkout).toEqual(shown.checkout);
  expect(replayed.pickup).toEqual(shown.pickup);
  expect(replayed.placement).toEqual(shown.placement);
  expect(replayed.locationId).toEqual(shown.locationId);
  expect(replayed.orders.history.map((o) => o.orderId)).toEqual(shown.orders.history.map((o) => o.orderId));
  return replayed;
}

/** No accessibility problems, no requests elsewhere, and no console errors but the failed order call's own. */
async function expectClean(shopper: Shopper): Promise<void> {
  expect(await seriousViolations(shopper.page)).toEqual([]);
  expect(shopper.errors.filter((e) => !/^Failed to load resource|^\[Order\/GuestPlace\]/.test(e))).toEqual([]);
  expect(shopper.foreignRequests).toEqual([]);
}

async function sandboxOrders(): Promise<{ orderId: string | null; idempotencyKey: string; status: string }[]> {
  return (await storefront.control('orders')) as { orderId: string | null; idempotencyKey: string; status: string }[];
}

// --- the tests ---------------------------------------------------------------------------------------------------

describe('a guest checks out at the pizza chain', () => {
  it('orders curbside in Chicago for tomorrow, with vehicle details edited once, and sees the time in Chicago time', async () => {
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-chicago', [SLICES, KNOTS]);
    const { page } = shopper;
    const requests = orderRequests(page);

    // Chicago offers pickup and curbside; the keyboard moves between them like any radio group.
    expect(await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('label')?.querySelector('.checkout-choice-name')?.textContent))).toEqual(['Pickup', 'Curbside']);
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('radio', { name: /Pickup/ }).press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: /Curbside/ }).isChecked()).toBe(true);
    await page.locator('.checkout-reasons').getByText('Add your vehicle details.').waitFor();

    // Vehicle details: the spec's messages, the 150-character limit, then display mode and 'Change it'.
    const vehicle = page.getByRole('form', { name: 'Vehicle details' });
    await vehicle.getByRole('button', { name: 'Save Vehicle' }).click();
    for (const message of ['Vehicle Make is required', 'Vehicle Model is required', 'Vehicle Color is required']) await vehicle.getByText(message).waitFor();
    await vehicle.getByLabel('Vehicle Make').fill('Subaru');
    await vehicle.getByLabel('Vehicle Model').fill('Outback');
    await vehicle.getByLabel('Vehicle Color').fill('Green');
    await vehicle.getByLabel('Notes (optional)').fill('x'.repeat(151));
    await vehicle.getByText('Notes must be 150 characters or fewer').waitFor();
    await vehicle.getByLabel('Notes (optional)').fill('Roof box, parked by the door');
    await shots(page, 'checkout-curbside-edit');
    await vehicle.getByRole('button', { name: 'Save Vehicle' }).click();
    await page.getByText('Green Subaru Outback').waitFor();
    await page.getByRole('button', { name: 'Change it (vehicle)' }).click();
    await vehicle.getByLabel('Vehicle Color').fill('Blue');
    await vehicle.getByRole('button', { name: 'Save Vehicle' }).click();
    await page.getByText('Blue Subaru Outback').waitFor();
    await page.locator('.summary-message').getByText('Park in a marked curbside spot and we will bring it out.').waitFor();

    await fillGuest(page);
    await enterCard(page, { postalCode: '60622', state: 'IL' });

    // Tomorrow at noon, Chicago time (the browser is in New York).
    await page.getByText('Times are local to Slice Brothers - Wicker Park (CST).').waitFor();
    await page.getByLabel('Pickup Date', { exact: true }).selectOption({ label: 'Tomorrow' });
    await expect.poll(() => page.getByLabel('Pickup Time').locator('option:checked').textContent()).toBe('11:00 AM');
    await page.getByLabel('Pickup Time').selectOption({ label: '12:00 PM' });
    await expect.poll(async () => (await pageState<PageState>(page)).pickup.choice).toEqual({ date: '2026-12-03', time: '2026-12-03T18:00:00Z' });

    // Chicago tips by preset only (18%, 20%, up to 20%).
    await page.getByRole('button', { name: 'Add A Tip' }).click();
    const tip = page.getByRole('dialog', { name: 'Add A Tip' });
    expect((await tip.locator('.tip-preset-label').allTextContents())).toEqual(['18%', '20%', 'None']);
    expect(await tip.getByLabel('Tip Amount').count()).toBe(0);
    await tip.getByRole('button', { name: /^20%/ }).click();
    await page.locator('.checkout-summary').getByText('Tip (20%)').waitFor();
    await expectClean(shopper);
    await shots(page, 'checkout-curbside-ready');

    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await page.getByText('Thursday, December 3, 2026 at 12:00 PM CST').waitFor();
    await page.locator('.confirmation-kind').getByText('Curbside').waitFor();
    await page.getByText('Text us when you are parked and we will bring it out.').waitFor();
    await page.getByText('Grazie! Save the box for the recycling bin.').waitFor();
    expect(await page.getByRole('link', { name: /^Talk to us/ }).getAttribute('href')).toBe('tel:+13125550122');
    await expectClean(shopper);
    await shots(page, 'confirmation-curbside');

    const placed = requests.filter((r) => r.path === '/api/Order/GuestPlace');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({
      locationId: 'chain-chicago',
      pickupAt: '2026-12-03T18:00:00.000Z',
      curbsideFulfillment: { vehicleDetails: { make: 'Subaru', model: 'Outback', color: 'Blue', note: 'Roof box, parked by the door' } },
    });
    const state = await expectReplayMatches(page);
    // The vehicle is remembered for the next order; the fulfillment is not.
    expect(state.checkout.vehicle).toMatchObject({ color: 'Blue' });
    expect(state.checkout.fulfillmentType).toBeNull();
    await shopper.close();
  });

  it('queues the order where the location asks for it, polls its status and lands on the confirmation', async () => {
    await storefront.control('queue', { delayMs: 0 });
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-denver', [SLICES], PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    // Denver: pickup only (preselected), scheduled orders only, no tipping.
    await expect.poll(() => page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add A Tip' }).count()).toBe(0);
    await page.getByRole('note', { name: 'Oops!' }).waitFor();
    expect(await page.getByLabel('Pickup Time').locator('option:checked').textContent()).toBe('4:00 PM');
    await fillGuest(page);
    await enterCard(page);
    await placeOrderButton(page).click();
    await page.getByRole('button', { name: 'Placing Order…' }).waitFor();
    await page.waitForURL(/\/order-confirmation\//);
    await page.getByText('Wednesday, December 2, 2026 at 4:00 PM MST').waitFor();
    expect(requests.map((r) => r.path)).toEqual(['/api/Order/GuestQueue', '/api/Order/GuestOrderStatus']);
    expect(requests[1]!.body.idempotencyKey).toBe(requests[0]!.body.idempotencyKey);
    expect(await sandboxOrders()).toHaveLength(1);
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('tokenizes through the card provider\'s script when config.json names one, and swallows its load failure', async () => {
    const config = (await (await fetch(`${storefront.origin}/config.json`)).json()) as Record<string, unknown>;
    let scriptLoads = 0;
    let serveScript = false;
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-brooklyn', [SLICES], DESKTOP, async (page) => {
      await page.route('**/config.json', (route) => route.fulfill({ json: { ...config, PaymentScriptUrl: '/provider/card.js' } }));
      // A stand-in for the provider: tokenizes with the sandbox and names the account it was given.
      await page.route('**/provider/card.js', (route) => {
        scriptLoads++;
        if (!serveScript) return route.fulfill({ status: 404, body: '' });
        return route.fulfill({
          contentType: 'text/javascript',
          body: `window.CountertopCardProvider = { async tokenize(card, account) {
            if (account.applicationId !== 'sandbox-sq0idb-slice' || account.locationId !== 'SANDBOX-BKLYN') throw new Error('wrong account');
            const r = await fetch('/__sandbox/payments/tokenize', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(card) });
            if (!r.ok) throw new Error('declined by provider');
            return r.json();
          } };`,
        });
      });
    });
    const { page } = shopper;
    // The script tag is added for the card form; it fails to load, and tokenizing then does nothing visible.
    await expect.poll(() => scriptLoads).toBe(1);
    const form = page.getByRole('form', { name: 'Card Info' });
    await form.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await form.getByLabel('Expiration Date').fill('12/30');
    await form.getByLabel('CVV').fill('123');
    await form.getByLabel('Postal Code').fill('11217');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => scriptLoads).toBe(2);
    await form.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await page.getByRole('form', { name: 'Billing Address' }).count()).toBe(0);
    expect(shopper.errors.filter((e) => !/^Failed to load resource|^\[tokenize \(provider\)\]/.test(e))).toEqual([]);

    // Once the script loads, the card goes through it.
    serveScript = true;
    await form.getByRole('button', { name: 'Continue' }).click();
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
    await billing.getByLabel('Address Line 1').fill('310 Atlantic Ave');
    await billing.getByLabel('City').fill('Brooklyn');
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await page.getByText('************1111').waitFor();
    expect(await page.locator('script[data-card-provider]').count()).toBe(1);
    await shopper.close();
  });

  it('adds no script when config.json names no card provider', async () => {
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-brooklyn', [SLICES]);
    await shopper.page.getByRole('form', { name: 'Card Info' }).waitFor();
    expect(await shopper.page.locator('script[data-card-provider]').count()).toBe(0);
    await shopper.close();
  });
});
