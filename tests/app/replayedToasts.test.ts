// The toasts the support console's replayed page shows at an event: the ones the shopper's notifier had on screen,
// worked out from the log, each for its own lifetime in event time (4 s for success, 6 s for errors and warnings).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedMessage } from '../../src/app/features/catalog/useAddToBag';
import { chosenMessage } from '../../src/app/features/location/LocationChooser';
import { toastsAt } from '../../src/app/features/support/replayedToasts';
import { configWithLinks } from '../../src/app/features/support/footerLinks';
import { TOAST_DURATION } from '../../src/app/shell/notify';
import { initialClientState, reduceClient } from '../../src/events/reducers/client';
import type { LogHeader } from '../../src/store/logFile';
import { seekable } from '../../src/store/seekableLog';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from '../events/support';

const cafe = fixtureCatalog('cafe');
/** The pages' words (the console gets them from ReplayedStorefront's PAGE_TOAST_WORDS). */
const WORDS = { added: addedMessage, chosen: chosenMessage };
const HEADER = { format: 'countertop-log', version: 1, appVersion: 'test', createdAt: '2026-11-18T15:00:00.000Z', redacted: false } as unknown as LogHeader;

function session(): Session {
  const s = new Session({ cafe });
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  return s;
}

const logOf = (s: Session) =>
  seekable(
    HEADER,
    s.events.map((event, i) => ({ seq: event.seq, line: i + 2, type: event.type, v: event.v, at: event.at, event })),
    new Map([['cafe', cafe]]),
  );

/** The toasts' words at the last event. */
const wordsNow = (s: Session) => toastsAt(logOf(s), s.events.length - 1, WORDS).map((toast) => `${toast.kind}: ${toast.message}`);

describe('replayed toasts', () => {
  it('show an add while its 4 seconds last, then not', () => {
    const s = session();
    s.addLine('drip', 'drip-regular');
    expect(wordsNow(s)).toEqual(['success: Added Drip Coffee to your bag']);
    s.wait(2).emit('PageViewed', { path: '/cart' });
    expect(wordsNow(s)).toEqual(['success: Added Drip Coffee to your bag']);
    s.emit('PageViewed', { path: '/checkout' });
    expect(wordsNow(s)).toEqual([]);
  });

  it("show Place Order's refusal with the message the shopper read, and its success, newest first", () => {
    const s = session();
    s.addLine('drip', 'drip-regular');
    const key = s.state.bag.idempotencyKey;
    s.wait(10).emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
    s.emit('OrderPlacementFailed', { idempotencyKey: key, codes: ['GENERIC_DECLINE'], message: 'The credit card was declined.', outcome: 'refused' });
    expect(wordsNow(s)).toEqual(['error: The credit card was declined.']);
    s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
    s.emit('OrderPlaced', { idempotencyKey: key, orderId: 'o-1', order: null, nextIdempotencyKey: 'next' });
    expect(wordsNow(s)).toEqual(['success: Order was placed!', 'error: The credit card was declined.']);
  });

  it('leave out an answer no press on this page asked for (an order recovered after a reload)', () => {
    const s = session();
    const key = s.state.bag.idempotencyKey;
    s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
    s.wait(120).emit('OrderPlacementFailed', { idempotencyKey: key, codes: ['INTERRUPTED'], message: 'We could not confirm your order.', outcome: 'unknown' });
    expect(wordsNow(s)).toEqual([]);
  });

  it('show the stock warning the state holds for 6 seconds, as BagWarnings toasts it', () => {
    const s = session();
    s.addLine('drip', 'drip-regular', 3);
    s.wait(10).emit('InventoryUpdated', { locationId: 'cafe-hudson', variationId: 'drip-regular', count: 1, idempotencyKey: s.key('idem') });
    const [warning] = toastsAt(logOf(s), s.events.length - 1, WORDS);
    expect(warning).toMatchObject({ kind: 'warning', id: `warning:${warning!.message}` });
    expect(warning!.message).toMatch(/1/);
    s.wait(4).emit('PageViewed', { path: '/cart' });
    expect(wordsNow(s)).toHaveLength(1);
    s.emit('PageViewed', { path: '/' });
    expect(wordsNow(s)).toEqual([]);
  });

  it('say a location was chosen only when the shopper chose it in the chooser', () => {
    const s = new Session({ cafe });
    s.open('cafe', ['cafe-hudson']);
    s.selectLocation('cafe-hudson');
    expect(wordsNow(s)).toEqual([]);
    s.wait(10).emit('DialogOpened', { dialog: 'location', target: null });
    s.selectLocation('cafe-hudson');
    expect(wordsNow(s)).toEqual(['success: You\u2019re ordering from Hudson Street.'.replace('Hudson Street', cafe.locations[0]!.Name)]);
  });

  it('over random sessions: every toast shown is within its lifetime, once, newest first, and stays until it runs out', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), item: fc.constantFrom(['drip', 'drip-regular'] as const) }),
      fc.record({ kind: fc.constant('page' as const), path: fc.constantFrom('/', '/cart', '/checkout') }),
      fc.record({ kind: fc.constant('order' as const), placed: fc.boolean(), message: fc.constantFrom('The credit card was declined.', 'Out of stock.') }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), step), { minLength: 1, maxLength: 25 }), (steps) => {
        const s = session();
        for (const [wait, next] of steps) {
          s.wait(wait);
          if (next.kind === 'add') s.addLine(next.item[0], next.item[1]);
          else if (next.kind === 'page') s.emit('PageViewed', { path: next.path });
          else {
            const key = s.state.bag.idempotencyKey;
            s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
            if (next.placed) s.emit('OrderPlaced', { idempotencyKey: key, orderId: s.key('order'), order: null, nextIdempotencyKey: s.key('idem') });
            else s.emit('OrderPlacementFailed', { idempotencyKey: key, codes: [], message: next.message, outcome: 'refused' });
          }
        }
        const log = logOf(s);
        let previous: ReturnType<typeof toastsAt> = [];
        for (let i = 0; i < log.entries.length; i++) {
          const now = Date.parse(log.entries[i]!.at);
          const toasts = toastsAt(log, i, WORDS);
          for (const toast of toasts) expect(now - toast.at >= 0 && now - toast.at < TOAST_DURATION[toast.kind]).toBe(true);
          expect(new Set(toasts.map((toast) => toast.id)).size).toBe(toasts.length);
          expect(toasts.map((toast) => toast.at)).toEqual([...toasts.map((toast) => toast.at)].sort((a, b) => b - a));
          for (const toast of previous) {
            if (now - toast.at < TOAST_DURATION[toast.kind]) expect(toasts.map((shown) => shown.id)).toContain(toast.id);
          }
          previous = toasts;
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("the footer's links in a replay", () => {
  it('come from the log (FooterLinksLoaded), which a new page keeps, and are none when the log has none', () => {
    const s = session();
    s.emit('FooterLinksLoaded', {
      clientId: 'shop',
      terms: 'https://terms.example/{clientId}',
      privacy: null,
      androidApp: null,
      appleApp: 'https://apps.example/x',
    });
    s.emit('PageViewed', { path: '/cart' });
    let client = initialClientState;
    for (const event of s.events) client = reduceClient(client, event);
    expect(client.links).toEqual({
      clientId: 'shop',
      terms: 'https://terms.example/{clientId}',
      privacy: null,
      androidApp: null,
      appleApp: 'https://apps.example/x',
    });
    const console = { ClientId: 'support-console', TermsUrl: 'https://console.example/terms' };
    expect(configWithLinks(console, client.links)).toMatchObject({
      ClientId: 'shop',
      TermsUrl: 'https://terms.example/{clientId}',
      PrivacyUrl: undefined,
      AppleAppUrl: 'https://apps.example/x',
    });
    expect(configWithLinks(console, undefined)).toMatchObject({ ClientId: 'support-console', TermsUrl: undefined });
  });

  it('and the dialogs a page opens itself (tip, verification and its code step, account menu) are kept like the panel', () => {
    const s = session();
    s.emit('PageViewed', { path: '/checkout' });
    s.emit('DialogOpened', { dialog: 'tip', target: null });
    let client = initialClientState;
    for (const event of s.events) client = reduceClient(client, event);
    expect(client.dialog).toEqual({ kind: 'tip', target: null });
    s.emit('DialogClosed', { dialog: 'tip' });
    s.emit('DialogOpened', { dialog: 'verification', target: 'code-step' });
    for (const event of s.events.slice(-2)) client = reduceClient(client, event);
    expect(client.dialog).toEqual({ kind: 'verification', target: 'code-step' });
    s.emit('DialogClosed', { dialog: 'account' });
    expect(reduceClient(client, s.events.at(-1)!)).toBe(client);
  });
});
