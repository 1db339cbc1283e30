// Every refusal of the spec's order error table a guest can meet (ordering.md section 8), made to happen by the
// sandbox: the test cards that decline for want of funds or for an expired card, and, for the processor's refusals
// no test card stands for, the sandbox answering Place Order with that code. Each shows the spec's words in the card
// block and as a toast; the card block is the place to act ('Enter another card'), and the billing address stays. At
// 390 and 1280 px, with axe-core; the exported log replays to what the page showed.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectClean, expectReplayMatches, placeOrderButton, readyToOrder, shots, stateOf } from './support/checkout';
import { DESKTOP, PHONE, useStorefront, type Shopper } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
const WIDTHS = [PHONE, DESKTOP] as const;
const storefront = useStorefront('cafe');
/** The refused order call's own console lines. */
const REFUSED = /^Failed to load resource|^\[Order\/GuestPlace\]/;

let shoppers: Shopper[] = [];
afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
  await storefront.control('clock', { at: null });
});

/**
 * Places the order and waits for the refusal's words in a toast, and in the card block when the card is what was
 * refused (otherwise above Place Order, which the shopper may press again).
 */
async function refused(page: Page, message: string, code: string, byCard = true): Promise<void> {
  await placeOrderButton(page).click();
  await page.locator('[role="status"]').getByText(message, { exact: true }).first().waitFor();
  const where = byCard ? page.getByRole('region', { name: /^Payment/ }).getByRole('alert') : page.locator('.checkout-failure');
  await where.getByText(message, { exact: true }).waitFor();
  expect((await stateOf(page)).placement).toMatchObject({ status: 'failed', message, codes: [code] });
}

/** 'Enter another card', then a card typed again (the billing address kept), and 'Use This Card'. */
async function anotherCard(page: Page, card: { readonly number?: string; readonly expiry?: string } = {}): Promise<void> {
  await page
    .getByRole('region', { name: /^Payment/ })
    .getByRole('button', { name: 'Enter another card' })
    .click();
  const info = page.getByRole('form', { name: 'Card Info' });
  await info.getByLabel('Card Number').fill(card.number ?? '4111 1111 1111 1111');
  await info.getByLabel('Expiration Date').fill(card.expiry ?? '12/30');
  await info.getByLabel('CVV').fill('123');
  await info.getByLabel('Postal Code').fill('10014');
  const billing = page.getByRole('form', { name: 'Billing Address' });
  await billing.waitFor();
  expect(await billing.getByLabel('Address Line 1').inputValue()).toBe('12 Bank St');
  await billing.getByRole('button', { name: 'Use This Card' }).click();
  await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
  await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
}

/** The processor's refusals no test card stands for: the sandbox answers Place Order with the code. */
const INJECTED = [
  ['BAD_EXPIRATION', 'The expiration date is missing or malformed.'],
  ['EXPIRATION_FAILURE', 'The credit card expiration date is invalid.'],
  ['INVALID_EXPIRATION', 'The credit card expiration date is invalid.'],
  ['INVALID_POSTAL_CODE', 'The postal code is missing or malformed.'],
  ['TRANSACTION_LIMIT', 'There are insufficient funds to complete this order.'],
] as const;

describe("the order error table's card refusals", () => {
  for (const viewport of WIDTHS) {
    it(`each says the spec's words where the card is, and another card goes on, at ${viewport.width} px`, async () => {
      await storefront.control('clock', { at: OPEN_AT });
      // Funds: the test card that declines for them.
      const shopper = await readyToOrder(storefront, { at: OPEN_AT, lines: [DRIP], viewport, card: { number: '4000 0000 0000 9995' } });
      shoppers.push(shopper);
      const { page } = shopper;
      await refused(page, 'There are insufficient funds to complete this order.', 'INSUFFICIENT_FUNDS');
      await shots(page, 'checkout-refused-funds');
      await expectClean(shopper, REFUSED);

      // An expired card: the form leaves the date to the provider, and the charge refuses it.
      await anotherCard(page, { expiry: '01/26' });
      await refused(page, 'The credit card is expired.', 'CARD_EXPIRED');

      for (const [code, message] of INJECTED) {
        await anotherCard(page);
        await storefront.control('fail', {
          path: '/api/Order/GuestPlace',
          times: 1,
          status: 400,
          codes: [`Payment failed - ${code}`, 'the processor refused the charge'],
        });
        await refused(page, message, code);
      }
      // A charge too small for the processor is not the card's fault: the same card may go again.
      await anotherCard(page);
      await storefront.control('fail', {
        path: '/api/Order/GuestPlace',
        times: 1,
        status: 400,
        codes: ['Payment failed - VALUE_TOO_LOW', 'the charge is too small'],
      });
      await refused(page, 'The charge amount is below the miniumum for this processor.', 'VALUE_TOO_LOW', false);
      await shots(page, 'checkout-refused-too-low');
      await expectClean(shopper, REFUSED);
      await expectReplayMatches(page);

      // The same card, pressed again, pays.
      await placeOrderButton(page).click();
      await page.waitForURL(/\/order-confirmation\/[^/]+$/);
      await page.getByText('Order was placed!').first().waitFor();
    });
  }
});
