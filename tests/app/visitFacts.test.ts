// What the console tells support of a visit: what is safe to match a customer by (business, locations, order numbers)
// and which kinds of personal field the events held, as their declarations name them.
import { describe, expect, it } from 'vitest';
import { visitFacts } from '../../src/app/features/support/visitFacts';
import type { LogHeader } from '../../src/store/logFile';
import { createRedactor } from '../../src/store/redact';
import { seekable } from '../../src/store/seekableLog';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from '../events/support';

const cafe = fixtureCatalog('cafe');
const HEADER = { format: 'countertop-log', version: 1, appVersion: 'test', createdAt: '2026-11-18T15:00:00.000Z', redacted: true } as unknown as LogHeader;

/** A guest who gave their details twice (the second time without a phone) and placed two orders. */
function visit(): Session {
  const s = new Session({ cafe });
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '212-555-0101' };
  s.emit('GuestDetailsSaved', { guest, confirmed: true, idempotencyKey: s.key() });
  s.emit('OrderPlaced', { idempotencyKey: s.key(), orderId: 'ord-1001', order: null, nextIdempotencyKey: s.key() });
  s.emit('GuestDetailsSaved', { guest: { ...guest, phone: '' }, confirmed: true, idempotencyKey: s.key() });
  s.emit('OrderPlaced', { idempotencyKey: s.key(), orderId: 'ord-1002', order: null, nextIdempotencyKey: s.key() });
  return s;
}

/** The visit as support receives it: redacted, then opened. */
function opened(s: Session) {
  const redactor = createRedactor();
  const entries = s.events.map((event, i) => {
    const raw = redactor.event({ seq: event.seq, id: event.id, type: event.type, v: event.v, at: event.at, data: event.data as never });
    return { seq: raw.seq, line: i + 2, type: raw.type, v: raw.v, at: raw.at, event: { ...event, data: raw.data } as typeof event };
  });
  return seekable(HEADER, entries, new Map([['cafe', cafe]]));
}

describe('the facts of a visit', () => {
  it('names the business and location by the catalog, and the orders placed, in order', () => {
    const facts = visitFacts(opened(visit()));
    expect(facts).toMatchObject({ businesses: ['Bluebird Coffee'], locations: ['Bluebird Coffee - Hudson St'], orderIds: ['ord-1001', 'ord-1002'] });
  });

  it('counts the events holding each kind of personal field, an emptied field not among them', () => {
    expect(visitFacts(opened(visit())).personal).toEqual([
      { kind: 'first', events: 2 },
      { kind: 'last', events: 2 },
      { kind: 'email', events: 2 },
      { kind: 'phone', events: 1 },
    ]);
  });

  it('finds nothing personal in a visit that held nothing personal', () => {
    const s = new Session({ cafe });
    s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
    s.addLine('drip', 'drip-regular');
    expect(visitFacts(opened(s))).toMatchObject({ personal: [], orderIds: [] });
  });
});

describe('the facts of a log in the clear', () => {
  it('leave its personal fields uncounted (the console explains placeholders, and a log in the clear has none)', () => {
    const s = visit();
    const inClear = seekable({ ...HEADER, redacted: false }, opened(s).entries, new Map([['cafe', cafe]]));
    expect(visitFacts(inClear)).toMatchObject({ personal: null, orderIds: ['ord-1001', 'ord-1002'] });
  });
});
