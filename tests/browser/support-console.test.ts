// The support console (/support), as support staff use it: a guest's session in the cafe (browse, a latte with
// options, checkout, a declined card, then a placed order) is exported through the footer, opened in the console,
// and at several events the console's page matches the shopper's screenshot of that moment. The why panel adds up
// to the total the shopper saw; #event=N deep links; the arrow keys step; a corrupt log names its lines; and no
// request leaves the console while a log is open.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/events/state';
import { enterCard, fillGuest, placeOrderButton, stateOf } from './support/checkout';
import { enableDebugHook } from './support/debug';
import { ARTIFACTS, DESKTOP, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
/** At most this share of pixels may differ between the shopper's page and the console's (anti-aliasing, a caret). */
const TOLERANCE = 0.01;

const storefront = useStorefront('cafe', { resetEach: false });

interface Moment {
  readonly name: string;
  readonly seq: number;
  readonly png: Buffer;
  /** The page's text, which the console's page must reach before its screenshot. */
  readonly text: string;
}

/** The export support receives is redacted: the guest fillGuest typed reads as its placeholders. */
const redacted = (text: string) => text.replace('Ada Lovelaceada.guest@example.com(212) 555-0143', 'Shopper1 Redacted1shopper1@example.invalid555-0101');

/** The page's words, pictures aside (the console draws placeholders with a letter in them). */
const mainText = (page: Page) =>
  page.locator('.site-main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.catalog-picture, [aria-hidden="true"]').forEach((picture) => picture.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/**
 * What the console does not show alike, by design, hidden on both sides: pictures (the log holds none and the console
 * fetches nothing, so it draws placeholders; the header's name moves into the logo's place), toasts (their moment has
 * passed) and the footer (its links come from config.json, which is not in the log).
 */
const UNLIKE =
  '.catalog-picture, .bag-row-media, .site-main img, .site-header-brand, .site-header-location, .site-footer, .toast-layer { visibility: hidden !important; }';

const events = (page: Page) => page.getByRole('listbox', { name: 'Events' });

async function settled(page: Page): Promise<void> {
  // No hover effect on either side.
  await page.mouse.move(1, DESKTOP.height - 1);
  // The footer loads once the page has painted; both sides wait for it.
  await page.locator('.site-footer').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The shopper's screen now, with the event it followed. */
async function moment(page: Page, name: string): Promise<Moment> {
  // Client events (the page, a dialog) are appended just after the screen changes: wait for the log to be still.
  let last = -1;
  for (;;) {
    const seq = (await stateOf(page)).log.lastSeq;
    if (seq === last) break;
    last = seq;
    await page.waitForTimeout(300);
  }
  await settled(page);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', style: UNLIKE });
  await screenshot(page, `support-shopper-${name}`);
  return { name, seq: last, png, text: await mainText(page) };
}

/** Share of pixels that differ between two PNGs of the same size, counted in a blank page's canvas. */
async function pixelDifference(browser: Browser, a: Buffer, b: Buffer): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([first, second]) => {
        const load = async (data: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${data}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        };
        const [x, y] = await Promise.all([load(first), load(second)]);
        if (x.width !== y.width || x.height !== y.height) return 1;
        let differing = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          const delta = Math.abs(x.data[i]! - y.data[i]!) + Math.abs(x.data[i + 1]! - y.data[i + 1]!) + Math.abs(x.data[i + 2]! - y.data[i + 2]!);
          if (delta > 48) differing++;
        }
        return differing / (x.width * x.height);
      },
      [a.toString('base64'), b.toString('base64')] as const,
    );
  } finally {
    await page.close();
  }
}

/** Drives a guest's visit and keeps the screens of the moments the console must show again. */
async function shopperSession(): Promise<{ shopper: Shopper; moments: Moment[]; log: string; declinedTotal: string; state: State }> {
  await storefront.control('clock', { at: OPEN_AT });
  const shopper = await storefront.newShopper(DESKTOP);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date(OPEN_AT) });
  const { page } = shopper;
  const moments: Moment[] = [];
  await page.goto(storefront.origin);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('a[href="/categories/coffee"]').first().click();
  await page.getByRole('article', { name: 'Latte' }).waitFor();
  moments.push(await moment(page, 'category'));

  await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Add to Bag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Latte' });
  await dialog.getByRole('radio', { name: /Medium/ }).check();
  await dialog.getByRole('radio', { name: /Oat milk/ }).check();
  await dialog.getByRole('checkbox', { name: /Extra shot/ }).check();
  await dialog.getByRole('button', { name: 'Add to Bag' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name: 'Drip Coffee' }).getByRole('button', { name: 'Add to Bag' }).click();
  await expect.poll(async () => (await stateOf(page)).bag.lines.length).toBe(2);

  await page.getByRole('link', { name: /^Bag/ }).click();
  await page.getByRole('link', { name: 'Checkout as Guest' }).waitFor();
  moments.push(await moment(page, 'bag'));
  await page.getByRole('link', { name: 'Checkout as Guest' }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await fillGuest(page);
  await enterCard(page, { number: '4000 0000 0000 0002' });
  await placeOrderButton(page).click();
  await page.locator('.checkout-failure').getByText('The credit card was declined.', { exact: true }).waitFor();
  const declinedTotal =
    (await page
      .locator('.summary-total, [data-testid="grand-total"]')
      .first()
      .textContent()
      .catch(() => null)) ?? '';
  moments.push(await moment(page, 'declined'));

  await page.getByRole('button', { name: 'Change it (card)' }).click();
  await enterCard(page);
  await placeOrderButton(page).click();
  await page.waitForURL(/\/order-confirmation\//);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  moments.push(await moment(page, 'confirmation'));

  // The export support receives: the footer's link (its words may change; its role and meaning do not).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const share = page
    .getByRole('button', { name: /Download session log|Share this visit with support/i })
    .or(page.getByRole('link', { name: /Download session log|Share this visit with support/i }));
  const [download] = await Promise.all([page.waitForEvent('download'), share.first().click()]);
  const log = readFileSync((await download.path())!, 'utf8');
  mkdirSync(`${ARTIFACTS}support/`, { recursive: true });
  writeFileSync(`${ARTIFACTS}support/session.ndjson`, log);
  return { shopper, moments, log, declinedTotal, state: await stateOf(page) };
}

/** The console in a fresh browser profile of the same size, with the log opened through its file input. */
async function openConsole(log: string, name = 'session.ndjson'): Promise<{ page: Page; requests: string[]; errors: string[]; close: () => Promise<void> }> {
  const context = await storefront.browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${storefront.origin}/support`);
  const input = page.getByLabel('Open a session log');
  await expect.poll(() => input.isEnabled()).toBe(true);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await input.setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
  return { page, requests, errors, close: () => context.close() };
}

describe('the support console', () => {
  it("shows the shopper's real pages at their events, explains the total, deep links, steps by keyboard, and stays offline", async () => {
    const { shopper, moments, log, state } = await shopperSession();
    expect(log).toContain('"PageViewed"');
    expect(log).toContain('"DialogOpened"');
    const consoleView = await openConsole(log);
    const { page, requests } = consoleView;
    await page.getByRole('listbox', { name: 'Events' }).waitFor();
    expect(await events(page).getByRole('option').count()).toBe(state.log.events);

    // The shopper's page at each moment, shown alone at the same size, matches their screenshot.
    for (const shot of moments) {
      await page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), shot.seq);
      await page.locator('[data-replay-frame="page"] .site-main').waitFor();
      await expect.poll(() => mainText(page), { timeout: 10_000 }).toBe(redacted(shot.text));
      await settled(page);
      const png = await page.screenshot({ animations: 'disabled', caret: 'hide', style: UNLIKE });
      await screenshot(page, `support-console-${shot.name}`);
      mkdirSync(`${ARTIFACTS}support/`, { recursive: true });
      writeFileSync(`${ARTIFACTS}support/${shot.name}-shopper.png`, shot.png);
      writeFileSync(`${ARTIFACTS}support/${shot.name}-console.png`, png);
      const difference = await pixelDifference(storefront.browser, shot.png, png);
      expect(difference, `${shot.name} at #${shot.seq}`).toBeLessThan(TOLERANCE);
      await page.keyboard.press('Escape');
      await page.getByRole('listbox', { name: 'Events' }).waitFor();
    }

    // The declined attempt: the why panel's lines add up to the total the shopper was charged for.
    const failed = log
      .split('\n')
      .filter((line) => line.includes('"OrderPlacementFailed"'))
      .map((line) => JSON.parse(line) as { seq: number })[0]!;
    const started = log
      .split('\n')
      .filter((line) => line.includes('"OrderPlacementStarted"'))
      .map((line) => JSON.parse(line) as { seq: number; data: { grandTotal: number } })[0]!;
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), failed.seq);
    const selected = events(page).getByRole('option', { selected: true });
    await expect.poll(() => selected.textContent()).toContain(`#${failed.seq}`);
    expect(await selected.textContent()).toContain('Failure');
    const sum = page.locator('.support-sum');
    expect(Number(await sum.getAttribute('data-grand-total'))).toBe(started.data.grandTotal);
    expect(await sum.getAttribute('data-adds-up')).toBe('true');
    const lineTotals = await page.locator('[data-line-total]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-line-total'))));
    expect(lineTotals).toHaveLength(2);
    expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(started.data.grandTotal);
    await page.getByText('The shopper read: “The credit card was declined.”').waitFor();
    await page.getByText('GENERIC_DECLINE', { exact: false }).first().waitFor();
    await screenshot(page, 'support-console-declined-why');

    // Keyboard stepping: down moves to the next event, up comes back; the address follows.
    await page.getByRole('listbox', { name: 'Events' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#event=${failed.seq + 1}`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#event=${failed.seq}`);
    expect(await selected.textContent()).toContain(`#${failed.seq}`);

    // Before a card was entered, Place Order's blockers are listed.
    const beforeCard = log
      .split('\n')
      .filter((line) => line.includes('"GuestDetailsSaved"'))
      .map((line) => JSON.parse(line) as { seq: number })[0]!;
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), beforeCard.seq);
    await page.locator('.support-blockers').getByText('Choose a card to pay with.').waitFor();

    // Filter and search narrow the timeline.
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('BagLineAdded');
    expect(await events(page).getByRole('option').count()).toBe(2);
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('declined');
    expect(await events(page).getByRole('option').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');

    expect(await seriousViolations(page)).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(consoleView.errors.filter((e) => !/Content Security Policy|Refused to/.test(e))).toEqual([]);
    await consoleView.close();

    // A deep link opens that event directly.
    const deep = await storefront.browser.newContext({ viewport: DESKTOP });
    const deepPage = await deep.newPage();
    await deepPage.goto(`${storefront.origin}/support#event=${failed.seq}`);
    const input = deepPage.getByLabel('Open a session log');
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.setInputFiles({ name: 'session.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
    await expect.poll(() => events(deepPage).getByRole('option', { selected: true }).textContent()).toContain(`#${failed.seq}`);
    await deep.close();
    await shopper.close();
  }, 240_000);

  it('lists the problems of a corrupt log with their line numbers, as `countertop log validate` does', async () => {
    const lines = [
      JSON.stringify({ format: 'countertop-log', version: 1, appVersion: '0.1.0', createdAt: '2026-12-02T15:00:00.000Z', redacted: true }),
      JSON.stringify({
        kind: 'event',
        seq: 1,
        id: 'e1',
        type: 'SessionStarted',
        v: 1,
        at: '2026-12-02T15:00:00.000Z',
        data: { idempotencyKey: 'k1', appVersion: '0.1.0' },
      }),
      '{"kind":"event","seq":2, not json',
      JSON.stringify({
        kind: 'event',
        seq: 3,
        id: 'e3',
        type: 'TipSet',
        v: 2,
        at: '2026-12-02T15:00:01.000Z',
        data: { amount: 'lots', percent: null, idempotencyKey: 'k1' },
      }),
    ];
    const consoleView = await openConsole(`${lines.join('\n')}\n`, 'broken.ndjson');
    const alert = consoleView.page.getByRole('alert');
    await alert.waitFor();
    const problems = await alert.getByRole('listitem').allTextContents();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^line 3: not valid JSON/);
    expect(problems[1]).toMatch(/^line 4: TipSet: data\.amount/);
    expect(await seriousViolations(consoleView.page)).toEqual([]);
    await consoleView.close();
  });
});
