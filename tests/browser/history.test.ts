// Back, reload and addresses (issue 34): the item panel, the tip dialog and the account menu take a history entry,
// so Back closes them and their own close takes it back; an open item has an address that a reload or a shared link
// opens again, with the choices made; checkout keeps what was typed across a reload (never the card); an order in
// doubt after a reload is asked about before the card is; Back from the confirmation lands home; and after every
// route change focus is on the new page's heading, its title announced.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../src/api/tokenStore';
import { apiSignedIn } from './support/account';
import { expectClean, guestAtCheckout, placeOrderButton, sandboxOrders, stateOf } from './support/checkout';
import { serveMenuLayout } from './support/menuLayout';
import { enableDebugHook } from './support/debug';
import { DESKTOP, PHONE, screenshot, useStorefront, type Shopper } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
/** A phone's width, as the issue walked it. */
const CROISSANTS = { itemId: 'croissant', variationId: 'croissant-each', quantity: 2, modifiers: {}, note: '' };

const storefront = useStorefront('cafe');

async function openShopper(viewport: { width: number; height: number }, prepare?: (shopper: Shopper) => Promise<unknown>): Promise<Shopper> {
  await storefront.control('clock', { at: OPEN_AT });
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await prepare?.(shopper);
  await shopper.page.clock.install({ time: new Date(OPEN_AT) });
  return shopper;
}

/** The focused element, as a screen reader would name it: its tag and text. */
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));

/** After a route change: the new page's h1 has focus and its title was announced. */
async function expectPageFocus(page: Page, heading: string, title: string): Promise<void> {
  await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: heading });
  await expect.poll(() => page.getByTestId('announcer').textContent()).toBe(title);
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const latte = (page: Page) => page.getByRole('dialog', { name: 'Latte' });

async function openLatte(page: Page): Promise<void> {
  await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Latte', exact: true }).click();
  await latte(page).waitFor();
  await expect.poll(() => pathOf(page)).toBe('/categories/coffee?item=latte');
}

/** The panel's choices as the shopper sees them. */
const choices = async (page: Page) => {
  const panel = latte(page);
  return {
    size: await panel.getByRole('radio', { name: /Medium/ }).isChecked(),
    oat: await panel.getByRole('radio', { name: /Oat milk/ }).isChecked(),
    iced: await panel.getByRole('radio', { name: /Iced/ }).isChecked(),
    quantity: await panel.locator('.quantity-value').textContent(),
    note: await panel.getByLabel(/Notes/).inputValue(),
  };
};

describe('Back, reload and addresses', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`the item panel at ${viewport.width} px: Back closes it, its address opens it again with its choices, its own close takes its entry back, focus follows each page`, async () => {
      // The category pages (a phone lists the whole menu on its home page unless the business asks for pages).
      const shopper = await openShopper(viewport, ({ page: p }) => serveMenuLayout(p, 'pages'));
      const { page } = shopper;
      await page.goto(storefront.origin);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The first load leaves focus where the browser puts it.
      expect((await focused(page)).tag).toBe('BODY');

      await page
        .locator('.home-carousel')
        .getByRole('link', { name: /Coffee/ })
        .click();
      await expectPageFocus(page, 'Coffee', 'Coffee - Order Online');

      // Opened, the item has an address of its own; the choices made in it survive a reload of that address.
      await openLatte(page);
      const panel = latte(page);
      await panel.getByRole('radio', { name: /Medium/ }).check();
      await panel.getByRole('radio', { name: /Oat milk/ }).check();
      await panel.getByRole('radio', { name: /Iced/ }).check();
      await panel.getByRole('button', { name: 'Increase quantity of Latte' }).click();
      await panel.getByLabel(/Notes/).fill('half sweet');
      const chosen = await choices(page);
      expect(chosen).toEqual({ size: true, oat: true, iced: true, quantity: '2', note: 'half sweet' });
      const cost = await panel.getByTestId('estimated-cost').textContent();
      await expectClean(shopper);
      await screenshot(page, 'history-item-panel');
      await page.reload();
      await latte(page).waitFor();
      expect(pathOf(page)).toBe('/categories/coffee?item=latte');
      expect(await choices(page)).toEqual(chosen);
      expect(await latte(page).getByTestId('estimated-cost').textContent()).toBe(cost);

      // Back closes the panel and leaves the page beneath where it was.
      await page.goBack();
      await latte(page).waitFor({ state: 'hidden' });
      expect(pathOf(page)).toBe('/categories/coffee');
      await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();

      // Closed, its choices are forgotten; closed by its own button, its entry is taken back, so Back then leaves the
      // page as it would have (home, with its heading focused).
      await openLatte(page);
      expect(await choices(page)).toEqual({ size: false, oat: false, iced: false, quantity: '1', note: '' });
      await latte(page).getByRole('button', { name: 'Close' }).click();
      await latte(page).waitFor({ state: 'hidden' });
      await expect.poll(() => pathOf(page)).toBe('/categories/coffee');
      await page.goBack();
      await expect.poll(() => pathOf(page)).toBe('/');
      const headline = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      await expectPageFocus(page, headline, 'Order Online');

      // A shared link opens the item afresh in a tab of its own; closing it leaves the category's own address.
      const shared = await shopper.newTab();
      await shared.goto(`${storefront.origin}/categories/coffee?item=latte`);
      await latte(shared).waitFor();
      expect(await choices(shared)).toMatchObject({ size: false, oat: false, note: '' });
      await shared.keyboard.press('Escape');
      await latte(shared).waitFor({ state: 'hidden' });
      await expect.poll(() => pathOf(shared)).toBe('/categories/coffee');
      // An address naming an item this menu does not have opens nothing and is put right.
      await shared.goto(`${storefront.origin}/categories/coffee?item=no-such-item`);
      await expect.poll(() => pathOf(shared)).toBe('/categories/coffee');
      expect(await shared.getByRole('dialog').count()).toBe(0);
      await expectClean(shopper);
      await shopper.close();
    });
  }

  it('checkout at 390 px: Back closes the tip dialog, a reload closes it and keeps what was typed but the card, an order in doubt is confirmed first, and Back from its confirmation lands home', async () => {
    await storefront.control('clock', { at: OPEN_AT });
    const shopper = await guestAtCheckout(storefront, { at: OPEN_AT, lines: [CROISSANTS], viewport: PHONE, throughBag: true });
    const { page } = shopper;
    await expectPageFocus(page, 'Checkout', 'Checkout - Order Online');
    await page.getByRole('radio', { name: /Pickup/ }).check();

    // Partly typed Personal Info, and a card with its billing street typed but not yet used.
    const guest = page.getByRole('form', { name: 'Personal Info' });
    await guest.getByLabel('First Name').fill('Ada');
    await guest.getByLabel('Email Address').fill('ada.guest@exam');
    const card = page.getByRole('form', { name: 'Card Info' });
    await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await card.getByLabel('Expiration Date').fill('12/30');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Postal Code').fill('10014');
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await billing.getByLabel('Address Line 1').fill('12 Bank St');

    // The tip dialog: Back closes it and stays on checkout, with nothing typed lost.
    const tipButton = page.getByRole('button', { name: /Add A Tip|Change Tip/ });
    const tip = page.getByRole('dialog', { name: 'Add A Tip' });
    await tipButton.click();
    await tip.waitFor();
    await expectClean(shopper);
    await screenshot(page, 'history-tip-dialog');
    await page.goBack();
    await tip.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/checkout');
    expect(await guest.getByLabel('First Name').inputValue()).toBe('Ada');
    // Closed by a choice, it takes its entry back: the next Back leaves checkout for the bag.
    await tipButton.click();
    await tip.getByRole('button', { name: /^15%/ }).click();
    await tip.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await stateOf(page)).bag.tip.percent).toBe(15);
    await page.goBack();
    await expectPageFocus(page, 'Bag', 'Bag - Order Online');
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await guest.getByLabel('First Name').inputValue()).toBe('Ada');

    // A reload, with the tip dialog open, keeps the partly typed Personal Info and the billing street, never the
    // card's own fields; the dialog is not open again (its entry is kept, the page starts afresh), the tip stays.
    await tipButton.click();
    await tip.waitFor();
    await page.reload();
    await guest.getByLabel('First Name').waitFor();
    expect(await guest.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await guest.getByLabel('Email Address').inputValue()).toBe('ada.guest@exam');
    expect(await card.getByLabel('Card Number').inputValue()).toBe('');
    expect(await card.getByLabel('CVV').inputValue()).toBe('');
    await page.setViewportSize(DESKTOP);
    await page.locator('.checkout-summary').getByText('Tip (15%)').waitFor();
    await tipButton.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(pathOf(page)).toBe('/checkout');
    await expectClean(shopper);
    await page.setViewportSize(PHONE);
    // Opened again after the reload, it is still closed by Back, on checkout, with what was typed.
    await tipButton.click();
    await tip.waitFor();
    await page.goBack();
    await tip.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/checkout');
    expect(await guest.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const kept = await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)));
    expect(kept).toContain('12 Bank St');
    for (const secret of ['4111', '12/30', '"123"', 'cvv', 'number']) expect(kept).not.toContain(secret);
    await card.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await card.getByLabel('Expiration Date').fill('12/30');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Postal Code').fill('10014');
    expect(await billing.getByLabel('Address Line 1').inputValue()).toBe('12 Bank St');
    await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
    if ((await billing.getByLabel('City').inputValue()) === '') await billing.getByLabel('City').fill('New York');
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
    await guest.getByLabel('Last Name').fill('Lovelace');
    await guest.getByLabel('Email Address').fill('ada.guest@example.com');
    await guest.getByLabel('Phone Number').fill('2125550143');
    await guest.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Change it (personal info)' }).waitFor();
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();

    // A reload while the order is in flight: the order it made is asked about first, and its confirmation shown.
    await storefront.control('latency', { ms: 1500 });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/Order/GuestPlace'));
    await placeOrderButton(page).click();
    await sent;
    await page.reload();
    await page.waitForURL(/\/order-confirmation\//, { timeout: 20_000 });
    await storefront.control('latency', { ms: 0 });
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    expect(await page.getByRole('form', { name: 'Card Info' }).count()).toBe(0);
    const orders = (await sandboxOrders(storefront)).filter((o) => o.status === 'Complete');
    expect(orders).toHaveLength(1);
    // The order placed, nothing typed for it is kept.
    expect(await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)))).not.toContain('Ada');

    // Back from the confirmation lands home, never on an empty checkout; Forward is the order's page again.
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(await page.getByText('Your bag is currently empty.').count()).toBe(0);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await expectClean(shopper);
    await shopper.close();
  });

  it("a signed-in shopper at 390 px: Back closes the account menu, its pages take its entry, 'Add and Checkout' takes the panel's, and Back from a placed order's confirmation lands home", async () => {
    const api = await apiSignedIn(storefront.origin);
    const tokenized = (await storefront.control('payments/tokenize', {
      cardNumber: '4111 1111 1111 1111',
      expMonth: 12,
      expYear: 2030,
      cvv: '123',
      postalCode: '10014',
    })) as {
      token: string;
    };
    const saved = await api.cards.createCard({
      nonce: tokenized.token,
      address1: '1 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10014',
      country: 'US',
    });
    expect(saved._tag).toBe('Right');
    const tokens = JSON.stringify(api.http.tokens.get());
    const shopper = await openShopper(PHONE, (s) =>
      s.context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, tokens] as const),
    );
    const { page } = shopper;
    await page.goto(`${storefront.origin}/categories/coffee`);
    await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();

    // The account menu: Back closes it and stays on the page.
    const menuButton = page.getByRole('button', { name: 'My Account' });
    const menu = page.getByRole('navigation', { name: 'My Account' });
    await menuButton.click();
    await menu.waitFor();
    await expectClean(shopper);
    await screenshot(page, 'history-account-menu');
    // A reload starts the page afresh: the entry still carries the menu's mark, but the menu stays closed.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();
    await menuButton.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.count()).toBe(0);
    await menuButton.click();
    await menu.waitFor();
    await page.goBack();
    await menu.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/categories/coffee');
    expect(await menu.count()).toBe(0);
    // A page chosen in it takes its entry: Back from that page is the category, with the menu closed.
    await menuButton.click();
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expectPageFocus(page, 'My Orders', 'My Orders - Order Online');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/categories/coffee');
    expect(await menu.count()).toBe(0);
    // A header link pressed with the menu open takes its entry too: Back is the category, the menu closed.
    await menuButton.click();
    await menu.waitFor();
    await page.getByRole('link', { name: /^Bag, / }).click();
    await expectPageFocus(page, 'Bag', 'Bag - Order Online');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/categories/coffee');
    await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();
    expect(await menu.count()).toBe(0);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // 'Add and Checkout': checkout takes the panel's entry, so Back from it is the category with the panel closed.
    await openLatte(page);
    await latte(page).getByRole('radio', { name: /Small/ }).check();
    await latte(page).getByRole('button', { name: 'Add and Checkout' }).click();
    await expectPageFocus(page, 'Checkout', 'Checkout - Order Online');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/categories/coffee');
    expect(await latte(page).count()).toBe(0);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('group', { name: 'Your card' }).getByText('************1111').waitFor();
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await expectPageFocus(page, 'Thank you for your order!', 'Order Confirmed - Order Online');

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(await page.getByRole('heading', { level: 1, name: 'Checkout' }).count()).toBe(0);
    await expectClean(shopper);
    await shopper.close();
  });
});
