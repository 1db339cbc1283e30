import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { decodeFast, decodes } from '../../src/domain/fastDecode';
import { decodeEvent } from '../../src/events/envelope';

const envelope = (type: string, v: number, data: unknown) => ({ id: 'e1', type, v, at: '2026-11-18T15:10:00Z', data });

describe('decoding an event', () => {
  for (const decoder of [undefined, { decode: decodeFast, decodes }]) {
    const which = decoder ? 'the quick decoder' : 'io-ts';
    it(`skips a type named like something every object has, as unknown (${which})`, () => {
      for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
        expect(decodeEvent(envelope(type, 1, {}), 1, decoder)).toEqual(E.right({ kind: 'skipped', type, v: 1, reason: 'unknown type' }));
      }
    });

    it(`skips a newer version, upcasts an older one and takes the current one as it is (${which})`, () => {
      expect(decodeEvent(envelope('TipReset', 9, {}), 2, decoder)).toEqual(E.right({ kind: 'skipped', type: 'TipReset', v: 9, reason: 'newer version' }));
      // TipSet v1 had no percent: it reads as v2 with none.
      expect(decodeEvent(envelope('TipSet', 1, { amount: 50, idempotencyKey: 'k' }), 3, decoder)).toEqual(
        E.right({
          kind: 'event',
          event: { seq: 3, id: 'e1', type: 'TipSet', v: 2, at: '2026-11-18T15:10:00Z', data: { amount: 50, percent: null, idempotencyKey: 'k' } },
        }),
      );
      const current = decodeEvent(envelope('TipReset', 1, { idempotencyKey: 'k' }), 4, decoder);
      expect(current).toEqual(
        E.right({ kind: 'event', event: { seq: 4, id: 'e1', type: 'TipReset', v: 1, at: '2026-11-18T15:10:00Z', data: { idempotencyKey: 'k' } } }),
      );
      expect(E.isLeft(decodeEvent(envelope('TipReset', 1, { idempotencyKey: 7 }), 5, decoder))).toBe(true);
    });
  }
});
