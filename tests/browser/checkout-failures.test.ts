// Checkout failures at the cafe, as a guest meets them: declined cards and the spec's error table, a response lost
// after the order was committed (retried: one order), an item sold out between bag and Place Order, and a closed
// location that only takes scheduled orders. Nothing the shopper entered is lost. Every test ends by replaying the
// page's exported session log with the CLI and comparing the state it reaches with the state the page showed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  enterCard as enterCardAt,
  expectClean as expectCleanAt,
  expectReplayMatches,
  fillGuest,
  guestAtCheckout as guestAt,
  orderRequests,
  placeOrderButton,
  readyToOrder as readyToOrderAt,
  sandboxOrders as ordersOf,
  shots,
  stateOf,
  type TestCard,
} from './support/checkout';
import { DESKTOP, PHONE, toastsAndHeading, useStorefront, type Shopper } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
/** The same Wednesday at 20:00: closed; the next times are tomorrow's. */
const CLOSED_AT = '2026-12-03T01:00:00.000Z';
const CROISSANTS = { itemId: 'croissant', variationId: 'croissant-each', quantity: 2, modifiers: {}, note: '' };
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };

const storefront = useStorefront('cafe');

// --- this file's shorthands for the shared checkout helpers ----------------------------------------------
const guestAtCheckout = (
  at: string,
  lines: readonly object[],
  viewport = DESKTOP as { width: number; height: number },
  prepare?: (page: Page) => Promise<void>,
) => guestAt(storefront, { at, lines, viewport, ...(prepare ? { prepare } : {}) });
const enterCard = enterCardAt;
const sandboxOrders = () => ordersOf(storefront);
/** The failed order call's own console lines are expected here. */
const expectClean = (shopper: Shopper) => expectCleanAt(shopper, /^Failed to load resource|^\[Order\/GuestPlace\]/);

// --- the tests ---------------------------------------------------------------------------------------------------

/** A guest ready to order pickup ASAP: Personal Info, pickup with a note, and the card given. */
const readyToOrder = (card: TestCard, viewport: { width: number; height: number } = DESKTOP, prepare?: (page: Page) => Promise<void>): Promise<Shopper> =>
  readyToOrderAt(storefront, { at: OPEN_AT, lines: [CROISSANTS, DRIP], viewport, ...(prepare ? { prepare } : {}), note: 'Red scarf', card });

/** Places the order and waits for the failure's toast; the page keeps the message until the shopper changes something. */
async function placeAndFail(page: Page, message: string, inline = true): Promise<void> {
  await placeOrderButton(page).click();
  await page.locator('[role="status"]').getByText(message, { exact: true }).first().waitFor();
  if (inline) await page.locator('.checkout-failure').getByText(message, { exact: true }).waitFor();
  expect((await stateOf(page)).placement).toMatchObject({ status: 'failed', message });
}

/** What the shopper entered is all still there. */
async function expectNothingLost(page: Page, last4: string): Promise<void> {
  await page.getByText('Ada Lovelace').waitFor();
  await page.getByText(`************${last4}`).waitFor();
  expect(await page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
  expect(await page.getByLabel('Pickup Instructions (optional)').inputValue()).toBe('Red scarf');
  expect(await page.locator('.summary-line').count()).toBe(2);
  const state = await stateOf(page);
  expect(state.bag.lines.map((l) => l.quantity)).toEqual([2, 1]);
  expect(state.checkout).toMatchObject({ guest: { firstName: 'Ada' }, fulfillmentType: 'PICKUP', pickupNotes: 'Red scarf' });
  expect(state.checkout.selectedCardKey).not.toBeNull();
}

/**
 * Where `text` is on the page, each place by how a screen reader hears it: the liveness of its nearest live region
 * ('assertive', 'polite', 'off', or 'none' outside any), and whether it is a toast or in the Payment block.
 */
const heardAt = (page: Page, text: string) =>
  page.evaluate((words) => {
    const liveness = (from: Element | null): string => {
      for (let element = from; element; element = element.parentElement) {
        const live = element.getAttribute('aria-live');
        if (live) return live;
        const role = element.getAttribute('role');
        if (role === 'alert') return 'assertive';
        if (role === 'status' || role === 'log') return 'polite';
      }
      return 'none';
    };
    const places: { live: string; toast: boolean; payment: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(words)) continue;
      const element = node.parentElement;
      const block = element?.closest('section[aria-labelledby]');
      const blockName = block ? document.getElementById(block.getAttribute('aria-labelledby')!)?.textContent : null;
      places.push({ live: liveness(element), toast: element?.closest('.toast-layer') != null, payment: blockName?.includes('Payment') === true });
    }
    return places;
  }, text);

describe('a declined card', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`is said aloud once, by the card's block; the toast and the notice by Place Order are seen only, the toast clear of the heading, at ${viewport.width} px`, async () => {
      const shopper = await readyToOrder({ number: '4000 0000 0000 0002' }, viewport);
      const { page } = shopper;
      const declined = 'The credit card was declined.';
      await placeOrderButton(page).click();
      const payment = page.getByRole('region', { name: /^Payment/ });
      await payment.getByRole('alert').filter({ hasText: declined }).waitFor();
      await page.locator('.toast-layer').getByText(declined, { exact: true }).waitFor();
      await page.locator('.checkout-failure').getByText(declined, { exact: true }).waitFor();
      const places = await heardAt(page, declined);
      // Shown three times: the toast, the card's block, the notice by Place Order.
      expect(places).toHaveLength(3);
      expect(places.filter((place) => place.toast)).toEqual([{ live: 'off', toast: true, payment: false }]);
      // Heard once: in the one live region, the card's block.
      expect(places.filter((place) => place.live !== 'off' && place.live !== 'none')).toEqual([{ live: 'assertive', toast: false, payment: true }]);
      expect(await page.getByRole('alert').filter({ hasText: declined }).count()).toBe(1);
      // Back at the top of checkout, the toast keeps clear of its heading, which sits where toasts would start.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect.poll(async () => (await toastsAndHeading(page)).toasts.length === 1 && !(await toastsAndHeading(page)).covers).toBe(true);
      const atTop = await toastsAndHeading(page);
      expect(atTop.heading.y).toBeLessThan(atTop.headerBottom + 8 + atTop.toasts[0]!.height);
      await shots(page, 'checkout-declined-once');
      await expectClean(shopper);
      await shopper.close();
    });
  }
});

describe('an order that fails keeps everything the shopper entered', () => {
  it('a declined card shows "The credit card was declined."; another card then places the order', async () => {
    const shopper = await readyToOrder({ number: '4000 0000 0000 0002' });
    const { page } = shopper;
    const requests = orderRequests(page);
    await placeAndFail(page, 'The credit card was declined.');
    await expectNothingLost(page, '0002');
    expect((await stateOf(page)).placement).toMatchObject({ status: 'failed', codes: ['GENERIC_DECLINE'] });
    await expectClean(shopper);
    await shots(page, 'checkout-card-declined');
    await expectReplayMatches(page);

    // The card block is where to act: the message there, no done mark, and Place Order waits for another card.
    const payment = page.getByRole('region', { name: /^Payment/ });
    expect(await payment.getByRole('alert').textContent()).toContain('The credit card was declined.');
    expect(await payment.getByRole('heading', { name: 'Payment (complete)' }).count()).toBe(0);
    expect(await placeOrderButton(page).isDisabled()).toBe(true);
    await page.getByText('Use another card: this one was not accepted.').waitFor();
    // One button to another card; the billing address given with the refused one is kept: only the card is typed.
    await payment.getByRole('button', { name: 'Enter another card' }).click();
    const cardInfo = page.getByRole('form', { name: 'Card Info' });
    await cardInfo.waitFor();
    expect(await page.getByText('************0002').count()).toBe(0);
    await cardInfo.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await cardInfo.getByLabel('Expiration Date').fill('12/30');
    await cardInfo.getByLabel('CVV').fill('123');
    await cardInfo.getByLabel('Postal Code').fill('10014');
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await billing.waitFor();
    expect(await billing.getByLabel('Address Line 1').inputValue()).toBe('12 Bank St');
    expect(await billing.getByLabel('City').inputValue()).toBe('New York');
    expect(await billing.getByLabel('State').inputValue()).toBe('NY');
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await page.getByRole('heading', { name: 'Payment (complete)' }).waitFor();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    expect(requests.filter((r) => r.path === '/api/Order/GuestPlace')).toHaveLength(2);
    expect((await sandboxOrders()).filter((o) => o.status === 'Complete')).toHaveLength(1);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('CVV 911 shows "The credit card CVV is invalid."', async () => {
    const shopper = await readyToOrder({ cvv: '911' }, PHONE);
    await placeAndFail(shopper.page, 'The credit card CVV is invalid.');
    await expectNothingLost(shopper.page, '1111');
    await shots(shopper.page, 'checkout-cvv-failure');
    await expectReplayMatches(shopper.page);
    expect(await sandboxOrders()).toEqual([]);
    await shopper.close();
  });

  it('postal code 99999 leaves the state to the shopper, then shows "The postal code is invalid."', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [CROISSANTS, DRIP]);
    const { page } = shopper;
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByLabel('Pickup Instructions (optional)').fill('Red scarf');
    await fillGuest(page);
    const form = page.getByRole('form', { name: 'Card Info' });
    await form.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await form.getByLabel('Expiration Date').fill('12/30');
    await form.getByLabel('CVV').fill('123');
    await form.getByLabel('Postal Code').fill('99999');
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await billing.getByLabel('Address Line 1').fill('1 Nowhere Rd');
    await billing.getByLabel('City').fill('Nowhere');
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await billing.getByText('State is required').waitFor();
    await billing.getByLabel('State').fill('ny');
    expect(await billing.getByLabel('State').inputValue()).toBe('NY');
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
    await placeAndFail(page, 'The postal code is invalid.');
    await expectNothingLost(page, '1111');
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('a response lost after the order was committed: the retry asks about its key and shows that one order', async () => {
    const shopper = await readyToOrder({});
    const { page } = shopper;
    const requests = orderRequests(page);
    // Chromium resends a request by itself when a reused keep-alive connection dies before any answer (once per idle
    // connection it holds, and a busy machine holds more), so every answer is lost until the page has seen the failure.
    await storefront.control('drop', { path: '/api/Order/GuestPlace', times: 100 });
    // Every text the notice under the header shows from here on: one lost answer is not a store out of reach.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { __noticeShown: string[] }).__noticeShown = shown;
      new MutationObserver(() => {
        const text = document.querySelector('.offline-notice')?.textContent ?? '';
        if (text !== '') shown.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await placeAndFail(page, 'Could not place order!');
    expect(await page.evaluate(() => (window as unknown as { __noticeShown: string[] }).__noticeShown)).toEqual([]);
    await storefront.control('drop', { path: '/api/Order/GuestPlace', times: 0 });
    // Shown twice, heard once: the notice by Place Order is the alert, the toast is seen only.
    expect(await heardAt(page, 'Could not place order!')).toEqual([
      { live: 'off', toast: true, payment: false },
      { live: 'assertive', toast: false, payment: false },
    ]);
    await expectNothingLost(page, '1111');
    // The sandbox made the order; the page could not know.
    expect(await sandboxOrders()).toHaveLength(1);
    await shots(page, 'checkout-order-not-confirmed');

    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    // The attempt without an answer is asked about by its key first; the order it made is the order, none is sent again.
    const placed = requests.filter((r) => r.path === '/api/Order/GuestPlace');
    const asked = requests.filter((r) => r.path === '/api/Order/GuestOrderStatus');
    expect(placed).toHaveLength(1);
    expect(asked.map((r) => r.body.idempotencyKey)).toEqual([placed[0]!.body.idempotencyKey]);
    const orders = await sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(decodeURIComponent(page.url().split('/').pop()!)).toBe(orders[0]!.orderId);
    const state = await expectReplayMatches(page);
    expect(state.orders.history.map((o) => o.orderId)).toEqual([orders[0]!.orderId]);
    await expectClean(shopper);
    await shopper.close();
  });

  it('an item sold out between bag and Place Order gives "One or more items are no longer available."', async () => {
    // This shopper's live inventory connection misses the update (as when it is down for a moment).
    const missUpdates = async (page: Page) => {
      await page.routeWebSocket(/\/hubs\/inventory/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((message) => server.send(message));
        server.onMessage((message) => {
          const text = typeof message === 'string' ? message : message.toString('utf8');
          const kept = text.split('\u001e').filter((record) => record !== '' && !record.includes('"InventoryUpdated"'));
          if (kept.length > 0) ws.send(kept.map((record) => `${record}\u001e`).join(''));
        });
      });
    };
    const guest = await readyToOrder({}, DESKTOP, missUpdates);
    const { page } = guest;
    await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'croissant-each', count: 0 });
    await placeAndFail(page, 'One or more items are no longer available.', false);
    expect((await stateOf(page)).placement.codes).toContain('VARIATION_OUT_OF_STOCK');
    // No notice keeps it (the bag changes), so the toast is the one that says it aloud.
    expect(await heardAt(page, 'One or more items are no longer available.')).toEqual([{ live: 'polite', toast: true, payment: false }]);
    expect(await sandboxOrders()).toEqual([]);
    // The page re-reads the stock: the croissants leave the bag; everything else the shopper entered stays.
    await expect.poll(() => page.locator('.summary-line').count()).toBe(1);
    await page.locator('.summary-line').getByText('Drip Coffee').waitFor();
    await page.getByText('Ada Lovelace').waitFor();
    await page.getByText('************1111').waitFor();
    expect(await page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Pickup Instructions (optional)').inputValue()).toBe('Red scarf');
    await shots(page, 'checkout-sold-out');
    await expectReplayMatches(page);

    await page.locator('.checkout-failure').waitFor({ state: 'detached' });
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await page.locator('.confirmation-column .summary-lines').getByText('Drip Coffee').waitFor();
    expect(await page.locator('.confirmation-column .summary-line').count()).toBe(1);
    await expectReplayMatches(page);
    await guest.close();
  });

  it('a closed location offers only scheduled times, with the notice, and the next day to confirm', async () => {
    const shopper = await guestAtCheckout(CLOSED_AT, [DRIP]);
    const { page } = shopper;
    const notice = page.getByRole('note', { name: 'Oops!' });
    await notice.getByText('This location is currently closed. Orders placed must be scheduled for future pickup.').waitFor();
    const times = await page.getByLabel('Pickup Time').locator('option').allTextContents();
    expect(times.some((t) => t.startsWith('ASAP'))).toBe(false);
    expect(times[0]).toBe('7:00 AM');
    const dates = await page.getByLabel('Pickup Date', { exact: true }).locator('option').allTextContents();
    expect(dates[0]).toBe('Tomorrow');
    expect(dates).not.toContain('Today');
    await page.getByText('Your order is for Tomorrow at 7:00 AM, not today. Please confirm the date.').waitFor();
    await expectClean(shopper);
    await shots(page, 'checkout-closed');

    await page.getByRole('button', { name: 'Confirm Date' }).click();
    await page.getByText('Please confirm the date.').waitFor({ state: 'detached' });
    await page.getByLabel('Pickup Time').selectOption({ label: '8:30 AM' });
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await fillGuest(page);
    await enterCard(page);
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await page.getByText('Thursday, December 3, 2026 at 8:30 AM EST').waitFor();
    await expectReplayMatches(page);
    await shopper.close();
  });
});
