// One case-insensitive id comparison for the whole storefront.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idKey, matchingId, sameId } from '../../src/domain/ids';

describe('ids', () => {
  it('match whatever their case, including letters that change length when folded', () => {
    expect(sameId('Chain-Brooklyn', 'chain-BROOKLYN')).toBe(true);
    expect(sameId('straße', 'STRASSE')).toBe(true);
    expect(sameId('chain-brooklyn', 'chain-chicago')).toBe(false);
  });

  it('find the id as the list spells it', () => {
    expect(matchingId(['Cafe-Hudson', 'cafe-soho'], 'CAFE-HUDSON')).toBe('Cafe-Hudson');
    expect(matchingId(['cafe-soho'], 'cafe-hudson')).toBeUndefined();
  });

  it('sameId is symmetric and agrees with idKey', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => sameId(a, b) === sameId(b, a) && sameId(a, b) === (a === b || idKey(a) === idKey(b))));
    fc.assert(fc.property(fc.string(), (a) => sameId(a, a.toUpperCase()) && sameId(a, a.toLowerCase())));
  });
});
