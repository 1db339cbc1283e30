// A business's look and the storefront's frame, as shoppers see them: the theme stylesheet from the host's content
// folder with its cache-busting version (account-and-session.md section 9), each fixture business with its own, on top
// of the catalog's PrimaryColorCode; the interface language and the icon; the footer's credit to the ordering
// platform as a link and the app-store links a business configures (ordering.md sections 1 and 2); and a config.json
// that cannot be loaded, under the spec's 'Uh Oh!'. At 390 and 1280 px, with axe-core.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectClean, shots } from './support/checkout';
import { DESKTOP, hostConfig, PHONE, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe');
const WIDTHS = [PHONE, DESKTOP] as const;
/** 06:30 UTC on 8 March 2026: the theme's version, without a build number, is that date and hour. */
const AT = new Date('2026-03-08T06:30:00Z');

async function openStore(viewport: { width: number; height: number }, prepare?: (page: Page) => Promise<void>): Promise<Shopper> {
  const shopper = await storefront.newShopper(viewport);
  await prepare?.(shopper.page);
  await shopper.page.clock.install({ time: AT });
  await shopper.page.goto(storefront.origin);
  await shopper.page.locator('#main').waitFor();
  return shopper;
}

/** The value of a CSS custom property as the page's root has it. */
const rootVariable = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

/** The footer, once it has loaded (it comes just after the first page, below the fold). */
async function footerOf(page: Page) {
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('row').first().waitFor();
  return footer;
}

describe("a business's look", () => {
  for (const viewport of WIDTHS) {
    it(`comes from the theme in the host's content folder, versioned by the date and hour, on top of the primary colour, at ${viewport.width} px`, async () => {
      const themes: string[] = [];
      const shopper = await openStore(viewport, async (page) => {
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.endsWith('theme.css')) themes.push(new URL(request.url()).pathname + new URL(request.url()).search);
        });
      });
      const { page } = shopper;
      // Content path / on localhost; no build number in this build, so the version is the date and hour (UTC).
      await expect.poll(() => rootVariable(page, '--radius')).toBe('18px');
      expect(themes).toEqual(['/theme.css?v=2026030806']);
      expect(await page.locator('link[data-theme-stylesheet]').getAttribute('href')).toBe('/theme.css?v=2026030806');
      // The cafe's own look beyond its colour: its canvas and rounded cards, and the catalog's PrimaryColorCode.
      expect(await rootVariable(page, '--canvas')).toBe('#f7f1e8');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(247, 241, 232)');
      expect(await rootVariable(page, '--primary')).toBe('#1f5f8b');
      const card = page.getByRole('region', { name: 'Browse the menu' }).getByRole('link').first();
      expect(await card.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('18px');
      // The interface language is en-US; the icon is the content folder's favicon.png.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.png');
      const icon = await page.request.get(`${storefront.origin}/favicon.png`);
      expect(icon.headers()['content-type']).toBe('image/png');
      await shots(page, 'look-cafe');
      await expectClean(shopper);
      await shopper.close();

      // Another business on the same host: its own theme and colour, at the same address.
      await storefront.control('reset', { catalog: 'pizza-chain' });
      const chain = await openStore(viewport);
      await chain.page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
      await expect.poll(() => rootVariable(chain.page, '--radius')).toBe('4px');
      expect(await chain.page.locator('link[data-theme-stylesheet]').getAttribute('href')).toBe('/theme.css?v=2026030806');
      expect(await rootVariable(chain.page, '--canvas')).toBe('#fbf8f3');
      expect(await rootVariable(chain.page, '--primary')).toBe('#b3261e');
      await shots(chain.page, 'look-pizza-chain');
      await expectClean(chain);
      await chain.close();
    });
  }
});

describe('the footer', () => {
  for (const viewport of WIDTHS) {
    it(`credits the ordering platform with a link, and shows the app-store links the business configured, at ${viewport.width} px`, async () => {
      await hostConfig(storefront, { AppleAppUrl: 'https://apps.apple.example/bluebird', AndroidAppUrl: 'https://play.google.example/bluebird' });
      const shopper = await openStore(viewport);
      const { page } = shopper;
      const footer = await footerOf(page);
      const credit = footer.getByRole('link', { name: /Online ordering by Countertop/ });
      expect(await credit.getAttribute('href')).toBe('https://countertop.example/');
      expect(await credit.getAttribute('target')).toBe('_blank');
      expect(await credit.getAttribute('rel')).toBe('noopener noreferrer');
      expect((await footer.locator('.site-footer-legal').textContent())?.replace(/\s+/g, ' ')).toBe(
        '© 2026 Bluebird Coffee · Online ordering by Countertop (opens in a new tab)',
      );
      const apps = footer.getByRole('list', { name: 'Get the app' });
      expect(await apps.getByRole('link', { name: /App Store/ }).getAttribute('href')).toBe('https://apps.apple.example/bluebird');
      expect(await apps.getByRole('link', { name: /Google Play/ }).getAttribute('href')).toBe('https://play.google.example/bluebird');
      await footer.scrollIntoViewIfNeeded();
      await shots(page, 'look-footer');
      await expectClean(shopper);
      await shopper.close();
    });
  }
});

describe('a store whose settings cannot be loaded', () => {
  for (const viewport of WIDTHS) {
    it(`says so under 'Uh Oh!' with 'Try again', which opens the store once config.json answers, at ${viewport.width} px`, async () => {
      let failures = 1;
      const failed = await storefront.newShopper(viewport);
      const { page } = failed;
      await page.route(/\/config\.json(\?.*)?$/, async (route) => {
        if (failures-- > 0) await route.fulfill({ status: 503, body: 'unavailable' });
        else await route.continue();
      });
      await page.goto(storefront.origin);
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Uh Oh!', level: 1 }).waitFor();
      await alert.getByText('We could not load this store’s settings.').waitFor();
      await shots(page, 'look-settings-failed');
      await expectClean(failed, /start-up failed|status of 503/);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.locator('#main').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Order ahead from Bluebird Coffee' }).waitFor();
      await failed.close();
    });
  }
});
