// Sharing a visit with support, as a shopper does it (issue: a visit reached support only as a file the shopper had to
// send): the footer's 'Share this visit with support' says what is shared and asks first; 'Share' shows a code to read
// to support and sends the visit, redacted, to the support inbox; each later tap goes in the next chunk; an answer
// lost on the way is retried and the inbox stores nothing twice; offline it says it will send when back online, and
// does; a reload resumes where the inbox stopped; 'Stop sharing' stops it. The inbox's answers are the proof of what
// it stored (its own contract tests hold the storing).
import { gunzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { State } from '../../src/events/state';
import { signInWithPassword } from './support/account';
import { enableDebugHook, pageSessionLog, runCommand } from './support/debug';
import { expectClean, shots, stateOf } from './support/checkout';
import { PHONE, useStorefront } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open. */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
const CROISSANT = { itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' };
/** Crockford base32 without I, L, O, U: four and four. */
const SHARE_CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const storefront = useStorefront('cafe');
// The embedded inbox opens on its first request, and PGlite's first start holds the storefront's process for seconds:
// on a busy machine long enough to delay the hub's keep-alive past the page's 30 s server timeout. It opens before the
// shopper arrives, as a running inbox would be.
beforeAll(async () => {
  await fetch(`${storefront.origin}/inbox/shares`);
});

interface Chunk {
  readonly first: number;
  readonly last: number;
  readonly text: string;
  readonly status: number | null;
  readonly answer: { readonly stored: number; readonly highestSeq: number } | null;
}

/** Every chunk the page sends to the inbox, with its text (ungzipped) and the inbox's answer. */
function chunksSent(page: Page): Chunk[] {
  const chunks: Chunk[] = [];
  page.on('requestfinished', (request: Request) => void record(request, true));
  page.on('requestfailed', (request: Request) => void record(request, false));
  async function record(request: Request, answered: boolean) {
    const match = /\/inbox\/shares\/[^/]+\/chunks\/(\d+)-(\d+)$/.exec(new URL(request.url()).pathname);
    if (!match) return;
    const raw = request.postDataBuffer() ?? Buffer.alloc(0);
    const text = request.headers()['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const response = answered ? await request.response() : null;
    const answer = response && response.ok() ? ((await response.json()) as Chunk['answer']) : null;
    chunks.push({ first: Number(match[1]), last: Number(match[2]), text, status: response?.status() ?? null, answer });
  }
  return chunks;
}

const lastSeq = async (page: Page) => ((await stateOf(page)) as State).log.lastSeq;
const sentThrough = (chunks: readonly Chunk[]) => Math.max(0, ...chunks.flatMap((c) => (c.answer ? [c.answer.highestSeq] : [])));

async function openShareDialog(page: Page) {
  const footerLink = page.getByRole('button', { name: 'Share this visit with support' });
  await footerLink.scrollIntoViewIfNeeded();
  await footerLink.click();
  const dialog = page.getByRole('dialog', { name: 'Share this visit with support' });
  await dialog.waitFor();
  return dialog;
}

describe('sharing a visit with support', () => {
  // A long walk, starting the embedded inbox on the way: more time than the project's 90 s on a busy machine.
  it('asks first, shows a code, sends the visit redacted, and keeps sending later taps, offline and after a reload', { timeout: 180_000 }, async () => {
    await storefront.control('clock', { at: OPEN_AT });
    const shopper = await storefront.newShopper(PHONE);
    const { page, context } = shopper;
    await enableDebugHook(context);
    await page.clock.install({ time: new Date(OPEN_AT) });
    const chunks = chunksSent(page);
    await signInWithPassword(page, storefront.origin);
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');

    // Nothing leaves before the shopper agrees: the dialog says what is shared and what is not.
    const dialog = await openShareDialog(page);
    await dialog.getByText('Support will see the pages you saw and what you did on this visit').waitFor();
    await dialog.getByText('Passwords, codes and card numbers are never recorded.').waitFor();
    await dialog.getByRole('button', { name: 'Download instead' }).waitFor();
    expect(chunks).toEqual([]);
    await shots(page, 'share-visit-ask');
    await expectClean(shopper);

    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    // The first share of this file's storefront starts its embedded inbox (PGlite, the database in WebAssembly): on a
    // busy machine that alone can take half a minute.
    await dialog.locator('.share-visit-code').waitFor({ timeout: 90_000 });
    const code = (await dialog.locator('.share-visit-code').innerText()).trim();
    expect(code).toMatch(SHARE_CODE);
    await dialog.getByText('Sent. While this tab stays open, what you do next is shared too.').waitFor();
    // The inbox holds the visit through its last event, and what went was redacted: no email, no name.
    await expect.poll(async () => sentThrough(chunks) >= (await lastSeq(page)) - 1).toBe(true);
    const sent = chunks.map((c) => c.text).join('\n');
    expect(sent).toContain('"type":"BagLineAdded"');
    expect(sent).not.toContain('ada@example.com');
    expect(sent).not.toMatch(/"Ada"|"Lovelace"/);
    expect(sent).not.toContain(code);
    // The code and the upload's secret stay in the tab, never in the log.
    const log = await pageSessionLog(page);
    expect(log).toContain('"type":"VisitShared"');
    expect(log).not.toContain(code);
    const kept = JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('countertop.share'))) ?? '{}') as { secret?: string };
    expect(kept.secret).toBeTruthy();
    expect(log).not.toContain(kept.secret!);
    await shots(page, 'share-visit-code');
    await expectClean(shopper);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The next tap goes in the next chunk, starting after what the inbox holds.
    const before = sentThrough(chunks);
    expect((await runCommand(page, 'addToBag', CROISSANT))._tag).toBe('Right');
    await expect.poll(() => sentThrough(chunks)).toBeGreaterThan(before);
    const next = chunks.at(-1)!;
    expect(next.first).toBeGreaterThan(before - 1);
    expect(next.text).toContain('"type":"BagLineAdded"');

    // An answer lost on the way: the chunk goes again, and the inbox stores none of it twice.
    await page.route('**/inbox/shares/*/chunks/*', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
      await page.unroute('**/inbox/shares/*/chunks/*');
    });
    const beforeLost = chunks.length;
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
    await expect.poll(() => chunks.slice(beforeLost).some((c) => c.answer !== null), { timeout: 15_000 }).toBe(true);
    const [lost, ...retried] = chunks.slice(beforeLost);
    expect(lost!.status).toBeNull();
    const again = retried.find((c) => c.first === lost!.first && c.answer !== null)!;
    expect(again.answer!.stored).toBe(0);
    expect(again.answer!.highestSeq).toBeGreaterThanOrEqual(lost!.last);

    // Offline: the shopper is told it will go when the connection is back, and it does.
    await context.setOffline(true);
    expect((await runCommand(page, 'addToBag', CROISSANT))._tag).toBe('Right');
    const reopened = await openShareDialog(page);
    await reopened.getByText('You’re offline: this visit will be sent when you’re back online.').waitFor();
    const offlineSeq = await lastSeq(page);
    await context.setOffline(false);
    await reopened.getByText('Sent. While this tab stays open, what you do next is shared too.').waitFor();
    await expect.poll(() => sentThrough(chunks)).toBeGreaterThanOrEqual(offlineSeq);
    await reopened.getByRole('button', { name: 'Done' }).click();

    // A reload resumes: the same share, from where the inbox stopped.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const afterReload = sentThrough(chunks);
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
    await expect.poll(() => sentThrough(chunks)).toBeGreaterThan(afterReload);
    const resumed = await openShareDialog(page);
    expect((await resumed.locator('.share-visit-code').innerText()).trim()).toBe(code);

    // Stopping: the log records it and nothing more is sent.
    await resumed.getByRole('button', { name: 'Stop sharing' }).click();
    await resumed.getByText('You stopped sharing.').waitFor();
    expect(await pageSessionLog(page)).toContain('"type":"VisitShareStopped"');
    const stoppedAt = chunks.length;
    // A tap after it: by the time the bag's preview has been answered (400 ms after the change), a chunk would have gone.
    const previewed = page.waitForResponse((response) => response.url().includes('/Order/Preview'));
    expect((await runCommand(page, 'addToBag', CROISSANT))._tag).toBe('Right');
    await previewed;
    expect(chunks.length).toBe(stoppedAt);
    // The only failed calls are the answer the test cut off and, when the bag's preview went out while the browser
    // was offline (it waits 400 ms after the change, so it depends on timing), that preview.
    await expectClean(shopper, /ERR_CONNECTION_RESET|ERR_INTERNET_DISCONNECTED|Order\/Preview: network error/);
    await shopper.close();
  });

  it("records for support what a failed sign-in leaves: the form's refusal by field, the API's refusal and its code, the device; never what was typed", async () => {
    const shopper = await storefront.newShopper(PHONE);
    const { page, context } = shopper;
    await enableDebugHook(context);
    await page.goto(`${storefront.origin}/sign-in`);
    const form = page.getByRole('form', { name: 'Sign in' });
    // Nothing typed: the form's rules refuse it, and nothing is sent.
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(async () => (await pageSessionLog(page)).includes('"type":"FormRefused"')).toBe(true);
    // A wrong password: the API refuses it.
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('not-her-password-7');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(async () => (await pageSessionLog(page)).includes('"type":"CallFailed"')).toBe(true);

    const events = (await pageSessionLog(page))
      .split('\n')
      .filter((line) => line.includes('"seq"'))
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    const refused = events.find((event) => event.type === 'FormRefused')!;
    expect(refused.data.form).toBe('Sign in');
    expect(refused.data.fields).toEqual(expect.arrayContaining(['email', 'password']));
    expect(events.find((event) => event.type === 'CallFailed')!.data).toEqual({
      call: 'Account/Login',
      reason: 'refused',
      status: 400,
      codes: ['invalid_grant'],
    });
    expect(events.find((event) => event.type === 'DeviceSeen')!.data).toMatchObject({ width: PHONE.width, height: PHONE.height, online: true });
    // Even unredacted, the log holds no password.
    expect(await pageSessionLog(page)).not.toContain('not-her-password-7');
    await expectClean(shopper, /Account\/Login: HTTP 400|responded with a status of 400/);
    await shopper.close();
  });
});
