// The shortest guest pickup order at the pizza chain, on a phone, counted as a shopper spends it: every tap and every
// field typed. From landing (the location chooser) to the confirmation, with one customised item (a 12" Margherita
// with a topping), the business in scroll mode (config.json's MenuLayout): the item is on the home page. The count is
// the finish's figure to watch: this test fails when a change adds a step.
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { guestAtCheckout } from './support/checkout';
import { serveMenuLayout } from './support/menuLayout';
import { PHONE, useStorefront } from './support/storefront';

/** Wednesday 2 December 2026, 12:00 in Chicago: Wicker Park is open. */
const NOON_CHICAGO = '2026-12-02T18:00:00.000Z';
/**
 * What the path takes today, with the business in scroll mode: five taps to choose the place and the item with its
 * size and topping and to add it and check out (the item's card is on the home page: scrolling to it is not a tap),
 * four Personal Info fields, four card fields, Address Line 1 (the state and the city come from the postal code; the
 * street from nothing the shopper gave) and Place Order. In page mode (the default) the category's card is one tap
 * more: 16 (21 before 'Add and Checkout' and before Personal Info and the card were saved by what came next, 17
 * before the billing city came from the postal code).
 */
const TAPS_TODAY = 15;
/** The USPS city names: a chunk of their own, fetched once the billing form is up. */
const CITIES_CHUNK = /\/assets\/zipCities-[^/]+\.js$/;

const storefront = useStorefront('pizza-chain');

class Counter {
  taps = 0;
  fields = 0;
  readonly steps: string[] = [];
  async tap(locator: Locator, what: string): Promise<void> {
    await locator.click();
    this.taps++;
    this.steps.push(`tap ${what}`);
  }
  async field(locator: Locator, value: string, what: string): Promise<void> {
    await locator.fill(value);
    this.fields++;
    this.steps.push(`type ${what}`);
  }
  get total(): number {
    return this.taps + this.fields;
  }
}

async function landOnTheChooser(): Promise<Page> {
  // The sandbox and the page read the same moment.
  await storefront.control('clock', { at: NOON_CHICAGO });
  const shopper = await storefront.newShopper(PHONE);
  await shopper.page.clock.install({ time: new Date(NOON_CHICAGO) });
  await serveMenuLayout(shopper.page, 'scroll');
  await shopper.page.goto(storefront.origin);
  await shopper.page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
  return shopper.page;
}

/** Whether the page has asked for the city names yet. */
function watchCities(page: Page): () => boolean {
  let asked = false;
  page.on('request', (request) => {
    if (CITIES_CHUNK.test(request.url())) asked = true;
  });
  return () => asked;
}

describe('the shortest guest pickup order, counted', () => {
  it(`takes at most ${TAPS_TODAY} taps and fields from landing to the confirmation`, async () => {
    const page = await landOnTheChooser();
    const citiesAsked = watchCities(page);
    const count = new Counter();
    const chooser = page.getByRole('dialog', { name: 'Choose a location' });
    await count.tap(chooser.getByRole('article', { name: 'Slice Brothers - Wicker Park' }).getByRole('button', { name: 'Select Location' }), 'the location');
    await chooser.waitFor({ state: 'hidden' });
    // Scroll mode: the Margherita's card is on the home page, under Whole Pies; no category to tap.
    await count.tap(
      page.locator('section#categorypizzas').getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Margherita', exact: true }),
      'the item',
    );
    const panel = page.getByRole('dialog', { name: 'Margherita' });
    await count.tap(panel.getByRole('radio', { name: /^12"/ }), 'the size');
    await count.tap(panel.getByRole('checkbox').first(), 'a topping');
    // One tap adds the item and goes to checkout: no bag link, no 'Checkout as Guest'.
    await count.tap(panel.getByRole('button', { name: 'Add and Checkout' }), 'Add and Checkout');
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    // Pickup comes preselected.
    expect(await page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);

    const guest = page.getByRole('form', { name: 'Personal Info' });
    await count.field(guest.getByLabel('First Name'), 'Ada', 'first name');
    await count.field(guest.getByLabel('Last Name'), 'Lovelace', 'last name');
    await count.field(guest.getByLabel('Email Address'), 'ada.guest@example.com', 'email');
    await count.field(guest.getByLabel('Phone Number'), '3125550143', 'phone');
    // No 'Continue': the details are saved as the shopper moves on to the card.
    const card = page.getByRole('form', { name: 'Card Info' });
    await count.field(card.getByLabel('Card Number'), '4111 1111 1111 1111', 'card number');
    await count.field(card.getByLabel('Expiration Date'), '12/30', 'expiry');
    await count.field(card.getByLabel('CVV'), '123', 'CVV');
    // Neither the chooser (which loads the ZIP table) nor the menu brought the city names.
    expect(citiesAsked()).toBe(false);
    // The postal code's example is Wicker Park's own ZIP code.
    expect(await card.getByLabel('Postal Code').getAttribute('placeholder')).toBe('60622');
    // The complete card goes on by itself: the billing address follows without a tap.
    await count.field(card.getByLabel('Postal Code'), '60622', 'postal code');
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await count.field(billing.getByLabel('Address Line 1'), '1500 N Milwaukee Ave', 'address');
    // The state and the city come from the postal code.
    await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('IL');
    await expect.poll(() => billing.getByLabel('City').inputValue()).toBe('Chicago');
    expect(citiesAsked()).toBe(true);

    // No 'Use This Card': Place Order uses the card, then places the order. The pickup time comes preselected
    // (ASAP while open).
    await count.tap(page.getByRole('button', { name: /Place Order/ }), 'Place Order');
    await page.waitForURL(/\/order-confirmation\//);
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();

    console.log(`guest pickup order: ${count.total} (${count.taps} taps, ${count.fields} fields):\n  ${count.steps.join('\n  ')}`);
    expect(count.total).toBeLessThanOrEqual(TAPS_TODAY);
  });
});

describe('the billing City prefilled from the postal code', () => {
  const SLICES = { itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' };

  /**
   * A guest at the Chicago checkout who has typed a card with postal code 60622, with the city names held: `names`
   * lets them in and resolves once the page's own import of them has run (the same module) and the form has had two
   * frames to show what it did with them.
   */
  async function cardTypedWithNamesHeld() {
    let held: (route: Route) => void = () => undefined;
    const asked = new Promise<Route>((resolve) => (held = resolve));
    const shopper = await guestAtCheckout(storefront, {
      at: NOON_CHICAGO,
      locationId: 'chain-chicago',
      lines: [SLICES],
      viewport: PHONE,
      prepare: async (page) => {
        await page.route(CITIES_CHUNK, (route) => held(route));
      },
    });
    const { page } = shopper;
    const card = page.getByRole('form', { name: 'Card Info' });
    await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await card.getByLabel('Expiration Date').fill('12/30');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Postal Code').fill('60622');
    const route = await asked;
    const names = async () => {
      const chunk = route.request().url();
      await route.continue();
      // (A string, so the test runner leaves the page's import() alone.)
      await page.evaluate(`import(${JSON.stringify(chunk)}).then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))`);
    };
    return { shopper, page, billing: page.getByRole('form', { name: 'Billing Address' }), names };
  }

  it('keeps a city the shopper typed before the names arrived', async () => {
    const { shopper, billing, names } = await cardTypedWithNamesHeld();
    await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('IL');
    await billing.getByLabel('City').fill('Evanston');
    await names();
    expect(await billing.getByLabel('City').inputValue()).toBe('Evanston');
    expect(await billing.getByLabel('State').inputValue()).toBe('IL');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('leaves the City alone while the caret is in it, so what the shopper types does not run into a name', async () => {
    const { shopper, page, billing, names } = await cardTypedWithNamesHeld();
    // The shopper is in the empty City box when the names arrive.
    await billing.getByLabel('City').focus();
    await names();
    expect(await billing.getByLabel('City').inputValue()).toBe('');
    await page.keyboard.type('Chicago');
    expect(await billing.getByLabel('City').inputValue()).toBe('Chicago');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});
