// `npm start` on a first visit: Vite's dev server with an empty dependency cache, the pages a shopper opens first in
// Chromium, and whether the server found a dependency late and reloaded the page under the shopper ("optimized
// dependencies changed. reloading"): a click in those seconds is lost. The goal is none.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createLogger, createServer, type LogOptions } from 'vite';
import type { Benchmark } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Server messages that mean the dependency cache changed after the page had loaded. */
const LATE = /new dependencies optimized|optimized dependencies changed|reloading/i;

/** Opens the pages and dialogs a first visit reaches, as `npm start` serves them (the chain's chooser first), waiting for each to settle. */
async function visit(page: Page, origin: string): Promise<void> {
  const settle = () => page.waitForLoadState('networkidle');
  await page.goto(origin);
  await page.getByRole('dialog', { name: 'Choose a location' }).waitFor({ timeout: 60_000 });
  await settle();
  // The cafe: its home, a category, an item's panel, then the later pages.
  const reset = await fetch(`${origin}/__sandbox/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"catalog":"cafe"}' });
  if (!reset.ok) throw new Error(`sandbox reset: ${reset.status}`);
  await page.evaluate(async () => {
    localStorage.clear();
    for (const db of await indexedDB.databases()) if (db.name) indexedDB.deleteDatabase(db.name);
  });
  await page.goto(origin);
  await page
    .getByRole('link', { name: /Coffee/ })
    .first()
    .waitFor({ timeout: 60_000 });
  await settle();
  await page.goto(`${origin}/categories/coffee`);
  await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Add to Bag' }).click();
  await page.getByRole('dialog', { name: 'Latte' }).waitFor({ timeout: 60_000 });
  await settle();
  for (const path of ['/bag', '/checkout', '/sign-in', '/sign-up', '/about']) {
    await page.goto(`${origin}${path}`);
    await settle();
  }
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: '`npm start`: a first visit on an empty dependency cache (Vite dev server, Chromium)',
    run: async () => {
      const cacheDir = mkdtempSync(join(tmpdir(), 'countertop-bench-vite-cache-'));
      const messages: string[] = [];
      const logger = createLogger('info');
      const keep = (message: string, options?: LogOptions) => {
        messages.push(message);
        void options;
      };
      logger.info = keep;
      logger.warn = keep;
      logger.warnOnce = keep;
      const server = await createServer({
        root: ROOT,
        configFile: `${ROOT}vite.config.ts`,
        cacheDir,
        customLogger: logger,
        // No watcher: another edit in the working tree meanwhile would reload the page for its own reason.
        server: { port: 0, strictPort: false, host: '127.0.0.1', watch: null },
      });
      await server.listen();
      const origin = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
      let reloads = 0;
      const started = performance.now();
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        // A document load the visit did not ask for is the server reloading the page.
        let expected = 0;
        page.on('load', () => expected--);
        const goto = page.goto.bind(page);
        page.goto = (async (...args: Parameters<Page['goto']>) => {
          expected++;
          return goto(...args);
        }) as Page['goto'];
        await visit(page, origin).catch(async (error: unknown) => {
          await page.screenshot({ path: join(tmpdir(), 'countertop-dev-visit.png') });
          console.log(messages.join('\n'));
          throw error;
        });
        reloads = Math.max(0, -expected);
        if (process.env.BENCH_LIST) console.log('pre-bundled:', Object.keys(server.environments.client.depsOptimizer?.metadata.optimized ?? {}).join(' '));
      } finally {
        await browser.close();
        await server.close();
        rmSync(cacheDir, { recursive: true, force: true });
      }
      const late = messages.filter((m) => LATE.test(m));
      if (late.length > 0 || process.env.BENCH_LIST) console.log((process.env.BENCH_LIST ? messages : late).join('\n'));
      return [
        { label: 'page reloads by the server during the visit', value: reloads, unit: 'count', goal: '0' },
        { label: 'late dependency messages from the server', value: late.length, unit: 'count', goal: '0' },
        { label: 'the visit, empty cache to the last page settled', value: (performance.now() - started) / 1000, unit: 's' },
      ];
    },
  },
];
