// The storefront's figures in Debian's headless Chromium against the built app and the sandbox: first-page
// JavaScript, time to the category list, append-to-view latency, add to bag to count, place order to confirmation.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { productionBuild } from '../support/productionBuild';
import { summarize, type Benchmark, type Figure } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function withStorefront<T>(catalog: string, work: (s: import('../browser/support/storefront').Storefront) => Promise<T>): Promise<T> {
  const outDir = mkdtempSync(join(tmpdir(), 'countertop-bench-build-'));
  await productionBuild(ROOT, outDir);
  process.env.COUNTERTOP_BUILD_DIR = outDir;
  const { startStorefront } = await import('../browser/support/storefront');
  const storefront = await startStorefront({ catalog, chromium: 'full' });
  try {
    return await work(storefront);
  } finally {
    await storefront.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The budget's own measure: the entry index.html starts and every chunk it imports statically, transitively (what
 * must arrive before any code runs). Fixed by the build alone, unlike what a page fetches before a given moment.
 */
export function entryAndStaticImports(outDir: string): { files: string[]; gzip: number } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  // The page's meta tag names the entry (vite.config.ts, appAfterCopy); what it imports is found from its code.
  const entry = /<meta name="countertop-build" content="\/([^"]+)"/.exec(html)?.[1];
  if (entry === undefined) throw new Error(`no entry chunk named in ${outDir}/index.html`);
  const files = new Set<string>();
  const visit = (path: string) => {
    if (files.has(path)) return;
    files.add(path);
    const code = readFileSync(join(outDir, path), 'utf8');
    for (const [, spec] of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) visit(join(path, '..', spec!));
  };
  visit(entry);
  const gzip = [...files].reduce((sum, path) => sum + gzipSync(readFileSync(join(outDir, path))).length, 0);
  return { files: [...files], gzip };
}

async function debugPage(storefront: import('../browser/support/storefront').Storefront): Promise<{ page: Page; close: () => Promise<void> }> {
  const shopper = await storefront.newShopper();
  await shopper.context.addInitScript(() => window.localStorage.setItem('countertop.debug', '1'));
  await shopper.page.goto(storefront.origin);
  await shopper.page.waitForFunction(() => 'countertop' in window);
  return { page: shopper.page, close: () => shopper.close() };
}

/** 40 adds through the debug hook, each timed from the command's call to the item count view changing. */
export async function measureAppends(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const hook = (
      window as unknown as {
        countertop: {
          commands: { addToBag: (line: unknown) => Promise<unknown>; changeQuantity: (k: string, q: number) => Promise<unknown> };
          views: { itemCount: { get: () => number; subscribe: (f: () => void) => () => void } };
        };
      }
    ).countertop;
    const samples: number[] = [];
    // Within the drip coffee's stock (raised to 500 before the page opens); a refused add ends the run instead of waiting.
    for (let i = 0; i < 40; i++) {
      const before = hook.views.itemCount.get();
      const changed = new Promise<number>((resolve) => {
        const stop = hook.views.itemCount.subscribe(() => {
          if (hook.views.itemCount.get() !== before) {
            stop();
            resolve(performance.now());
          }
        });
      });
      const t0 = performance.now();
      const added = hook.commands.addToBag({
        itemId: 'drip',
        variationId: 'drip-regular',
        quantity: 1,
        modifiers: {},
        note: i % 2 === 0 ? 'a' : 'b',
      }) as Promise<{ _tag: string }>;
      const refused = added.then((result) => (result._tag === 'Left' ? -1 : new Promise<number>(() => undefined)));
      const at = await Promise.race([changed, refused]);
      if (at < 0) break;
      samples.push(at - t0);
    }
    return samples;
  });
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'storefront: first page JavaScript and time to the category list (Chromium, localhost)',
    run: () =>
      withStorefront('cafe', async (storefront) => {
        const figures: Figure[] = [];
        const shopper = await storefront.newShopper();
        // The first page's scripts: those fetched until the category list shows (later pages are prefetched after).
        const scripts: string[] = [];
        let shown = false;
        shopper.page.on('request', (request) => {
          if (!shown && request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        const started = Date.now();
        await shopper.page.goto(storefront.origin);
        await shopper.page
          .getByRole('link', { name: /Coffee/ })
          .first()
          .waitFor();
        shown = true;
        const firstLoad = Date.now() - started;
        const outDir = process.env.COUNTERTOP_BUILD_DIR!;
        if (process.env.BENCH_LIST) console.log(scripts);
        const budget = entryAndStaticImports(outDir);
        figures.push({ label: `entry and its static imports, gzip (${budget.files.length} files)`, value: budget.gzip / 1024, unit: 'KB', goal: '< 200' });
        // What else arrived before the list showed (parts loaded on demand and early): more on a slower host, whose
        // list shows later; no goal, a figure to watch.
        const gzip = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(outDir, path.replace(/^\//, '')))).length, 0);
        figures.push({ label: `scripts fetched before the category list shows, gzip (${scripts.length} files)`, value: gzip / 1024, unit: 'KB' });
        const samples: number[] = [];
        for (let i = 0; i < 6; i++) {
          const fresh = await storefront.newShopper();
          const t0 = Date.now();
          await fresh.page.goto(storefront.origin);
          await fresh.page
            .getByRole('link', { name: /Coffee/ })
            .first()
            .waitFor();
          samples.push(Date.now() - t0);
          await fresh.close();
        }
        figures.push({ label: 'navigation to the category list, new profile (median of 6)', value: summarize(samples).median, unit: 'ms', goal: '< 1000' });
        figures.push({ label: 'the very first load (cold caches)', value: firstLoad, unit: 'ms' });
        await shopper.close();
        return figures;
      }),
  },
  {
    name: 'storefront: append-to-view latency and add-to-bag to count (Chromium)',
    run: () =>
      withStorefront('cafe', async (storefront) => {
        // Enough drip coffee for both runs (the seed has 50); set before the page opens, so no update lands mid-run.
        await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'drip-regular', count: 500 });
        const { page, close } = await debugPage(storefront);
        // Once right after start-up, while the hub, the time rules and the toaster load (300 ms in) and the later
        // pages are prefetched (2 s in); then once the page has settled, which is the log's own latency.
        const duringStartup = await measureAppends(page);
        await page.waitForTimeout(2500);
        await page.waitForLoadState('networkidle');
        const latencies = await measureAppends(page);
        const append = summarize(latencies.slice(10));
        const early = summarize(duringStartup.slice(10));
        const figures: Figure[] = [
          { label: 'append to view, settled page (p95)', value: append.p95, unit: 'ms', goal: '< 16' },
          { label: 'append to view, settled page (median)', value: append.median, unit: 'ms' },
          { label: 'append to view, first seconds after start-up (p95)', value: early.p95, unit: 'ms' },
          { label: 'adds timed per run (the first 10 of 40 are warm-up)', value: Math.min(latencies.length, duringStartup.length), unit: 'count' },
        ];
        // A shopper's click on 'Add to Bag' (a SkipModifierScreen item's card) to the header's bag link changing, timed
        // inside the page so Playwright's own round trips are not counted.
        await page.goto(`${storefront.origin}/categories/bakery`);
        await page
          .getByRole('button', { name: /Add to Bag/ })
          .first()
          .waitFor();
        const clicks = await page.evaluate(async () => {
          const samples: number[] = [];
          const button = [...document.querySelectorAll('button')].find(
            (b) => /Add to Bag/.test(b.textContent ?? '') && b.closest('article')?.textContent?.includes('Butter Croissant'),
          );
          const bag = document.querySelector('a[href="/cart"]');
          if (!button || !bag) throw new Error('no Add to Bag button or bag link');
          for (let i = 0; i < 8; i++) {
            // The count is in the link's name and the badge's data attribute (drawn by CSS), not in its text.
            const before = bag.outerHTML;
            const changed = new Promise<number>((resolve) => {
              const observer = new MutationObserver(() => {
                if (bag.outerHTML !== before) {
                  observer.disconnect();
                  resolve(performance.now());
                }
              });
              observer.observe(bag, { subtree: true, childList: true, characterData: true, attributes: true });
            });
            const t0 = performance.now();
            button.click();
            samples.push((await changed) - t0);
            await new Promise((r) => setTimeout(r, 50));
          }
          return samples;
        });
        figures.push({ label: 'click Add to Bag to bag count updated (median of 8)', value: summarize(clicks).median, unit: 'ms', goal: '< 50' });
        await close();
        return figures;
      }),
  },
  {
    name: 'storefront: checkout (Chromium): Place Order to the confirmation page, re-render when the tip or the time changes',
    run: () =>
      withStorefront('cafe', async (storefront) => {
        const { guestAtCheckout, choosePickupAndPay, visit, placeOrderButton } = await import('../browser/support/checkout');
        const { runCommand } = await import('../browser/support/debug');
        const shopper = await guestAtCheckout(storefront, { at: null, lines: [] });
        const { page } = shopper;
        const place: number[] = [];
        const inPage: number[] = [];
        const renders: number[] = [];
        const updates: number[] = [];
        // The checkout blocks mark their render and commit ('checkout:render', 'checkout:commit'); the new state is
        // marked when the views emit it: render = start to commit, update = new state to commit.
        const renderAfter = async (act: () => Promise<unknown>, expected: string) => {
          await page.evaluate(() => {
            const w = window as unknown as { countertop: { views: { state: { subscribe: (f: () => void) => () => void } } } };
            for (const name of ['checkout:state', 'checkout:render', 'checkout:commit']) performance.clearMarks(name);
            const stop = w.countertop.views.state.subscribe(() => {
              if (performance.getEntriesByName('checkout:state').length > 0) return;
              performance.mark('checkout:state');
              queueMicrotask(stop);
            });
          });
          await act();
          const handle = await page.waitForFunction((text) => {
            const state = performance.getEntriesByName('checkout:state')[0];
            if (!state) return null;
            // No named helper functions in here: the page runs this source as is.
            const render = performance.getEntriesByName('checkout:render').find((mark) => mark.startTime >= state.startTime);
            const commit = performance.getEntriesByName('checkout:commit').find((mark) => mark.startTime >= state.startTime);
            if (!render || !commit) return null;
            const time = document.querySelectorAll('.checkout-page select')[1] as HTMLSelectElement | undefined;
            const shown = `${document.querySelector('.checkout-summary')?.textContent ?? ''}|${time?.selectedOptions[0]?.textContent ?? ''}`;
            return shown.includes(text) ? { render: commit.startTime - render.startTime, update: commit.startTime - state.startTime } : null;
          }, expected);
          const figures = (await handle.jsonValue()) as { render: number; update: number };
          renders.push(figures.render);
          updates.push(figures.update);
        };
        for (let run = 0; run < 3; run++) {
          await runCommand(page, 'addToBag', { itemId: 'croissant', variationId: 'croissant-each', quantity: 2, modifiers: {}, note: '' });
          await visit(page, '/checkout');
          await choosePickupAndPay(page);
          // A day with all its hours ahead: the real clock runs, and late in the day today has too few times left to
          // change between (the bench failed to find the third time after 18:00 at the cafe).
          await page.getByLabel('Pickup Date', { exact: true }).selectOption({ index: 1 });
          const summary = page.locator('.checkout-summary');
          for (const preset of ['15%', '20%']) {
            await renderAfter(async () => {
              await summary.getByRole('button', { name: /Add A Tip|Change Tip/ }).click();
              await page
                .getByRole('dialog', { name: 'Add A Tip' })
                .getByRole('button', { name: new RegExp(`^${preset}`) })
                .click();
            }, `Tip (${preset})`);
          }
          for (const index of [2, 3]) {
            const label = (await page.getByLabel('Pickup Time').locator('option').nth(index).textContent())!;
            await renderAfter(() => page.getByLabel('Pickup Time').selectOption({ index }), `|${label}`);
          }
          await page.waitForFunction(() => document.querySelector('.checkout-place-button')?.getAttribute('aria-disabled') !== 'true');
          // In the page too: from the click's event to the heading in the document, without the driver's own steps
          // (finding the button, waiting for it to hold still, and polling for the heading).
          await page.evaluate(() => {
            const w = window as unknown as { placeProbe: { click?: number; heading?: number } };
            const probe: { click?: number; heading?: number } = {};
            w.placeProbe = probe;
            document.addEventListener('click', () => (probe.click = performance.now()), { capture: true, once: true });
            const observer = new MutationObserver(() => {
              if (probe.click === undefined || !document.body.textContent?.includes('Thank you for your order!')) return;
              probe.heading = performance.now();
              observer.disconnect();
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          });
          const started = Date.now();
          await placeOrderButton(page).click();
          await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
          place.push(Date.now() - started);
          inPage.push(
            await page.evaluate(() => {
              const probe = (window as unknown as { placeProbe: { click?: number; heading?: number } }).placeProbe;
              return probe.heading! - probe.click!;
            }),
          );
        }
        await shopper.close();
        return [
          { label: 'Place Order to the confirmation page (median of 3)', value: summarize(place).median, unit: 'ms', goal: '< 300' },
          { label: 'the same in the page, click event to the heading (median)', value: summarize(inPage).median, unit: 'ms' },
          { label: 'checkout re-render, tip or time change (median render)', value: summarize(renders).median, unit: 'ms', goal: '< 16' },
          { label: 'checkout update, new state to commit (median)', value: summarize(updates).median, unit: 'ms' },
        ];
      }),
  },
];
