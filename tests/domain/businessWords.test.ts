// The words pages use for what the business sells (config.json's BusinessKind): a restaurant's menu, a shop's wares.
import { describe, expect, it } from 'vitest';
import { businessWords, DEFAULT_BUSINESS_KIND } from '../../src/domain/businessWords';
import { BusinessKindCodec, ConfigCodec, type BusinessKind } from '../../src/domain/config';

const KINDS = Object.keys(BusinessKindCodec.keys) as BusinessKind[];

describe('business words', () => {
  it("says 'Browse the menu' only for a restaurant, and 'Shop' for retail", () => {
    expect(businessWords('restaurant').browse).toBe('Browse the menu');
    expect(businessWords('retail').browse).toBe('Shop');
  });

  it('speaks of a menu only where the business is a restaurant', () => {
    for (const kind of KINDS) {
      for (const words of Object.values(businessWords(kind))) expect(/\bmenu\b/i.test(words)).toBe(kind === 'restaurant');
    }
  });

  it('is a restaurant when the configuration names no kind', () => {
    expect(DEFAULT_BUSINESS_KIND).toBe('restaurant');
    expect(businessWords(undefined)).toEqual(businessWords('restaurant'));
  });

  it('reads the kind from config.json and refuses one it does not know', () => {
    expect(ConfigCodec.is({ ClientId: 'shop', BusinessKind: 'retail' })).toBe(true);
    expect(ConfigCodec.is({ ClientId: 'shop' })).toBe(true);
    expect(ConfigCodec.is({ ClientId: 'shop', BusinessKind: 'bakery' })).toBe(false);
  });
});
