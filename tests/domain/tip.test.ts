import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { priceCart } from '../../src/domain/pricing/priceCart';
import type { Location } from '../../src/domain/catalog/codecs';
import {
  maximumTip,
  maximumTipPercentage,
  tipBase,
  tipEditable,
  tipExceedsMaximum,
  tipOptions,
  tipPercentages,
  tippingEnabled,
  validateTipInput,
} from '../../src/domain/tip';
import { TEST_LOCATION, cartLine, oneLocation } from '../support/fixtureCatalog';

const location = (fields: Partial<Location> = {}): Location => ({ ...TEST_LOCATION, ShowTipping: true, ...fields });

const bag = (grandTotal: number, totalTips = 0, grossTotal = grandTotal - totalTips) => ({ grandTotal, totalTips, grossTotal });

describe('tip presets', () => {
  it('offers 10%, 15%, 20% and None by default, rounded down', () => {
    expect(tipOptions(location(), bag(1999))).toEqual([
      { label: '10%', percent: 10, amount: 199 },
      { label: '15%', percent: 15, amount: 299 },
      { label: '20%', percent: 20, amount: 399 },
      { label: 'None', percent: null, amount: 0 },
    ]);
  });

  it("uses the location's CustomPercentages", () => {
    expect(tipOptions(location({ Tipping: { CustomPercentages: [5, 12.5] } }), bag(1000)).map((o) => [o.label, o.amount])).toEqual([
      ['5%', 50],
      ['12.5%', 125],
      ['None', 0],
    ]);
  });

  it('leaves out presets above the maximum percentage, repeated or not positive', () => {
    expect(tipPercentages(location({ Tipping: { CustomPercentages: [0, 18, 18, 30, 22], MaximumPercentage: 22 } }))).toEqual([18, 22]);
  });
});

describe('tip base and maximum', () => {
  it('is a percentage of the grand total without the tip', () => {
    expect(tipBase(bag(1300, 300))).toBe(1000);
    expect(maximumTip(location(), bag(1300, 300))).toBe(250);
  });

  it('falls back to the gross total when a 100% discount makes the total 0', () => {
    expect(tipBase({ grandTotal: 0, totalTips: 0, grossTotal: 825 })).toBe(825);
    expect(maximumTip(location(), { grandTotal: 0, totalTips: 0, grossTotal: 825 })).toBe(206);
  });

  it('falls back to the gross total of a priced bag whose coupon takes 100% off', () => {
    const catalog = oneLocation({
      ...location(),
      Taxes: [{ Id: 't', Name: 'Tax', Percentage: '10', CalculationPhase: 'Subtotal', InclusionType: 'Additive' }],
      Categories: [{ Id: 'c', Name: 'Coffee', Items: [{ Id: 'latte', Name: 'Latte', Taxes: ['t'], Variations: [{ Id: 'v', Name: 'Regular', Price: 800 }] }] }],
    });
    const discount = { kind: 'coupon' as const, Id: 'free', Name: 'Free coffee', Type: 'EntireOrder' as const, Percentage: '100' };
    const preview = priceCart(catalog, [cartLine({ key: 'k1', itemId: 'latte', variationId: 'v' })], { discount });
    if (E.isLeft(preview)) throw new Error(preview.left.join('\n'));
    expect(preview.right).toMatchObject({ grandTotal: 0, grossTotal: 880 });
    expect(tipBase(preview.right)).toBe(880);
    expect(tipOptions(catalog.location, preview.right).map((o) => o.amount)).toEqual([88, 132, 176, 0]);
  });

  it('is at least 1 when the gross total is 0 too', () => {
    expect(tipBase({ grandTotal: 0, totalTips: 0, grossTotal: 0 })).toBe(1);
  });

  it('defaults the maximum to 25% and uses the location maximum when given', () => {
    expect(maximumTipPercentage(location())).toBe(25);
    expect(maximumTip(location({ Tipping: { MaximumPercentage: 30 } }), bag(999))).toBe(299);
  });

  it('flags a tip above the maximum (the bag resets it to 0)', () => {
    expect(tipExceedsMaximum(250, location(), bag(1250, 250))).toBe(false);
    expect(tipExceedsMaximum(251, location(), bag(1251, 251))).toBe(true);
  });
});

describe('the tip field', () => {
  it("says 'Tip Amount is required' when empty", () => {
    expect(validateTipInput('  ', location(), bag(1000))).toEqual(E.left('Tip Amount is required'));
  });

  it("says 'Tip Amount is not valid' when not numeric", () => {
    expect(validateTipInput('two', location(), bag(1000))).toEqual(E.left('Tip Amount is not valid'));
  });

  it("says 'Tip Amount must not exceed $2.50' above 25% of $10.00", () => {
    expect(validateTipInput('2.51', location(), bag(1000))).toEqual(E.left('Tip Amount must not exceed $2.50'));
  });

  it('accepts the maximum itself, rounding the typed amount down', () => {
    expect(validateTipInput('2.509', location(), bag(1000))).toEqual(E.right(250));
  });

  it('is editable only when the location allows custom amounts', () => {
    expect(tipEditable(location({ Tipping: { AllowCustomAmounts: true } }))).toBe(true);
    expect(tipEditable(location())).toBe(false);
  });
});

describe('offering the tip', () => {
  it("offers a tip only where the location shows tipping (the tip line is the totals selector's: events/selectors/totals.ts)", () => {
    expect(tippingEnabled(location())).toBe(true);
    expect(tippingEnabled(location({ ShowTipping: undefined }))).toBe(false);
  });
});
