// What support needs to see in a visit beyond the domain: the device (DeviceSeen), why a call failed (CallFailed) and
// a submit a form's rules refused (FormRefused). Their fold, their lines in the timeline, the why of an order whose
// call failed offline, and their redaction (they hold nothing personal, so a redacted visit keeps them whole).
import { describe, expect, it } from 'vitest';
import type { EventDataOf } from '../../src/events/catalogue';
import { PRIVACY } from '../../src/events/catalogue';
import { initialClientState, reduceClient, type ClientState } from '../../src/events/reducers/client';
import { markerOf, summarize } from '../../src/events/selectors/summary';
import { explain, whyLines } from '../../src/events/selectors/why';
import { createRedactor } from '../../src/store/redact';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from './support';

const PHONE: EventDataOf<'DeviceSeen'> = {
  browser: 'Chrome 131',
  os: 'Android 14',
  width: 390,
  height: 844,
  pixelRatio: 3,
  language: 'en-US',
  timeZone: 'America/New_York',
  online: true,
};

function cafe() {
  const s = new Session({ cafe: fixtureCatalog('cafe') });
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  s.addLine('drip', 'drip-regular', 2);
  return s;
}

/** The client fold over a session's events. */
const clientOf = (s: Session): ClientState => s.events.reduce(reduceClient, initialClientState);

describe('the device', () => {
  it('is kept as last recorded, and the timeline says it in a line', () => {
    const s = cafe();
    const before = s.state;
    s.emit('DeviceSeen', PHONE);
    s.emit('DeviceSeen', { ...PHONE, width: 844, height: 390, online: false });
    expect(clientOf(s).device).toEqual({ ...PHONE, width: 844, height: 390, online: false });
    expect(summarize(s.events.at(-2)!, before, s.state, s.ctx)).toBe('Device: Chrome 131 on Android 14, 390x844 at 3x, en-US, America/New_York, online');
    expect(summarize(s.events.at(-1)!, before, s.state, s.ctx)).toContain('844x390 at 3x, en-US, America/New_York, offline');
    expect(markerOf(s.events.at(-1)!, before, s.state)).toBeNull();
  });
});

describe('a failed call', () => {
  it('is a failure in the timeline, in words: offline, a time-out, a 5xx, a refusal with its codes, too soon', () => {
    const s = cafe();
    const cases: [EventDataOf<'CallFailed'>, string][] = [
      [{ call: 'Order/GuestPlace', reason: 'offline', status: null, codes: [] }, 'Order/GuestPlace failed: the browser was offline'],
      [{ call: 'Order/Place', reason: 'timeout', status: null, codes: [] }, 'Order/Place failed: no answer within the time-out'],
      [{ call: 'Delivery/Quote', reason: 'server', status: 503, codes: [] }, 'Delivery/Quote failed: the API failed (HTTP 503)'],
      [{ call: 'Account/Login', reason: 'refused', status: 400, codes: ['invalid_grant'] }, 'Account/Login failed: refused (HTTP 400) [invalid_grant]'],
      [
        { call: 'Account/SendLoginCode', reason: 'tooMany', status: 429, codes: [] },
        'Account/SendLoginCode failed: refused as too many tries or too soon (HTTP 429)',
      ],
    ];
    for (const [data, words] of cases) {
      const before = s.state;
      s.emit('CallFailed', data);
      expect(summarize(s.events.at(-1)!, before, s.state, s.ctx)).toBe(words);
      expect(markerOf(s.events.at(-1)!, before, s.state)).toBe('failure');
    }
    expect(Object.keys(clientOf(s).failures ?? {})).toEqual(['Order/GuestPlace', 'Order/Place', 'Delivery/Quote', 'Account/Login', 'Account/SendLoginCode']);
  });

  it("gives an order's failure its cause: an offline Place Order no longer reads only 'Codes: none'", () => {
    const s = cafe();
    s.emit('CallFailed', { call: 'Delivery/Quote', reason: 'server', status: 502, codes: [] });
    s.emit('CallFailed', { call: 'Order/GuestPlace', reason: 'offline', status: null, codes: [] });
    s.emit('OrderPlacementFailed', { idempotencyKey: s.state.bag.idempotencyKey, codes: [], message: 'Could not place order!', outcome: 'unknown' });
    const why = explain(s.state, s.ctx, clientOf(s));
    expect(why.failure?.cause).toBe('the browser was offline');
    expect(whyLines(why).join('\n')).toContain("the shopper read 'Could not place order!'; the call: the browser was offline");
    // Without the client fold (an older log, a caller that has none) the why is what it was.
    expect(explain(s.state, s.ctx).failure).not.toHaveProperty('cause');
  });

  it("does not give an order a later call's failure, nor another call's", () => {
    const s = cafe();
    s.emit('CallFailed', { call: 'Account/Login', reason: 'refused', status: 400, codes: ['invalid_grant'] });
    s.emit('OrderPlacementFailed', { idempotencyKey: s.state.bag.idempotencyKey, codes: ['DECLINED'], message: 'Declined', outcome: 'refused' });
    s.emit('CallFailed', { call: 'Order/Place', reason: 'server', status: 500, codes: [] });
    expect(explain(s.state, s.ctx, clientOf(s)).failure).not.toHaveProperty('cause');
  });
});

describe("a form's refused submit", () => {
  it('names the form and the fields, as a warning', () => {
    const s = cafe();
    const before = s.state;
    s.emit('FormRefused', { form: 'Personal Info', fields: ['email', 'phone'] });
    expect(summarize(s.events.at(-1)!, before, s.state, s.ctx)).toBe("Personal Info: not sent, the form's rules refused email, phone");
    expect(markerOf(s.events.at(-1)!, before, s.state)).toBe('warning');
  });
});

describe('redaction', () => {
  it('declares every field of the three safe, and a redacted copy keeps them whole', () => {
    expect(PRIVACY.DeviceSeen.personal ?? {}).toEqual({});
    expect(PRIVACY.CallFailed.personal ?? {}).toEqual({});
    expect(PRIVACY.FormRefused.personal ?? {}).toEqual({});
    const redactor = createRedactor();
    const events = [
      { type: 'DeviceSeen', data: PHONE },
      { type: 'CallFailed', data: { call: 'Account/Login', reason: 'refused', status: 400, codes: ['invalid_grant'] } },
      { type: 'FormRefused', data: { form: 'Sign in', fields: ['username', 'password'] } },
    ];
    events.forEach(({ type, data }, i) => {
      const raw = { seq: i + 1, id: `e${i}`, type, v: 1, at: '2026-11-28T15:00:00.000Z', data };
      expect(redactor.event(raw)).toEqual(raw);
    });
  });
});
