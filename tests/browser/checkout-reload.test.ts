// A reload while Place Order is in flight (issue: a second charge). The order the first click sent is asked about by
// its idempotency key before anything else is sent, so a shopper who reloads, or re-enters the card and places again,
// is charged once and sees that one order.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enterCard, expectReplayMatches, placeOrderButton, readyToOrder as readyToOrderAt, sandboxOrders, shots, stateOf } from './support/checkout';
import { DESKTOP, heldCalls, releaseHeld, useStorefront } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const CROISSANTS = { itemId: 'croissant', variationId: 'croissant-each', quantity: 2, modifiers: {}, note: '' };

const storefront = useStorefront('cafe');

const readyToOrder = () => readyToOrderAt(storefront, { at: OPEN_AT, lines: [CROISSANTS], viewport: DESKTOP });

/** Clicks Place Order with a slow API (every answer takes 1.5 s) and reloads once the order request has left the page. */
async function placeAndReload(page: Page): Promise<void> {
  await storefront.control('latency', { ms: 1500 });
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/Order/GuestPlace'));
  await placeOrderButton(page).click();
  await sent;
  await page.reload();
}

const heldOrders = () => heldCalls(storefront, '/api/Order/GuestPlace');

const completeOrders = async () => (await sandboxOrders(storefront)).filter((o) => o.orderId !== null && o.status === 'Complete');

describe('a reload while the order is in flight', () => {
  it('lands on the confirmation of the one order the first click made', async () => {
    const shopper = await readyToOrder();
    const { page } = shopper;
    await placeAndReload(page);
    await page.waitForURL(/\/order-confirmation\//, { timeout: 20_000 });
    await storefront.control('latency', { ms: 0 });
    const orders = await completeOrders();
    expect(orders).toHaveLength(1);
    expect(page.url()).toContain(encodeURIComponent(orders[0]!.orderId!));
    await page
      .getByRole('heading', { name: /thank you|order/i })
      .first()
      .waitFor();
    expect((await stateOf(page)).placement).toMatchObject({ status: 'placed', unconfirmedKey: null });
    await shots(page, 'checkout-reload-recovered');
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('when the API has no answer yet at start-up, the card entered again still makes no second order', async () => {
    const shopper = await readyToOrder();
    const { page } = shopper;
    // The order request is held unanswered and not yet made, so the status check at start-up finds no order: the
    // attempt stays in doubt and checkout says so. Then the held order is made, as a slow API would in the end.
    await storefront.control('hold', { path: '/api/Order/GuestPlace' });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/Order/GuestPlace'));
    await placeOrderButton(page).click();
    await sent;
    await expect.poll(heldOrders).toBe(1);
    await page.reload();
    await page.getByText('We could not confirm your last order. Place it again: you will not be charged twice.').first().waitFor();
    await releaseHeld(storefront, '/api/Order/GuestPlace');
    await expect.poll(async () => (await completeOrders()).length).toBe(1);
    expect(page.url()).toMatch(/\/checkout$/);
    const key = (await stateOf(page)).placement.unconfirmedKey;
    expect(key).not.toBeNull();
    // The token did not survive the reload: the shopper enters the card again and places the order again.
    await enterCard(page);
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    const orders = await completeOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.idempotencyKey).toBe(key);
    expect(page.url()).toContain(encodeURIComponent(orders[0]!.orderId!));
    await expectReplayMatches(page);
    await shopper.close();
  });
});
