// The short order number: four digits, the same for one id everywhere, spread over the ids the API makes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderNumber } from '../../src/domain/orders/orderNumber';

const orderIds = fc.uuid().map((uuid) => `ord_${uuid.replaceAll('-', '')}`);

describe('the order number said at the counter', () => {
  it('is four digits, and one id always gives the same number, whatever its case', () => {
    fc.assert(
      fc.property(orderIds, (id) => {
        expect(orderNumber(id)).toMatch(/^\d{4}$/);
        expect(orderNumber(id)).toBe(orderNumber(id));
        expect(orderNumber(id.toUpperCase())).toBe(orderNumber(id));
      }),
    );
  });

  it('tells ids apart that differ in one character', () => {
    expect(orderNumber('ord_eb14a0')).not.toBe(orderNumber('ord_eb14a1'));
    expect(orderNumber('ord_00000000000000000000000000000001')).not.toBe(orderNumber('ord_00000000000000000000000000000002'));
  });

  it('spreads a day of orders: 200 ids share a number rarely (a few pairs at most)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(orderIds, { minLength: 200, maxLength: 200 }), (ids) => {
        const numbers = new Set(ids.map(orderNumber));
        // 200 draws from 10,000: about 2 shared pairs expected; more than 12 would mean the numbers bunch.
        expect(ids.length - numbers.size).toBeLessThanOrEqual(12);
      }),
      { numRuns: 30 },
    );
  });
});
