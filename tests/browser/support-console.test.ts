// The support console (/support), as support staff use it: Ada's signed-in session in the cafe (browse, a latte
// with options, a coupon from her account, checkout with a tip, a declined card, then a placed order) is exported
// through the footer, opened in the console, and at several events (a page, the item panel, the account menu, the
// tip dialog, the toasts of the moment) the console's page matches the shopper's screenshot of that moment, and its
// footer the shopper's. The why panel adds up to the total the shopper saw; #event=N deep links; the arrow keys step;
// the verification modal shows at each of its steps; a corrupt log names its lines; and no request leaves the
// console while a log is open.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/events/catalogue';
import { initialClientState, reduceClient, type ClientState } from '../../src/events/reducers/client';
import type { State } from '../../src/events/state';
import { registerGraceUnverified, signInAsAda } from './support/account';
import { curbsideWithVehicle, guestAtCheckout, placeOrderButton, stateOf } from './support/checkout';
import { enableDebugHook, pageSessionLog } from './support/debug';
import { ARTIFACTS, DESKTOP, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';
import { consoleReady, type ConsoleView } from './support/console';
import { simulatedLog } from '../support/simulatedLog';

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
  /** The toasts on screen, which the console must show alike. */
  readonly toasts: readonly string[];
  /** The panel, dialog or menu open then (the client event's kind). */
  readonly dialog: string | null;
}

/** What shows each kind of dialog the moments open. */
const DIALOG_SHOWN: Record<string, string> = {
  item: 'dialog[open]',
  tip: 'dialog[open]',
  account: '.account-menu-list',
  verification: 'dialog[open]',
  giftCard: 'dialog[open]',
};

/** The export support receives is redacted: Ada's name reads as its placeholder. */
const redacted = (text: string) => text.replace(/\bAda\b/g, 'Shopper1');

/** The page's words, pictures aside (the console draws placeholders with a letter in them). */
const mainText = (page: Page) =>
  page.locator('.site-main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.catalog-picture, [aria-hidden="true"]').forEach((picture) => picture.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** The words of the toasts on screen, top to bottom (a toast leaving has no class while its exit plays out). */
const toastTexts = (page: Page) => page.locator('.toast-layer [data-rht-toaster] > div:not([class=""]) [role="status"]').allTextContents();

/**
 * What the console does not show alike, by design, hidden on both sides: pictures (served by the API's host, not in
 * the log, and the console fetches nothing, so it draws the placeholders of a picture that failed; the header's
 * name takes the logo's place, as when the logo fails; the item panel has no picture box), and the shopper's name
 * in the header's greeting (the export is redacted).
 */
const UNLIKE =
  '.catalog-picture, .bag-row-media, .site-main img, .site-header-brand, .site-header-location, .account-menu-hello { visibility: hidden !important; } .item-image { display: none !important; }';

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

/** The page and dialog the shopper's log says are on screen (its client events, folded as the console folds them). */
async function recordedScreen(page: Page): Promise<{ client: ClientState; lastSeq: number }> {
  const lines = (await pageSessionLog(page)).split('\n').filter((line) => line.includes('"kind":"event"'));
  let client = initialClientState;
  let lastSeq = 0;
  for (const line of lines) {
    const event = JSON.parse(line) as DomainEvent;
    client = reduceClient(client, event);
    lastSeq = Math.max(lastSeq, event.seq);
  }
  return { client, lastSeq };
}

/**
 * The shopper's screen now, with the event it followed: once the log has recorded this page and this dialog (its
 * client events are appended just after the screen changes), and taken again if an event came during the shot.
 */
async function moment(page: Page, name: string, dialog: string | null = null): Promise<Moment> {
  const path = new URL(page.url()).pathname;
  await expect
    .poll(async () => {
      const { client } = await recordedScreen(page);
      return { path: client.path, dialog: client.dialog?.kind ?? null };
    })
    .toEqual({ path, dialog });
  for (;;) {
    const before = (await stateOf(page)).log.lastSeq;
    await settled(page);
    const png = await page.screenshot({ animations: 'disabled', caret: 'hide', style: UNLIKE });
    const toasts = await toastTexts(page);
    const text = await mainText(page);
    if ((await stateOf(page)).log.lastSeq !== before) continue;
    await screenshot(page, `support-shopper-${name}`);
    return { name, seq: before, png, text, toasts, dialog };
  }
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

/** The footer's look and its configured links (Terms, Privacy), at the bottom of the page. */
async function footerOf(page: Page): Promise<{ png: Buffer; links: Record<string, string | null> }> {
  const footer = page.locator('.site-footer');
  await footer.waitFor();
  const png = await footer.screenshot({ animations: 'disabled', caret: 'hide', style: `${UNLIKE} .toast-layer { visibility: hidden !important; }` });
  const href = async (name: string) =>
    (await footer.getByRole('link', { name }).count()) > 0 ? footer.getByRole('link', { name }).getAttribute('href') : null;
  return { png, links: { Terms: await href('Terms'), Privacy: await href('Privacy') } };
}

interface Session {
  readonly shopper: Shopper;
  readonly moments: Moment[];
  readonly log: string;
  /** The total the checkout showed when the card was declined, in cents. */
  readonly declinedTotal: number;
  readonly footer: Awaited<ReturnType<typeof footerOf>>;
  readonly state: State;
}

/** A card for this order only (a signed-in shopper's card is saved unless told not: a declined one is refused then). */
async function enterCardForThisOrder(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card Info' });
  await form.getByLabel('Card Number').fill(number);
  await form.getByLabel('Expiration Date').fill('12/30');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('Postal Code').fill('10014');
  const billing = page.getByRole('form', { name: 'Billing Address' });
  await billing.getByLabel('Address Line 1').fill('12 Bank St');
  await billing.getByLabel('City').fill('New York');
  await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
  await billing.getByLabel('Save this card for next time').uncheck();
  await billing.getByRole('button', { name: 'Use This Card' }).click();
  await page.getByRole('button', { name: 'Change it (card)' }).waitFor();
}

/** A shopper on the cafe's home page, at OPEN_AT on the page's clock and the sandbox's, with the debug hook. */
async function shopperAtOpen(): Promise<Shopper> {
  await storefront.control('clock', { at: OPEN_AT });
  const shopper = await storefront.newShopper(DESKTOP);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date(OPEN_AT) });
  await shopper.page.goto(storefront.origin);
  return shopper;
}

/** Drives Ada's visit and keeps the screens of the moments the console must show again. */
async function shopperSession(): Promise<Session> {
  const shopper = await shopperAtOpen();
  const { page } = shopper;
  const moments: Moment[] = [];
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await signInAsAda(page);

  // Browse: the menu, then coffee.
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await page.locator('a[href="/categories/coffee"]').first().click();
  await page.getByRole('article', { name: 'Latte' }).waitFor();
  // The open status comes with the time rules, which load after the page: the screen is complete with it.
  await page.locator('.site-main').getByText('Open now').waitFor();
  moments.push(await moment(page, 'category'));

  // A latte with options, from the item panel; a drip coffee straight in.
  await page.getByRole('article', { name: 'Latte' }).getByRole('button', { name: 'Add to Bag' }).click();
  const panel = page.getByRole('dialog', { name: 'Latte' });
  await panel.getByRole('radio', { name: /Medium/ }).waitFor();
  moments.push(await moment(page, 'item-panel', 'item'));
  await panel.getByRole('radio', { name: /Medium/ }).check();
  await panel.getByRole('radio', { name: /Oat milk/ }).check();
  await panel.getByRole('checkbox', { name: /Extra shot/ }).check();
  await panel.getByRole('button', { name: 'Add to Bag' }).click();
  await panel.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name: 'Drip Coffee' }).getByRole('button', { name: 'Add to Bag' }).click();
  await expect.poll(async () => (await stateOf(page)).bag.lines.length).toBe(2);
  await page.locator('.toast-layer').getByText('Added Drip Coffee to your bag').waitFor();
  moments.push(await moment(page, 'added'));

  // A coupon from her account: the account menu, My Coupons, Redeem (once the adds' toasts have gone, as below).
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('navigation', { name: 'My Account' }).waitFor();
  moments.push(await moment(page, 'account-menu', 'account'));
  await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'My Coupons' }).click();
  await page.getByRole('heading', { name: 'My Coupons', level: 1 }).waitFor();
  await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toEqual([]);
  await page.getByRole('button', { name: 'Redeem Welcome' }).click();
  await page.locator('.toast-layer').getByText('Coupon was added!').waitFor();
  await expect.poll(async () => (await stateOf(page)).bag.discount?.kind).toBe('coupon');
  moments.push(await moment(page, 'coupon'));

  // Checkout: pickup, a tip from its dialog, a declined card.
  await page.getByRole('link', { name: /^Bag/ }).click();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await page.getByRole('radio', { name: /Pickup/ }).check();
  const summary = page.locator('.checkout-summary');
  await summary.getByRole('button', { name: 'Add A Tip' }).click();
  const tip = page.getByRole('dialog', { name: 'Add A Tip' });
  await tip.getByRole('button', { name: /^15%/ }).waitFor();
  moments.push(await moment(page, 'tip', 'tip'));
  await tip.getByRole('button', { name: /^15%/ }).click();
  await tip.waitFor({ state: 'hidden' });
  await summary.getByText('Tip (15%)').waitFor();
  await enterCardForThisOrder(page, '4000 0000 0000 0002');
  // The console shows a toast for its lifetime at the event's time, the shopper's screenshot comes a moment later:
  // a toast about to leave is let go first, so the two agree.
  await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toEqual([]);
  await placeOrderButton(page).click();
  await page.locator('.checkout-failure').getByText('The credit card was declined.', { exact: true }).waitFor();
  const declinedTotal = Math.round(Number((await summary.locator('.totals-grand').innerText()).replace(/[^0-9.]/g, '')) * 100);
  moments.push(await moment(page, 'declined'));

  // Another card, and the order goes through: 'Change it' opens her list of cards, and from it a new card's form.
  await page.getByRole('button', { name: 'Change it (card)' }).click();
  await page.getByRole('button', { name: 'Add a New Card' }).waitFor();
  moments.push(await moment(page, 'cards'));
  await page.getByRole('button', { name: 'Add a New Card' }).click();
  await page.getByRole('form', { name: 'Card Info' }).getByLabel('Card Number').waitFor();
  moments.push(await moment(page, 'new-card'));
  await enterCardForThisOrder(page, '4111 1111 1111 1111');
  await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toEqual([]);
  await placeOrderButton(page).click();
  await page.waitForURL(/\/order-confirmation\//);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  moments.push(await moment(page, 'confirmation'));
  const footer = await footerOf(page);

  // The export support receives: the footer's link (its words may change; its role and meaning do not).
  const log = await exportThroughFooter(page, 'session');
  return { shopper, moments, log, declinedTotal, footer, state: await stateOf(page) };
}

/** The console with the log opened through its file input. */
async function openConsole(log: string, name = 'session.ndjson'): Promise<ConsoleView> {
  const view = await consoleReady(storefront);
  await view.page.getByLabel('Open a session log').setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
  return view;
}

/** Files as the page receives them from a drag: a DataTransfer holding them, made in the page. */
function filesTransfer(page: Page, files: readonly (readonly [name: string, text: string])[]) {
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const [fileName, content] of list) transfer.items.add(new File([content], fileName, { type: 'application/x-ndjson' }));
    return transfer;
  }, files);
}

function fileTransfer(page: Page, name: string, text: string) {
  return filesTransfer(page, [[name, text]]);
}

/** Drags the file over the console's words (onto `over`) and drops it there, as a hand with a mouse does. */
async function dropLog(page: Page, name: string, text: string, over = page.getByText('Or drop the file here')): Promise<void> {
  await dropFiles(page, [[name, text]], over);
}

async function dropFiles(page: Page, files: readonly (readonly [string, string])[], over = page.getByText('Or drop the file here')): Promise<void> {
  const dataTransfer = await filesTransfer(page, files);
  await over.dispatchEvent('dragenter', { dataTransfer });
  await over.dispatchEvent('dragover', { dataTransfer });
  await over.dispatchEvent('drop', { dataTransfer });
}

const headerLine = (appVersion: string) =>
  JSON.stringify({ format: 'countertop-log', version: 1, appVersion, createdAt: '2026-12-02T15:00:00.000Z', redacted: true });
const sessionStarted = (appVersion: string) =>
  JSON.stringify({ kind: 'event', seq: 1, id: 'e1', type: 'SessionStarted', v: 1, at: '2026-12-02T15:00:00.000Z', data: { idempotencyKey: 'k1', appVersion } });

/** A log written by an older app version, without a shopper session: its TipSet is at v1, which opens as v2. */
const OLDER_LOG = `${[
  headerLine('0.0.1'),
  sessionStarted('0.0.1'),
  JSON.stringify({ kind: 'event', seq: 2, id: 'e2', type: 'PageViewed', v: 1, at: '2026-12-02T15:00:01.000Z', data: { path: '/cart' } }),
  JSON.stringify({ kind: 'event', seq: 3, id: 'e3', type: 'TipSet', v: 1, at: '2026-12-02T15:00:02.000Z', data: { amount: 150, idempotencyKey: 'k1' } }),
].join('\n')}\n`;

/** A corrupt log: line 3 is not JSON, line 4's tip is not an amount. */
const CORRUPT_LOG = `${[
  headerLine('0.1.0'),
  sessionStarted('0.1.0'),
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
].join('\n')}\n`;

/** The problems the console lists for CORRUPT_LOG: both bad lines, by number. */
async function expectCorruptLogProblems(page: Page): Promise<void> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  const problems = await alert.getByRole('listitem').allTextContents();
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(/^line 3: not valid JSON/);
  expect(problems[1]).toMatch(/^line 4: TipSet: data\.amount/);
}

/** The console's page alone at the moment's event matches the shopper's screenshot: page, dialog and toasts. */
async function expectConsoleShows(page: Page, shot: Moment): Promise<void> {
  // The shopper used the mouse: a click here too, so a dialog's first focus shows no keyboard ring on either side.
  await page.mouse.click(1, 1);
  await page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), shot.seq);
  await page.locator('[data-replay-frame="page"] .site-main').waitFor();
  await expect.poll(() => mainText(page), { timeout: 10_000 }).toBe(redacted(shot.text));
  await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toEqual(shot.toasts);
  if (shot.dialog !== null) await page.locator(`[data-replay-frame="page"] ${DIALOG_SHOWN[shot.dialog]}`).waitFor();
  await settled(page);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', style: UNLIKE });
  await screenshot(page, `support-console-${shot.name}`);
  mkdirSync(`${ARTIFACTS}support/`, { recursive: true });
  writeFileSync(`${ARTIFACTS}support/${shot.name}-shopper.png`, shot.png);
  writeFileSync(`${ARTIFACTS}support/${shot.name}-console.png`, png);
  const difference = await pixelDifference(storefront.browser, shot.png, png);
  expect(difference, `${shot.name} at #${shot.seq}`).toBeLessThan(TOLERANCE);
}

/** Each moment in the console alone, as the shopper saw it, back to the timeline after each. */
async function expectConsoleShowsEach(page: Page, moments: readonly Moment[]): Promise<void> {
  await events(page).waitFor();
  for (const shot of moments) {
    await expectConsoleShows(page, shot);
    await page.keyboard.press('Escape');
    await events(page).waitFor();
  }
}

/** The footer's 'Share this visit with support': the redacted log support receives. */
async function exportThroughFooter(page: Page, name: string): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const share = page
    .getByRole('button', { name: /Download session log|Share this visit with support/i })
    .or(page.getByRole('link', { name: /Download session log|Share this visit with support/i }));
  // The footer's link asks first; the file is the dialog's 'Download instead'.
  await share.first().click();
  const dialog = page.getByRole('dialog', { name: 'Share this visit with support' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download instead' }).click()]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const log = readFileSync((await download.path())!, 'utf8');
  mkdirSync(`${ARTIFACTS}support/`, { recursive: true });
  writeFileSync(`${ARTIFACTS}support/${name}.ndjson`, log);
  return log;
}

describe('the support console', () => {
  it("shows the shopper's real pages, dialogs, toasts and footer at their events, explains the total, deep links, steps by keyboard, and stays offline", async () => {
    const { shopper, moments, log, state, declinedTotal, footer } = await shopperSession();
    for (const type of [
      '"PageViewed"',
      '"FooterLinksLoaded"',
      '"dialog":"item"',
      '"dialog":"account"',
      '"dialog":"tip"',
      '"details":"cards"',
      '"details":"newCard"',
    ])
      expect(log).toContain(type);
    // The moments show the toasts of their time: the two adds, the coupon, the refusal, the order.
    expect(moments.find((m) => m.name === 'added')?.toasts).toEqual(['Added Drip Coffee to your bag', 'Added Latte to your bag']);
    expect(moments.find((m) => m.name === 'declined')?.toasts).toContain('The credit card was declined.');
    const consoleView = await openConsole(log);
    const { page, requests } = consoleView;
    await page.getByRole('listbox', { name: 'Events' }).waitFor();
    await page.getByText(`${state.log.events} of ${state.log.events} events.`, { exact: false }).waitFor();

    // The shopper's page at each moment, shown alone at the same size, matches their screenshot: the page, the
    // dialog that was open and the toasts on screen.
    for (const shot of moments) {
      await expectConsoleShows(page, shot);
      // The footer at the last moment: its configured links, as the shopper's page had them.
      if (shot === moments.at(-1)) {
        const replayed = await footerOf(page);
        expect(replayed.links).toEqual(footer.links);
        expect(footer.links.Terms).toMatch(/^https:\/\/terms\.example\/countertop-sandbox\?/);
        writeFileSync(`${ARTIFACTS}support/footer-shopper.png`, footer.png);
        writeFileSync(`${ARTIFACTS}support/footer-console.png`, replayed.png);
        expect(await pixelDifference(storefront.browser, footer.png, replayed.png), 'footer').toBeLessThan(TOLERANCE);
      }
      await page.keyboard.press('Escape');
      await page.getByRole('listbox', { name: 'Events' }).waitFor();
    }
    // Beside the timeline, the tip dialog opens in the page's frame, not over the console.
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), moments.find((m) => m.name === 'tip')!.seq);
    await page.locator('[data-replay-frame="inline"] dialog[open].checkout-tip-dialog').waitFor();
    expect(await page.locator('dialog:modal').count()).toBe(0);
    // And the toasts of that moment stay in the frame too, not in the top layer over the console.
    await expect.poll(() => toastTexts(page)).toEqual(moments.find((m) => m.name === 'tip')!.toasts);
    expect(await page.locator('[data-replay-frame="inline"] .toast-layer').count()).toBe(1);
    expect(await page.locator('.toast-layer:popover-open').count()).toBe(0);
    // The cards show the placeholder a picture that failed shows.
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), moments[0]!.seq);
    await expect.poll(() => page.locator('[data-replay-frame="inline"] .catalog-picture-placeholder').count()).toBeGreaterThan(2);

    // The declined attempt: the why panel's lines and the tip add up to the total the shopper saw.
    const failed = log
      .split('\n')
      .filter((line) => line.includes('"OrderPlacementFailed"'))
      .map((line) => JSON.parse(line) as { seq: number })[0]!;
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), failed.seq);
    const selected = events(page).getByRole('option', { selected: true });
    await expect.poll(() => selected.textContent()).toContain(`#${failed.seq}`);
    expect(await selected.textContent()).toContain('Failure');
    const sum = page.locator('.support-sum');
    expect(Number(await sum.getAttribute('data-grand-total'))).toBe(declinedTotal);
    expect(await sum.getAttribute('data-adds-up')).toBe('true');
    const tips = Number(await sum.getAttribute('data-tips'));
    expect(tips).toBeGreaterThan(0);
    const lineTotals = await page.locator('[data-line-total]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-line-total'))));
    expect(lineTotals).toHaveLength(2);
    expect(lineTotals.reduce((a, b) => a + b, 0) + tips).toBe(declinedTotal);
    await page.getByText('The shopper read: “The credit card was declined.”').waitFor();
    await page.getByText('GENERIC_DECLINE', { exact: false }).first().waitFor();
    await page.locator('.support-sum').getByText('Welcome', { exact: false }).waitFor();
    await screenshot(page, 'support-console-declined-why');

    // Keyboard stepping: down moves to the next event, up comes back; the address follows.
    await page.getByRole('listbox', { name: 'Events' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#event=${failed.seq + 1}`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#event=${failed.seq}`);
    expect(await selected.textContent()).toContain(`#${failed.seq}`);

    // Before a card was entered, Place Order's blockers are listed.
    const tipSet = log
      .split('\n')
      .filter((line) => line.includes('"TipSet"'))
      .map((line) => JSON.parse(line) as { seq: number })[0]!;
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), tipSet.seq);
    await page.locator('.support-blockers').getByText('Choose a card to pay with.').waitFor();

    // Filter and search narrow the timeline.
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('BagLineAdded');
    expect(await events(page).getByRole('option').count()).toBe(2);
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('declined');
    // The search answers once its index is whole (made a piece at a time; for a short log, at once).
    await expect.poll(() => events(page).getByRole('option').count()).toBe(1);
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
  }, 300_000);

  it("shows the verification modal at each of its steps, and 'Account verified!' after it", async () => {
    // Grace registered elsewhere without verifying.
    await registerGraceUnverified(storefront.origin);
    const shopper = await shopperAtOpen();
    const { page } = shopper;
    await page.getByRole('link', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email Address').fill('grace@example.com');
    await form.getByLabel('Password').fill('cobol-1959');
    await form.getByRole('button', { name: 'Sign In' }).click();
    const modal = page.getByRole('dialog', { name: 'Verify your account' });
    await modal.getByRole('button', { name: 'Continue' }).waitFor();
    // A new visit, signed in from the stored session: the modal over the menu (her profile's page behind it would
    // read the redacted name and phone, which lay out differently).
    await page.goto(storefront.origin);
    await modal.getByRole('button', { name: 'Continue' }).waitFor();
    await page.locator('.site-main').getByText('Open now').waitFor();
    const moments = [await moment(page, 'verify', 'verification')];
    await modal.getByRole('button', { name: 'Continue' }).click();
    const step = modal.getByRole('form', { name: 'Enter your code' });
    await step.waitFor();
    moments.push(await moment(page, 'verify-code', 'verification'));
    const sent = (await storefront.control(`outbox?to=${encodeURIComponent('grace@example.com')}`)) as { code: string }[];
    // The sixth digit submits by itself.
    await step.getByLabel('Code').fill(sent.at(-1)!.code);
    await modal.waitFor({ state: 'hidden' });
    await page.locator('.toast-layer').getByText('Account verified!').waitFor();
    moments.push(await moment(page, 'verified'));
    expect(moments.at(-1)!.toasts).toContain('Account verified!');
    const log = await exportThroughFooter(page, 'verification');
    expect(log).toContain('"target":"code-step"');

    const consoleView = await openConsole(log, 'verification.ndjson');
    await expectConsoleShowsEach(consoleView.page, moments);
    expect(consoleView.requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    await consoleView.close();
    await shopper.close();
  }, 120_000);

  it("shows every page a shopper can be on (the password pages, the address book), and the wallet's 'Gift card saved' over the new card", async () => {
    const shopper = await shopperAtOpen();
    const { page } = shopper;
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    const moments = [await moment(page, 'forgot-password')];
    // The reset link from the e-mail, for the address the export's redaction gives the shopper (the log keeps the
    // page's path only, so the console fills in that placeholder; the code is never in the log).
    await page.goto(`${storefront.origin}/reset-password?email=${encodeURIComponent('shopper1@example.invalid')}`);
    await page.getByRole('form', { name: 'Reset password' }).waitFor();
    moments.push(await moment(page, 'reset-password'));
    await page.goto(storefront.origin);
    await signInAsAda(page);
    await page.goto(`${storefront.origin}/my-addresses`);
    await page.getByRole('heading', { name: 'My Addresses', level: 1 }).waitFor();
    await expect.poll(async () => (await recordedScreen(page)).client.path).toBe('/my-addresses');
    const rows = await page.locator('.addresses-list > li').count();
    const atAddresses = (await stateOf(page)).log.lastSeq;
    // The wallet's confirmation of a gift card just saved, over that card, selected as a new card is.
    await page.goto(`${storefront.origin}/my-cards`);
    const addGiftCard = page.getByRole('form', { name: 'Add a gift card' });
    await addGiftCard.getByLabel('Gift Card Number').fill('7783 3200 0000 0000');
    await addGiftCard.getByRole('button', { name: 'Add Gift Card' }).click();
    await page.getByRole('dialog', { name: 'Gift card saved' }).getByText('Your gift card ending 0000', { exact: false }).waitFor();
    moments.push(await moment(page, 'gift-card-saved', 'giftCard'));
    const giftCardSaved = page.getByRole('dialog', { name: 'Gift card saved' });
    await giftCardSaved.getByRole('button', { name: 'Done' }).click();
    await giftCardSaved.waitFor({ state: 'hidden' });
    const log = await exportThroughFooter(page, 'account-pages');

    const consoleView = await openConsole(log, 'account-pages.ndjson');
    await expectConsoleShowsEach(consoleView.page, moments);
    // The address book as she had it (its entries redacted), not the menu an unknown address would fall back to.
    await consoleView.page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), atAddresses);
    const frame = consoleView.page.locator('[data-replay-frame="page"]');
    await frame.getByRole('heading', { name: 'My Addresses', level: 1 }).waitFor();
    expect(await frame.locator('.addresses-list > li').count()).toBe(rows);
    expect(await seriousViolations(consoleView.page)).toEqual([]);
    expect(consoleView.requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    await consoleView.close();
    await shopper.close();
  }, 120_000);

  it("shows Personal Info as the guest left it: the form kept as typed after leaving it, the details after 'Continue'", async () => {
    const shopper = await guestAtCheckout(storefront, {
      at: OPEN_AT,
      lines: [{ itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' }],
    });
    const { page } = shopper;
    // The croissant went in through the debug hook, which toasts nothing on the page; time moves on past the toast
    // the console would show for an add the shopper made, so both sides show none.
    await page.clock.fastForward(10_000);
    const form = page.getByRole('form', { name: 'Personal Info' });
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Email Address').fill('ada.guest@example.com');
    await form.getByLabel('Phone Number').fill('2125550143');
    // Leaving the valid form (for the card) keeps the details as typed: the form stays, with its check, and with
    // nothing to continue; a changed field brings 'Continue' back, which shows the details.
    const cardNumber = page.getByRole('form', { name: 'Card Info' }).getByLabel('Card Number');
    await cardNumber.click();
    await expect.poll(async () => (await stateOf(page)).checkout.guest?.firstName ?? null).toBe('Ada');
    expect(await form.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await form.getByLabel('Last Name').fill('King');
    await form.getByRole('button', { name: 'Continue' }).click();
    const change = page.getByRole('button', { name: 'Change it (personal info)' });
    await change.waitFor();
    const confirmed = (await stateOf(page)).log.lastSeq;
    // 'Change it', then leaving the form again: the form stays as the details were saved, with its check.
    await change.click();
    await form.getByLabel('Last Name').waitFor();
    await cardNumber.click();
    const kept = await moment(page, 'guest-kept');
    const log = await exportThroughFooter(page, 'guest');

    const consoleView = await openConsole(log, 'guest.ndjson');
    await events(consoleView.page).waitFor();
    await expectConsoleShows(consoleView.page, kept);
    const replayed = consoleView.page.locator('[data-replay-frame="page"]');
    await expect.poll(() => replayed.getByRole('form', { name: 'Personal Info' }).count()).toBe(1);
    await consoleView.page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), confirmed);
    await replayed.getByRole('group', { name: 'Your personal info' }).waitFor();
    expect(await replayed.getByRole('form', { name: 'Personal Info' }).count()).toBe(0);
    expect(consoleView.errors).toEqual([]);
    await consoleView.close();
    await shopper.close();
  }, 120_000);

  it('lists the problems of a corrupt log with their line numbers, as `countertop log validate` does', async () => {
    const consoleView = await openConsole(CORRUPT_LOG, 'broken.ndjson');
    await expectCorruptLogProblems(consoleView.page);
    expect(await seriousViolations(consoleView.page)).toEqual([]);
    await consoleView.close();
  });

  it('opens the first of several logs dropped at once, and says which', async () => {
    const consoleView = await consoleReady(storefront);
    const { page } = consoleView;
    await dropFiles(page, [
      ['first.ndjson', OLDER_LOG],
      ['second.ndjson', CORRUPT_LOG],
      ['third.ndjson', OLDER_LOG],
    ]);
    await page.getByText('first.ndjson: 3 events, written by version 0.0.1', { exact: false }).waitFor();
    const note = page.getByText('3 files were dropped; the console opens one log at a time, so it opened first.ndjson.');
    await note.waitFor();
    expect(await note.getAttribute('role')).toBe('status');
    // The second, corrupt one was not read: no problems listed.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // One log dropped, or opened with the file input, takes the note away.
    await dropLog(page, 'again.ndjson', OLDER_LOG);
    await page.getByText('again.ndjson: 3 events', { exact: false }).waitFor();
    expect(await note.count()).toBe(0);
    await dropFiles(page, [
      ['one.ndjson', OLDER_LOG],
      ['two.ndjson', OLDER_LOG],
    ]);
    await page.getByText('2 files were dropped; the console opens one log at a time, so it opened one.ndjson.').waitFor();
    await page.getByLabel('Open a session log').setInputFiles({ name: 'picked.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(OLDER_LOG) });
    await page.getByText('picked.ndjson: 3 events', { exact: false }).waitFor();
    expect(await page.getByText('files were dropped', { exact: false }).count()).toBe(0);
    // A first file that is not a log is not said to be opened: its problems are listed, and the note says so.
    await dropFiles(page, [
      ['broken.ndjson', CORRUPT_LOG],
      ['fine.ndjson', OLDER_LOG],
    ]);
    await page.getByText('2 files were dropped; the console opens one log at a time, so it tried broken.ndjson, which is not a log it can open.').waitFor();
    expect(await page.getByRole('alert').count()).toBeGreaterThan(0);
    expect(await page.getByText('so it opened', { exact: false }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await consoleView.close();
  });

  it("shows where a log dragged over it goes, and opens the dropped log on its timeline (an older version's log too)", async () => {
    const consoleView = await consoleReady(storefront);
    const { page } = consoleView;
    const cue = page.getByText('Drop the log to open it');
    expect(await cue.count()).toBe(0);
    // Over the console, the cue shows: its words and an outline around it.
    const dataTransfer = await fileTransfer(page, 'older.ndjson', OLDER_LOG);
    const words = page.getByText('Or drop the file here');
    const title = page.getByRole('heading', { name: 'Support console' });
    await words.dispatchEvent('dragenter', { dataTransfer });
    await words.dispatchEvent('dragover', { dataTransfer });
    await cue.waitFor();
    expect(await page.locator('main.support').evaluate((main) => getComputedStyle(main).outlineStyle)).toBe('dashed');
    await screenshot(page, 'support-console-dragging');
    // Crossing from one part of the console to another keeps it; leaving the console takes it away.
    await title.dispatchEvent('dragenter', { dataTransfer });
    await words.dispatchEvent('dragleave', { dataTransfer });
    // React renders drag updates in a task of its own: two frames later a cue taken away would be gone.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await cue.isVisible()).toBe(true);
    await title.dispatchEvent('dragleave', { dataTransfer });
    await cue.waitFor({ state: 'detached' });
    expect(await page.locator('main.support').evaluate((main) => getComputedStyle(main).outlineStyle)).toBe('none');

    // Dropped, the log opens: its events on the timeline, the last one chosen, and what it changed.
    await dropLog(page, 'older.ndjson', OLDER_LOG);
    await events(page).waitFor();
    expect(await cue.count()).toBe(0);
    await page.getByText('older.ndjson: 3 events, written by version 0.0.1', { exact: false }).waitFor();
    const rows = events(page).getByRole('option');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('SessionStarted');
    expect(await rows.nth(1).textContent()).toContain('PageViewed');
    // The last is chosen: a tip on an empty bag, which the rules ignored (a warning) and which changed nothing.
    const selected = events(page).getByRole('option', { selected: true });
    expect(await selected.textContent()).toContain('Tip set to $1.50');
    expect(await selected.textContent()).toContain('Warning');
    await page.getByText("This event changed nothing but the log's count.").waitFor();
    // Its page is the one the log recorded, the bag.
    await page.getByRole('heading', { name: 'What the shopper saw after #3 (/cart)' }).waitFor();
    // Stepping back shows the event before, and what it changed: the page.
    await events(page).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#event=2');
    const changes = page.getByRole('table', { name: 'What this event changed' });
    const pageRow = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'page', exact: true }) });
    await expect.poll(() => pageRow.textContent()).toContain('/cart');
    // Home and End jump to the first and the last event.
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#event=1');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#event=3');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#event=2');
    await screenshot(page, 'support-console-dropped');

    // A log dropped on the page shown alone opens too, beside the timeline at its own last event (not at #2).
    await page.getByRole('button', { name: 'Show the page alone' }).click();
    const alone = page.locator('.support-page-alone');
    await alone.waitFor();
    await dropLog(page, 'again.ndjson', OLDER_LOG, alone);
    await page.getByText('again.ndjson: 3 events', { exact: false }).waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    await expect.poll(() => selected.textContent()).toContain('#3');

    // Another log dropped on the open one replaces it; a corrupt one lists its problems by line.
    await dropLog(page, 'broken.ndjson', CORRUPT_LOG, title);
    await expectCorruptLogProblems(page);
    await page.getByRole('heading', { name: 'broken.ndjson is not a session log this console can open' }).waitFor();
    expect(await events(page).count()).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleView.requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(consoleView.errors.filter((e) => !/Content Security Policy|Refused to/.test(e))).toEqual([]);
    await consoleView.close();
  });

  it('opens a 20,000-event log drawing only the rows in view: the last event shown, a middle one by its address, Home and End by keyboard', async () => {
    const EVENTS = 20_000;
    // A regular's log: ten visits of 2,000 events each.
    const log = await simulatedLog(EVENTS, 3, 10);
    // A middle event that is a row of its own (not a page load's bookkeeping): a line added to the bag.
    const middle = log
      .split('\n')
      .filter((line) => line.includes('"type":"BagLineAdded"'))
      .map((line) => (JSON.parse(line) as { seq: number }).seq)
      .find((seq) => seq >= EVENTS / 2)!;
    // The progress line's every text while the log opens, with the processor slowed four times (a phone's), so the
    // opening pauses to say how far it is in both its parts.
    const consoleView = await consoleReady(storefront);
    const { page } = consoleView;
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => {
        const text = document.querySelector('p[role="status"]')?.textContent ?? '';
        if (text.startsWith('Reading') && said.at(-1) !== text) said.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByLabel('Open a session log').setInputFiles({ name: 'long.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
    await page.getByText(`${EVENTS} of ${EVENTS} events.`, { exact: false }).waitFor({ timeout: 60_000 });
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    // At first the name alone; then events read and how much of the file, rising, then events replayed of all, rising.
    expect(said[0]).toBe('Reading long.ndjson…');
    const reading = said.map((text) => /^Reading long\.ndjson… ([\d,]+) events read, (\d+)% of the file\.$/.exec(text)).filter((m) => m !== null);
    const replaying = said.map((text) => /^Reading long\.ndjson… ([\d,]+) of 20,000 events replayed\.$/.exec(text)).filter((m) => m !== null);
    expect(reading.length + replaying.length, said.join('\n')).toBe(said.length - 1);
    expect(reading.length).toBeGreaterThan(0);
    expect(replaying.length).toBeGreaterThan(0);
    const counts = (found: RegExpExecArray[], at: number) => found.map((m) => Number(m[at]!.replaceAll(',', '')));
    for (const rising of [counts(reading, 1), counts(reading, 2), counts(replaying, 1)]) expect(rising).toEqual([...rising].sort((a, b) => a - b));
    expect(Math.max(...counts(reading, 2))).toBeLessThanOrEqual(100);
    expect(Math.max(...counts(replaying, 1))).toBeLessThan(EVENTS);
    expect(said.indexOf(replaying[0]!.input)).toBeGreaterThan(said.indexOf(reading.at(-1)!.input));
    const list = events(page);
    const selected = list.getByRole('option', { selected: true });
    /** The chosen row is drawn, named as the listbox's active option, and in full view inside the list. */
    const shownInFull = async (seq: RegExp) => {
      await expect.poll(() => selected.textContent(), { timeout: 15_000 }).toMatch(seq);
      expect(await list.getAttribute('aria-activedescendant')).toBe(await selected.getAttribute('id'));
      await expect
        .poll(async () => {
          const [row, box] = await Promise.all([selected.boundingBox(), list.boundingBox()]);
          return row !== null && box !== null && row.y >= box.y && row.y + row.height <= box.y + box.height + 0.5;
        })
        .toBe(true);
    };
    /** Far fewer rows in the page than events, each saying its place in the whole list. */
    const fewRows = async () => {
      const drawn = await list.getByRole('option').count();
      expect(drawn).toBeGreaterThan(5);
      expect(drawn).toBeLessThan(200);
    };

    // Opened, the last event is chosen and shown; it is the last of all the rows.
    await shownInFull(/#20000(?!\d)/);
    await fewRows();
    const size = Number(await selected.getAttribute('aria-setsize'));
    expect(size).toBeGreaterThan(EVENTS / 2);
    expect(await selected.getAttribute('aria-posinset')).toBe(String(size));

    // An event in the middle, by the address: drawn and scrolled to.
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), middle);
    await shownInFull(new RegExp(`^#${middle}\\D`));
    await fewRows();
    const at = Number(await selected.getAttribute('aria-posinset'));
    expect(at).toBeGreaterThan(1);
    expect(at).toBeLessThan(size);

    // The keyboard: a step down, Home to the first, End back to the last, a step up from there.
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selected.getAttribute('aria-posinset')).toBe(String(at + 1));
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#event=1');
    await shownInFull(/^#1\D/);
    expect(await selected.getAttribute('aria-posinset')).toBe('1');
    await page.keyboard.press('End');
    await shownInFull(/#20000(?!\d)/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selected.getAttribute('aria-posinset')).toBe(String(size - 1));
    await shownInFull(/#\d+/);
    await fewRows();
    // Focus stayed on the list all along.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');

    // A search answers (once the index, made a piece at a time, is whole) as the type filter would.
    const added = log.split('\n').filter((line) => line.includes('"type":"BagLineAdded"')).length;
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('BagLineAdded');
    await page.getByText(`${added} of ${EVENTS} events.`, { exact: false }).waitFor({ timeout: 30_000 });

    // A search or a type that hid the chosen row, once cleared, shows it again where it is in the whole list (the
    // middle event is a line added, which neither keeps).
    const search = page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill('');
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), middle);
    await shownInFull(new RegExp(`^#${middle}\\D`));
    const tips = log.split('\n').filter((line) => line.includes('"type":"TipSet"')).length;
    expect(tips).toBeGreaterThan(0);
    await search.fill('TipSet');
    await page.getByText(`${tips} of ${EVENTS} events.`, { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => selected.count()).toBe(0);
    await search.fill('');
    await shownInFull(new RegExp(`^#${middle}\\D`));
    const type = page.getByRole('combobox', { name: /^Type\b/ });
    await type.selectOption('TipSet');
    await page.getByText(`${tips} of ${EVENTS} events.`, { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => selected.count()).toBe(0);
    await type.selectOption('');
    await shownInFull(new RegExp(`^#${middle}\\D`));

    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleView.errors.filter((e) => !/Content Security Policy|Refused to/.test(e))).toEqual([]);
    await consoleView.close();
  }, 180_000);

  it("stays off the shopper's pages: no link to it, and none of its code in what their first page loads", async () => {
    const shopper = await storefront.newShopper(DESKTOP);
    const { page } = shopper;
    /** The scripts a page loads, with their code. */
    const scriptsOf = (target: Page) => {
      const scripts: Promise<{ url: string; code: string }>[] = [];
      target.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text().then((code) => ({ url: response.url(), code })));
      });
      return () => Promise.all(scripts);
    };
    const shopperScripts = scriptsOf(page);
    await page.goto(storefront.origin);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('.site-footer').waitFor();
    await page.waitForLoadState('networkidle');
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => new URL(href).pathname.startsWith('/support'))).toEqual([]);
    const loaded = await shopperScripts();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(({ code }) => code.includes('Drop the log to open it')).map(({ url }) => url)).toEqual([]);
    // The console's own words are in the code /support loads, so the check above looks for the right thing.
    const consolePage = await shopper.newTab();
    const consoleScripts = scriptsOf(consolePage);
    await consolePage.goto(`${storefront.origin}/support`);
    await expect.poll(() => consolePage.getByLabel('Open a session log').isEnabled()).toBe(true);
    expect((await consoleScripts()).some(({ code }) => code.includes('Drop the log to open it'))).toBe(true);
    await shopper.close();
  });

  it("shows the vehicle form where the shopper opened it again with 'Change it', and the vehicle once saved", async () => {
    // Curbside is the pizza chain's (Wicker Park, Chicago); the cafe comes back for whatever runs next.
    await storefront.control('reset', { catalog: 'pizza-chain' });
    try {
      const shopper = await guestAtCheckout(storefront, {
        at: '2026-12-02T18:00:00.000Z',
        locationId: 'chain-chicago',
        lines: [{ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' }],
      });
      const { page } = shopper;
      await curbsideWithVehicle(page);
      const vehicle = page.getByRole('form', { name: 'Vehicle details' });
      const editingNow = async () => (await recordedScreen(page)).client.editing ?? [];
      // The vehicle's first form is the checkout's own (no vehicle yet): only its reopening is recorded.
      expect(await editingNow()).toEqual([]);
      await page.getByRole('button', { name: 'Change it (vehicle)' }).click();
      await vehicle.waitFor();
      await expect.poll(editingNow).toEqual(['vehicle']);
      const reopened = (await stateOf(page)).log.lastSeq;
      await vehicle.getByLabel('Vehicle Color').fill('Blue');
      await vehicle.getByRole('button', { name: 'Save Vehicle' }).click();
      await page.getByText('Blue Subaru Outback').waitFor();
      await expect.poll(editingNow).toEqual([]);
      const saved = (await stateOf(page)).log.lastSeq;
      const log = await exportThroughFooter(page, 'vehicle');

      const consoleView = await openConsole(log, 'vehicle.ndjson');
      await events(consoleView.page).waitFor();
      const replayed = consoleView.page.locator('[data-replay-frame="page"]');
      await consoleView.page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), reopened);
      const form = replayed.getByRole('form', { name: 'Vehicle details' });
      await form.waitFor();
      // The form as 'Change it' opened it: the saved vehicle, to edit. A car is personal, so support sees its
      // placeholders (make 1, model 2, the first colour 3, the second 4), never the car itself.
      expect(await form.getByLabel('Vehicle Color').inputValue()).toBe('Vehicle 3');
      expect(await replayed.getByText('Vehicle 3 Vehicle 1 Vehicle 2').count()).toBe(0);
      await consoleView.page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), saved);
      await replayed.getByText('Vehicle 4 Vehicle 1 Vehicle 2').waitFor();
      expect(await replayed.getByText(/Subaru|Outback/).count()).toBe(0);
      expect(await replayed.getByRole('form', { name: 'Vehicle details' }).count()).toBe(0);
      expect(await seriousViolations(consoleView.page)).toEqual([]);
      expect(consoleView.errors).toEqual([]);
      await consoleView.close();
      await shopper.close();
    } finally {
      await storefront.control('reset', { catalog: 'cafe' });
    }
  }, 120_000);
});
