// Every tap answers within a frame or two (issue 33, goal 2): Interaction to Next Paint in the production build, on a
// phone's screen at 4x CPU (the DevTools protocol's CPU throttling), read from Chromium's Event Timing entries. A guest
// at the cafe opens a category, opens the latte, chooses a size and a milk, adds it, opens the bag, presses plus and
// minus, opens checkout, chooses a pickup time and a tip, as a shopper's taps and keys (trusted input, so each is an
// interaction with its own id). Each tap's figure is the longest event of its interaction; a tap under 16 ms has no
// entry (Event Timing's floor) and counts as 16. Rounds of fresh shoppers; the figures are each tap's median and worst,
// and the p75 and worst over all taps. Runs only when named: `npm run bench -- taps`. BENCH_ROUNDS sets the rounds (5);
// BENCH_CPU the slowdown (4). BENCH_AGAINST=<commit> measures that commit's build in the same rounds, alternating.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { productionBuild } from '../support/productionBuild';
import { summarize, type Benchmark, type Figure } from './harness';
import { otherCommit } from './otherCommit';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CPU = Number(process.env.BENCH_CPU ?? 4);
/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const PHONE_390 = { width: 390, height: 844 } as const;
/** Event Timing reports no interaction shorter than this. */
const FLOOR_MS = 16;

type Storefront = import('../browser/support/storefront').Storefront;

/** Collects every event entry with an interaction id, before the page's own scripts run. */
function observeInteractions(floorMs: number): void {
  const seen: { id: number; duration: number; name: string }[] = [];
  (window as unknown as { __interactions: typeof seen }).__interactions = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (entry.interactionId) seen.push({ id: entry.interactionId, duration: entry.duration, name: entry.name });
    }
  }).observe({ type: 'event', durationThreshold: floorMs, buffered: true } as PerformanceObserverInit);
}

/** After the next two frames and a moment, so the entries of what was just done have been delivered. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
}

/** Runs one tap (`act`, then `done` until its answer is on screen) and returns its interaction's longest event. */
async function tap(page: Page, act: () => Promise<void>, done: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __interactions: unknown[] }).__interactions.length);
  await act();
  await done();
  await settled(page);
  const entries = await page.evaluate(
    (from) => (window as unknown as { __interactions: { id: number; duration: number }[] }).__interactions.slice(from),
    before,
  );
  return Math.max(FLOOR_MS, ...entries.map((e) => e.duration));
}

/** One guest's walk from the menu to a chosen tip; answers each tap's figure by name. */
async function walk(storefront: Storefront): Promise<Map<string, number>> {
  await storefront.control('clock', { at: OPEN_AT });
  const shopper = await storefront.newShopper(PHONE_390);
  const { page } = shopper;
  const figures = new Map<string, number>();
  try {
    await page.addInitScript(observeInteractions, FLOOR_MS);
    await page.clock.install({ time: new Date(OPEN_AT) });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await page.goto(storefront.origin);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The start-up's own work is over before the first tap (the time rules, the hub, the database).
    await page.waitForLoadState('networkidle');
    await settled(page);

    const measure = async (name: string, act: () => Promise<void>, done: () => Promise<void>) => figures.set(name, await tap(page, act, done));
    await measure(
      'open a category',
      () =>
        page
          .getByRole('region', { name: 'Browse the menu' })
          .getByRole('link', { name: /^Coffee/ })
          .click(),
      // A phone's home shows the whole menu: the category's link scrolls to its section and focuses its heading.
      async () => void (await page.waitForFunction(() => document.activeElement?.closest('section')?.id === 'categorycoffee')),
    );
    const dialog = page.getByRole('dialog', { name: /Latte/ });
    await measure(
      'open an item',
      () => page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Latte', exact: true }).click(),
      () => dialog.waitFor(),
    );
    const cost = dialog.getByTestId('estimated-cost');
    await measure(
      'choose a size',
      () => dialog.getByRole('radio', { name: /Medium/ }).click(),
      async () => {
        while ((await cost.textContent()) !== '$4.95') await settled(page);
      },
    );
    await measure(
      'choose a modifier',
      () => dialog.getByRole('radio', { name: /Oat milk/ }).click(),
      async () => {
        while ((await cost.textContent()) !== '$5.70') await settled(page);
      },
    );
    await measure(
      'Add to Bag',
      () => dialog.getByRole('button', { name: 'Add to Bag' }).click(),
      () => dialog.waitFor({ state: 'hidden' }),
    );
    await measure(
      'open the bag',
      () => page.getByRole('link', { name: /^Bag, 1 item/ }).click(),
      () => page.getByRole('heading', { name: 'Bag', level: 1 }).waitFor(),
    );
    const quantity = page.getByRole('group', { name: 'Quantity of Latte' }).locator('output');
    await measure(
      'plus in the bag',
      () => page.getByRole('button', { name: 'Increase quantity of Latte' }).click(),
      async () => {
        while ((await quantity.textContent()) !== '2') await settled(page);
      },
    );
    await measure(
      'minus in the bag',
      () => page.getByRole('button', { name: 'Decrease quantity of Latte' }).click(),
      async () => {
        while ((await quantity.textContent()) !== '1') await settled(page);
      },
    );
    await measure(
      'open checkout',
      () => page.getByRole('link', { name: 'Checkout as Guest' }).click(),
      () => page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor(),
    );
    const time = page.getByLabel('Pickup Time');
    await time.focus();
    const first = await time.inputValue();
    await measure(
      'choose a pickup time',
      () => page.keyboard.press('ArrowDown'),
      async () => {
        while ((await time.inputValue()) === first) await settled(page);
      },
    );
    const summary = page.locator('.checkout-summary');
    const tipDialog = page.getByRole('dialog', { name: 'Add A Tip' });
    await measure(
      'open the tip',
      () => summary.getByRole('button', { name: 'Add A Tip' }).click(),
      () => tipDialog.waitFor(),
    );
    await measure(
      'choose a tip',
      () => tipDialog.getByRole('button', { name: /^15%/ }).click(),
      () => tipDialog.waitFor({ state: 'hidden' }),
    );
    if (shopper.errors.length > 0) throw new Error(`the page reported errors: ${shopper.errors.join('; ')}`);
    return figures;
  } catch (error) {
    await page.screenshot({ path: '/tmp/taps-fail.png' });
    throw error;
  } finally {
    await shopper.close();
  }
}

/** A production build of the sources under `root` into a folder of its own. */
async function buildAt(root: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'countertop-taps-build-'));
  await productionBuild(root, outDir);
  return outDir;
}

/** Each tap's median and worst, then the p75 and worst over every tap, for one build's walks. */
function figuresOf(walks: readonly Map<string, number>[], suffix: string): Figure[] {
  const names = [...(walks[0]?.keys() ?? [])];
  const all = walks.flatMap((w) => [...w.values()]);
  const sorted = [...all].sort((a, b) => a - b);
  const p75 = sorted[Math.min(sorted.length - 1, Math.floor(0.75 * sorted.length))] ?? NaN;
  return [
    ...names.flatMap((name): Figure[] => {
      const timing = summarize(walks.map((w) => w.get(name) ?? NaN));
      return [
        {
          label: `${name}: median (worst ${Math.round(Math.max(...walks.map((w) => w.get(name) ?? NaN)))} ms)${suffix}`,
          value: timing.median,
          unit: 'ms',
          goal: '≤ 200',
        },
      ];
    }),
    { label: `every tap, p75 over ${walks.length} walks${suffix}`, value: p75, unit: 'ms', goal: '≤ 100' },
    { label: `every tap, worst${suffix}`, value: sorted.at(-1) ?? NaN, unit: 'ms', goal: '≤ 200' },
  ];
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: `Interaction to Next Paint, production build, 390 px at ${CPU}x CPU (cafe, a guest's walk to a tip)`,
    async run() {
      const against = process.env.BENCH_AGAINST;
      const other = against ? otherCommit(against) : null;
      const builds = [{ dir: await buildAt(ROOT), suffix: '' }];
      if (other) builds.push({ dir: await buildAt(other.root), suffix: ` [${against}]` });
      const { startStorefront } = await import('../browser/support/storefront');
      const served = await Promise.all(
        builds.map(async (b) => ({ ...b, storefront: await startStorefront({ catalog: 'cafe', build: b.dir, chromium: 'full' }) })),
      );
      const walks = new Map<string, Map<string, number>[]>(builds.map((b) => [b.suffix, []]));
      try {
        // Alternating, so a busy moment of the machine falls on both builds alike.
        for (let round = 0; round < ROUNDS; round++) {
          for (const { storefront, suffix } of served) {
            await storefront.control('reset', { catalog: 'cafe' });
            walks.get(suffix)!.push(await walk(storefront));
          }
        }
      } finally {
        for (const { storefront, dir } of served) {
          await storefront.close();
          rmSync(dir, { recursive: true, force: true });
        }
        other?.remove();
      }
      return served.flatMap(({ suffix }) => figuresOf(walks.get(suffix)!, suffix));
    },
  },
];
