// The work that waits for the first page (the hub, the time rules, the toaster, the phone formatter, the log's
// database) starts once the shopper can read the page: on a first visit to a chain, once the chooser (its first words)
// has painted, not on a timer from start-up that could run ahead of it and hold it back (runtime/firstPage.ts).
import { describe, expect, it } from 'vitest';
import { holdRequests } from './support/hold';
import { useStorefront } from './support/storefront';

const storefront = useStorefront('pizza-chain');

const CHOOSER_CHUNK = /\/assets\/LocationChooser-[^/]+\.js$/;
/** Chunks only the work after the first page asks for. */
const AFTER_FIRST_PAGE = /\/assets\/(timeRules|inventoryHub)-[^/]+\.js$/;
/** Longer than the old fixed wait after start-up (300 ms), and far enough under the runtime's deadline (4 s) for a busy machine's start-up. */
const CHOOSER_LATE_MS = 800;

describe('the work after the first page', () => {
  it("waits for the chain's chooser, however late its code comes", async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    // The page notes when the chooser's first words appear, on its own clock (the resource timings' clock).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.location-finder-lead')) return;
        (window as unknown as { leadAt: number }).leadAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    // The chooser's code comes late: released when the work after the first page asks for its code (which would be
    // too early), or some time after the page under the chooser is up.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    page.on('request', (request) => AFTER_FIRST_PAGE.test(request.url()) && release());
    await holdRequests(page, CHOOSER_CHUNK, released);
    await page.goto(storefront.origin);
    await page.getByRole('heading', { level: 1, name: /Order online from/ }).waitFor();
    const late = setTimeout(release, CHOOSER_LATE_MS);
    await page.locator('.location-finder-lead').waitFor();
    clearTimeout(late);
    // Then the rest follows, without a page of its own to say so, and only after the chooser's words.
    const asked = () =>
      page.evaluate((pattern) => {
        const after = new RegExp(pattern);
        return performance
          .getEntriesByType('resource')
          .filter((entry) => after.test(entry.name))
          .map((entry) => entry.startTime);
      }, AFTER_FIRST_PAGE.source);
    await expect.poll(async () => (await asked()).length).toBeGreaterThanOrEqual(2);
    const leadAt = await page.evaluate(() => (window as unknown as { leadAt: number }).leadAt);
    expect(Math.min(...(await asked()))).toBeGreaterThan(leadAt);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });
});
