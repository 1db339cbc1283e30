// Browsing as a shopper: the header and footer, home with its category carousel, a category's item cards with quick
// add, the about page with its sanitised content, redirects, keyboard and accessibility checks.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { businessWords } from '../../src/domain/businessWords';
import { partCutOffline, returnToTab } from './support/checkout';
import { serveMenuLayout } from './support/menuLayout';
import { DESKTOP, PHONE, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';

/** A test catalog: seven categories, no logo, Sunday closed, a javascript: website and hostile AboutContent. */
const HARBOR = fileURLToPath(new URL('./fixtures/harbor.json', import.meta.url));

const storefront = useStorefront('cafe');
let shoppers: Shopper[] = [];

afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
});

async function visit(path = '/', viewport: { width: number; height: number } = DESKTOP, arrange?: (shopper: Shopper) => Promise<void>): Promise<Shopper> {
  const shopper = await storefront.newShopper(viewport);
  shoppers.push(shopper);
  if (arrange) await arrange(shopper);
  await shopper.page.goto(`${storefront.origin}${path}`);
  await shopper.page.locator('#main').waitFor();
  return shopper;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** The number the header's bag badge shows. */
const badge = (page: Page) => page.locator('.site-header-badge').evaluate((el) => getComputedStyle(el, '::before').content.replace(/"/g, ''));
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Every <img> on the page has loaded (or failed), so screenshots and 'no script ran' checks see the final page. */
async function imagesSettled(page: Page): Promise<void> {
  // Pictures load lazily; a full-page screenshot needs the ones below the fold too.
  await page.evaluate(() => Array.from(document.images).forEach((img) => (img.loading = 'eager')));
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/** No console errors (but a part cut off by a test taking the network away: partCutOffline), no requests elsewhere. */
function expectClean(shopper: Shopper) {
  const prefetchCut = partCutOffline(storefront.origin);
  expect(shopper.errors.filter((error) => !prefetchCut.test(error))).toEqual([]);
  expect(shopper.foreignRequests).toEqual([]);
}

describe("the business's kind in its words", () => {
  it("a shop says 'Shop' where a restaurant says 'Browse the menu': on its home page, an empty bag and empty favorites, at 390 and 1280 px", async () => {
    // fixtures/config/retail.json sets BusinessKind 'retail'; the cafe's home elsewhere in this file says 'Browse the menu'.
    await storefront.control('reset', { catalog: 'retail' });
    const shopper = await visit('/', PHONE);
    const { page } = shopper;
    const shop = page.getByRole('region', { name: 'Shop', exact: true });
    await shop.getByRole('heading', { level: 2, name: 'Shop', exact: true }).waitFor();
    expect(await page.getByText(/browse the menu/i).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await shop.getByRole('link').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Bag, 0 items', exact: true }).click();
    await page.getByText('Add something from the shop and it will show up here.', { exact: true }).waitFor();
    expect(await page.getByText(/\bmenu\b/i).count()).toBe(0);
    await page.getByRole('link', { name: 'Favorites', exact: true }).click();
    await page.getByRole('link', { name: 'Shop', exact: true }).waitFor();
    expect(await page.getByText(/browse the menu/i).count()).toBe(0);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    // Without the network, the notice speaks of the shop too.
    await shopper.context.setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: businessWords('retail').offline })
      .waitFor();
    expect(await page.getByText(/\bmenu\b/i).count()).toBe(0);
    await shopper.context.setOffline(false);
    expectClean(shopper);
  });
});

describe('home', () => {
  it('shows the headline and the category cards in catalog order, without the empty Seasonal', async () => {
    const shopper = await visit('/');
    const { page } = shopper;
    await page.getByRole('heading', { level: 1, name: 'Order ahead from Bluebird Coffee' }).waitFor();
    expect(await page.getByText('Order ahead and pick up at the window.').count()).toBe(1);

    const carousel = page.getByRole('region', { name: 'Browse the menu' });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = carousel.getByRole('group');
    expect(await slides.evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('aria-roledescription'), n.getAttribute('aria-label')]))).toEqual([
      ['slide', '1 of 3'],
      ['slide', '2 of 3'],
      ['slide', '3 of 3'],
    ]);
    const links = carousel.getByRole('link');
    expect(await links.evaluateAll((nodes) => nodes.map((n) => [n.querySelector('.home-category-name')?.textContent, n.getAttribute('href')]))).toEqual([
      ['Coffee', '/categories/coffee'],
      ['Tea', '/categories/tea'],
      ['Bakery', '/categories/bakery'],
    ]);
    expect(await page.getByText('Seasonal').count()).toBe(0);
    // Coffee has its own image; Tea and Bakery fall back to their first item's.
    expect(await carousel.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([
      '/img/coffee.svg',
      '/img/chai.svg',
      '/img/croissant.svg',
    ]);
    expectClean(shopper);
  });

  it('a category card leads to the category page', async () => {
    const { page } = await visit('/');
    await page
      .getByRole('region', { name: 'Browse the menu' })
      .getByRole('link', { name: /Bakery/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
    expect(pathOf(page)).toBe('/categories/bakery');
  });

  it('shows five slides at a time on a desktop and pages through the rest with Next and Previous', async () => {
    await storefront.control('reset', { catalog: HARBOR });
    const shopper = await visit('/');
    const { page } = shopper;
    const carousel = page.getByRole('region', { name: 'Browse the menu' });
    await carousel.getByRole('group').first().waitFor();
    const fullyShown = () =>
      carousel.locator('.home-carousel-track').evaluate((track) => {
        const box = track.getBoundingClientRect();
        return Array.from(track.querySelectorAll('[aria-roledescription="slide"]'))
          .filter((slide) => {
            const r = slide.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= box.right + 1;
          })
          .map((slide) => slide.getAttribute('aria-label'));
      });
    expect(await fullyShown()).toEqual(['1 of 7', '2 of 7', '3 of 7', '4 of 7', '5 of 7']);
    const previous = carousel.getByRole('button', { name: 'Previous categories' });
    const next = carousel.getByRole('button', { name: 'Next categories' });
    expect(await previous.getAttribute('aria-disabled')).toBe('true');

    await next.click();
    await expect.poll(fullyShown).toContain('7 of 7');
    await expect.poll(() => next.getAttribute('aria-disabled')).toBe('true');
    expect(await previous.getAttribute('aria-disabled')).toBe('false');

    await previous.click();
    await expect.poll(fullyShown).toContain('1 of 7');
    // A category whose items have no image shows the drawn placeholder, not a broken image.
    const green = carousel.getByRole('group', { name: '2 of 7' });
    expect(await green.locator('img').count()).toBe(0);
    expect(await green.locator('.catalog-picture-placeholder').count()).toBe(1);
    expectClean(shopper);
  });

  it('shows two slides at a time on a phone', async () => {
    const { page } = await visit('/', PHONE);
    const carousel = page.getByRole('region', { name: 'Browse the menu' });
    const third = carousel.getByRole('group', { name: '3 of 3' });
    const inView = () =>
      third.evaluate((slide) => {
        const track = slide.parentElement!.getBoundingClientRect();
        const r = slide.getBoundingClientRect();
        return r.left >= track.left - 1 && r.right <= track.right + 1;
      });
    const widths = await carousel.getByRole('group').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().width));
    const trackWidth = await carousel.locator('.home-carousel-track').evaluate((t) => t.clientWidth);
    expect(widths[0]! * 2).toBeGreaterThan(trackWidth * 0.8);
    expect(widths[0]! * 2).toBeLessThan(trackWidth);
    expect(await inView()).toBe(false);
    await carousel.getByRole('button', { name: 'Next categories' }).click();
    await expect.poll(inView).toBe(true);
  });

  it('renders behind the location chooser while no location is chosen', async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await visit('/');
    const { page } = shopper;
    await page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Order online from Slice Brothers' }).waitFor();
    expect(await page.getByRole('region', { name: 'Browse the menu' }).count()).toBe(0);
    expectClean(shopper);
  });
});

describe('category page', () => {
  it('shows each item with its price or price range', async () => {
    const shopper = await visit('/categories/coffee');
    const { page } = shopper;
    await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();
    expect(await text(page.getByRole('article', { name: 'Drip Coffee' }).locator('.item-card-price'))).toBe('$2.75');
    expect(await text(page.getByRole('article', { name: 'Latte' }).locator('.item-card-price'))).toBe('$4.25 \u2013 $5.45');
    const names = await page.locator('.item-card-name').allTextContents();
    expect(names).toEqual(['Latte', 'Cappuccino', 'Americano', 'Drip Coffee']);
    expect(await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Coffee', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expectClean(shopper);
  });

  it('marks an item whose every variation is sold out as Out of Stock, and it cannot be added', async () => {
    await storefront.control('reset', { catalog: 'retail' });
    const shopper = await visit('/categories/notebooks');
    const { page } = shopper;
    const journal = page.getByRole('article', { name: 'Leather Journal' });
    await journal.waitFor();
    await expect.poll(() => journal.getByText('Out of Stock').count()).toBe(1);
    expect(await journal.getByRole('button', { name: 'Add to Bag' }).isDisabled()).toBe(true);
    // One variation left at 1 of 3: still for sale.
    const notebook = page.getByRole('article', { name: 'Dot Grid Notebook A5' });
    expect(await notebook.getByText('Out of Stock').count()).toBe(0);
    expect(await notebook.getByRole('button', { name: 'Add to Bag' }).isEnabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Bag, 0 items', exact: true }).count()).toBe(1);
    expectClean(shopper);
  });

  it('adds a SkipModifierScreen item straight to the bag, says so, and updates the bag count', async () => {
    const shopper = await visit('/categories/bakery');
    const { page } = shopper;
    await page.getByRole('link', { name: 'Bag, 0 items', exact: true }).waitFor();
    expect(await badge(page)).toBe('0');
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    expect(await badge(page)).toBe('1');
    await expect.poll(() => text(page.getByTestId('announcer'))).toBe('Added Butter Croissant to your bag');
    await page.locator('[role="status"]', { hasText: 'Added Butter Croissant to your bag' }).first().waitFor();
    // The muffin's stock is 0 in the cafe seed.
    const muffin = page.getByRole('article', { name: 'Blueberry Muffin' });
    expect(await muffin.getByText('Out of Stock').count()).toBe(1);
    expect(await muffin.getByRole('button', { name: 'Add to Bag' }).isDisabled()).toBe(true);
    expectClean(shopper);
  });

  it('opens the item panel for an item with choices instead of adding it directly', async () => {
    const shopper = await visit('/categories/bakery');
    const { page } = shopper;
    // The bagel has three variations: the shopper chooses one in the panel.
    await page.getByRole('article', { name: 'Bagel' }).getByRole('button', { name: 'Add to Bag' }).click();
    const panel = page.getByRole('dialog', { name: 'Bagel' });
    await panel.waitFor();
    expect(await page.getByRole('link', { name: 'Bag, 0 items', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expectClean(shopper);
  });

  it('redirects an unknown category, and any unknown path, to home', async () => {
    const { page } = await visit('/categories/no-such-category');
    await page.getByRole('heading', { level: 1, name: 'Order ahead from Bluebird Coffee' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.goto(`${storefront.origin}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Order ahead from Bluebird Coffee' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });
});

describe('about page', () => {
  it("welcomes the shopper to the business and shows the catalog's about content", async () => {
    const shopper = await visit('/');
    const { page } = shopper;
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Bluebird Coffee' }).waitFor();
    expect(pathOf(page)).toBe('/about');
    await page.getByRole('heading', { level: 2, name: 'Small batch, big heart' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'hello@bluebird.example' }).getAttribute('href')).toBe('mailto:hello@bluebird.example');
    expectClean(shopper);
  });

  it('neutralises scripts, event handlers, javascript: links and anything loaded from another host', async () => {
    await storefront.control('reset', { catalog: HARBOR });
    const shopper = await visit('/about');
    const { page } = shopper;
    await page.getByRole('heading', { level: 1, name: 'Welcome to Harbor Tea House' }).waitFor();
    const content = page.locator('.about-content');
    await content.getByRole('img', { name: 'A cup of chai' }).waitFor();
    await imagesSettled(page);
    await page.getByText('Win a prize').click();
    // A handler or a javascript: URL runs within the click's task or the next one: let both pass.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await page.evaluate(() => (window as unknown as { __aboutPwned?: string }).__aboutPwned)).toBeUndefined();
    expect(await page.locator('[onerror], [onload]').count()).toBe(0);
    expect(await content.locator('[style]').count()).toBe(0);
    expect(await page.locator('main script, main iframe').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    // Ordinary content and links survive.
    expect(await content.getByRole('link', { name: 'Read our story' }).getAttribute('href')).toBe('https://harbor.example/story');
    expect(await content.getByText('Steeped to order, every cup.').count()).toBe(1);
    expect(pathOf(page)).toBe('/about');
    // The page's policy refuses the image's two handlers too, where the sanitiser parses them (in a document that
    // never runs them), and says so: a report of hostile content, not a failure.
    const refused = /script-src-attr blocked inline|Executing inline event handler violates/;
    const violations = storefront.takePolicyViolations();
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.filter((violation) => !refused.test(violation))).toEqual([]);
    shopper.errors.splice(0, shopper.errors.length, ...shopper.errors.filter((error) => !refused.test(error)));
    expectClean(shopper);
  });
});

describe('the selected category', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`is kept in session storage: back home, the carousel opens at it and marks it, in this tab only, at ${viewport.width} px`, async () => {
      // The category pages' carousel: a phone lists the whole menu on its home page unless the business asks for pages.
      const pages = async ({ page }: Shopper) => serveMenuLayout(page, 'pages');
      const shopper = await visit('/', viewport, pages);
      const { page } = shopper;
      const carousel = page.getByRole('region', { name: 'Browse the menu' });
      expect(await carousel.locator('[aria-current]').count()).toBe(0);
      const track = carousel.locator('.home-carousel-track');
      // The carousel's last card, Bakery: at 390 px the carousel shows two cards, so it is one page along.
      if (viewport.width < 426) await carousel.getByRole('button', { name: 'Next categories' }).click();
      await carousel.getByRole('link', { name: /Bakery/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
      const stored = () => page.evaluate(() => window.sessionStorage.getItem('countertop.selectedCategory'));
      expect(await stored()).toBe('bakery');
      // The category page's own tabs choose too.
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Tea' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tea' }).waitFor();
      expect(await stored()).toBe('tea');
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Bakery' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
      expect(await stored()).toBe('bakery');

      await page.getByRole('link', { name: 'Continue Shopping' }).click();
      await carousel.waitFor();
      const bakery = carousel.getByRole('link', { name: /Bakery/ });
      expect(await bakery.getAttribute('aria-current')).toBe('true');
      expect(await carousel.locator('[aria-current]').count()).toBe(1);
      // Opened at it: the card is inside the carousel's window without a tap (one page along on a phone).
      const inView = await bakery.evaluate((card) => {
        const box = card.getBoundingClientRect();
        const frame = card.closest('.home-carousel-track')!.getBoundingClientRect();
        return box.left >= frame.left - 1 && box.right <= frame.right + 1;
      });
      expect(inView).toBe(true);
      if (viewport.width < 426) expect(await track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await screenshot(page, 'home-selected-category');
      expect(await seriousViolations(page)).toEqual([]);
      expectClean(shopper);

      // Session storage is this tab's: another shopper (or a new session) starts at the beginning.
      const other = await visit('/', viewport, pages);
      const otherCarousel = other.page.getByRole('region', { name: 'Browse the menu' });
      expect(await otherCarousel.locator('[aria-current]').count()).toBe(0);
      expect(await otherCarousel.locator('.home-carousel-track').evaluate((el) => el.scrollLeft)).toBe(0);
    });
  }
});

describe('header and footer', () => {
  it('the footer shows the address with a map link, hours per weekday, phone, website, social and policy links', async () => {
    const shopper = await visit('/');
    const { page } = shopper;
    const footer = page.getByRole('contentinfo');
    // The footer loads just after the first page (it is below the fold).
    await footer.getByRole('row').first().waitFor();
    const hours = await footer.getByRole('row').evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(hours).toEqual([
      'Monday7:00 AM - 7:00 PM',
      'Tuesday7:00 AM - 7:00 PM',
      'Wednesday7:00 AM - 7:00 PM',
      'Thursday7:00 AM - 7:00 PM',
      'Friday7:00 AM - 7:00 PM',
      'Saturday8:00 AM - 5:00 PM',
      'Sunday8:00 AM - 5:00 PM',
    ]);
    expect(await footer.getByRole('link', { name: '(212) 555-0143' }).getAttribute('href')).toBe('tel:+12125550143');
    expect(await footer.getByText('412 Hudson St').count()).toBe(1);
    const map = await footer.getByRole('link', { name: /View on map/ }).getAttribute('href');
    expect(map).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(decodeURIComponent(map!)).toContain('412 Hudson St, New York, NY 10014');
    expect(await footer.getByRole('link', { name: /bluebird\.example/ }).getAttribute('href')).toBe('https://bluebird.example/');
    expect(await footer.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe('https://instagram.com/bluebird.example');
    expect(await footer.getByRole('link', { name: /Terms/ }).getAttribute('href')).toBe(
      'https://terms.example/countertop-sandbox?location=cafe-hudson&lang=en-US&country=US',
    );
    expect(await footer.getByRole('link', { name: /Privacy/ }).getAttribute('href')).toBe('https://privacy.example/countertop-sandbox?lang=en-US');
    // No app links are configured; one location: nothing to change.
    expect(await footer.getByRole('link', { name: /App Store|Google Play/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change my location' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change It' }).count()).toBe(0);
    expect(await text(page.getByRole('banner'))).toContain('Bluebird Coffee - Hudson St');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Bluebird Coffee' }).locator('img').getAttribute('src')).toBe('/img/bluebird-logo.svg');
    expectClean(shopper);
  });

  it("the footer's year is the app's clock's: a page open at midnight on New Year's Eve turns it", async () => {
    // Twenty seconds before midnight on Dec 31 in New York, the shopper's time zone.
    const shopper = await visit('/', DESKTOP, (s) => s.page.clock.install({ time: new Date('2027-01-01T04:59:40.000Z') }));
    const { page } = shopper;
    const footer = page.getByRole('contentinfo');
    // The footer's phone number is formatted once the first page is up: after that, nothing of the footer changes.
    await page.clock.runFor(5000);
    await footer.getByRole('link', { name: '(212) 555-0143' }).waitFor();
    await footer.getByText(/^© 2026 Bluebird Coffee/).waitFor();
    // Midnight passes; the page reads its clock as the shopper comes back to the tab.
    await page.clock.setSystemTime(new Date('2027-01-01T05:00:05.000Z'));
    await returnToTab(page);
    await footer.getByText(/^© 2027 Bluebird Coffee/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expectClean(shopper);
  });

  it('shows Closed for a day without hours, the name without a logo, and drops a website that is not a web address', async () => {
    await storefront.control('reset', { catalog: HARBOR });
    const shopper = await visit('/');
    const { page } = shopper;
    const footer = page.getByRole('contentinfo');
    expect(
      await footer
        .getByRole('row', { name: /Sunday/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('Closed');
    expect(
      await footer
        .getByRole('row', { name: /Monday/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('9:00 AM - 6:00 PM');
    const brand = page.getByRole('banner').getByRole('link', { name: 'Harbor Tea House' });
    expect(await brand.getAttribute('href')).toBe('/');
    expect(await brand.locator('img').count()).toBe(0);
    expect(await footer.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await footer.getByRole('listitem').evaluateAll((items) => items.map((i) => i.textContent?.replace(' (opens in a new tab)', '')))).toEqual(
      expect.arrayContaining(['Facebook', 'Twitter', 'YouTube']),
    );
    expectClean(shopper);
  });

  it('with several locations, the header offers Change It and the footer Change my location, each opening the chooser', async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await visit('/');
    const { page } = shopper;
    const chooser = page.getByRole('dialog', { name: 'Choose a location' });
    await chooser.getByRole('article', { name: 'Slice Brothers - Brooklyn' }).getByRole('button', { name: 'Select Location' }).click();
    await chooser.waitFor({ state: 'hidden' });
    const banner = page.getByRole('banner');
    await banner.getByText('Slice Brothers - Brooklyn').waitFor();
    await page.getByRole('region', { name: 'Browse the menu' }).waitFor();

    await banner.getByRole('button', { name: 'Change It' }).click();
    await chooser.waitFor();
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: /Facebook/ }).waitFor();
    expect(await footer.getByRole('link', { name: /Facebook/ }).count()).toBe(1);
    await footer.getByRole('button', { name: 'Change my location' }).click();
    await chooser.getByRole('article', { name: 'Slice Brothers - Wicker Park' }).getByRole('button', { name: 'Select Location' }).click();
    await banner.getByText('Slice Brothers - Wicker Park').waitFor();
    expect(await footer.getByText('1550 N Milwaukee Ave').count()).toBe(1);
    expectClean(shopper);
  });

  it('offers Continue Shopping away from home, and My Account leads to sign-in when signed out', async () => {
    const { page } = await visit('/about');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/sign-in');
    await banner.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order ahead from Bluebird Coffee' }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await banner.getByRole('link', { name: 'Continue Shopping' }).count()).toBe(0);
  });

  it('shares the visit with support: a download of the session log, without personal details', async () => {
    const shopper = await visit('/categories/bakery');
    const { page } = shopper;
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    // A quiet link under Help, not a button that competes with the page's own.
    const help = page.getByRole('contentinfo').getByRole('region', { name: 'Help' });
    const button = help.getByRole('button', { name: 'Share this visit with support' });
    expect(await button.getAttribute('aria-describedby')).toBeTruthy();
    expect(await text(page.locator(`#${await button.getAttribute('aria-describedby')}`))).toContain('never holds passwords or card data');
    expect(await button.evaluate((node) => getComputedStyle(node).fontFamily)).toBe(await page.evaluate(() => getComputedStyle(document.body).fontFamily));
    // It asks first: the dialog says what is shared; the file is its 'Download instead'.
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Share this visit with support' });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download instead' }).click()]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(download.suggestedFilename()).toMatch(/^countertop-session-.+\.ndjson$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('\n')).toContain('BagLineAdded');
    expectClean(shopper);
  });

  it('keyboard: Tab reaches the skip link first, and it moves focus to the page', async () => {
    const { page } = await visit('/categories/coffee');
    await page.getByRole('heading', { level: 1, name: 'Coffee' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is inside the page, not back in the header.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main')))).toBe(true);
  });
});

describe('accessibility and screenshots', () => {
  const pages = [
    { name: 'home', path: '/', heading: 'Order ahead from Bluebird Coffee' },
    { name: 'category', path: '/categories/coffee', heading: 'Coffee' },
    { name: 'about', path: '/about', heading: 'Welcome to Bluebird Coffee' },
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    for (const target of pages) {
      it(`${target.name} at ${viewport.width} px has no serious or critical axe violations`, async () => {
        const shopper = await visit(target.path, viewport);
        const { page } = shopper;
        await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
        await imagesSettled(page);
        await screenshot(page, `browse-${target.name}`);
        expect(await seriousViolations(page)).toEqual([]);
        expectClean(shopper);
      });
    }
  }
});
