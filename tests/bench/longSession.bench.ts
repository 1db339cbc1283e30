// Long sessions cost what short ones do (issue 33, goal 3): a shopper whose log holds 20,000 events starts and shows
// the menu within 1.2x the time of an empty log, at 1x and at 4x CPU, and appends at under 16 ms p95. The log comes
// from the shopper simulator (the CLI's `countertop simulate`) on the cafe, spread over the last eight months, and is
// written into the browser's own database before the page starts, as an import writes it (seedLog.ts, bundled for the
// page). Four starts with that log: the database read first from a snapshot of this build; from a snapshot of the
// previous release whose rules were the same (the fold's version, cli/foldVersion.ts); from one whose rules differ (the
// whole log is folded); and the visit after the first, from the copy it left for its successor.
// `npm run bench -- longSession` runs this file alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { foldVersion } from '../../cli/foldVersion';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import type { Shopper, Storefront } from '../browser/support/storefront';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { summarize, type Benchmark, type Figure } from './harness';
import { measureAppends, withStorefront } from './storefront.bench';

const EVENTS = 20_000;
const RUNS = 3;
const DAY = 86_400_000;
const { version: APP_VERSION } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const { ClientId } = JSON.parse(readFileSync(new URL('../../fixtures/config.json', import.meta.url), 'utf8')) as { ClientId: string };
const DATABASE = `countertop-${ClientId}`;
/** What the storefront keeps in localStorage for the next visit; this marker makes it read the database first. */
const PAINT_KEY = `countertop.paint.${ClientId}`;
const FOLD_VERSION = foldVersion();
const PREVIOUS = 'the previous release';

/** The simulated log as a log file: header, the cafe's catalog, 20,000 events ending an hour ago. */
async function simulatedLog(): Promise<string> {
  const json = fixtureJson('cafe');
  const text = catalogText(json);
  const hash = await hashText(text);
  const end = Date.now() - 3_600_000;
  const { drafts } = simulateSession({ catalog: fixtureCatalog('cafe'), hash, events: EVENTS, seed: 20, start: end - 240 * DAY, end });
  const lines = [headerLine(APP_VERSION, new Date(end).toISOString(), false), catalogLine(hash, text)];
  drafts.forEach((d, i) => lines.push(eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })));
  return `${lines.join('\n')}\n`;
}

async function seedScript(): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./seedLog.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

interface Seed {
  readonly script: string;
  readonly log: string;
}

/**
 * Writes the log into this shopper's database with a snapshot by `versions`, from a page of the storefront's
 * origin whose own scripts are held back, and marks the device as one whose log is read first.
 */
async function seed(storefront: Storefront, shopper: Shopper, { script, log }: Seed, versions: { app: string; fold: string }): Promise<void> {
  const { page } = shopper;
  await page.route(/\.js(\?.*)?$/, (route) => route.abort());
  await page.goto(`${storefront.origin}/`);
  await page.evaluate(`${script};0`);
  const written = await page.evaluate(
    ([name, text, app, fold]) =>
      (window as unknown as { seedLog: (n: string, t: string, a: string, f: string) => Promise<number> }).seedLog(name, text, app, fold),
    [DATABASE, log, versions.app, versions.fold] as const,
  );
  if (written !== EVENTS) throw new Error(`seeded ${written} events`);
  await page.evaluate(([key]) => window.localStorage.setItem(key, '"read"'), [PAINT_KEY] as const);
  await page.unrouteAll();
  await page.goto('about:blank');
}

/** From navigation to the menu's first category link, at `rate` times slower CPU. */
async function timeToMenu(page: Page, origin: string, rate: number): Promise<number> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate });
  const started = Date.now();
  await page.goto(origin);
  await page
    .getByRole('link', { name: /Coffee/ })
    .first()
    .waitFor({ timeout: 120_000 });
  const millis = Date.now() - started;
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return millis;
}

/** The log's size and where the page started from, as the page's store says (through the debug hook). */
async function startedFrom(page: Page): Promise<{ events: number }> {
  await page.waitForFunction(() => 'countertop' in window);
  return page.evaluate(async () => {
    const hook = (window as unknown as { countertop: { saved: () => Promise<void>; state: () => { log: { events: number } } } }).countertop;
    await hook.saved();
    return { events: hook.state().log.events };
  });
}

async function debugShopper(storefront: Storefront): Promise<Shopper> {
  const shopper = await storefront.newShopper();
  await shopper.context.addInitScript(() => {
    try {
      window.localStorage.setItem('countertop.debug', '1');
    } catch {
      /* about:blank */
    }
  });
  return shopper;
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: `long sessions: start and append with ${EVENTS.toLocaleString('en-US')} events in the log against an empty one (Chromium)`,
    run: async () => {
      // Before the server starts: the simulation holds this process for a while.
      const seedData: Seed = { script: await seedScript(), log: await simulatedLog() };
      return withStorefront('cafe', async (storefront) => {
        await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'drip-regular', count: 5000 });
        const figures: Figure[] = [];
        let appends: number[] = [];
        let emptyAppends: number[] = [];
        for (const rate of [1, 4]) {
          const empty: number[] = [];
          const snapshot: number[] = [];
          const previous: number[] = [];
          const otherRules: number[] = [];
          const copy: number[] = [];
          for (let run = 0; run < RUNS; run++) {
            const fresh = await debugShopper(storefront);
            empty.push(await timeToMenu(fresh.page, storefront.origin, rate));
            if (rate === 1 && run === 0) {
              await fresh.page.waitForLoadState('networkidle');
              emptyAppends = [...(await measureAppends(fresh.page)), ...(await measureAppends(fresh.page))];
            }
            await fresh.close();

            const returning = await debugShopper(storefront);
            await seed(storefront, returning, seedData, { app: APP_VERSION, fold: FOLD_VERSION });
            snapshot.push(await timeToMenu(returning.page, storefront.origin, rate));
            if ((await startedFrom(returning.page)).events < EVENTS) throw new Error('the page did not start from the seeded log');
            if (rate === 1 && run === 0) {
              await returning.page.waitForLoadState('networkidle');
              appends = [...(await measureAppends(returning.page)), ...(await measureAppends(returning.page))];
            }
            // The copy for the next visit is written a second after a change (one add here), and when the page is left.
            await returning.page.evaluate(() =>
              (window as unknown as { countertop: { commands: { addToBag: (line: unknown) => Promise<unknown> } } }).countertop.commands.addToBag({
                itemId: 'drip',
                variationId: 'drip-regular',
                quantity: 1,
                modifiers: {},
                note: '',
              }),
            );
            await returning.page.waitForFunction((key) => (window.localStorage.getItem(key) ?? '"read"') !== '"read"', PAINT_KEY, { timeout: 30_000 });
            await returning.page.goto('about:blank');
            copy.push(await timeToMenu(returning.page, storefront.origin, rate));
            await returning.close();

            const afterRelease = await debugShopper(storefront);
            await seed(storefront, afterRelease, seedData, { app: PREVIOUS, fold: FOLD_VERSION });
            previous.push(await timeToMenu(afterRelease.page, storefront.origin, rate));
            await afterRelease.close();

            const newRules = await debugShopper(storefront);
            await seed(storefront, newRules, seedData, { app: PREVIOUS, fold: 'other rules' });
            otherRules.push(await timeToMenu(newRules.page, storefront.origin, rate));
            await newRules.close();
          }
          const base = summarize(empty).median;
          const ratio = (samples: number[]) => summarize(samples).median / base;
          figures.push(
            { label: `${rate}x CPU: menu shown, empty log (median of ${RUNS})`, value: base, unit: 'ms' },
            { label: `${rate}x CPU: 20,000 events, this version's snapshot (median)`, value: summarize(snapshot).median, unit: 'ms' },
            { label: `${rate}x CPU:   against the empty log`, value: ratio(snapshot), unit: 'x', goal: '<= 1.2' },
            { label: `${rate}x CPU: 20,000 events, the last visit's copy (median)`, value: summarize(copy).median, unit: 'ms' },
            { label: `${rate}x CPU:   against the empty log`, value: ratio(copy), unit: 'x', goal: '<= 1.2' },
            { label: `${rate}x CPU: 20,000 events, snapshot of a release with the same rules (median)`, value: summarize(previous).median, unit: 'ms' },
            { label: `${rate}x CPU:   against the empty log`, value: ratio(previous), unit: 'x', goal: '<= 1.2' },
            { label: `${rate}x CPU: 20,000 events, snapshot of a release with other rules (median)`, value: summarize(otherRules).median, unit: 'ms' },
            { label: `${rate}x CPU:   against the empty log`, value: ratio(otherRules), unit: 'x' },
          );
        }
        if (process.env.BENCH_LIST) console.log({ appends, emptyAppends });
        figures.push(
          { label: 'append to view, 20,000 events in the log (p95)', value: summarize(appends.slice(10)).p95, unit: 'ms', goal: '< 16' },
          { label: 'append to view, empty log (p95)', value: summarize(emptyAppends.slice(10)).p95, unit: 'ms' },
          { label: 'adds timed per log (the first 10 are warm-up)', value: Math.min(appends.length, emptyAppends.length), unit: 'count' },
        );
        return figures;
      });
    },
  },
];
