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
import type { CDPSession, Page } from 'playwright-core';
import { foldVersion } from '../../cli/foldVersion';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import type { Shopper, Storefront } from '../browser/support/storefront';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { summarize, type Benchmark, type Figure } from './harness';
import { runCommand } from '../browser/support/debug';
import { measureAppends, withStorefront } from './storefront.bench';

const EVENTS = 20_000;
/** The change the long-session benches make through the debug hook: one drip coffee into the bag. */
export const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' } as const;
// Starts of each kind per CPU rate (BENCH_ROUNDS sets another number; BENCH_CPU=4 runs one rate).
const RUNS = Number(process.env.BENCH_ROUNDS ?? 3);
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

/** What the seeded database held before and after its snapshot archived the events before it (seedLog.ts). */
interface Held {
  readonly events: number;
  readonly chunks: number;
  readonly bytes: number;
  readonly usage: number;
}
let lastSeed: { before: Held; after: Held } | null = null;

/**
 * Writes the log into this shopper's database with a snapshot by `versions` (which archives the events before it, as
 * the storefront's own snapshots do), from a page of the storefront's origin whose own scripts are held back, and
 * marks the device as one whose log is read first.
 */
async function seed(storefront: Storefront, shopper: Shopper, { script, log }: Seed, versions: { app: string; fold: string }): Promise<void> {
  const { page } = shopper;
  await page.route(/\.js(\?.*)?$/, (route) => route.abort());
  await page.goto(`${storefront.origin}/`);
  await page.evaluate(`${script};0`);
  const { written, before, after } = await page.evaluate(
    ([name, text, app, fold]) =>
      (
        window as unknown as {
          seedLog: (n: string, t: string, a: string, f: string) => Promise<{ written: number; before: Held; after: Held }>;
        }
      ).seedLog(name, text, app, fold),
    [DATABASE, log, versions.app, versions.fold] as const,
  );
  if (written !== EVENTS) throw new Error(`seeded ${written} events`);
  lastSeed = { before, after };
  await page.evaluate(([key]) => window.localStorage.setItem(key, '"read"'), [PAINT_KEY] as const);
  await page.unrouteAll();
  await page.goto('about:blank');
}

/** A start: from navigation to the menu's first category link, and the page's main-thread task time meanwhile. */
interface Start {
  readonly millis: number;
  /** Chromium's TaskDuration for the page's main thread (the DevTools protocol's Performance metrics), in ms. */
  readonly cpu: number;
}

async function taskMillis(devtools: CDPSession): Promise<number> {
  const { metrics } = await devtools.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/**
 * From navigation to the menu's first category link, at `rate` times slower CPU, in wall time and in the page's
 * main-thread task time: the second is what the start costs the page's CPU, which the machine's other work moves less.
 */
async function timeToMenu(page: Page, origin: string, rate: number): Promise<Start> {
  await page.goto('about:blank');
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate });
  await devtools.send('Performance.enable', { timeDomain: 'threadTicks' });
  const before = await taskMillis(devtools);
  const started = Date.now();
  await page.goto(origin);
  await page
    .getByRole('link', { name: /Coffee/ })
    .first()
    .waitFor({ timeout: 120_000 });
  const millis = Date.now() - started;
  const after = await taskMillis(devtools);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await devtools.detach();
  return { millis, cpu: after >= before ? after - before : after };
}

/**
 * Waits for the page to settle before appends are timed, as a shopper's taps minutes into a visit meet it: the log's
 * database attached and written, and the background fetches of the later pages' code over (they start 2 s in, one per
 * idle period: no resource has ended for a second).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { countertop: { saved: () => Promise<void> } }).countertop.saved());
  await page.waitForFunction(
    () => {
      const ends = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => entry.responseEnd);
      return performance.now() > 2500 && performance.now() - Math.max(0, ...ends) > 1000;
    },
    null,
    { polling: 250, timeout: 120_000 },
  );
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
        const rates = (process.env.BENCH_CPU ?? '1,4').split(',').map(Number);
        for (const rate of rates) {
          const empty: Start[] = [];
          const snapshot: Start[] = [];
          const previous: Start[] = [];
          const otherRules: Start[] = [];
          const copy: Start[] = [];
          for (let run = 0; run < RUNS; run++) {
            const timeAppends = rate === rates[0] && run === 0;
            const fresh = await debugShopper(storefront);
            empty.push(await timeToMenu(fresh.page, storefront.origin, rate));
            if (timeAppends) {
              await settled(fresh.page);
              emptyAppends = [...(await measureAppends(fresh.page)), ...(await measureAppends(fresh.page))];
            }
            await fresh.close();

            const returning = await debugShopper(storefront);
            await seed(storefront, returning, seedData, { app: APP_VERSION, fold: FOLD_VERSION });
            snapshot.push(await timeToMenu(returning.page, storefront.origin, rate));
            if ((await startedFrom(returning.page)).events < EVENTS) throw new Error('the page did not start from the seeded log');
            if (timeAppends) {
              await settled(returning.page);
              appends = [...(await measureAppends(returning.page)), ...(await measureAppends(returning.page))];
            }
            // The copy for the next visit is written a second after a change (one add here), and when the page is left.
            await runCommand(returning.page, 'addToBag', DRIP);
            await returning.page.waitForFunction((key) => (window.localStorage.getItem(key) ?? '"read"') !== '"read"', PAINT_KEY, { timeout: 30_000 });
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
          if (process.env.BENCH_LIST) console.log({ rate, empty, snapshot, copy, previous, otherRules });
          const median = (samples: Start[], of: keyof Start) => summarize(samples.map((sample) => sample[of])).median;
          const cases: [string, Start[], string | undefined][] = [
            ["this version's snapshot", snapshot, '<= 1.2'],
            ["the last visit's copy", copy, '<= 1.2'],
            ['snapshot of a release with the same rules', previous, '<= 1.2'],
            ['a release with other rules (the whole log folded)', otherRules, undefined],
          ];
          figures.push(
            { label: `${rate}x CPU: menu shown, empty log (median of ${RUNS}): wall time`, value: median(empty, 'millis'), unit: 'ms' },
            { label: `${rate}x CPU:   the page's main-thread task time`, value: median(empty, 'cpu'), unit: 'ms' },
          );
          for (const [name, samples, goal] of cases) {
            figures.push(
              { label: `${rate}x CPU: 20,000 events, ${name}: wall time (median)`, value: median(samples, 'millis'), unit: 'ms' },
              {
                label: `${rate}x CPU:   against the empty log`,
                value: median(samples, 'millis') / median(empty, 'millis'),
                unit: 'x',
                ...(goal ? { goal } : {}),
              },
              {
                label: `${rate}x CPU:   main-thread task time against the empty log's`,
                value: median(samples, 'cpu') / median(empty, 'cpu'),
                unit: 'x',
                ...(goal ? { goal } : {}),
              },
            );
          }
        }
        if (lastSeed !== null) {
          const { before, after } = lastSeed;
          figures.push(
            { label: 'database: events collection before archiving (documents)', value: before.events, unit: 'count' },
            { label: 'database: events collection after, the tail (documents)', value: after.events, unit: 'count' },
            { label: 'database: archive chunks after', value: after.chunks, unit: 'count' },
            { label: "database: the log's documents as JSON, before archiving", value: before.bytes / 1024, unit: 'KB' },
            { label: "database: the log's documents as JSON, after (tail and archive)", value: after.bytes / 1024, unit: 'KB' },
            { label: "database: the browser's storage estimate, before / after", value: before.usage / 1024, unit: 'KB' },
            { label: '  after', value: after.usage / 1024, unit: 'KB' },
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
