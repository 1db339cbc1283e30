// The home page's scroll mode (ordering.md section 2 "Home"; config.json's MenuLayout: 'scroll'), at the pizza chain
// on a phone and a desktop: every category the carousel shows is a section of the home page with the category page's
// item cards; a carousel card scrolls to its section and focuses its heading; a card opens the item panel and its line
// goes into the bag; /categories/{id} still works; without the setting the home page is the one it always was; and
// the support console replays the shopper's home in their layout.
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { enableDebugHook, logSaved, pageSessionLog } from './support/debug';
import { serveMenuLayout } from './support/menuLayout';
import { DESKTOP, PHONE, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';

/** Wednesday 2 December 2026, 12:00 in Chicago: Wicker Park is open. */
const NOON_CHICAGO = '2026-12-02T18:00:00.000Z';
/** Wicker Park's categories, in the catalog's order, none empty. */
const CATEGORIES = [
  ['pizzas', 'Whole Pies'],
  ['deep-dish', 'Deep Dish'],
  ['slices', 'By the Slice'],
  ['sides', 'Sides & Salads'],
  ['drinks', 'Drinks'],
] as const;
/** The scroll mode's sections, a chunk of their own. */
const SECTIONS_CHUNK = /\/assets\/MenuSections-[^/]+\.js$/;

const storefront = useStorefront('pizza-chain');
let shoppers: Shopper[] = [];

afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
});

/** A shopper at Wicker Park's home page, the business in `layout` (undefined: config.json as it is). */
async function atWickerPark(
  viewport: { width: number; height: number },
  layout?: 'scroll' | 'pages',
  prepare?: (shopper: Shopper) => Promise<void>,
): Promise<{ shopper: Shopper; page: Page; sectionsAsked: () => boolean }> {
  await storefront.control('clock', { at: NOON_CHICAGO });
  const shopper = await storefront.newShopper(viewport);
  shoppers.push(shopper);
  const { page } = shopper;
  await page.clock.install({ time: new Date(NOON_CHICAGO) });
  if (layout) await serveMenuLayout(page, layout);
  if (prepare) await prepare(shopper);
  let asked = false;
  page.on('request', (request) => {
    if (SECTIONS_CHUNK.test(request.url())) asked = true;
  });
  await page.goto(storefront.origin);
  const chooser = page.getByRole('dialog', { name: 'Choose a location' });
  await chooser.getByRole('article', { name: 'Slice Brothers - Wicker Park' }).getByRole('button', { name: 'Select Location' }).click();
  await chooser.waitFor({ state: 'hidden' });
  await carousel(page).waitFor();
  return { shopper, page, sectionsAsked: () => asked };
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Browse the menu' });
const section = (page: Page, categoryId: string) => page.locator(`section#category${categoryId}`);
const itemNames = (scope: Locator) => scope.locator('article.item-card .item-card-name').allTextContents();

/** The heading is on screen, below the sticky header, and has the focus. */
function headingShown(heading: Locator): Promise<{ inView: boolean; focused: boolean }> {
  return heading.evaluate((el) => {
    const headerBottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const box = el.getBoundingClientRect();
    return { inView: box.top >= headerBottom - 1 && box.bottom <= window.innerHeight, focused: document.activeElement === el };
  });
}

describe.each([
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
])('scroll mode on %s', (_, viewport) => {
  it('shows every category as a section of the home page, with the items its page lists', async () => {
    const { shopper, page, sectionsAsked } = await atWickerPark(viewport, 'scroll');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await section(page, 'drinks').locator('article').first().waitFor();
    expect(sectionsAsked()).toBe(true);

    // The sections follow the carousel, in its order, each named by its heading; the cards are anchors to them on
    // this page (the router writes the home page's path before the hash).
    const links = carousel(page).getByRole('link');
    expect(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')))).toEqual(CATEGORIES.map(([id]) => `/#category${id}`));
    const sections = page.locator('.home-sections > section');
    expect(await sections.evaluateAll((nodes) => nodes.map((n) => [n.id, n.querySelector('h2')?.textContent]))).toEqual(
      CATEGORIES.map(([id, name]) => [`category${id}`, name]),
    );
    for (const [id, name] of CATEGORIES) {
      expect(await page.getByRole('region', { name, exact: true }).getAttribute('id')).toBe(`category${id}`);
    }

    // Each section lists what the category's page lists (the route stays in scroll mode).
    const listed = new Map<string, string[]>();
    for (const [id] of CATEGORIES) listed.set(id, await itemNames(section(page, id)));
    expect(listed.get('pizzas')).toContain('Margherita');
    expect(listed.get('drinks')).toContain('Sparkling Water');
    for (const [id, name] of CATEGORIES) {
      await page.goto(`${storefront.origin}/categories/${id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await itemNames(page.locator('.catalog-grid')), name).toEqual(listed.get(id));
    }

    await page.goto(storefront.origin);
    await section(page, 'drinks').locator('article').first().waitFor();
    await screenshot(page, 'home-scroll');
    expect(await seriousViolations(page)).toEqual([]);
    expect(shopper.errors).toEqual([]);
    expect(shopper.foreignRequests).toEqual([]);
  });

  it("a carousel card scrolls to its category's section and focuses its heading (the phone asks for reduced motion)", async () => {
    const reduced = viewport === PHONE;
    const { shopper, page } = await atWickerPark(viewport, 'scroll', async ({ page: p }) => {
      if (reduced) await p.emulateMedia({ reducedMotion: 'reduce' });
    });
    const heading = section(page, 'drinks').getByRole('heading', { level: 2, name: 'Drinks' });
    await heading.waitFor();
    expect((await headingShown(heading)).inView).toBe(false);

    await carousel(page)
      .getByRole('link', { name: /Drinks/ })
      .click();
    await page.waitForURL(/#categorydrinks$/);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => headingShown(heading)).toEqual({ inView: true, focused: true });
    await screenshot(page, 'home-scroll-drinks');

    // From the keyboard: the next Tab goes on from the section, to its first item.
    await page.keyboard.press('Tab');
    const focusedInDrinks = await page.evaluate(() => document.activeElement?.closest('section')?.id ?? null);
    expect(focusedInDrinks).toBe('categorydrinks');

    // Back at the top, the same card again scrolls there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => headingShown(heading)).toMatchObject({ inView: false });
    await carousel(page)
      .getByRole('link', { name: /Drinks/ })
      .click();
    await expect.poll(() => headingShown(heading)).toEqual({ inView: true, focused: true });
    expect(shopper.errors).toEqual([]);
  });

  it('a card opens its item panel, and its line goes into the bag', async () => {
    const { shopper, page } = await atWickerPark(viewport, 'scroll');
    const pies = section(page, 'pizzas');
    await pies.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Margherita', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Margherita' });
    await panel.waitFor();
    await panel.getByRole('radio', { name: /^12"/ }).click();
    await panel.getByRole('button', { name: 'Add to Bag', exact: true }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Bag, 1 item' }).waitFor();
    // Still home, in its section.
    expect(new URL(page.url()).pathname).toBe('/');

    // A quick add from a section, as from the category page.
    await section(page, 'slices').getByRole('article', { name: 'Cheese Slice' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 2 items' }).click();
    // Its one variation, 'Slice', is what the item's name says already: the line does not repeat it.
    const slice = page.getByRole('listitem', { name: 'Cheese Slice' });
    await slice.waitFor();
    expect(await slice.locator('.bag-row-detail').allTextContents()).toEqual([]);
    expect(await page.getByRole('listitem', { name: 'Margherita' }).locator('.bag-row-detail').first().textContent()).toBe('12"');
    expect(shopper.errors).toEqual([]);
  });
});

describe('without the setting', () => {
  it('a phone lists the whole menu on the home page, its first items on the first screen', async () => {
    const { shopper, page, sectionsAsked } = await atWickerPark(PHONE);
    await section(page, 'drinks').locator('article').first().waitFor();
    expect(sectionsAsked()).toBe(true);
    expect(await page.locator('.home-sections > section').evaluateAll((nodes) => nodes.map((n) => n.querySelector('h2')?.textContent))).toEqual(
      CATEGORIES.map(([, name]) => name),
    );
    expect(await itemNames(section(page, 'pizzas'))).toContain('Margherita');
    // The first item card starts on the first screen, under the carousel: no empty third of a screen before the menu.
    const firstCard = await section(page, 'pizzas').locator('article').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(PHONE.height);
    const links = carousel(page).getByRole('link');
    expect(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')))).toEqual(CATEGORIES.map(([id]) => `/#category${id}`));
    await screenshot(page, 'home-phone-default');
    expect(await seriousViolations(page)).toEqual([]);
    expect(shopper.errors).toEqual([]);
  });
});

describe('page mode', () => {
  it.each([
    ['without the setting on a desktop', DESKTOP, undefined],
    ["with 'pages' on a phone", PHONE, 'pages' as const],
  ])('is unchanged %s: the cards lead to the category pages, and no section or its code loads', async (_, viewport, layout) => {
    const { shopper, page, sectionsAsked } = await atWickerPark(viewport, layout);
    const links = carousel(page).getByRole('link');
    expect(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')))).toEqual(CATEGORIES.map(([id]) => `/categories/${id}`));
    expect(await page.locator('.home-sections, section[id^="category"]').count()).toBe(0);
    expect(await page.locator('article.item-card').count()).toBe(0);
    await links.first().click();
    await page.waitForURL(/\/categories\/pizzas$/);
    await page.getByRole('heading', { level: 1, name: 'Whole Pies' }).waitFor();
    expect(sectionsAsked()).toBe(false);
    expect(shopper.errors).toEqual([]);
  });
});

describe('the support console', () => {
  it("replays the shopper's home in scroll mode, from the log alone", async () => {
    const { page } = await atWickerPark(DESKTOP, 'scroll', async ({ context }) => enableDebugHook(context));
    await section(page, 'drinks').locator('article').first().waitFor();
    await logSaved(page);
    const log = await pageSessionLog(page);
    expect(log).toContain('"type":"MenuLayoutLoaded"');
    const last = log
      .split('\n')
      .filter((line) => line.includes('"kind":"event"'))
      .map((line) => (JSON.parse(line) as { seq: number }).seq)
      .at(-1)!;

    // The console's own config.json is the category pages: the layout comes from the log.
    const context = await storefront.browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'America/New_York' });
    try {
      const support = await context.newPage();
      await support.goto(`${storefront.origin}/support`);
      const input = support.getByLabel('Open a session log');
      await expect.poll(() => input.isEnabled()).toBe(true);
      const requests: string[] = [];
      support.on('request', (request) => requests.push(request.url()));
      await input.setInputFiles({ name: 'session.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
      await support.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), last);
      const frame = support.locator('[data-replay-frame="page"]');
      await frame.locator('section#categorydrinks').getByRole('article', { name: 'Sparkling Water' }).waitFor();
      expect(await frame.locator('.home-sections > section').evaluateAll((nodes) => nodes.map((n) => n.id))).toEqual(CATEGORIES.map(([id]) => `category${id}`));
      expect(await frame.getByRole('region', { name: 'Browse the menu' }).getByRole('link').first().getAttribute('href')).toBe('/#categorypizzas');
      // Preloaded before the log opened: nothing is fetched once it is.
      expect(requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
      await screenshot(support, 'home-scroll-support-console');
    } finally {
      await context.close();
    }
  });
});
