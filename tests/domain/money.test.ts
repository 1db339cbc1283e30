import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { currencySymbol, formatDiscount, formatMoney, formatMoneyInput, parseMoneyInput } from '../../src/domain/money';

describe('formatting money', () => {
  it('divides minor units by 100 and writes them in en-US with the location currency', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(250, 'CAD')).toBe('CA$2.50');
    expect(formatMoney(250, 'EUR')).toBe('€2.50');
  });

  it('writes two decimals even for a currency Intl shows without them', () => {
    expect(formatMoney(150, 'JPY')).toBe('¥1.50');
  });

  it('still writes an amount that is not whole minor units, rounded to the cent', () => {
    expect(formatMoney(1250.4, 'USD')).toBe('$12.50');
  });

  it('writes negative amounts with a leading minus', () => {
    expect(formatMoney(-205, 'USD')).toBe('-$2.05');
  });

  it('shows a discount as a negative amount', () => {
    expect(formatDiscount(200, 'USD')).toBe('-$2.00');
    expect(formatDiscount(0, 'USD')).toBe('$0.00');
  });

  it('is exact for every safe amount (no float division)', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (minor) => {
        const digits = formatMoney(minor, 'USD').replace(/[$,.]/g, '');
        expect(BigInt(digits)).toBe(BigInt(minor));
      }),
    );
  });
});

describe('reading money typed by a shopper', () => {
  it('multiplies by 100 and rounds down', () => {
    expect(parseMoneyInput('2.999')).toBe(299);
    expect(parseMoneyInput('3')).toBe(300);
    expect(parseMoneyInput('.5')).toBe(50);
    expect(parseMoneyInput('4.')).toBe(400);
    expect(parseMoneyInput(' 1.05 ')).toBe(105);
  });

  it('is exact where floating point is not (0.29 x 100 = 28.999...)', () => {
    expect(parseMoneyInput('0.29')).toBe(29);
    expect(parseMoneyInput('1.13')).toBe(113);
  });

  it('accepts a leading dollar sign and thousands commas', () => {
    expect(parseMoneyInput('$1,250.75')).toBe(125075);
  });

  it('refuses what is not a plain non-negative number', () => {
    for (const text of ['', '  ', 'abc', '1.2.3', '-1', '1e3', '.', '$', '12abc', '1,2']) expect(parseMoneyInput(text)).toBeNull();
  });

  it('reads back every amount it formats as a plain decimal', () => {
    fc.assert(fc.property(fc.nat({ max: 10_000_000_00 }), (minor) => parseMoneyInput((minor / 100).toFixed(2)) === minor));
  });
});

describe('the money field', () => {
  it('shows an amount for editing as parseMoneyInput reads it back, for any amount', () => {
    expect(formatMoneyInput(1250)).toBe('12.50');
    expect(formatMoneyInput(5)).toBe('0.05');
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (minor) => parseMoneyInput(formatMoneyInput(minor)) === minor));
  });

  it("writes the currency's symbol beside it", () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CAD')).toBe('CA$');
  });
});
