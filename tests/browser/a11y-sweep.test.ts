// Every route and every dialog a shopper opens, at phone (390 px) and desktop width, checked with axe-core: no serious
// or critical violation anywhere, with a screenshot of each kept under tests/artifacts/screenshots/sweep-*.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableDebugHook, runCommand } from './support/debug';
import { DESKTOP, PHONE, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe', { resetEach: false });

const GUEST_ROUTES = [
  '/',
  '/categories/coffee',
  '/cart',
  '/checkout',
  '/about',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password?email=ada%40example.com',
  '/favorites',
];
const SIGNED_IN_ROUTES = ['/my-account', '/my-orders', '/my-cards', '/my-coupons', '/my-addresses'];

const nameOf = (path: string) =>
  (
    path
      .replace(/\?.*$/, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '') || 'home'
  ).toLowerCase();

async function settle(page: Page): Promise<void> {
  await page.locator('#main').waitFor();
  await page.waitForFunction(() => !document.querySelector('.startup, [aria-busy="true"]'));
}

/** Axe on the page as it is now; a violation names its rule and where. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations.map((v) => `${what}: ${v.id} (${v.impact}) at ${v.targets.join(', ')}`)).toEqual([]);
}

describe.each([PHONE, DESKTOP])('at $width px', (viewport) => {
  let shopper: Shopper;

  beforeAll(async () => {
    shopper = await storefront.newShopper(viewport);
    await enableDebugHook(shopper.context);
    await shopper.page.goto(storefront.origin);
    await settle(shopper.page);
    // Something in the bag, so the bag and checkout show their full pages.
    expect(
      (await runCommand(shopper.page, 'addToBag', { itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' }))._tag,
    ).toBe('Right');
  });

  afterAll(() => shopper.close());

  it("a guest's routes", async () => {
    const { page } = shopper;
    for (const path of GUEST_ROUTES) {
      await page.goto(`${storefront.origin}${path}`);
      await settle(page);
      await expectAccessible(page, path);
      await screenshot(page, `sweep-${nameOf(path)}`);
    }
    // The check runs only the rules that can find a serious or critical violation: it still finds them.
    await page.evaluate(() => {
      const main = document.getElementById('main')!;
      main.append(Object.assign(document.createElement('button'), { className: 'axe-probe' }));
      const faint = Object.assign(document.createElement('p'), { className: 'axe-probe', textContent: 'Faint words' });
      faint.style.color = '#eeeeee';
      faint.style.background = '#ffffff';
      main.append(faint);
    });
    expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast']);
    await page.evaluate(() => document.querySelectorAll('.axe-probe').forEach((probe) => probe.remove()));
  });

  it('the dialogs a guest opens: the item panel and the tip', async () => {
    const { page } = shopper;
    await page.goto(`${storefront.origin}/categories/coffee`);
    await settle(page);
    await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Latte', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Latte' });
    await panel.waitFor();
    await expectAccessible(page, 'item panel');
    await screenshot(page, 'sweep-dialog-item-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    await page.goto(`${storefront.origin}/checkout`);
    await settle(page);
    // The cafe shows tipping: the tip dialog opens once the bag's preview is in.
    await page.getByRole('button', { name: /Add A Tip|Change Tip/ }).click();
    const tip = page.getByRole('dialog');
    await tip.waitFor();
    await expectAccessible(page, 'tip');
    await screenshot(page, 'sweep-dialog-tip');
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });
  });

  it("a signed-in shopper's routes and the account menu", async () => {
    const { page } = shopper;
    await page.goto(`${storefront.origin}/sign-in`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('countertop');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    for (const path of SIGNED_IN_ROUTES) {
      await page.goto(`${storefront.origin}${path}`);
      await settle(page);
      expect(new URL(page.url()).pathname).toBe(path);
      await expectAccessible(page, path);
      await screenshot(page, `sweep-${nameOf(path)}`);
    }
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('navigation', { name: 'My Account' }).waitFor();
    await expectAccessible(page, 'account menu');
    await screenshot(page, 'sweep-dialog-account-menu');
  });
});
