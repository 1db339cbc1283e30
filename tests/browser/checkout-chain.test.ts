// Checkout as a guest at the pizza chain: curbside with vehicle details at the Chicago location (another time zone
// than the shopper's browser), scheduled for tomorrow; a location that queues its orders (Denver: sent, refused once
// taken up, timed out); hours that run past midnight and close 15 minutes early (Brooklyn); and the card provider's
// script when config.json names one. Every test ends by replaying the page's exported session log with the CLI and
// comparing the state it reaches with the state the page showed.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  enterCard as enterCardAt,
  expectClean,
  expectReplayMatches,
  fillGuest,
  guestAtCheckout as guestAt,
  orderRequests,
  placeOrderButton,
  returnToTab,
  sandboxOrders as ordersOf,
  shots,
  stateOf,
  visit,
} from './support/checkout';
import { DESKTOP, PHONE, releaseHeld, useStorefront } from './support/storefront';
import { enableDebugHook, runCommand } from './support/debug';
import { CLOSED_NOTICE } from '../../src/domain/time/messages';
import { CURBSIDE_INSTRUCTION_EARLY } from '../../src/domain/orders/messages';

/** Wednesday 2 December 2026, 12:00 in Chicago (13:00 in the shopper's New York, 11:00 in Denver). */
const NOON_CHICAGO = '2026-12-02T18:00:00.000Z';
/** Saturday 5 December 2026, 00:30 in New York: Brooklyn's Friday hours (11:00 AM to 2:00 AM) are still running. */
const SATURDAY_0030_NEW_YORK = '2026-12-05T05:30:00.000Z';
const SLICES = { itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' };
const KNOTS = { itemId: 'garlic-knots', variationId: 'garlic-knots-six', quantity: 1, modifiers: {}, note: '' };

const storefront = useStorefront('pizza-chain');

// --- this file's shorthands for the shared checkout helpers ----------------------------------------------
const guestAtCheckout = (
  at: string,
  locationId: string,
  lines: readonly object[],
  viewport = DESKTOP as { width: number; height: number },
  prepare?: (page: Page) => Promise<void>,
) => guestAt(storefront, { at, locationId, lines, viewport, ...(prepare ? { prepare } : {}) });
const enterCard = enterCardAt;
const sandboxOrders = () => ordersOf(storefront);
const pageY = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);

// --- the tests ---------------------------------------------------------------------------------------------------

describe('a guest checks out at the pizza chain', () => {
  it('orders curbside in Chicago for tomorrow, with vehicle details edited once, and sees the time in Chicago time', async () => {
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-chicago', [SLICES, KNOTS]);
    const { page } = shopper;
    const requests = orderRequests(page);

    // Chicago offers pickup and curbside; the keyboard moves between them like any radio group.
    expect(
      await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('label')?.querySelector('.checkout-choice-name')?.textContent)),
    ).toEqual(['Pickup', 'Curbside']);
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
    await expect.poll(async () => (await stateOf(page)).pickup.choice).toEqual({ date: '2026-12-03', time: '2026-12-03T18:00:00Z' });

    // Chicago tips by preset only (18%, 20%, up to 20%).
    await page.getByRole('button', { name: 'Add A Tip' }).click();
    const tip = page.getByRole('dialog', { name: 'Add A Tip' });
    // The dialog loads on demand: its presets are read once it is there.
    await tip.locator('.tip-preset-label').first().waitFor();
    expect(await tip.locator('.tip-preset-label').allTextContents()).toEqual(['18%', '20%', 'None']);
    expect(await tip.getByLabel('Tip Amount').count()).toBe(0);
    await tip.getByRole('button', { name: /^20%/ }).click();
    await page.locator('.checkout-summary').getByText('Tip (20%)').waitFor();
    await expectClean(shopper);
    await shots(page, 'checkout-curbside-ready');

    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await page.getByText('Thursday, December 3, 2026 at 12:00 PM CST').waitFor();
    await page.locator('.confirmation-kind').getByText('Curbside').waitFor();
    // Curbside's one instruction is the 'I'm here' prompt's, not the location's 'Text us' beside it; the car is the order's.
    await page.getByText(CURBSIDE_INSTRUCTION_EARLY, { exact: true }).waitFor();
    expect(await page.getByText('Text us when you are parked').count()).toBe(0);
    await page.locator('.confirmation-vehicle').getByText('Blue Subaru Outback', { exact: true }).waitFor();
    await page.locator('.confirmation-vehicle').getByText('Roof box, parked by the door', { exact: true }).waitFor();
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
    // The vehicle is remembered for the next order, and so is the type: the next starts with Curbside, as the log says.
    expect(state.checkout.vehicle).toMatchObject({ color: 'Blue' });
    expect(state.checkout.fulfillmentType).toBe('CURBSIDE');
    await shopper.close();
  });

  it("takes a complete vehicle form as given: 'Place Order' saves it, as 'Save Vehicle' would, and places one order", async () => {
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-chicago', [SLICES], PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    await page.getByRole('radio', { name: /Curbside/ }).check();
    const vehicle = page.getByRole('form', { name: 'Vehicle details' });
    await vehicle.getByLabel('Vehicle Make').fill('Subaru');
    await vehicle.getByLabel('Vehicle Model').fill('Outback');
    // Not yet complete: Place Order still waits for the vehicle, and a press says so at the form.
    await page.locator('.checkout-reasons').getByText('Add your vehicle details.').waitFor();
    await fillGuest(page);
    await enterCard(page, { postalCode: '60622', state: 'IL' });
    // The button waits (aria-disabled, so it can still be pressed and say why).
    await placeOrderButton(page).click({ force: true });
    await vehicle.getByText('Vehicle Color is required').waitFor();
    await expect.poll(() => vehicle.getByLabel('Vehicle Color').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(requests.filter((r) => r.path === '/api/Order/GuestPlace')).toHaveLength(0);
    // Complete: the reason goes, and one press saves the vehicle and places the order.
    await vehicle.getByLabel('Vehicle Color').fill('Green');
    await expect.poll(() => page.locator('.checkout-reasons').getByText('Add your vehicle details.').count()).toBe(0);
    await placeOrderButton(page).dblclick();
    await page.waitForURL(/\/order-confirmation\//);
    // On a phone too, the confirmation names the car the order was placed for.
    await page.locator('.confirmation-vehicle').getByText('Green Subaru Outback', { exact: true }).waitFor();
    const placed = requests.filter((r) => r.path === '/api/Order/GuestPlace');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({ curbsideFulfillment: { vehicleDetails: { make: 'Subaru', model: 'Outback', color: 'Green' } } });
    const state = await expectReplayMatches(page);
    expect(state.checkout.vehicle).toMatchObject({ make: 'Subaru', color: 'Green' });
    await expectClean(shopper);
    await shopper.close();
  });

  it('queues the order where the location asks for it, polls its status and lands on the confirmation', async () => {
    await storefront.control('queue', { delayMs: 0 });
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-denver', [SLICES], PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    // Denver: pickup only (one line, no tiles to tap), scheduled orders only, no tipping.
    await page.locator('.checkout-one-type').getByText('Pickup', { exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: /Pickup/ }).count()).toBe(0);
    expect((await stateOf(page)).checkout.fulfillmentType).toBe('PICKUP');
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

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at LoDo, closed: the item panel and the bag say so, one order type is one line, and a queued order says it is being sent, at ${viewport.width} px`, async () => {
      await storefront.control('queue', { delayMs: 0 });
      await storefront.control('clock', { at: NOON_CHICAGO });
      const shopper = await storefront.newShopper(viewport);
      const { page } = shopper;
      await enableDebugHook(shopper.context);
      await page.clock.install({ time: new Date(NOON_CHICAGO) });
      await page.goto(storefront.origin);
      expect((await runCommand(page, 'selectLocation', 'chain-denver'))._tag).toBe('Right');
      const requests = orderRequests(page);

      // The item panel says the store is closed before its buttons.
      await visit(page, '/categories/slices?item=cheese-slice');
      const panel = page.getByRole('dialog', { name: 'Cheese Slice' });
      const closed = panel.getByText(CLOSED_NOTICE.message);
      await closed.waitFor();
      const addAndCheckout = panel.getByRole('button', { name: 'Add and Checkout' });
      expect(await pageY(closed)).toBeLessThan(await pageY(addAndCheckout));
      await shots(page, 'item-panel-closed');
      await expectClean(shopper);
      await panel.getByRole('button', { name: 'Add to Bag' }).click();
      await panel.waitFor({ state: 'hidden' });

      // So does the bag, before its checkout buttons.
      await page.getByRole('link', { name: /^Bag/ }).click();
      const bagNotice = page.locator('.bag-page').getByText(CLOSED_NOTICE.message);
      await bagNotice.waitFor();
      const toCheckout = page.getByRole('link', { name: 'Checkout as Guest' });
      expect(await pageY(bagNotice)).toBeLessThan(await pageY(toCheckout));
      await expectClean(shopper);
      await toCheckout.click();
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      await page.locator('.checkout-one-type').getByText('Pickup', { exact: true }).waitFor();
      expect(await page.getByRole('radio').count()).toBe(0);

      // The queued order: while it waits for the store, the page says so and how long that usually takes.
      await fillGuest(page);
      await enterCard(page);
      await storefront.control('hold', { path: '/api/Order/GuestQueue' });
      await placeOrderButton(page).click();
      await page.getByRole('button', { name: 'Placing Order…' }).waitFor();
      const words = page.getByRole('status').getByText("We're sending your order to Slice Brothers - LoDo. This usually takes about 10 seconds.");
      await words.waitFor();
      expect(await words.isVisible()).toBe(true);
      await shots(page, 'checkout-queued');
      await expectClean(shopper);
      await releaseHeld(storefront, '/api/Order/GuestQueue');
      await page.waitForURL(/\/order-confirmation\//);
      expect(requests.map((r) => r.path)).toEqual(['/api/Order/GuestQueue', '/api/Order/GuestOrderStatus']);
      await expectReplayMatches(page);
      await shopper.close();
    });
  }

  it("at Silver Lake: the default tip presets, the 150-character pickup instructions, and a new order type clearing the last one's details", async () => {
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-silverlake', [SLICES], PHONE);
    const { page } = shopper;
    // Silver Lake names no presets: the spec's 10, 15 and 20 percent, and None.
    await page.getByRole('button', { name: 'Add A Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add A Tip' });
    const presets = dialog.getByRole('group', { name: 'Tip presets' }).locator('.tip-preset-label');
    await expect.poll(() => presets.allTextContents()).toEqual(['10%', '15%', '20%', 'None']);
    await shots(page, 'checkout-default-tips');
    await expectClean(shopper);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Pickup instructions hold 150 characters at most, and say so beyond.
    await page.getByRole('radio', { name: /Pickup/ }).check();
    const notes = page.getByLabel('Pickup Instructions (optional)');
    await notes.fill('x'.repeat(151));
    await page.getByText('Notes must be 150 characters or fewer').waitFor();
    await notes.fill('By the side door');
    await notes.blur();
    await expect.poll(async () => (await stateOf(page)).checkout.pickupNotes).toBe('By the side door');

    // Dine in clears what pickup was told, and pickup again starts afresh.
    await page.getByRole('radio', { name: /Dine In/ }).check();
    await page.getByLabel('Table Note').fill('Table 4');
    await page.getByLabel('Table Note').blur();
    await expect.poll(async () => (await stateOf(page)).checkout.pickupNotes).toBe('');
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await expect.poll(() => page.getByLabel('Pickup Instructions (optional)').inputValue()).toBe('');
    expect((await stateOf(page)).checkout.dineIn).toMatchObject({ note: '' });
    await page.getByRole('radio', { name: /Dine In/ }).check();
    expect(await page.getByLabel('Table Note').inputValue()).toBe('');
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('at Brooklyn after midnight: open on Friday hours that run to 2:00 AM, closed in their last 15 minutes', async () => {
    const shopper = await guestAtCheckout(SATURDAY_0030_NEW_YORK, 'chain-brooklyn', [SLICES], PHONE);
    const { page } = shopper;
    const times = () => page.getByLabel('Pickup Time').locator('option').allTextContents();
    const notice = page.getByRole('note', { name: 'Oops!' });
    // Friday's hours close at 2:00 AM, after they open: they run into Saturday, so the store is open at 12:30 AM,
    // with ASAP and slots up to 1:45 AM before Saturday's own from 11:00 AM (ordering.md section 4).
    const open = await times();
    expect(open[0]).toMatch(/^ASAP/);
    expect(open.slice(1, 6)).toEqual(['1:00 AM', '1:15 AM', '1:30 AM', '1:45 AM', '11:00 AM']);
    expect(await page.getByLabel('Pickup Date', { exact: true }).locator('option').first().textContent()).toBe('Today');
    expect(await notice.count()).toBe(0);
    // Tax rounds to the nearest cent (spec row 412): two slices, $7.50 at Brooklyn's 8.875%, are 66.5625 cents of tax,
    // shown as $0.67 where truncating would show $0.66.
    const figure = (name: string) =>
      page
        .locator('.checkout-summary .totals > div')
        .filter({ has: page.getByText(name, { exact: true }) })
        .first()
        .locator('dd');
    await expect.poll(() => figure('Subtotal').textContent()).toBe('$7.50');
    expect(await figure('Tax').textContent()).toBe('$0.67');
    await expectClean(shopper);

    // At 1:46 AM, inside the last 15 minutes before 2:00 AM, it counts as closed: the notice, no ASAP, and the first
    // time is Saturday's 11:00 AM. The page's clock jumps without firing timers (running them ahead would time out the
    // live inventory connection), and the shopper comes back to the tab, which reads the clock at once.
    await page.clock.setSystemTime(new Date('2026-12-05T06:46:00.000Z'));
    expect(await notice.count()).toBe(0);
    await returnToTab(page);
    await notice.getByText(CLOSED_NOTICE.message).waitFor();
    // Options run in time order: nothing is left of the night.
    expect((await times())[0]).toBe('11:00 AM');
    await shots(page, 'checkout-closing-soon');
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('says why when the store refuses a queued order once it takes it up (its status check answers Error)', async () => {
    await storefront.control('queue', { delayMs: 0 });
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-denver', [SLICES], PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    await fillGuest(page);
    // The queue takes any card; the decline comes when the store charges it, and the status check brings its errors.
    await enterCard(page, { number: '4000 0000 0000 0002' });
    await placeOrderButton(page).click();
    await page.locator('.checkout-failure').getByText('The credit card was declined.', { exact: true }).waitFor();
    expect(requests.map((r) => r.path)).toEqual(['/api/Order/GuestQueue', '/api/Order/GuestOrderStatus']);
    expect((await stateOf(page)).placement).toMatchObject({ status: 'failed', codes: ['GENERIC_DECLINE'] });
    expect(page.url()).toMatch(/\/checkout$/);
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it("says 'Timeout' when a queued order is still pending after the last of its ten status checks, three seconds apart", async () => {
    // The queue keeps the order pending for ten minutes: longer than the storefront asks.
    await storefront.control('queue', { delayMs: 600_000 });
    const shopper = await guestAtCheckout(NOON_CHICAGO, 'chain-denver', [SLICES], PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    await fillGuest(page);
    await enterCard(page);
    await placeOrderButton(page).click();
    await expect.poll(() => requests.map((r) => r.path)).toEqual(['/api/Order/GuestQueue']);
    // The page's clock moves on three seconds at a time, each once the last check has gone out.
    const statusChecks = () => requests.filter((r) => r.path === '/api/Order/GuestOrderStatus').length;
    for (let check = 1; check <= 10; check++) {
      await page.clock.fastForward(3_000);
      await expect.poll(statusChecks).toBe(check);
    }
    await page.locator('[role="status"]').getByText('Timeout', { exact: true }).first().waitFor();
    expect((await stateOf(page)).placement).toMatchObject({ status: 'failed', message: 'Timeout' });
    expect(page.url()).toMatch(/\/checkout$/);
    await shots(page, 'checkout-queue-timeout');
    await expectClean(shopper, /InventoryHub\/Reconnecting/);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it("tokenizes through the card provider's script when config.json names one, and swallows its load failure", async () => {
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
    // The complete card goes to the provider by itself: the script is tried again.
    await form.getByLabel('Postal Code').fill('11217');
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
