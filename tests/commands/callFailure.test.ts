// Why a call failed, as CallFailed records it: the reason by kind, and only codes that hold no free text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/api/apiError';
import { callFailureOf, failureCodes } from '../../src/commands/callFailure';
import { EventData } from '../../src/events/catalogue';

describe('callFailureOf', () => {
  it('says offline, no connection, a time-out, a 5xx, a refusal and its code, too many tries, and a session refused', () => {
    expect(callFailureOf({ kind: 'network', call: 'Order/GuestPlace', message: 'Failed to fetch' }, false)).toEqual({
      call: 'Order/GuestPlace',
      reason: 'offline',
      status: null,
      codes: [],
    });
    expect(callFailureOf({ kind: 'network', call: 'Order/GuestPlace', message: 'Failed to fetch' }, true)?.reason).toBe('network');
    expect(callFailureOf({ kind: 'timeout', call: 'Order/Place', afterMs: 60_000 }, true)?.reason).toBe('timeout');
    expect(callFailureOf({ kind: 'http', call: 'Delivery/Quote', status: 503, body: 'down' }, true)).toMatchObject({ reason: 'server', status: 503 });
    expect(
      callFailureOf({ kind: 'http', call: 'Order/Place', status: 400, body: ['Payment failed - GENERIC_DECLINE', 'the card of Ada Lovelace'] }, true),
    ).toEqual({
      call: 'Order/Place',
      reason: 'refused',
      status: 400,
      codes: ['GENERIC_DECLINE'],
    });
    // The sandbox's shape: {code, details} objects, and ASP.NET's errors by field.
    expect(failureCodes([{ code: 'Payment failed - CVV_FAILURE', details: ['Ada Lovelace'] }])).toEqual(['CVV_FAILURE']);
    expect(failureCodes({ errors: { Card: ['bad - CARD_EXPIRED'] } })).toEqual(['CARD_EXPIRED']);
    expect(
      callFailureOf({ kind: 'http', call: 'Account/Login', status: 400, body: { error: 'invalid_grant', error_description: 'ada@example.com' } }, true),
    ).toMatchObject({ reason: 'refused', codes: ['invalid_grant'] });
    expect(callFailureOf({ kind: 'http', call: 'Account/SendLoginCode', status: 429, body: {} }, true)?.reason).toBe('tooMany');
    expect(callFailureOf({ kind: 'unauthorized', call: 'Card/Create' }, true)?.reason).toBe('signedOut');
    expect(callFailureOf({ kind: 'decode', call: 'Order/Preview', status: 200, problems: ['x'] }, true)).toMatchObject({ reason: 'unreadable', status: 200 });
  });

  it('leaves out the calls support does not need (the menu, stock, favorites)', () => {
    expect(callFailureOf({ kind: 'network', call: 'Catalog', message: 'x' }, false)).toBeNull();
    expect(callFailureOf({ kind: 'http', call: 'Inventory/List', status: 500, body: null }, true)).toBeNull();
  });

  const errorArb: fc.Arbitrary<ApiError> = fc.oneof(
    fc.record({ kind: fc.constant('network' as const), call: fc.constantFrom('Order/Place', 'Account/Login'), message: fc.string() }),
    fc.record({ kind: fc.constant('timeout' as const), call: fc.constant('Order/Place'), afterMs: fc.nat() }),
    fc.record({
      kind: fc.constant('http' as const),
      call: fc.constantFrom('Order/Place', 'Account/Login', 'Card/Create'),
      status: fc.integer({ min: 300, max: 599 }),
      body: fc.jsonValue(),
    }),
    fc.record({
      kind: fc.constant('decode' as const),
      call: fc.constant('Order/Preview'),
      status: fc.integer({ min: 200, max: 299 }),
      problems: fc.array(fc.string()),
    }),
  );

  it('always makes a CallFailed the schema accepts, whose codes are only code-shaped strings', () => {
    fc.assert(
      fc.property(errorArb, fc.boolean(), (error, online) => {
        const data = callFailureOf(error, online);
        expect(data).not.toBeNull();
        expect(EventData.CallFailed.is(data)).toBe(true);
        for (const code of data!.codes) expect(code).toMatch(/^([A-Z][A-Z0-9_]*|[a-z][a-z_]*)$/);
      }),
    );
  });

  it('finds no code in free text, however it is wrapped', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => /[a-z]\s*$/.test(text) && /\s/.test(text.trim())),
        (text) => {
          expect(failureCodes([text])).toEqual([]);
          expect(failureCodes({ error: text })).toEqual([]);
          expect(failureCodes([{ Errors: [text] }])).toEqual([]);
        },
      ),
    );
  });
});
