// Screen states of the account and the shell that only a particular business or moment shows (account-and-session.md
// sections 2, 3 and 4): a business without loyalty (no My Rewards, and its address leads to the account page); a
// coupon's expiry, and an expired coupon that cannot be redeemed; the default words for points when the API names
// none; a saved location the catalog no longer lists; the centred spinner until start-up is over; and each
// navigation starting at the top of the page. At 390 and 1280 px, with axe-core.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { State } from '../../src/events/state';
import { expectClean, shots, stateOf, visit } from './support/checkout';
import { enableDebugHook } from './support/debug';
import { DESKTOP, PHONE, useStorefront, type Shopper } from './support/storefront';
import { lastCode } from './support/account';

const storefront = useStorefront('cafe');
const WIDTHS = [PHONE, DESKTOP] as const;

let shoppers: Shopper[] = [];
afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
  await storefront.control('release', {});
  await storefront.control('clock', { at: null });
});

async function newShopper(viewport: { width: number; height: number }, at?: string): Promise<Shopper> {
  const shopper = await storefront.newShopper(viewport);
  shoppers.push(shopper);
  await enableDebugHook(shopper.context);
  if (at) await shopper.page.clock.install({ time: new Date(at) });
  return shopper;
}

/** Signs in from the header's My Account: with a password, or (codes) with the code the sandbox sent. */
async function signIn(page: Page, username: string, secret: { readonly password: string } | { readonly codeTo: string }): Promise<void> {
  await page.getByRole('link', { name: 'My Account' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel(/Email Address|Phone Number/).fill(username);
  if ('password' in secret) {
    await form.getByLabel('Password').fill(secret.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  } else {
    await form.getByRole('button', { name: 'Send Code' }).click();
    const step = page.getByRole('form', { name: 'Enter your code' });
    await step.waitFor();
    const code = await lastCode(storefront, secret.codeTo);
    await step.getByLabel('Code').fill(code);
  }
  await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
}

describe('a business without loyalty', () => {
  for (const viewport of WIDTHS) {
    it(`offers no My Rewards, and its address leads to the account page, while coupons stay, at ${viewport.width} px`, async () => {
      await storefront.control('reset', { catalog: 'retail' });
      const { page, ...rest } = await newShopper(viewport);
      await page.goto(storefront.origin);
      await signIn(page, 'june@example.com', { codeTo: 'june@example.com' });
      expect(((await stateOf(page)) as State).account.loyalty.available).toBe(false);
      await page.getByRole('button', { name: 'My Account' }).click();
      const menu = page.getByRole('navigation', { name: 'My Account' });
      await menu.getByRole('link', { name: 'My Coupons' }).waitFor();
      expect(await menu.getByRole('link', { name: 'My Rewards' }).count()).toBe(0);
      await shots(page, 'account-no-loyalty-menu');
      await menu.getByRole('link', { name: 'My Coupons' }).click();
      await page.getByRole('button', { name: 'Redeem Notebook Club' }).waitFor();
      await visit(page, '/my-rewards');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/my-account');
      await expectClean({ page, ...rest });
    });
  }
});

describe("a coupon's expiry", () => {
  for (const viewport of WIDTHS) {
    it(`is shown until it passes; a coupon that expires while its page is open is then marked Expired and cannot be redeemed, at ${viewport.width} px`, async () => {
      // Two minutes before the cafe's coupons end (with 2027), on the page and at the API alike.
      const at = '2027-12-31T23:58:00.000Z';
      await storefront.control('clock', { at });
      const shopper = await newShopper(viewport, at);
      const { page } = shopper;
      await page.goto(storefront.origin);
      await signIn(page, 'ada@example.com', { password: 'countertop' });
      await visit(page, '/my-coupons');
      const welcome = page.getByRole('listitem').filter({ hasText: 'Welcome' });
      // On the location's clock (New York): 23:59:59 UTC is 6:59 PM there, on Dec 31; the day is said, not the minute.
      await welcome.getByText('Expires Dec 31', { exact: true }).waitFor();
      await welcome.getByRole('button', { name: 'Redeem Welcome' }).waitFor();
      await expectClean(shopper);

      // The page stays open past the end: the clock's next tick marks it.
      await page.clock.fastForward(150_000);
      await welcome.getByText('Expired', { exact: true }).waitFor();
      expect(await welcome.getByRole('button', { name: /Redeem/ }).count()).toBe(0);
      expect(await welcome.getByText(/^Expires/).count()).toBe(0);
      await shots(page, 'my-coupons-expired');
      // Moving the page's clock on also tells the live inventory connection it heard nothing for that long.
      await expectClean(shopper, /InventoryHub\/Reconnecting/);
    });
  }
});

describe('points without their own name', () => {
  it("are 'Points' when the API names none (the spec's default terminology)", async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await newShopper(DESKTOP);
    const { page } = shopper;
    // This business calls them slices; an API that leaves the name out gets the default.
    await page.route(/\/api\/Loyalty\/Status$/, async (route) => {
      const response = await route.fetch();
      const { Terminology: _named, ...status } = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: status });
    });
    await page.goto(storefront.origin);
    await page
      .getByRole('dialog', { name: 'Choose a location' })
      .getByRole('article', { name: 'Slice Brothers - Brooklyn' })
      .getByRole('button', { name: 'Select Location' })
      .click();
    await signIn(page, '7185550123', { codeTo: '(718) 555-0123' });
    await visit(page, '/my-rewards');
    await page.getByText('Your balance:').waitFor();
    await page.getByText('150 Points').first().waitFor();
    expect(
      await page
        .locator('#main')
        .getByText(/\b\d+ Slices?\b/)
        .count(),
    ).toBe(0);
    expect(((await stateOf(page)) as State).account.loyalty.terminology).toEqual({ one: 'Point', other: 'Points' });
    await expectClean(shopper);
  });
});

describe('the shell', () => {
  for (const viewport of WIDTHS) {
    it(`shows a centred spinner until start-up is over, forgets a saved location the catalog no longer lists, and starts each page at its top, at ${viewport.width} px`, async () => {
      await storefront.control('reset', { catalog: 'pizza-chain' });
      const shopper = await newShopper(viewport);
      const { page } = shopper;
      // The menu waits: the spinner, centred, says what it waits for.
      await storefront.control('hold', { path: '/api/Catalog' });
      await page.goto(storefront.origin);
      const spinner = page.getByRole('status').filter({ hasText: 'Opening the store' });
      await spinner.waitFor();
      const box = (await spinner.boundingBox())!;
      const size = page.viewportSize()!;
      expect(Math.abs(box.x + box.width / 2 - size.width / 2)).toBeLessThan(2);
      expect(Math.abs(box.y + box.height / 2 - size.height / 2)).toBeLessThan(size.height / 4);
      await storefront.control('release', { path: '/api/Catalog' });
      const chooser = page.getByRole('dialog', { name: 'Choose a location' });
      await chooser.getByRole('article', { name: 'Slice Brothers - Brooklyn' }).getByRole('button', { name: 'Select Location' }).click();
      await chooser.waitFor({ state: 'hidden' });
      expect(((await stateOf(page)) as State).locationId).toBe('chain-brooklyn');

      // Each navigation starts at the top: from the foot of the home page to a category.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
      await page.getByRole('heading', { level: 1, name: /Welcome to/ }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      // The business stops offering Brooklyn here: the saved choice is dropped, and the chooser asks again.
      await page.route(/\/config\.json(\?.*)?$/, async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...config, ExcludeLocations: ['chain-test-kitchen', 'chain-brooklyn'] } });
      });
      await page.reload();
      await chooser.waitFor();
      expect(await chooser.getByRole('article', { name: 'Slice Brothers - Brooklyn' }).count()).toBe(0);
      expect(((await stateOf(page)) as State).locationId).toBeNull();
      await shots(page, 'shell-location-gone');
      await expectClean(shopper);
    });
  }
});
