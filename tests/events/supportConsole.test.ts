// The support console's pure parts: the why (line prices add up to the totals, each tax's shares add up), the
// state diff, the client events' own fold, the timeline's summaries and markers, and seeking through snapshots.
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { taxShares } from '../../src/domain/pricing/taxShares';
import type { DomainEvent } from '../../src/events/catalogue';
import { contextOf, currentLocation } from '../../src/events/context';
import { decodeEvent } from '../../src/events/envelope';
import { fold, reduce, skip } from '../../src/events/reduce';
import { initialClientState, reduceClient } from '../../src/events/reducers/client';
import { bagView } from '../../src/events/selectors/bag';
import { stateDiff } from '../../src/events/selectors/stateDiff';
import { markerOf, summarize } from '../../src/events/selectors/summary';
import { explain, whyLines } from '../../src/events/selectors/why';
import { initialState } from '../../src/events/state';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { openGrowingLog, openLogText, type EntryInfo, type LogEntry } from '../../src/store/seekableLog';
import { formatSupportHash, indexOfSeq, parseSupportHash } from '../../src/app/features/support/supportHash';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { Session } from './support';

const chain = fixtureCatalog('pizza-chain');
const LOCATIONS = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];

function simulated(seed: number, events: number): DomainEvent[] {
  const { drafts } = simulateSession({ catalog: chain, hash: 'h', events, seed, locationIds: LOCATIONS });
  return drafts.map((d, i) => {
    const r = decodeEvent(d, i + 1);
    if (E.isLeft(r) || r.right.kind !== 'event') throw new Error(`bad simulated event ${d.type}`);
    return r.right.event;
  });
}

describe('the why', () => {
  const ctx = contextOf(new Map([['h', chain]]));

  it('over simulated sessions: every line is gross - discount + tax, the lines add up to the totals, and each tax adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        let state = initialState;
        for (const event of simulated(seed, 120)) {
          state = fold([event], ctx, state);
          const why = explain(state, ctx);
          const preview = bagView(state, ctx).preview;
          if (!preview) continue;
          expect(why.addsUp).toBe(true);
          for (const line of why.lines) {
            expect(line.gross - line.discount + line.tax).toBe(line.total);
            expect(line.taxes.filter((t) => !t.inclusive).reduce((sum, t) => sum + t.amount, 0)).toBe(line.tax);
          }
          for (const tax of preview.taxes) {
            const shares = why.lines.flatMap((line) => line.taxes.filter((t) => t.id === tax.id)).reduce((sum, t) => sum + t.amount, 0);
            expect(shares).toBe(tax.amount);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it("the cafe: a latte's NY tax, Place Order's blockers in the spec's order, and the declined card's codes", () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    s.addLine('drip', 'drip-regular', 2);
    const why = explain(s.state, s.ctx);
    expect(why.lines).toHaveLength(1);
    expect(why.lines[0]).toMatchObject({ quantity: 2, gross: 550, discount: 0 });
    expect(why.lines[0]!.taxes.map((t) => t.name)).toEqual(['NY sales tax']);
    expect(why.totals!.grandTotal).toBe(why.lines[0]!.total);
    expect(why.placeOrder.canPlace).toBe(false);
    expect(why.placeOrder.blockers.slice(0, 2)).toEqual(['Sign in or enter your personal info.', 'Choose a card to pay with.']);
    s.emit('OrderPlacementFailed', {
      idempotencyKey: s.state.bag.idempotencyKey,
      codes: ['GENERIC_DECLINE'],
      message: 'The credit card was declined.',
      outcome: 'refused',
    });
    const failed = explain(s.state, s.ctx);
    expect(failed.failure).toMatchObject({ codes: ['GENERIC_DECLINE'], message: 'The credit card was declined.', shown: true });
    expect(whyLines(failed).some((line) => line.includes("the shopper read 'The credit card was declined.'"))).toBe(true);
  });

  it('says which rule lowered a line to the stock left, and when', () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    s.addLine('drip', 'drip-regular', 3);
    s.emit('InventoryUpdated', { locationId: 'cafe-hudson', variationId: 'drip-regular', count: 1, idempotencyKey: s.key('idem') });
    const drops = explain(s.state, s.ctx).drops;
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ rule: 'clamp', seq: s.events.length });
    expect(drops[0]!.text).toContain('from 3 to 1');
  });

  it('taxShares of no taxes is nothing per line', () => {
    expect(taxShares([], [[], []], [100, 200])).toEqual([[], []]);
  });
});

describe('the state diff', () => {
  it('finds nothing between equal values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stateDiff(value, structuredClone(value))).toEqual([]);
      }),
    );
  });

  it('finds exactly the leaf that changed, by its path', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          // Never the key the test adds (a record that already had 'zz' would change it, not gain it).
          fc.string({ minLength: 1, maxLength: 5 }).filter((k) => /^\w+$/.test(k) && k !== 'zz'),
          fc.integer(),
        ),
        fc.integer(),
        (record, extra) => {
          const before = { a: { b: [record, 1] } };
          const after = { a: { b: [{ ...record, zz: extra }, 1] } };
          expect(stateDiff(before, after)).toEqual([{ path: 'a.b[0].zz', before: undefined, after: extra }]);
        },
      ),
    );
  });
});

describe('client events', () => {
  it('record the page and the dialog apart from the domain state, which only counts them (never as ignored)', () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    const domainBefore = s.state;
    s.emit('PageViewed', { path: '/categories/coffee' });
    s.emit('DialogOpened', { dialog: 'item', target: 'latte' });
    expect(s.state.log.ignored).toBe(domainBefore.log.ignored);
    expect(s.state.log.events).toBe(domainBefore.log.events + 2);
    expect({ ...s.state, log: null }).toEqual({ ...domainBefore, log: null });
    let client = initialClientState;
    for (const event of s.events) client = reduceClient(client, event);
    expect(client).toEqual({ path: '/categories/coffee', dialog: { kind: 'item', target: 'latte' } });
    s.emit('DialogClosed', { dialog: 'location' });
    expect(reduceClient(client, s.events.at(-1)!)).toBe(client);
    s.emit('PageViewed', { path: '/cart' });
    expect(reduceClient(client, s.events.at(-1)!)).toEqual({ path: '/cart', dialog: null });
  });

  it("record saved details shown as their form again ('Change it') until it closes or the page changes", () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    const domainBefore = s.state;
    s.emit('PageViewed', { path: '/checkout' });
    s.emit('DetailsEditing', { details: 'vehicle', editing: true });
    expect({ ...s.state, log: null }).toEqual({ ...domainBefore, log: null });
    expect(s.state.log.ignored).toBe(domainBefore.log.ignored);
    const fold = (events: typeof s.events) => events.reduce(reduceClient, initialClientState);
    expect(fold(s.events)).toEqual({ path: '/checkout', dialog: null, editing: ['vehicle'] });
    // Opened twice is still one form; a dialog over it leaves it open.
    s.emit('DetailsEditing', { details: 'vehicle', editing: true });
    s.emit('DialogOpened', { dialog: 'tip', target: null });
    s.emit('DialogClosed', { dialog: 'tip' });
    expect(fold(s.events)).toEqual({ path: '/checkout', dialog: null, editing: ['vehicle'] });
    s.emit('DetailsEditing', { details: 'vehicle', editing: false });
    expect(fold(s.events)).toEqual({ path: '/checkout', dialog: null });
    s.emit('DetailsEditing', { details: 'vehicle', editing: true });
    s.emit('PageViewed', { path: '/' });
    expect(fold(s.events)).toEqual({ path: '/', dialog: null });
    expect(summarize(s.events.at(-2)!, s.state, s.state, s.ctx)).toBe("Opened the vehicle details form again ('Change it')");
  });

  it("record a signed-in shopper's list of cards and new card form opened with 'Change it', and read a v1 form as before", () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    s.emit('PageViewed', { path: '/checkout' });
    s.emit('DetailsEditing', { details: 'cards', editing: true });
    const fold = (events: typeof s.events) => events.reduce(reduceClient, initialClientState);
    expect(fold(s.events)).toEqual({ path: '/checkout', dialog: null, editing: ['cards'] });
    expect(summarize(s.events.at(-1)!, s.state, s.state, s.ctx)).toBe("Opened the list of cards again ('Change it')");
    s.emit('DetailsEditing', { details: 'cards', editing: false });
    s.emit('DetailsEditing', { details: 'newCard', editing: true });
    expect(fold(s.events)).toEqual({ path: '/checkout', dialog: null, editing: ['newCard'] });
    expect(summarize(s.events.at(-2)!, s.state, s.state, s.ctx)).toBe('Closed the list of cards');
    // A log written before the cards were recorded holds DetailsEditing v1, the vehicle's form: read as it was.
    const v1 = decodeEvent({ id: 'x', type: 'DetailsEditing', v: 1, at: '2026-11-18T15:00:00Z', data: { details: 'vehicle', editing: true } }, 1);
    expect(E.isRight(v1) && v1.right.kind === 'event' && v1.right.event.data).toEqual({ details: 'vehicle', editing: true });
    const unknown = decodeEvent({ id: 'x', type: 'DetailsEditing', v: 2, at: '2026-11-18T15:00:00Z', data: { details: 'guest', editing: true } }, 1);
    expect(E.isLeft(unknown)).toBe(true);
  });

  it('refuse a field they do not declare (no query string, no typed text)', () => {
    const r = decodeEvent({ id: 'x', type: 'PageViewed', v: 1, at: '2026-11-18T15:00:00Z', data: { path: '/', search: '?code=123' } }, 1);
    expect(E.isLeft(r) && r.left.join()).toContain('data.search: not a field of PageViewed');
  });
});

describe('the timeline', () => {
  it('summarises events in the shop words and marks failures and warnings', () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    const before = s.state;
    s.addLine('drip', 'drip-regular', 2);
    const added = s.events.at(-1)!;
    expect(summarize(added, before, s.state, s.ctx)).toBe('Added 2 x Drip Coffee');
    expect(markerOf(added, before, s.state)).toBeNull();
    const beforeFail = s.state;
    s.emit('OrderPlacementFailed', { idempotencyKey: 'k', codes: ['GENERIC_DECLINE'], message: 'The credit card was declined.', outcome: 'refused' });
    expect(markerOf(s.events.at(-1)!, beforeFail, s.state)).toBe('failure');
    const beforeClamp = s.state;
    s.emit('InventoryUpdated', { locationId: 'cafe-hudson', variationId: 'drip-regular', count: 1, idempotencyKey: s.key('idem') });
    expect(markerOf(s.events.at(-1)!, beforeClamp, s.state)).toBe('warning');
  });

  it('reads #event=N and the page-alone view from the address, and finds the event by its number', () => {
    fc.assert(
      fc.property(fc.option(fc.nat(), { nil: null }), fc.boolean(), (event, page) => {
        expect(parseSupportHash(formatSupportHash({ event, page }))).toEqual({ event, page });
      }),
    );
    expect(parseSupportHash('#event=abc')).toEqual({ event: null, page: false });
    expect(indexOfSeq([1, 2, 5, 9], 5)).toBe(2);
    expect(indexOfSeq([1, 2, 5, 9], 6)).toBe(2);
    expect(indexOfSeq([3, 4], 1)).toBe(-1);
  });
});

describe('seeking through a log', () => {
  it('gives at every event the state a plain fold gives, whatever the snapshot spacing', async () => {
    const json = fixtureJson('pizza-chain');
    const hash = await hashText(catalogText(json));
    const { drafts } = simulateSession({ catalog: chain, hash, events: 90, seed: 11, locationIds: LOCATIONS });
    const lines = [headerLine('test', '2026-11-18T15:00:00.000Z', false), catalogLine(hash, catalogText(json))];
    drafts.forEach((d, i) => lines.push(eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })));
    const text = lines.join('\n');
    const events = drafts.map((d, i) => {
      const r = decodeEvent(d, i + 1);
      if (E.isLeft(r) || r.right.kind !== 'event') throw new Error('bad event');
      return r.right.event;
    });
    const ctx = contextOf(new Map([[hash, chain]]));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 89 }), async (every, index) => {
        const opened = await openLogText(text, { every });
        if (E.isLeft(opened)) throw new Error(opened.left.join('\n'));
        expect(opened.right.at(index).state).toEqual(fold(events.slice(0, index + 1), ctx));
      }),
      { numRuns: 25 },
    );
  });

  /** Each entry's info worked out the plain way: one fold from the start, every summary as its event is reduced. */
  function plainInfo(entries: readonly LogEntry[], ctx: ReturnType<typeof contextOf>): EntryInfo[] {
    let state = initialState;
    return entries.map((entry) => {
      const before = state;
      state = entry.event === null ? skip(state, entry.type, entry.seq) : reduce(state, entry.event, ctx);
      const zone = currentLocation(state, ctx)?.location.Timezone ?? 'UTC';
      if (entry.event === null) return { summary: `Skipped: ${entry.type} v${entry.v} (this app does not read it)`, marker: 'warning', zone };
      return { summary: summarize(entry.event, before, state, ctx), marker: markerOf(entry.event, before, state), zone };
    });
  }

  it("gives each event's summary, marker and zone as the plain fold does, asked in any order, grown or not", async () => {
    const json = fixtureJson('pizza-chain');
    const hash = await hashText(catalogText(json));
    const { drafts } = simulateSession({ catalog: chain, hash, events: 90, seed: 12, locationIds: LOCATIONS });
    const head = [headerLine('test', '2026-11-18T15:00:00.000Z', false), catalogLine(hash, catalogText(json))];
    const events = drafts.map((d, i) => eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data }));
    // One event of a type this app does not know: skipped, with a summary of its own (the events numbered again after).
    events.splice(40, 0, eventLine({ seq: 0, id: 'e-new', type: 'SomethingNew', v: 1, at: drafts[39]!.at, data: {} }));
    const renumbered = events.map((line, i) => line.replace(/"seq":\d+/, `"seq":${i + 1}`));
    const ctx = contextOf(new Map([[hash, chain]]));
    const whole = await openLogText([...head, ...renumbered].join('\n'));
    if (E.isLeft(whole)) throw new Error(whole.left.join('\n'));
    const plain = plainInfo(whole.right.entries, ctx);
    expect(plain.filter((info) => info.summary.startsWith('Skipped: SomethingNew'))).toHaveLength(1);
    expect(whole.right.markers).toEqual(plain.map((info) => info.marker));
    const n = renumbered.length;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: n }),
        fc.array(fc.nat(n - 1), { maxLength: 30 }),
        async (every, first, asked) => {
          // Opened with the first events, some asked for, then grown by the rest: the earlier view keeps its length.
          const growing = await openGrowingLog([...head, ...renumbered.slice(0, first)].join('\n'), { every });
          if (E.isLeft(growing)) throw new Error(growing.left.join('\n'));
          const early = growing.right.log;
          for (const index of asked.filter((i) => i < first)) expect(early.info(index)).toEqual(plain[index]);
          expect(() => early.info(first)).toThrow(RangeError);
          const { log } = await growing.right.grow(renumbered.slice(first));
          for (const index of asked) expect(log.info(index)).toBe(log.info(index));
          expect(log.entries.map((_, i) => log.info(i))).toEqual(plain);
          // The search looks in each event's seq, type and summary (the plain fold's), in any case.
          for (const search of ['Pizza', 'bagline', '1']) {
            const needle = search.toLowerCase();
            const expected = log.entries.flatMap((e, i) => (`${e.seq} ${e.type} ${plain[i]!.summary}`.toLowerCase().includes(needle) ? [i] : []));
            expect(log.search.find(search)).toEqual(expected);
          }
          expect(log.markers).toEqual(whole.right.markers);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('opens a log an older app version wrote: its older events are upcast (TipSet v1 becomes v2)', async () => {
    const text = [
      headerLine('0.0.1', '2026-11-18T15:00:00.000Z', false),
      eventLine({ seq: 1, id: 'e1', type: 'SessionStarted', v: 1, at: '2026-11-18T15:00:00.000Z', data: { idempotencyKey: 'k1', appVersion: '0.0.1' } }),
      eventLine({ seq: 2, id: 'e2', type: 'TipSet', v: 1, at: '2026-11-18T15:00:01.000Z', data: { amount: 150, idempotencyKey: 'k1' } }),
    ].join('\n');
    const opened = await openLogText(text);
    if (E.isLeft(opened)) throw new Error(opened.left.join('\n'));
    expect(opened.right.header.appVersion).toBe('0.0.1');
    expect(opened.right.entries[1]!.event).toMatchObject({ type: 'TipSet', v: 2, data: { amount: 150, percent: null } });
    expect(opened.right.info(1).summary).toBe('Tip set to $1.50');
  });

  it('names every dialog in the timeline, and opens a v1 dialog event as v2', async () => {
    const s = new Session({ cafe: fixtureCatalog('cafe') });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    const said = (type: 'DialogOpened' | 'DialogClosed', data: object) => {
      const before = s.state;
      s.emit(type, data as never);
      return summarize(s.events.at(-1)!, before, s.state, s.ctx);
    };
    expect(said('DialogOpened', { dialog: 'tip', target: null })).toBe('Opened the tip dialog');
    expect(said('DialogClosed', { dialog: 'tip' })).toBe('Closed the tip dialog');
    expect(said('DialogOpened', { dialog: 'verification', target: 'code-step' })).toBe('Opened the verification modal (code step)');
    expect(said('DialogOpened', { dialog: 'account', target: null })).toBe('Opened the account menu');
    expect(said('DialogClosed', { dialog: 'location' })).toBe('Closed the location chooser');
    expect(said('DialogOpened', { dialog: 'giftCard', target: 'gc-1' })).toBe("Opened the 'Gift card saved' dialog");
    expect(said('DialogOpened', { dialog: 'savedCard', target: 'card-cc_1' })).toBe("Opened the 'Card saved' dialog");
    const text = [
      headerLine('0.0.1', '2026-11-18T15:00:00.000Z', false),
      eventLine({ seq: 1, id: 'e1', type: 'SessionStarted', v: 1, at: '2026-11-18T15:00:00.000Z', data: { idempotencyKey: 'k1', appVersion: '0.0.1' } }),
      eventLine({ seq: 2, id: 'e2', type: 'DialogOpened', v: 1, at: '2026-11-18T15:00:01.000Z', data: { dialog: 'location', target: null } }),
    ].join('\n');
    const opened = await openLogText(text);
    if (E.isLeft(opened)) throw new Error(opened.left.join('\n'));
    expect(opened.right.entries[1]!.event).toMatchObject({ type: 'DialogOpened', v: 4, data: { dialog: 'location', target: null } });
  });

  it('lists every problem of a damaged log with its line number', async () => {
    const text = [headerLine('test', '2026-11-18T15:00:00.000Z', false), '{"kind":"event",', '{"kind":"nope"}'].join('\n');
    const opened = await openLogText(text);
    expect(E.isLeft(opened) && opened.left.map((p) => p.slice(0, 7))).toEqual(['line 2:', 'line 3:']);
  });
});
