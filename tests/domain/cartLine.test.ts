import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineWithQuantity, type CartLine } from '../../src/domain/cart/cartLine';

const lineArb: fc.Arbitrary<CartLine> = fc.record({
  key: fc.string(),
  itemId: fc.string(),
  variationId: fc.string(),
  quantity: fc.integer({ min: 1, max: 99 }),
  modifiers: fc.dictionary(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
  note: fc.string({ maxLength: 50 }),
});

describe('a line with another quantity', () => {
  it('is the line with only its quantity changed, every field kept and nothing added', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 0, max: 99 }), (line, quantity) => {
        const changed = lineWithQuantity(line, quantity);
        expect(changed).toStrictEqual({ ...line, quantity });
        expect(Object.keys(changed).sort()).toEqual(Object.keys(line).sort());
      }),
    );
  });

  it('writes its fields in one order, whatever order the line came in', () => {
    const parsed = JSON.parse('{"note":"","key":"k","modifiers":{},"quantity":1,"variationId":"v","itemId":"i"}') as CartLine;
    expect(Object.keys(lineWithQuantity(parsed, 2))).toEqual(['itemId', 'variationId', 'quantity', 'modifiers', 'note', 'key']);
  });
});
