// Holding a page's requests for a file until the test lets them go: a page's code or a chunk that arrives late,
// whatever the machine's speed, without a fixed wait.
import type { Page } from 'playwright-core';
import { withoutOfflineWorker } from './storefront';

/** Every request of the page for `url` waits until `released` settles, then goes on to the server. */
export async function holdRequests(page: Page, url: RegExp, released: Promise<unknown>): Promise<void> {
  await withoutOfflineWorker(page);
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
}
