// A new card at checkout (account-and-session.md sections 4 and 7, ordering.md section 4): the cardholder's name in
// 'Card Info' goes to Card/Create; a card the shopper keeps is pending while the account saves it, then confirmed
// under 'Yay!' and made the default and selected card; the name never reaches the log. And a business that uses its
// card provider's card-capture page: 'Card Info' shows that page, its address filled with the client id, the
// location, the language and the country, and the card it hands back is paid with. At 390 and 1280 px, with axe.
import { afterEach, describe, expect, it } from 'vitest';
import { signInAsAda } from './support/account';
import { expectClean, expectReplayMatches, fillGuest, guestAtCheckout, placeOrderButton, shots, stateOf } from './support/checkout';
import { enableDebugHook, pageSessionLog, runCommand } from './support/debug';
import { DESKTOP, hostConfig, PHONE, releaseHeld, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe');
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
const WIDTHS = [PHONE, DESKTOP] as const;
const SAVED = 'Your Visa ending in 1111 is saved to your account and is now your default card.';

let shoppers: Shopper[] = [];
afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
  await storefront.control('release', {});
  await storefront.control('clock', { at: null });
});

describe('a card the shopper keeps', () => {
  for (const viewport of WIDTHS) {
    it(`is pending while it is saved with the cardholder's name, then 'Yay!' says it is the default card, at ${viewport.width} px`, async () => {
      await storefront.control('clock', { at: OPEN_AT });
      const shopper = await storefront.newShopper(viewport);
      shoppers.push(shopper);
      const { page } = shopper;
      await enableDebugHook(shopper.context);
      await page.clock.install({ time: new Date(OPEN_AT) });
      await page.goto(storefront.origin);
      await signInAsAda(page);
      expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
      await page.goto(`${storefront.origin}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      // Our choice where the spec says 'Order Online' for every page: a title that says the page (WCAG 2.4.2).
      expect(await page.title()).toBe('Checkout - Order Online');

      const card = page.getByRole('form', { name: 'Card Info' });
      const name = card.getByLabel('Name on Card (optional)');
      expect(await name.getAttribute('autocomplete')).toBe('cc-name');
      await name.fill('Augusta Ada King');
      await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
      await card.getByLabel('Expiration Date').fill('12/30');
      await card.getByLabel('CVV').fill('123');
      await card.getByLabel('Postal Code').fill('10014');
      const billing = page.getByRole('form', { name: 'Billing Address' });
      await billing.getByLabel('Address Line 1').fill('12 Bank St');
      await billing.getByLabel('City').fill('New York');
      await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
      expect(await billing.getByRole('checkbox', { name: 'Save this card for next time' }).isChecked()).toBe(true);

      // Card/Create waits: the card is pending, said on its line, and the form holds still.
      await storefront.control('hold', { path: '/api/Card/Create' });
      const created = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Card/Create');
      await billing.getByRole('button', { name: 'Use This Card' }).click();
      await billing.getByRole('status').filter({ hasText: 'Saving your card…' }).waitFor();
      expect(await billing.getByLabel('Address Line 1').isDisabled()).toBe(true);
      await shots(page, 'card-saving-pending');
      await expectClean(shopper);
      // The spec's Create call: the nonce, the cardholder's name and the billing address.
      expect((await created).postDataJSON()).toMatchObject({
        nonce: expect.stringMatching(/^cnon:/),
        name: 'Augusta Ada King',
        address1: '12 Bank St',
        city: 'New York',
        state: 'NY',
        postalCode: '10014',
        country: 'US',
      });
      await releaseHeld(storefront, '/api/Card/Create');

      const confirmation = page.getByRole('dialog', { name: 'Yay! Card saved' });
      await confirmation.getByRole('heading', { name: 'Yay!' }).waitFor();
      await confirmation.getByText(SAVED).waitFor();
      const state = await stateOf(page);
      const saved = state.account.savedCards.find((c) => c.last4 === '1111')!;
      expect(saved).toMatchObject({ brand: expect.stringMatching(/visa/i), saved: true });
      // Kept: it joins the saved list and becomes the default and the selected card.
      expect(state.account.defaultCardKey).toBe(saved.key);
      expect(state.checkout.selectedCardKey).toBe(saved.key);
      await shots(page, 'card-saving-confirmed');
      await expectClean(shopper);
      await confirmation.getByRole('button', { name: 'Done' }).click();
      await confirmation.waitFor({ state: 'hidden' });
      await page.getByRole('group', { name: 'Your card' }).getByText('Visa ending in 1111', { exact: false }).waitFor();

      // The log keeps the confirmation (for support) and never the cardholder's name.
      const log = await pageSessionLog(page);
      expect(log).toContain(`"dialog":"savedCard","target":"${saved.key}"`);
      expect(log).not.toContain('Augusta');
      await expectReplayMatches(page);

      // The card pays for the order.
      await page.getByRole('radio', { name: /Pickup/ }).check();
      await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
      await placeOrderButton(page).click();
      await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    });
  }

  it('a card used once is not saved, and nothing confirms it', async () => {
    await storefront.control('clock', { at: OPEN_AT });
    const shopper = await storefront.newShopper(DESKTOP);
    shoppers.push(shopper);
    const { page } = shopper;
    await enableDebugHook(shopper.context);
    await page.clock.install({ time: new Date(OPEN_AT) });
    await page.goto(storefront.origin);
    await signInAsAda(page);
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
    await page.goto(`${storefront.origin}/checkout`);
    const card = page.getByRole('form', { name: 'Card Info' });
    await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await card.getByLabel('Expiration Date').fill('12/30');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Postal Code').fill('10014');
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await billing.getByLabel('Address Line 1').fill('12 Bank St');
    await billing.getByLabel('City').fill('New York');
    await billing.getByRole('checkbox', { name: 'Save this card for next time' }).uncheck();
    const creates: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/Card/Create') creates.push(r.url());
    });
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
    expect(await page.getByRole('dialog', { name: /Card saved/ }).count()).toBe(0);
    expect(creates).toEqual([]);
    expect((await stateOf(page)).account.savedCards).toEqual([]);
    await expectClean(shopper);
  });
});

describe("a business's card-capture page", () => {
  for (const viewport of WIDTHS) {
    it(`is 'Card Info', at the address the configuration builds, and the card it hands back pays, at ${viewport.width} px`, async () => {
      const shopper = await guestAtCheckout(storefront, {
        at: OPEN_AT,
        lines: [DRIP],
        viewport,
        prepare: () =>
          hostConfig(storefront, {
            CardCaptureUrl: '/__sandbox/payments/capture?clientId={clientId}&locationId={locationId}&language={language}&country={country}',
          }),
      });
      shoppers.push(shopper);
      const { page } = shopper;
      await page.getByRole('radio', { name: /Pickup/ }).check();
      await fillGuest(page);
      const info = page.getByRole('region', { name: 'Card Info' });
      const frame = info.locator('iframe');
      expect(await frame.getAttribute('src')).toBe(
        `${storefront.origin}/__sandbox/payments/capture?clientId=countertop-sandbox&locationId=cafe-hudson&language=en-US&country=US`,
      );
      expect(await frame.getAttribute('title')).toBe("Card details, on our payment provider's page");
      // The storefront's own card fields are not there: the provider's page has them.
      expect(await page.getByRole('form', { name: 'Card Info' }).count()).toBe(0);
      const capture = page.frameLocator('iframe.checkout-card-capture');
      await capture.getByText('Paying Bluebird Coffee - Hudson St (US)').waitFor();
      await shots(page, 'card-capture-page');
      await expectClean(shopper);
      await capture.getByLabel('Card Number').fill('4111 1111 1111 1111');
      await capture.getByLabel('Expiration Date').fill('12/30');
      await capture.getByLabel('CVV').fill('123');
      await capture.getByLabel('Postal Code').fill('10014');
      await capture.getByRole('button', { name: 'Continue' }).click();

      const billing = page.getByRole('form', { name: 'Billing Address' });
      await billing.getByText('Visa ending in 1111', { exact: false }).waitFor();
      await billing.getByLabel('Address Line 1').fill('12 Bank St');
      await billing.getByLabel('City').fill('New York');
      await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
      await billing.getByRole('button', { name: 'Use This Card' }).click();
      await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
      await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
      await placeOrderButton(page).click();
      await page.waitForURL(/\/order-confirmation\/[^/]+$/);
      await expectClean(shopper);
    });
  }

  it('takes a card only from its own frame: a message from the page itself is ignored', async () => {
    const shopper = await guestAtCheckout(storefront, {
      at: OPEN_AT,
      lines: [DRIP],
      prepare: () => hostConfig(storefront, { CardCaptureUrl: '/__sandbox/payments/capture?locationId={locationId}' }),
    });
    shoppers.push(shopper);
    const { page } = shopper;
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await fillGuest(page);
    await page.getByRole('region', { name: 'Card Info' }).locator('iframe').waitFor();
    // Posted by the storefront's own window, not the provider's frame: the page's listener (added first) has seen it by
    // the time this one does, and two frames later anything it did would be on screen.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('message', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
          const card = { token: 'cnon:forged', brand: 'VISA', last4: '1111', expMonth: 12, expYear: 2030, postalCode: '10014' };
          window.postMessage({ type: 'countertop:card-captured', card }, window.location.origin);
        }),
    );
    expect(await page.getByRole('form', { name: 'Billing Address' }).count()).toBe(0);
  });
});
