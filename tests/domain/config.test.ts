import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/codec';
import { ConfigCodec } from '../../src/domain/config';

const BASE = { ClientId: 'countertop-sandbox' };

describe("config.json's MenuLayout", () => {
  it.each(['pages', 'scroll'] as const)("accepts '%s'", (layout) => {
    const config = decode(ConfigCodec, { ...BASE, MenuLayout: layout });
    expect(E.isRight(config) && config.right.MenuLayout).toBe(layout);
  });

  it('is optional: absent or null reads as unset (the page layout)', () => {
    for (const input of [BASE, { ...BASE, MenuLayout: null }]) {
      const config = decode(ConfigCodec, input);
      expect(E.isRight(config) && config.right.MenuLayout).toBeUndefined();
    }
  });

  it('refuses any other value, naming the field', () => {
    for (const layout of ['Scroll', 'page', '', 1, true, ['scroll']]) {
      const config = decode(ConfigCodec, { ...BASE, MenuLayout: layout });
      expect(E.isLeft(config) && config.left.join('; ')).toMatch(/MenuLayout/);
    }
  });

  it('accepts exactly the two layouts, whatever string is given', () => {
    fc.assert(
      fc.property(fc.string(), (layout) => {
        const accepted = E.isRight(decode(ConfigCodec, { ...BASE, MenuLayout: layout }));
        expect(accepted).toBe(layout === 'pages' || layout === 'scroll');
      }),
    );
  });
});
