// The location chooser (account-and-session.md sections 2, 4 and 9): open and unanswerable until a location is
// chosen, zip search and 'Use My Location' from the shipped ZIP centroids, the list nearest first, the map with its
// info windows, and the choice kept across a reload. The map and the ZIP table stay out of the first page's code.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Location } from '../../src/domain/catalog/codecs';
import { todaysHours } from '../../src/domain/time/todaysHours';
import { enableDebugHook, pageState } from './support/debug';
import { holdRequests } from './support/hold';
import { DESKTOP, PHONE, screenshot, seriousViolations, type Shopper, useStorefront } from './support/storefront';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/pizza-chain.json', import.meta.url), 'utf8')) as { Locations: Location[] };

const BROOKLYN = 'Slice Brothers - Brooklyn';
const WICKER_PARK = 'Slice Brothers - Wicker Park';
const LODO = 'Slice Brothers - LoDo';
const SILVER_LAKE = 'Slice Brothers - Silver Lake';
const BY_NAME = [BROOKLYN, LODO, SILVER_LAKE, WICKER_PARK];
const MAP_CHUNK = /\/assets\/LocationMap-[^/]*\.js$/;
const ZIP_CHUNK = /\/assets\/zipCentroids-[^/]*\.js$/;
const CHOOSER_CHUNK = /\/assets\/LocationChooser-[^/]*\.js$/;
const DATABASE_CHUNK = /\/assets\/browserDatabase-[^/]*\.js$/;

const storefront = useStorefront('pizza-chain');

const chooser = (page: Page) => page.getByRole('dialog', { name: 'Choose a location' });
const cardNames = (page: Page) => chooser(page).getByRole('list', { name: 'Locations' }).getByRole('heading').allTextContents();
const card = (page: Page, name: string) => chooser(page).getByRole('article', { name });
const zipBox = (page: Page) => chooser(page).getByPlaceholder('Enter a zip code');

async function landOnChooser(
  viewport: { width: number; height: number } = DESKTOP,
  arrange?: (shopper: Shopper) => Promise<void>,
): Promise<Shopper & { scripts: string[] }> {
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await arrange?.(shopper);
  const scripts: string[] = [];
  shopper.page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await shopper.page.goto(storefront.origin);
  await chooser(shopper.page).waitFor();
  return Object.assign(shopper, { scripts });
}

/** Replaces the browser's geolocation: `failures` timeouts, then a position in Wicker Park (Chicago); calls are kept. */
async function fakeGeolocation(context: BrowserContext, failures: number): Promise<void> {
  await context.addInitScript((failing: number) => {
    const calls: { at: number; options: PositionOptions }[] = [];
    (window as unknown as { geolocationCalls: typeof calls }).geolocationCalls = calls;
    const fake = {
      getCurrentPosition(success: PositionCallback, failure: PositionErrorCallback, options: PositionOptions) {
        calls.push({ at: performance.now(), options: { ...options } });
        if (calls.length <= failing) {
          setTimeout(
            () => failure({ code: 3, message: 'Timeout expired', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError),
            5,
          );
          return;
        }
        setTimeout(() => success({ coords: { latitude: 41.9095, longitude: -87.6773, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition), 5);
      },
      watchPosition: () => 0,
      clearWatch: () => undefined,
    };
    Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => fake, configurable: true });
  }, failures);
}

const geolocationCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { geolocationCalls: { at: number; options: PositionOptions }[] }).geolocationCalls);

async function search(page: Page, text: string): Promise<void> {
  await zipBox(page).fill(text);
  await zipBox(page).press('Enter');
}

describe('a new shopper at a chain with several locations', () => {
  it('meets the chooser, which cannot be dismissed, listing the allowed locations by name with their details', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    await expect.poll(() => cardNames(page)).toEqual(BY_NAME);
    expect(await chooser(page).getByRole('button', { name: 'Close' }).count()).toBe(0);
    // Escape fires 'cancel' on the dialog; once both have, the chooser had every chance to close.
    await chooser(page).evaluate((dialog) => {
      const seen: string[] = [];
      (window as unknown as { __dialogEvents: string[] }).__dialogEvents = seen;
      for (const type of ['cancel', 'close']) dialog.addEventListener(type, () => seen.push(type));
    });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __dialogEvents: string[] }).__dialogEvents.filter((e) => e === 'cancel').length))
      .toBe(2);
    // A browser that closes the dialog anyway queues its 'close' event as a task; let queued tasks run, so the check
    // below sees the page's answer to it (reopening) rather than the moment in between.
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done))));
    expect(await chooser(page).isVisible()).toBe(true);
    expect(await chooser(page).getByText('Test Kitchen').count()).toBe(0);

    const brooklyn = card(page, BROOKLYN);
    await expect.poll(() => brooklyn.textContent()).toContain('310 Atlantic Ave');
    // The number is written as its country writes it once the phone rules (loaded after the first page) are in.
    await expect.poll(() => brooklyn.textContent()).toContain('(718) 555-0110');
    const text = (await brooklyn.textContent()) ?? '';
    expect(text).toContain('Brooklyn, NY 11217');
    expect(text).toContain('(718) 555-0110');
    const hours = todaysHours(
      fixture.Locations.find((l) => l.Id === 'chain-brooklyn')!,
      Date.now(),
    );
    expect(text).toContain(hours);
    expect(await brooklyn.getByRole('button', { name: 'Select Location' }).isVisible()).toBe(true);
    // Without a search no distance is known.
    expect(
      await chooser(page)
        .getByText(/\d mi$/)
        .count(),
    ).toBe(0);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('searching a zip puts the nearest first with its distance; clearing the box goes back to name order', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    await search(page, '60622');
    await expect.poll(() => cardNames(page)).toEqual([WICKER_PARK, BROOKLYN, LODO, SILVER_LAKE]);
    expect(await card(page, WICKER_PARK).getByText('0.7 mi', { exact: true }).isVisible()).toBe(true);
    // Above 10 miles no distance is shown.
    expect(
      await chooser(page)
        .getByText(/^\d+(\.\d)? mi$/)
        .count(),
    ).toBe(1);
    expect(await chooser(page).getByRole('status').textContent()).toBe('4 locations, nearest to 60622 first');

    await search(page, '80202');
    await expect.poll(() => cardNames(page)).toEqual([LODO, SILVER_LAKE, WICKER_PARK, BROOKLYN]);

    await zipBox(page).fill('');
    await expect.poll(() => cardNames(page)).toEqual(BY_NAME);
    expect(await chooser(page).getByRole('status').textContent()).toBe('4 locations');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('an unknown zip toasts the spec message and leaves the list as it was', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    await search(page, '00000');
    const toast = page.getByRole('status').filter({ hasText: "Oops! We can't find 00000!" });
    await toast.waitFor();
    // The page behind the modal is inert, so the chooser says it too, where the shopper is.
    expect(await chooser(page).getByRole('alert').textContent()).toBe("Oops! We can't find 00000!");
    expect(await cardNames(page)).toEqual(BY_NAME);
    await shopper.close();
  });

  it("'Use My Location' fills in the nearest zip and puts the nearest location first", async () => {
    const shopper = await landOnChooser(DESKTOP, async ({ context }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 34.087, longitude: -118.27 });
    });
    const { page } = shopper;
    await chooser(page).getByRole('button', { name: 'Use My Location' }).click();
    await expect.poll(() => zipBox(page).inputValue()).toBe('90026');
    await expect.poll(() => cardNames(page)).toEqual([SILVER_LAKE, LODO, WICKER_PARK, BROOKLYN]);
    expect(await card(page, SILVER_LAKE).getByText('0.8 mi', { exact: true }).isVisible()).toBe(true);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it("'Use My Location' asks with the spec's options, again every 333 ms while nothing comes back", async () => {
    const shopper = await landOnChooser(DESKTOP, ({ context }) => fakeGeolocation(context, 3));
    const { page } = shopper;
    await chooser(page).getByRole('button', { name: 'Use My Location' }).click();
    await expect.poll(() => zipBox(page).inputValue()).toBe('60622');
    await expect.poll(() => cardNames(page)).toEqual([WICKER_PARK, BROOKLYN, LODO, SILVER_LAKE]);
    const calls = await geolocationCalls(page);
    expect(calls).toHaveLength(4);
    expect(calls.every((c) => c.options.enableHighAccuracy === true && c.options.timeout === 1000 && c.options.maximumAge === 1000)).toBe(true);
    // Never sooner than 333 ms apart; timers fire late on a busy machine, so the upper check is on the median (a
    // one-second retry would still fail it).
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    expect(gaps.every((gap) => gap >= 320)).toBe(true);
    expect([...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeLessThan(1000);
    await shopper.close();
  });

  it("'Use My Location' gives up after 16 attempts and says so", async () => {
    const shopper = await landOnChooser(DESKTOP, ({ context }) => fakeGeolocation(context, 100));
    const { page } = shopper;
    await chooser(page).getByRole('button', { name: 'Use My Location' }).click();
    await expect
      .poll(() => chooser(page).getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('We couldn\u2019t find your location just now. Please try again, or enter a zip code.');
    expect(await geolocationCalls(page)).toHaveLength(16);
    expect(await zipBox(page).inputValue()).toBe('');
    await shopper.close();
  });

  it("'Use My Location' without permission says so kindly and points to the zip box", async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    await chooser(page).getByRole('button', { name: 'Use My Location' }).click();
    await expect.poll(() => chooser(page).getByRole('alert').textContent()).toContain('You can enter a zip code instead.');
    expect(await zipBox(page).inputValue()).toBe('');
    expect(await chooser(page).getByRole('button', { name: 'Use My Location' }).isEnabled()).toBe(true);
    await shopper.close();
  });

  it('selecting a location closes the chooser, says so, and the choice survives a reload', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    await search(page, '60622');
    await expect.poll(() => cardNames(page)).toEqual([WICKER_PARK, BROOKLYN, LODO, SILVER_LAKE]);
    await card(page, WICKER_PARK).getByRole('button', { name: 'Select Location' }).click();
    await chooser(page).waitFor({ state: 'hidden' });
    await page
      .getByRole('status')
      .filter({ hasText: `You\u2019re ordering from ${WICKER_PARK}.` })
      .waitFor();
    expect((await pageState<{ locationId: string | null }>(page)).locationId).toBe('chain-chicago');

    await page.reload();
    await page.waitForFunction(() => 'countertop' in window);
    await page.waitForSelector('#main');
    // The header names the restored location once start-up has decided; the chooser would have opened by then.
    await page.getByRole('banner').getByText(WICKER_PARK).first().waitFor();
    expect(await chooser(page).count()).toBe(0);
    expect((await pageState<{ locationId: string | null }>(page)).locationId).toBe('chain-chicago');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});

describe('a choice made before the log has its database', () => {
  it('outlives a tab that dies the moment after it, with no chance to save on the way out', async () => {
    // The log's database never arrives on this page: everything it folds lives in memory and in the copy for the
    // next visit. The tab then dies at once (a crash, a phone reclaiming it), so no pagehide handler runs.
    const shopper = await landOnChooser(DESKTOP, ({ page }) => holdRequests(page, DATABASE_CHUNK, new Promise(() => undefined)));
    const { page } = shopper;
    await card(page, BROOKLYN).getByRole('button', { name: 'Select Location' }).click();
    await chooser(page).waitFor({ state: 'hidden' });
    expect((await pageState<{ locationId: string | null }>(page)).locationId).toBe('chain-brooklyn');
    const session = await shopper.context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    void session.send('Page.crash').catch(() => undefined);
    await crashed;

    const next = await shopper.newTab();
    await next.goto(storefront.origin);
    await next.getByRole('banner').getByText(BROOKLYN).first().waitFor();
    expect(await chooser(next).count()).toBe(0);
    expect((await pageState<{ locationId: string | null }>(next)).locationId).toBe('chain-brooklyn');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});

describe('a shopper who has chosen', () => {
  it("'Change It' reopens the chooser with the current location marked; it can be dismissed, or another chosen", async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    await card(page, BROOKLYN).getByRole('button', { name: 'Select Location' }).click();
    await chooser(page).waitFor({ state: 'hidden' });

    // The "You're ordering from ..." toast is still up: it must not take the click meant for 'Change It'.
    await page
      .getByRole('status')
      .filter({ hasText: `You\u2019re ordering from ${BROOKLYN}.` })
      .waitFor();
    const changeIt = page.getByRole('button', { name: 'Change It' });
    expect(
      await changeIt.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const toastsTakeClicks = [...document.querySelectorAll('.toast-layer [role="status"]')].some(
          (toast) => getComputedStyle(toast).pointerEvents !== 'none',
        );
        return { reachesButton: hit !== null && button.contains(hit), toastsTakeClicks };
      }),
    ).toEqual({ reachesButton: true, toastsTakeClicks: false });
    await changeIt.click();
    await chooser(page).waitFor();
    expect(await card(page, BROOKLYN).getByText('Your current location').isVisible()).toBe(true);
    expect(await chooser(page).getByText('Your current location').count()).toBe(1);
    await page.keyboard.press('Escape');
    await chooser(page).waitFor({ state: 'hidden' });
    expect(await changeIt.evaluate((button) => button === document.activeElement)).toBe(true);

    await changeIt.click();
    await chooser(page).getByRole('button', { name: 'Close' }).click();
    await chooser(page).waitFor({ state: 'hidden' });
    expect((await pageState<{ locationId: string | null }>(page)).locationId).toBe('chain-brooklyn');

    await changeIt.click();
    await card(page, LODO).getByRole('button', { name: 'Select Location' }).click();
    await chooser(page).waitFor({ state: 'hidden' });
    expect((await pageState<{ locationId: string | null }>(page)).locationId).toBe('chain-denver');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});

describe('the map', () => {
  it('loads with the chooser, shows a marker per location, and a marker opens an info window to choose from', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    const map = chooser(page).getByRole('region', { name: 'Map of Slice Brothers Pizza locations' });
    await map.locator('.ol-viewport').waitFor();
    await expect.poll(() => map.locator('[data-marker-count]').getAttribute('data-marker-count')).toBe('4');
    expect(await map.getByRole('button', { name: /^Slice Brothers - / }).count()).toBe(4);
    expect(shopper.scripts.some((url) => MAP_CHUNK.test(url))).toBe(true);
    expect(shopper.scripts.some((url) => CHOOSER_CHUNK.test(url))).toBe(true);
    // The ZIP table waits for the first character typed in the zip box.
    expect(shopper.scripts.some((url) => ZIP_CHUNK.test(url))).toBe(false);
    await zipBox(page).pressSequentially('9');
    await expect.poll(() => shopper.scripts.some((url) => ZIP_CHUNK.test(url))).toBe(true);
    await zipBox(page).fill('');

    await map.getByRole('button', { name: SILVER_LAKE }).click();
    const info = map.getByRole('group', { name: SILVER_LAKE });
    await info.waitFor();
    expect(await info.textContent()).toContain('3320 Sunset Blvd, Los Angeles, CA 90026');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'location-chooser-map-info');
    await info.getByRole('button', { name: 'Select Location' }).click();
    await chooser(page).waitFor({ state: 'hidden' });
    expect((await pageState<{ locationId: string | null }>(page)).locationId).toBe('chain-silverlake');
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('paints the list before the map comes, and the map takes the place kept for it', async () => {
    let release!: () => void;
    const mapHeld = new Promise<void>((resolve) => (release = resolve));
    const shopper = await landOnChooser(DESKTOP, async ({ page }) => {
      await page.route(MAP_CHUNK, async (route) => {
        await mapHeld;
        await route.continue();
      });
    });
    const { page } = shopper;
    await card(page, 'Slice Brothers - Wicker Park').waitFor();
    const place = chooser(page).locator('.location-finder-map');
    const before = await place.boundingBox();
    const list = await chooser(page).getByRole('list', { name: 'Locations' }).boundingBox();
    release();
    const map = chooser(page).getByRole('region', { name: 'Map of Slice Brothers Pizza locations' });
    await map.locator('.ol-viewport').waitFor();
    expect(await place.boundingBox()).toEqual(before);
    expect(await chooser(page).getByRole('list', { name: 'Locations' }).boundingBox()).toEqual(list);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('keeps keyboard users moving: markers are out of the tab order and Tab leaves the map', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    const map = chooser(page).getByRole('region', { name: 'Map of Slice Brothers Pizza locations' });
    await expect.poll(() => map.locator('[data-marker-count]').getAttribute('data-marker-count')).toBe('4');
    await map.getByRole('button', { name: 'Zoom out' }).focus();
    await page.keyboard.press('Tab');
    const focusedInMap = await page.evaluate(() => document.activeElement?.closest('.location-map') !== null);
    expect(focusedInMap).toBe(false);
    const markerTabIndexes = await map
      .getByRole('button', { name: /^Slice Brothers - / })
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).tabIndex));
    expect(markerTabIndexes).toEqual([-1, -1, -1, -1]);
    await shopper.close();
  });

  it('without a tile URL makes no request beyond the storefront and fetches no image', async () => {
    const shopper = await landOnChooser();
    const { page } = shopper;
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await expect.poll(() => chooser(page).locator('[data-marker-count]').getAttribute('data-marker-count')).toBe('4');
    await search(page, '11217');
    await expect.poll(() => cardNames(page)).toEqual([BROOKLYN, WICKER_PARK, LODO, SILVER_LAKE]);
    // A tile the map asked for would be among the page's requests before the network goes quiet.
    await page.waitForLoadState('networkidle');
    expect(images).toEqual([]);
    expect(shopper.foreignRequests).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('with a tile URL configured, fetches its tiles from that template', async () => {
    const tiles: string[] = [];
    const shopper = await landOnChooser(DESKTOP, async ({ context }) => {
      await context.route('**/config.json', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...config, MapTileUrl: `${storefront.origin}/test-tiles/{z}/{x}/{y}.png` } });
      });
      await context.route('**/test-tiles/**', async (route) => {
        tiles.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'image/png', body: ONE_PIXEL_PNG });
      });
    });
    const { page } = shopper;
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles.every((url) => /\/test-tiles\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(shopper.foreignRequests).toEqual([]);
    await chooser(page).waitFor();
    await shopper.close();
  });
});

/** Waits until no CSS animation or transition is running (axe and screenshots read the settled page). */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

describe('accessibility and looks', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no serious violations and looks right before and after a search at ${viewport.width}px`, async () => {
      const shopper = await landOnChooser(viewport);
      const { page } = shopper;
      await expect.poll(() => chooser(page).locator('[data-marker-count]').getAttribute('data-marker-count')).toBe('4');
      await animationsSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'location-chooser');
      await search(page, '60622');
      await expect.poll(() => cardNames(page)).toEqual([WICKER_PARK, BROOKLYN, LODO, SILVER_LAKE]);
      await animationsSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'location-chooser-search');
      expect(shopper.errors).toEqual([]);
      expect(shopper.foreignRequests).toEqual([]);
      await shopper.close();
    });
  }
});

describe('a business with one location', () => {
  it('never shows the chooser, selects the location itself, and never loads the chooser, the map or the ZIP table', async () => {
    await storefront.control('reset', { catalog: 'cafe' });
    const shopper = await storefront.newShopper(DESKTOP);
    await enableDebugHook(shopper.context);
    const scripts: string[] = [];
    shopper.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const { page } = shopper;
    await page.goto(storefront.origin);
    await page.waitForSelector('#main');
    await expect.poll(async () => (await pageState<{ locationId: string | null }>(page)).locationId).toBe('cafe-hudson');
    await page.waitForLoadState('networkidle');
    expect(await chooser(page).count()).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => MAP_CHUNK.test(url) || ZIP_CHUNK.test(url) || CHOOSER_CHUNK.test(url))).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
