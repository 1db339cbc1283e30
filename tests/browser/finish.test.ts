// The shopper's finish at phone (390 px) and desktop width: the whole item card opens the item, the variation group
// speaks the shopper's words, toasts never cover the header's bag nor the page's heading, and whether the location is open is said on the
// home, category and bag pages before checkout asks for anything. Screenshots are kept under tests/artifacts.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, seriousViolations, toastsAndHeading, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe');
let shoppers: Shopper[] = [];

afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
});

async function visit(path: string, viewport: { width: number; height: number }, at?: string): Promise<Shopper> {
  const shopper = await storefront.newShopper(viewport);
  shoppers.push(shopper);
  // The page's own clock, where the test is about the time of day (timers keep running).
  if (at) await shopper.page.clock.setFixedTime(new Date(at));
  await shopper.page.goto(`${storefront.origin}${path}`);
  await shopper.page.locator('#main').waitFor();
  return shopper;
}

const boxOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

/** Waits for every finite animation and transition on the page to end. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

describe('the item card', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`opens the item from its picture or its name, at ${viewport.width} px; the variation group says Size`, async () => {
      const { page, errors } = await visit('/categories/coffee', viewport);
      const card = page.getByRole('article', { name: 'Latte' });
      // A tap where the picture is, as a finger would (the card's one button lies over it).
      const picture = (await card.locator('.item-card-picture').boundingBox())!;
      await page.mouse.click(picture.x + 20, picture.y + picture.height - 20);
      const panel = page.getByRole('dialog', { name: 'Latte' });
      await panel.waitFor();
      // Shopper words, and what is still needed said without an error's colour until the shopper tries.
      const group = panel.getByRole('group', { name: /^Size/ });
      await group.waitFor();
      expect(await panel.getByText('Variation', { exact: true }).count()).toBe(0);
      const hint = group.locator('.item-error');
      expect(await hint.getAttribute('class')).toContain('is-hint');
      expect(await hint.evaluate((node) => getComputedStyle(node).color)).not.toBe('rgb(180, 35, 24)');
      expect(await panel.getByText('Estimated cost').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'finish-item-panel');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      // The name is the card's one button for it: a keyboard or screen reader reaches it once.
      await card.getByRole('button', { name: 'Latte', exact: true }).click();
      await panel.waitFor();
      expect(errors).toEqual([]);
    });
  }

  it('keeps the heart and Add to Bag as buttons of their own on top of the card', async () => {
    const { page } = await visit('/categories/bakery', DESKTOP);
    const card = page.getByRole('article', { name: 'Butter Croissant' });
    await card.getByRole('button', { name: 'Favorite Butter Croissant' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-pressed="true"]') !== null);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Butter Croissant goes straight into the bag: Add to Bag adds, it does not open the item.
    await card.getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('toasts', () => {
  it('start below the header on a phone, so the bag and its count stay in sight', async () => {
    const { page } = await visit('/categories/bakery', PHONE);
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    const toast = page.getByText('Added Butter Croissant to your bag', { exact: true }).first();
    await toast.waitFor();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    // Where the toast rests, not where its entrance starts (on a busy machine the first read came mid-slide).
    await settled(page);
    const header = await boxOf(page, '.site-header');
    const bag = await boxOf(page, '.site-header-bag');
    const shown = (await toast.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(shown.y).toBeGreaterThan(bag.y + bag.height);
    await screenshot(page, 'finish-toast');
  });
});

describe('toasts over a page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`never cover its heading: on a category page, and on the bag reached while one shows, at ${viewport.width} px`, async () => {
      const { page } = await visit('/categories/bakery', viewport);
      await page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
      await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
      await page.locator('.toast-layer').getByText('Added Butter Croissant to your bag', { exact: true }).waitFor();
      await settled(page);
      const onCategory = await toastsAndHeading(page);
      expect(onCategory.toasts).toHaveLength(1);
      expect(onCategory.covers).toBe(false);
      // Still below the header, so the bag and its count stay in sight.
      expect(onCategory.toasts[0]!.y).toBeGreaterThanOrEqual(onCategory.headerBottom);
      await screenshot(page, 'toast-category-heading');

      // A second add, and straight to the bag: the toast that follows the shopper there keeps clear of its heading.
      await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
      await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Bag' }).waitFor();
      await page.locator('.toast-layer').getByText('Added Butter Croissant to your bag', { exact: true }).waitFor();
      await settled(page);
      const onBag = await toastsAndHeading(page);
      expect(onBag.toasts.length).toBeGreaterThan(0);
      expect(onBag.covers).toBe(false);
      // The bag's heading is close under the header: a toast starting there would cover it, so this one went below.
      const [toast] = onBag.toasts;
      expect(onBag.heading.y).toBeLessThan(onBag.headerBottom + 8 + toast!.height);
      expect(toast!.y).toBeGreaterThanOrEqual(onBag.heading.y + onBag.heading.height);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'toast-bag-heading');
    });
  }
});

describe('open or closed, before checkout', () => {
  // Bluebird Coffee - Hudson St opens 07:00-19:00 on weekdays, New York time.
  it('says open until when on the home and category pages', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await visit('/', viewport, '2026-11-25T15:00:00Z'); // Wednesday 10:00
      await page.getByText('Open now').waitFor();
      expect(await page.locator('.open-status-line').first().textContent()).toBe('Open now · closes at 7:00 PM');
      await page.goto(`${storefront.origin}/categories/coffee`);
      await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();
      expect(await page.locator('.open-status-line').first().textContent()).toBe('Open now · closes at 7:00 PM');
      await screenshot(page, 'finish-open-category');
    }
  });

  it('says closed and when it opens, and in the bag the spec’s notice, before checkout', async () => {
    const { page } = await visit('/categories/bakery', PHONE, '2026-11-25T03:00:00Z'); // Tuesday 22:00
    expect(await page.locator('.open-status-line').first().textContent()).toBe('Closed · opens tomorrow at 7:00 AM');
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Bag' }).waitFor();
    await page.getByText('This location is currently closed. Orders placed must be scheduled for future pickup.').waitFor();
    expect(await page.locator('.open-status-line').textContent()).toBe('Closed · opens tomorrow at 7:00 AM');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'finish-closed-bag');
  });
});

describe('the next step in reach on a phone', () => {
  const inView = async (page: Page, name: RegExp | string, role: 'link' | 'button') => {
    const box = (await page.getByRole(role, { name }).boundingBox())!;
    const height = page.viewportSize()!.height;
    return box.y >= 0 && box.y + box.height <= height;
  };

  it('the bag and checkout keep the total and the next action at the bottom of the screen at 390 px, not at 1280', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await visit('/categories/bakery', viewport);
      const add = page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' });
      await add.click();
      await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
      await add.click();
      await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Bag' }).waitFor();
      await page.locator('.bag-totals').waitFor();
      const bar = page.locator('.bag-summary-actions');
      expect(await bar.evaluate((node) => getComputedStyle(node).position)).toBe(viewport === PHONE ? 'fixed' : 'static');
      if (viewport === PHONE) {
        expect(await inView(page, 'Checkout as Guest', 'link')).toBe(true);
        expect(await page.locator('.bag-summary-sticky-total').textContent()).toMatch(/^Total \$\d+\.\d\d$/);
        await screenshot(page, 'finish-bag-bar');
      }
      await page.getByRole('link', { name: 'Checkout as Guest' }).click();
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      const place = page.locator('.checkout-place-bar');
      expect(await place.evaluate((node) => getComputedStyle(node).position)).toBe(viewport === PHONE ? 'fixed' : 'static');
      if (viewport === PHONE) {
        expect(await inView(page, /Place Order/, 'button')).toBe(true);
        await page
          .locator('.checkout-place-total')
          .getByText(/\$\d+\.\d\d/)
          .waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'finish-checkout-bar');
      }
    }
  });
});
