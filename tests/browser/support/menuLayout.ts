// A business's menu layout for one shopper: the storefront's own config.json, answered with MenuLayout added, as a
// host that sets it would serve it (fixtures/config.json stays the category pages for every other test).
import type { Page } from 'playwright-core';
import type { MenuLayout } from '../../../src/domain/config';
import { withoutOfflineWorker } from './storefront';

/** Serves this page the real config.json with `MenuLayout: layout`; call it before the page's first visit. */
export async function serveMenuLayout(page: Page, layout: MenuLayout): Promise<void> {
  await withoutOfflineWorker(page);
  await page.route(/\/config\.json(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, MenuLayout: layout } });
  });
}
