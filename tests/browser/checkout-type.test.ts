// Checkout follows the order type (issue 34), clicked as shoppers would at phone and desktop widths, with axe on every
// screen: a delivery has one time block with the quote's time and its window said once, and the next order starts
// with the type the last one used; 'Confirm Date' holds Place Order back until it is pressed; the
// card's fields stay where they are when the postal code completes; a saved gift card pays the whole order, or its
// balance with the card paying the rest, an order meeting another balance is refused in words and nothing is
// charged, and its number never reaches the log. (One order type as one line, a queued
// order and a closed store's item panel and bag are in checkout-chain.test.ts, at LoDo.)
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAda } from './support/account';
import { enterCard, expectClean, expectReplayMatches, fillGuest, guestAtCheckout, orderRequests, placeOrderButton, shots, stateOf } from './support/checkout';
import { enableDebugHook, pageSessionLog, runCommand } from './support/debug';
import { DESKTOP, PHONE, useStorefront, withoutOfflineWorker, type Storefront } from './support/storefront';
import { GIFT_CARD_BALANCE_CHANGED, giftCardRestTooLow } from '../../src/domain/orders/orderErrors';

const cafe = useStorefront('cafe');

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const CAFE_OPEN = '2026-12-02T15:00:00.000Z';
/** 20:00 in New York: the cafe has closed, so the first time it offers is tomorrow's. */
const CAFE_CLOSED = '2026-12-03T01:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
const GIFT_CARD = '7783320000000000';
const VIEWPORTS = [PHONE, DESKTOP] as const;
/** What the console says of an order the API refused (the gift card's balance changed), and nothing else. */
const REFUSED = /status of 400 \(Bad Request\)|GiftCard - BALANCE_CHANGED/;

const pageY = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
const reasons = (page: Page) => page.locator('.checkout-reasons li').allTextContents();

/** A shopper on the store's home page with the page's clock and the sandbox's at `at`. */
async function openAt(storefront: Storefront, at: string, viewport: { width: number; height: number }) {
  await storefront.control('clock', { at });
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date(at) });
  await shopper.page.goto(storefront.origin);
  await shopper.page.waitForFunction(() => 'countertop' in window);
  return shopper;
}

async function toCheckout(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^Bag/ }).click();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
}

describe('a delivery checkout', () => {
  for (const viewport of VIEWPORTS) {
    it(`has one delivery time block: ASAP at the quote's time and its window said once, at ${viewport.width} px`, async () => {
      await cafe.control('reset', { catalog: 'cafe' });
      const shopper = await openAt(cafe, CAFE_OPEN, viewport);
      const { page } = shopper;
      await signInAsAda(page);
      expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
      await toCheckout(page);
      await page.getByRole('radio', { name: /Delivery/ }).check();
      await page.getByRole('radio', { name: /Home/ }).check();
      await page.locator('dl[aria-label="Delivery quote"]').waitFor();
      const quote = (await stateOf(page)).account.deliveryQuote!;
      const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' });
      const at = Date.parse(quote.deliverAt);
      const early = clock(new Date(at - quote.bufferMinimum * 60_000).toISOString());
      const late = clock(new Date(at + quote.bufferMaximum * 60_000).toISOString());

      // The time block is the delivery's: its heading and pickers, ASAP as the quote's time, nothing about pickup.
      await page.getByRole('heading', { level: 2, name: /^Delivery Time/ }).waitFor();
      expect(await page.getByRole('heading', { level: 2, name: /Pickup Date & Time/ }).count()).toBe(0);
      await expect
        .poll(() => page.getByLabel('Delivery Time', { exact: true }).locator('option:checked').textContent())
        .toBe(`ASAP (arrives around ${clock(quote.deliverAt)})`);
      expect(await page.getByText(/ready around/).count()).toBe(0);
      // The window is said once, in plain words.
      await page.getByText(`Arrives between ${early} and ${late}`, { exact: true }).waitFor();
      expect(await page.getByText(/Arrives between/).count()).toBe(1);
      expect(await page.locator('main').innerText()).not.toMatch(/\(\w{3} \d+, \d+:\d\d [AP]M - /);
      await shots(page, 'checkout-delivery-time');
      await expectClean(shopper);

      // A scheduled delivery: the window follows the slot chosen.
      const slot = (await page.getByLabel('Delivery Time', { exact: true }).locator('option').allTextContents()).find((t) => /^\d/.test(t))!;
      await page.getByLabel('Delivery Time', { exact: true }).selectOption({ label: slot });
      await expect.poll(async () => (await stateOf(page)).account.deliveryQuote?.choice).not.toBe('ASAP');
      await page.getByText(/^Arrives between/).waitFor();
      expect(await page.getByText(/Arrives between/).count()).toBe(1);
      await expectClean(shopper);

      if (viewport === DESKTOP) {
        // The order goes as a delivery; the next bag's checkout starts with Delivery, as the log says.
        await enterCard(page);
        await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
        await placeOrderButton(page).click();
        await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
        expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
        await toCheckout(page);
        await expect.poll(() => page.getByRole('radio', { name: /Delivery/ }).isChecked()).toBe(true);
        const replayed = await expectReplayMatches(page);
        expect(replayed.checkout.fulfillmentType).toBe('DELIVERY');
      }
      await shopper.close();
    });
  }
});

describe('a closed cafe', () => {
  for (const viewport of VIEWPORTS) {
    it(`waits for 'Confirm Date' before placing, and keeps the card's fields where they are, at ${viewport.width} px`, async () => {
      await cafe.control('reset', { catalog: 'cafe' });
      const shopper = await guestAtCheckout(cafe, { at: CAFE_CLOSED, lines: [DRIP], viewport });
      const { page } = shopper;
      const requests = orderRequests(page);
      await page.getByText('Please confirm the date.', { exact: false }).waitFor();
      await fillGuest(page);

      // The card: its fields stay put when the postal code completes it; the billing street comes below them.
      const card = page.getByRole('form', { name: 'Card Info' });
      await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
      await card.getByLabel('Expiration Date').fill('12/30');
      await card.getByLabel('CVV').fill('123');
      const before = await pageY(card.getByLabel('Card Number'));
      const postalBefore = await pageY(card.getByLabel('Postal Code'));
      await card.getByLabel('Postal Code').fill('10014');
      const billing = page.getByRole('form', { name: 'Billing Address' });
      await billing.getByLabel('Address Line 1').waitFor();
      expect(await pageY(card.getByLabel('Card Number'))).toBe(before);
      expect(await pageY(card.getByLabel('Postal Code'))).toBe(postalBefore);
      expect(await card.getByLabel('Card Number').inputValue()).toBe('4111 1111 1111 1111');
      expect(await pageY(billing.getByLabel('Address Line 1'))).toBeGreaterThan(postalBefore);
      // The caret stays where the shopper typed.
      expect(await card.getByLabel('Postal Code').evaluate((field) => field === document.activeElement)).toBe(true);
      await billing.getByLabel('Address Line 1').fill('12 Bank St');
      await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
      await billing.getByLabel('City').fill('New York');
      await shots(page, 'checkout-card-and-billing');
      await expectClean(shopper);

      // Place Order says what is missing and sends nothing until the date is confirmed.
      await expect.poll(() => reasons(page)).toEqual(['Confirm the date of your order.']);
      // (aria-disabled, not disabled: the press is heard, and sends nothing.)
      await placeOrderButton(page).click({ force: true });
      expect(requests).toEqual([]);
      expect(page.url()).toMatch(/\/checkout$/);
      await expectClean(shopper);
      await page.getByRole('button', { name: 'Confirm Date' }).click();
      await expect.poll(() => reasons(page)).toEqual([]);
      await placeOrderButton(page).click();
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
      expect(requests.map((r) => r.path)).toEqual(['/api/Order/GuestPlace']);
      await expectReplayMatches(page);
      await shopper.close();
    });
  }
});

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('a saved gift card at checkout', () => {
  for (const viewport of VIEWPORTS) {
    const whole = viewport === DESKTOP;
    it(`pays ${whole ? 'the whole order' : 'its balance, the card the rest'}, and its number never reaches the log, at ${viewport.width} px`, async () => {
      await cafe.control('reset', { catalog: 'cafe' });
      const shopper = await openAt(cafe, CAFE_OPEN, viewport);
      const { page } = shopper;
      await signInAsAda(page);
      expect((await runCommand(page, 'addGiftCard', GIFT_CARD))._tag).toBe('Right');
      expect((await runCommand(page, 'addToBag', { ...DRIP, quantity: whole ? 2 : 12 }))._tag).toBe('Right');
      await toCheckout(page);
      const requests = orderRequests(page);
      const gift = page.getByRole('group', { name: 'Pay with a gift card' });
      await gift.getByRole('radio', { name: /Gift card \*\*\*\* \*\*\*\* \*\*\*\* 0000/ }).check();
      if (whole) {
        await gift.getByText(/^Your gift card pays the whole order: \$\d+\.\d\d\.$/).waitFor();
        // No card is needed beside it.
        await page.getByRole('heading', { level: 2, name: 'Payment (complete)' }).waitFor();
        await expect.poll(() => reasons(page)).toEqual([]);
      } else {
        await gift.getByText(/^Your gift card pays \$25\.00; your card pays the rest, \$\d+\.\d\d\.$/).waitFor();
        await expect.poll(() => reasons(page)).toEqual(['Choose a card to pay with.']);
        await enterCard(page);
      }
      // The summary says what the gift card pays and what the card is charged, under the Total.
      const paidRows = (scope: string) =>
        page
          .locator(`${scope} .totals-paid`)
          .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
      const summaryTotal = cents((await page.locator('.summary-totals .totals-grand dd').textContent()) ?? '');
      const giftPays = whole ? summaryTotal : 2500;
      await expect
        .poll(() => paidRows('.summary-totals'))
        .toEqual([
          ['Gift card', `-${dollars(giftPays)}`],
          ['Charged to card', dollars(summaryTotal - giftPays)],
        ]);
      await shots(page, whole ? 'checkout-gift-card-whole' : 'checkout-gift-card-part');
      await expectClean(shopper);
      if (whole) {
        // As if the balance had changed since the page read it: the first order states another balance than the API
        // holds. It is refused, said in words, nothing is charged, and the next press goes through.
        await withoutOfflineWorker(page);
        let first = true;
        await page.route('**/api/Order/Place', async (route) => {
          if (!first) return route.continue();
          first = false;
          const body = route.request().postDataJSON() as { giftCard: { balance: number } };
          return route.continue({ postData: JSON.stringify({ ...body, giftCard: { ...body.giftCard, balance: body.giftCard.balance + 100 } }) });
        });
        await placeOrderButton(page).click();
        await page.getByRole('alert').getByText(GIFT_CARD_BALANCE_CHANGED).waitFor();
        expect(page.url()).toMatch(/\/checkout$/);
        expect((await stateOf(page)).orders.history).toEqual([]);
        await expectClean(shopper, REFUSED);
      }
      await placeOrderButton(page).click();
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
      const placed = requests.filter((r) => r.path === '/api/Order/Place').at(-1)!;
      const order = (await stateOf(page)).orders.history[0]!.order!;
      const paid = whole ? order.GrandTotal : 2500;
      expect(placed.body.giftCard).toMatchObject({ amount: paid, balance: 2500 });
      if (whole) expect(placed.body).not.toHaveProperty('card');
      else expect(placed.body.card).toBeDefined();
      expect(order.GiftCardAmount).toBe(paid);
      // The confirmation says the same: what the gift card paid, what the card was charged.
      expect(await paidRows('.confirmation-totals')).toEqual([
        ['Gift card', `-${dollars(paid)}`],
        ['Charged to card', dollars(order.GrandTotal - paid)],
      ]);
      await expect.poll(async () => (await stateOf(page)).account.giftCards[0]?.balance).toBe(2500 - paid);
      // The log knows the gift card by id and last four digits only.
      expect((await pageSessionLog(page)).replace(/\D/g, '')).not.toContain(GIFT_CARD);
      await expectReplayMatches(page);
      await expectClean(shopper, REFUSED);
      await shopper.close();
    });
  }
});

describe('a gift card leaving the card less than it can be charged', () => {
  it('checkout says the card pays the least it can before Place Order; a refusal of a smaller charge is said in words and keeps everything', async () => {
    await cafe.control('reset', { catalog: 'cafe' });
    const shopper = await openAt(cafe, CAFE_OPEN, PHONE);
    const { page } = shopper;
    await signInAsAda(page);
    expect((await runCommand(page, 'addGiftCard', GIFT_CARD))._tag).toBe('Right');
    // 3 drips and 4 croissants: $25.31 with tax, 31 cents more than the gift card's $25.00.
    expect((await runCommand(page, 'addToBag', { ...DRIP, quantity: 3 }))._tag).toBe('Right');
    expect((await runCommand(page, 'addToBag', { itemId: 'croissant', variationId: 'croissant-each', quantity: 4, modifiers: {}, note: '' }))._tag).toBe(
      'Right',
    );
    await toCheckout(page);
    const requests = orderRequests(page);
    const gift = page.getByRole('group', { name: 'Pay with a gift card' });
    const giftCard = gift.getByRole('radio', { name: /Gift card \*\*\*\* \*\*\*\* \*\*\*\* 0000/ });
    await giftCard.check();
    // Before Place Order: the card pays the least it can be charged, and the gift card keeps the difference.
    await gift
      .getByText('Your gift card pays $24.81; your card pays the rest, $0.50, the least a card can be charged. Your gift card keeps the difference.', {
        exact: true,
      })
      .waitFor();
    await enterCard(page);
    await expectClean(shopper);

    // As when the store's total moved after the page priced the bag: the first order asks the gift card for all of
    // its balance, leaving the card 31 cents. The sandbox's card provider refuses so small a charge.
    await withoutOfflineWorker(page);
    let first = true;
    await page.route('**/api/Order/Place', async (route) => {
      if (!first) return route.continue();
      first = false;
      const body = route.request().postDataJSON() as { giftCard: { amount: number } };
      return route.continue({ postData: JSON.stringify({ ...body, giftCard: { ...body.giftCard, amount: 2500 } }) });
    });
    await placeOrderButton(page).click();
    const said = page.getByRole('alert').getByText(giftCardRestTooLow('$0.50'), { exact: true });
    await said.waitFor();
    expect(await page.getByText('The charge amount is below the miniumum for this processor.').count()).toBe(0);
    expect(page.url()).toMatch(/\/checkout$/);
    expect((await stateOf(page)).orders.history).toEqual([]);
    // Everything chosen is kept: the gift card, its split, and the card entered (not asked for again).
    expect(await giftCard.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
    expect(await page.getByRole('form', { name: 'Card Info' }).count()).toBe(0);
    await expectClean(shopper, /status of 400 \(Bad Request\)|VALUE_TOO_LOW/);
    await page.setViewportSize(DESKTOP);
    await said.waitFor();
    await expectClean(shopper, /status of 400 \(Bad Request\)|VALUE_TOO_LOW/);

    // The next press sends the split the page shows, and it goes through.
    await placeOrderButton(page).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    const placed = requests.filter((r) => r.path === '/api/Order/Place');
    expect(placed.map((r) => (r.body.giftCard as { amount: number }).amount)).toEqual([2481, 2481]);
    expect((await stateOf(page)).orders.history[0]?.order).toMatchObject({ GrandTotal: 2531, GiftCardAmount: 2481 });
    await shopper.close();
  });
});
