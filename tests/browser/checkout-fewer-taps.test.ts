// Fewer taps to a placed order, at 390 px and 1280 px, with the spec's blocks and buttons all still there: the item
// panel's 'Add and Checkout', Personal Info saved when the shopper moves on (no 'Continue'), and 'Place Order' using a
// card whose billing address is filled in (no 'Use This Card'), once however often it is pressed. A card the API will
// not register stops the order with the spec's message and keeps what was typed.
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAsAda } from './support/account';
import { enableDebugHook } from './support/debug';
import { expectClean, expectReplayMatches, guestAtCheckout, orderRequests, placeOrderButton, sandboxOrders, shots, stateOf } from './support/checkout';
import { DESKTOP, PHONE, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
const WIDTHS = [PHONE, DESKTOP] as const;
const IDENTITY = 'Sign in or enter your personal info.';
const CARD_NEEDED = 'Choose a card to pay with.';
const CARD_NOT_ADDED = 'There was a problem adding this card. Please try again or try a different card.';

const storefront = useStorefront('cafe');
let shoppers: Shopper[] = [];
afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
});

async function guestWithDrip(viewport: { width: number; height: number }): Promise<Shopper> {
  const shopper = await guestAtCheckout(storefront, { at: OPEN_AT, lines: [DRIP], viewport });
  shoppers.push(shopper);
  return shopper;
}

/** The lines under a waiting Place Order ('To place your order:'). */
const reasons = (page: Page) => page.locator('.checkout-reasons li').allTextContents();

async function typeGuest(page: Page, phone = '2125550143'): Promise<void> {
  const form = page.getByRole('form', { name: 'Personal Info' });
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email Address').fill('ada.guest@example.com');
  await form.getByLabel('Phone Number').fill(phone);
}

/** The card and its billing address typed, and nothing pressed. */
async function typeCardAndBilling(page: Page): Promise<void> {
  const card = page.getByRole('form', { name: 'Card Info' });
  await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await card.getByLabel('Expiration Date').fill('12/30');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postal Code').fill('10014');
  const billing = page.getByRole('form', { name: 'Billing Address' });
  await billing.getByLabel('Address Line 1').fill('12 Bank St');
  await billing.getByLabel('City').fill('New York');
  await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
}

describe("Personal Info without 'Continue'", () => {
  for (const viewport of WIDTHS) {
    it(`is saved when the shopper leaves a valid form, and the form stays where it was, at ${viewport.width} px`, async () => {
      const shopper = await guestWithDrip(viewport);
      const { page } = shopper;
      await typeGuest(page);
      expect((await stateOf(page)).checkout.guest).toBeNull();
      const cardNumber = page.getByRole('form', { name: 'Card Info' }).getByLabel('Card Number');
      const before = await pageY(cardNumber);
      // Moving on to the card leaves the form: the details are saved as 'Continue' saves them.
      await cardNumber.focus();
      await expect
        .poll(async () => (await stateOf(page)).checkout.guest)
        .toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada.guest@example.com', phone: '212-555-0143' });
      // Nothing moved under the shopper: the form is still there as typed, and the card field where it was.
      await page.getByRole('form', { name: 'Personal Info' }).waitFor();
      expect(await page.getByRole('form', { name: 'Personal Info' }).getByLabel('Last Name').inputValue()).toBe('Lovelace');
      expect(await pageY(cardNumber)).toBe(before);
      await expect.poll(() => reasons(page)).not.toContain(IDENTITY);
      // The block shows its check, as after 'Continue'.
      await page.getByRole('heading', { level: 2, name: 'Personal Info (complete)' }).waitFor();
      await expectClean(shopper);
      await screenshot(page, 'checkout-guest-saved-on-leaving');

      // Saved, there is nothing to continue: no 'Continue' under the form (the log says the details were saved on
      // leaving, not confirmed, so the support console shows the form too), until a field changes.
      const saves = async () => (await pageLog(page)).filter((type) => type === 'GuestDetailsSaved').length;
      expect(await saves()).toBe(1);
      expect((await stateOf(page)).checkout.guestConfirmed).toBe(false);
      const personal = page.getByRole('form', { name: 'Personal Info' });
      expect(await personal.getByRole('button', { name: 'Continue' }).count()).toBe(0);
      await personal.getByLabel('Last Name').fill('King');
      await personal.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Change it (personal info)' }).waitFor();
      expect(await saves()).toBe(2);
      expect((await stateOf(page)).checkout.guestConfirmed).toBe(true);
      await expectReplayMatches(page);
    });
  }

  it('takes the saved details back when the shopper leaves the form with a field that no longer passes', async () => {
    const shopper = await guestWithDrip(DESKTOP);
    const { page } = shopper;
    await typeGuest(page);
    const cardNumber = page.getByRole('form', { name: 'Card Info' }).getByLabel('Card Number');
    await cardNumber.focus();
    await expect.poll(async () => (await stateOf(page)).checkout.guest?.email).toBe('ada.guest@example.com');
    const email = page.getByRole('form', { name: 'Personal Info' }).getByLabel('Email Address');
    await email.fill('ada.guest@');
    await cardNumber.focus();
    await page.getByText('Email Address is not valid').waitFor();
    await expect.poll(async () => (await stateOf(page)).checkout.guest).toBeNull();
    await expect.poll(() => reasons(page)).toContain(IDENTITY);
    expect(await page.getByRole('heading', { level: 2, name: 'Personal Info (complete)' }).count()).toBe(0);
    await expectReplayMatches(page);
  });
});

describe("Place Order without 'Use This Card'", () => {
  for (const viewport of WIDTHS) {
    it(`saves the typed details and card, then places one order even when double-clicked, at ${viewport.width} px`, async () => {
      const shopper = await guestWithDrip(viewport);
      const { page } = shopper;
      const requests = orderRequests(page);
      await typeCardAndBilling(page);
      // Personal Info last: the press of Place Order is what leaves it.
      await typeGuest(page);
      // The button does not wait for 'Continue' or 'Use This Card': complete forms count as given.
      await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
      expect(await reasons(page)).toEqual([]);
      expect((await stateOf(page)).checkout.selectedCardKey).toBeNull();
      await expectClean(shopper);
      await shots(page, 'checkout-place-with-typed-card');
      await placeOrderButton(page).dblclick();
      await page.waitForURL(/\/order-confirmation\/[^/]+$/);
      await page.getByText('Order was placed!').waitFor();
      // One order, sent once, with the card typed and its billing address, for the guest typed.
      expect(requests.map((r) => r.path)).toEqual(['/api/Order/GuestPlace']);
      expect(requests[0]!.body).toMatchObject({
        card: { address1: '12 Bank St', city: 'New York', state: 'NY', postalCode: '10014' },
        guest: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada.guest@example.com' },
      });
      expect((await sandboxOrders(storefront)).filter((o) => o.status === 'Complete')).toHaveLength(1);
      const types = await pageLog(page);
      expect(types.filter((type) => type === 'CardAdded')).toHaveLength(1);
      expect(types.filter((type) => type === 'GuestDetailsSaved')).toHaveLength(1);
      await expectReplayMatches(page);
    });
  }

  it('sends nothing while the billing address is incomplete, and a press shows what it still needs', async () => {
    const shopper = await guestWithDrip(PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    await typeGuest(page);
    await typeCardAndBilling(page);
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await page.getByRole('form', { name: 'Billing Address' }).getByLabel('City').fill('');
    await expect.poll(() => reasons(page)).toEqual([CARD_NEEDED]);
    expect(await placeOrderButton(page).getAttribute('aria-disabled')).toBe('true');
    // A tap on the waiting button (as a finger lands on it, aria-disabled or not) sends nothing, and the billing form
    // says what it still needs, with the field to fix focused.
    await placeOrderButton(page).click({ force: true });
    const city = page.getByRole('form', { name: 'Billing Address' }).getByLabel('City');
    await page.getByText('City is required').waitFor();
    await expect.poll(() => city.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(requests).toEqual([]);
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('a card the API will not register', () => {
  for (const viewport of WIDTHS) {
    it(`stops the order with the spec's message and keeps what was typed, at ${viewport.width} px`, async () => {
      await storefront.control('clock', { at: OPEN_AT });
      const shopper = await storefront.newShopper(viewport);
      shoppers.push(shopper);
      const { page } = shopper;
      await enableDebugHook(shopper.context);
      await page.clock.install({ time: new Date(OPEN_AT) });
      await page.goto(storefront.origin);
      await signInAsAda(page);
      await page.goto(`${storefront.origin}/categories/coffee`);
      await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Latte', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Latte' });
      await panel.waitFor();
      await panel.getByRole('group', { name: /^Size/ }).getByRole('radio').first().check();
      await panel.getByRole('button', { name: 'Add and Checkout' }).click();
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      const requests = orderRequests(page);
      await typeCardAndBilling(page);
      const billing = page.getByRole('form', { name: 'Billing Address' });
      expect(await billing.getByRole('checkbox', { name: 'Save this card for next time' }).isChecked()).toBe(true);
      await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();

      await storefront.control('fail', { path: '/api/Card/Create', times: 1, status: 400 });
      await placeOrderButton(page).click();
      await billing.getByRole('alert').getByText(CARD_NOT_ADDED).waitFor();
      // Nothing was sent, and nothing typed was lost: the same form, filled in, ready for another press.
      expect(requests).toEqual([]);
      expect(page.url()).toMatch(/\/checkout$/);
      expect(await billing.getByLabel('Address Line 1').inputValue()).toBe('12 Bank St');
      expect(await billing.getByLabel('City').inputValue()).toBe('New York');
      expect(await billing.getByLabel('State').inputValue()).toBe('NY');
      await expect.poll(() => placeOrderButton(page).textContent()).toBe('Place Order');
      expect(await billing.getByLabel('City').isDisabled()).toBe(false);
      await expectClean(shopper, /^Failed to load resource|^\[Card\/Create\]/);
      await screenshot(page, 'checkout-card-not-registered');

      // The next press registers the card and places the order, once.
      await placeOrderButton(page).click();
      await page.waitForURL(/\/order-confirmation\/[^/]+$/);
      expect(requests.map((r) => r.path)).toEqual(['/api/Order/Place']);
      const saved = (await stateOf(page)).account.savedCards;
      expect(saved.map((c) => c.last4)).toEqual(['1111']);
    });
  }
});

describe("the item panel's 'Add and Checkout'", () => {
  for (const viewport of WIDTHS) {
    it(`adds the item and opens checkout, where a guest can still sign in, at ${viewport.width} px`, async () => {
      await storefront.control('clock', { at: OPEN_AT });
      const shopper = await storefront.newShopper(viewport);
      shoppers.push(shopper);
      const { page } = shopper;
      await enableDebugHook(shopper.context);
      await page.clock.install({ time: new Date(OPEN_AT) });
      await page.goto(`${storefront.origin}/categories/coffee`);
      await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Latte', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Latte' });
      await panel.waitFor();
      const go = panel.getByRole('button', { name: 'Add and Checkout' });
      // It waits for the size, as 'Add to Bag' does, and says so when pressed too soon.
      expect(await go.getAttribute('aria-disabled')).toBe('true');
      await go.click({ force: true });
      // Still the panel, at its own address over the category.
      expect(page.url()).toMatch(/\/categories\/coffee\?item=latte$/);
      await panel.locator('.item-summary.is-tried').waitFor();
      // Both buttons in reach, the same size, side by side.
      const add = (await panel.getByRole('button', { name: 'Add to Bag' }).boundingBox())!;
      const both = (await go.boundingBox())!;
      expect(both.y).toBe(add.y);
      expect(both.height).toBe(add.height);
      // Its words fit on one line inside it.
      expect(await go.evaluate((node) => node.scrollWidth <= node.clientWidth && node.getBoundingClientRect().height < 50)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'checkout-add-and-checkout-panel');

      await panel.getByRole('group', { name: /^Size/ }).getByRole('radio').first().check();
      await go.click();
      await page.waitForURL(/\/checkout$/);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await page.locator('.checkout-summary').getByText('Latte').waitFor();
      expect((await stateOf(page)).bag.lines.map((l) => l.itemId)).toEqual(['latte']);
      // The bag's other way on, for a guest: sign in and come back to checkout.
      const signIn = page.getByRole('form', { name: 'Personal Info' }).getByRole('button', { name: 'Sign In / Register' });
      await expectClean(shopper);
      await screenshot(page, 'checkout-after-add-and-checkout');
      await signIn.click();
      await page.waitForURL(/\/sign-in$/);
      expect(await page.evaluate(() => window.sessionStorage.getItem('countertop.returnUrl'))).toBe('/checkout');
    });
  }
});

/** Where an element sits on the page (not in the window, which scrolls to a focused field). */
const pageY = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);

/** The types of the events in the page's log, in order. */
async function pageLog(page: Page): Promise<string[]> {
  const log = await page.evaluate(() =>
    (window as unknown as { countertop: { sessionLog: (redact?: boolean) => Promise<string> } }).countertop.sessionLog(false),
  );
  return log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { type?: string }).type ?? '');
}
