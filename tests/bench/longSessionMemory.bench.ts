// Long sessions cost what short ones do (issue 33, goal 3), the memory part: a shopper presses plus and minus in the
// bag 2,000 times, each press awaited until the bag's quantity shows it, and Chromium's heap is read after a full
// collection (the DevTools protocol's HeapProfiler.collectGarbage, then Runtime.getHeapUsage) at points along the way.
// Every press is an event appended to the log, folded, written to IndexedDB and rendered: what a session keeps that
// it should not (a view holding history, a subscription never released, an array that only grows) shows as heap that
// grows with the presses. The first presses are warm-up (the engine compiles the hot code as it goes: several hundred
// KB of machine code, RxDB's and React's first allocations); flat means the second 1,000 presses leave the heap where
// the first 1,000 did (within 5%, the collector's and the compiler's noise).
// `npm run bench -- longSession` runs it with the start-up figures; `npm run bench -- Memory` alone.
import type { CDPSession, Page } from 'playwright-core';
import { runCommand } from '../browser/support/debug';
import type { Benchmark, Figure } from './harness';
import { DRIP } from './longSession.bench';
import { withStorefront } from './storefront.bench';

const TAPS = 2_000;
const WARM_UP = 200;
const POINTS = [WARM_UP, 500, 1_000, 1_500, TAPS];

/**
 * The JavaScript heap in use after a full collection, in KB: once the page was idle, collected, a task let run (what a FinalizationRegistry
 * frees, RxDB's document cache among them, is freed in a callback after the collection), collected again.
 */
async function heapAfterCollection(page: Page, devtools: CDPSession): Promise<number> {
  // What the page left for an idle moment (RxDB drops its cached queries then) has run.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await devtools.send('HeapProfiler.collectGarbage');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await devtools.send('HeapProfiler.collectGarbage');
  const { usedSize } = await devtools.send('Runtime.getHeapUsage');
  return usedSize / 1024;
}

/** Presses plus then minus (alternating) `count` times in the page, each awaited until the quantity shown changed. */
async function press(page: Page, from: number, count: number): Promise<void> {
  await page.evaluate(
    async ([start, n]) => {
      const group = document.querySelector('[role="group"][aria-label="Quantity of Drip Coffee"]');
      if (!group) throw new Error('no quantity for Drip Coffee in the bag');
      const output = group.querySelector('output')!;
      // No function declared in here: the bench's loader names functions with a helper the page does not have.
      const increase = document.querySelector<HTMLButtonElement>('button[aria-label="Increase quantity of Drip Coffee"]');
      const decrease = document.querySelector<HTMLButtonElement>('button[aria-label="Decrease quantity of Drip Coffee"]');
      if (!increase || !decrease) throw new Error('no plus or minus for Drip Coffee');
      for (let i = start; i < start + n; i++) {
        const before = output.textContent;
        const shown = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (output.textContent !== before) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(output, { childList: true, characterData: true, subtree: true });
        });
        (i % 2 === 0 ? increase : decrease).click();
        await shown;
      }
    },
    [from, count] as const,
  );
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: `long sessions: Chromium's heap over ${TAPS.toLocaleString('en-US')} presses of plus and minus in the bag`,
    run: () =>
      withStorefront('cafe', async (storefront) => {
        await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'drip-regular', count: 500 });
        const shopper = await storefront.newShopper();
        await shopper.context.addInitScript(() => window.localStorage.setItem('countertop.debug', '1'));
        const { page } = shopper;
        await page.goto(storefront.origin);
        await page.waitForFunction(() => 'countertop' in window);
        await runCommand(page, 'addToBag', DRIP);
        await page.getByRole('link', { name: /^Bag, 1 item/ }).click();
        await page.getByRole('button', { name: 'Increase quantity of Drip Coffee' }).waitFor();
        await page.waitForLoadState('networkidle');
        const devtools = await page.context().newCDPSession(page);
        const heap: number[] = [];
        const events: number[] = [];
        let done = 0;
        const started = Date.now();
        for (const point of POINTS) {
          await press(page, done, point - done);
          done = point;
          // What is still being written is written before the heap is read.
          await page.evaluate(() => (window as unknown as { countertop: { saved: () => Promise<void> } }).countertop.saved());
          heap.push(await heapAfterCollection(page, devtools));
          events.push(
            await page.evaluate(() => (window as unknown as { countertop: { state: () => { log: { events: number } } } }).countertop.state().log.events),
          );
        }
        const seconds = (Date.now() - started) / 1000;
        if (process.env.BENCH_LIST) console.log(POINTS.map((p, i) => `${p} presses: ${heap[i]!.toFixed(0)} KB, ${events[i]} events`).join('\n'));
        const errors = shopper.errors.length;
        await shopper.close();
        const first = heap[0]!;
        const half = heap[POINTS.indexOf(1_000)]!;
        const last = heap.at(-1)!;
        const figures: Figure[] = [
          { label: `heap after ${WARM_UP} presses (after a full collection)`, value: first, unit: 'KB' },
          { label: 'heap after 1,000 presses', value: half, unit: 'KB' },
          { label: `heap after ${TAPS.toLocaleString('en-US')} presses`, value: last, unit: 'KB' },
          { label: '  against after 1,000 (flat: the second 1,000 keep nothing)', value: last / half, unit: 'x', goal: '<= 1.05' },
          { label: `  against after ${WARM_UP}`, value: last / first, unit: 'x' },
          { label: '  growth per 1,000 presses, from 1,000 to 2,000', value: (last - half) / ((TAPS - 1_000) / 1_000), unit: 'KB' },
          { label: 'events in the log at the end', value: events.at(-1)!, unit: 'count' },
          { label: 'presses per second (plus or minus, shown)', value: TAPS / seconds, unit: 'count' },
          { label: 'console errors', value: errors, unit: 'count', goal: '0' },
        ];
        return figures;
      }),
  },
];
