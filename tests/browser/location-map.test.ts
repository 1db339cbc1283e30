// The chooser's map without a tile server (issue 17): the pins sit on a light base map of land and borders drawn
// from the shipped public outlines, loaded with the map in its own chunk, and the map requests nothing else.
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, seriousViolations, useStorefront } from './support/storefront';

const BASE_MAP_CHUNK = /\/assets\/baseMap-[^/]*\.js$/;
const LODO = 'Slice Brothers - LoDo';
const WICKER_PARK = 'Slice Brothers - Wicker Park';
/** The land fill of baseMap.ts (#f7f6f1) and the sea behind it (locationMap.css). */
const LAND = [0xf7, 0xf6, 0xf1] as const;

const storefront = useStorefront('pizza-chain');

const chooser = (page: Page) => page.getByRole('dialog', { name: 'Choose a location' });
const mapOf = (page: Page) => chooser(page).getByRole('region', { name: 'Map of Slice Brothers Pizza locations' });
const canvasHost = (map: Locator) => map.locator('.location-map-canvas');

/** Share of the base map layer's canvas painted as land, and as anything darker (borders, coast). */
function paintedShares(map: Locator): Promise<{ land: number; lines: number; pixels: number }> {
  return map.locator('.location-map-base canvas').evaluate((canvas: HTMLCanvasElement, land: readonly number[]) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let landPixels = 0;
    let linePixels = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 200) continue;
      const near = Math.abs(data[i]! - land[0]!) + Math.abs(data[i + 1]! - land[1]!) + Math.abs(data[i + 2]! - land[2]!) <= 6;
      if (near) landPixels += 1;
      else if (data[i]! < land[0]! - 40) linePixels += 1;
    }
    const pixels = data.length / 4;
    return { land: landPixels / pixels, lines: linePixels / pixels, pixels };
  }, LAND);
}

/** The colour of the base map under the tip of a location's pin (where the location is). */
function landUnderPin(page: Page, name: string): Promise<number[]> {
  return mapOf(page)
    .getByRole('button', { name: new RegExp(`^${name},`) })
    .evaluate((pin) => {
      const canvas = pin.closest('.location-map')!.querySelector<HTMLCanvasElement>('.location-map-base canvas')!;
      const tip = pin.getBoundingClientRect();
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const x = Math.round((tip.left + tip.width / 2 - box.left) * scale);
      const y = Math.round((tip.bottom - 1 - box.top) * scale);
      return [...canvas.getContext('2d')!.getImageData(x, y, 1, 1).data];
    });
}

describe('the location map without a tile server', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`draws the base map under the pins at ${viewport.width}px, from its own chunk, and nothing from elsewhere`, async () => {
      const shopper = await storefront.newShopper(viewport);
      const { page } = shopper;
      const scripts: string[] = [];
      page.on('request', (request: Request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(storefront.origin);
      const map = mapOf(page);
      await expect.poll(() => canvasHost(map).getAttribute('data-marker-count')).toBe('4');
      await expect.poll(async () => Number(await canvasHost(map).getAttribute('data-outlines-drawn'))).toBeGreaterThan(0);
      expect(scripts.some((url) => BASE_MAP_CHUNK.test(url))).toBe(true);

      // A country-wide map: a good part of the frame is land, crossed by borders, and the rest is sea.
      const shares = await paintedShares(map);
      expect(shares.pixels).toBeGreaterThan(10_000);
      expect(shares.land).toBeGreaterThan(0.3);
      expect(shares.land).toBeLessThan(0.97);
      expect(shares.lines).toBeGreaterThan(0.001);
      // Denver and Chicago are inland: their pins stand on land.
      for (const name of [LODO, WICKER_PARK]) {
        const [r, g, b, a] = await landUnderPin(page, name);
        expect({ name, land: Math.abs(r! - LAND[0]) + Math.abs(g! - LAND[1]) + Math.abs(b! - LAND[2]) <= 6 && a === 255 }).toEqual({ name, land: true });
      }

      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'location-map-base');
      await page.waitForLoadState('networkidle');
      expect(shopper.foreignRequests).toEqual([]);
      expect(shopper.errors).toEqual([]);
      await shopper.close();
    });
  }

  it('leaves the base map out when tiles are configured: the tiles are the map', async () => {
    const tiles: string[] = [];
    const shopper = await storefront.newShopper(DESKTOP);
    const { page, context } = shopper;
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, MapTileUrl: `${storefront.origin}/test-tiles/{z}/{x}/{y}.png` } });
    });
    await context.route('**/test-tiles/**', async (route) => {
      tiles.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'image/png', body: ONE_PIXEL_PNG });
    });
    const scripts: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(storefront.origin);
    const map = mapOf(page);
    await expect.poll(() => canvasHost(map).getAttribute('data-marker-count')).toBe('4');
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await map.locator('.location-map-base').count()).toBe(0);
    expect(await canvasHost(map).getAttribute('data-outlines-drawn')).toBeNull();
    expect(scripts.filter((url) => BASE_MAP_CHUNK.test(url))).toEqual([]);
    await shopper.close();
  });
});

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
