import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { CartLine } from '../../src/domain/cart/cartLine';
import type { Discount } from '../../src/domain/discounts/codecs';
import { priceCart, type Preview } from '../../src/domain/pricing/priceCart';
import { describeDiscount, formatPercentage } from '../../src/domain/pricing/describeDiscount';
import { spreadByWeight } from '../../src/domain/pricing/rounding';
import { cartLine, oneLocation } from '../support/fixtureCatalog';

type RawTax = { Id: string; Name: string; Percentage: string; CalculationPhase: 'Subtotal' | 'Total'; InclusionType: 'Additive' | 'Inclusive' };
type RawItem = { Id: string; Name: string; Price: number; Taxes?: string[]; Modifiers?: boolean };

const additive = (Id: string, Percentage: string, CalculationPhase: 'Subtotal' | 'Total' = 'Subtotal'): RawTax => ({
  Id,
  Name: `Tax ${Id}`,
  Percentage,
  CalculationPhase,
  InclusionType: 'Additive',
});
const inclusive = (Id: string, Percentage: string): RawTax => ({ Id, Name: `VAT ${Id}`, Percentage, CalculationPhase: 'Subtotal', InclusionType: 'Inclusive' });

/** A one-location catalog: items in category "c-food" unless listed in `drinks`; variation id is `v-<item id>`. */
function locationWith(taxes: RawTax[], items: RawItem[], drinks: string[] = []): LocationCatalog {
  const item = (i: RawItem) => ({
    Id: i.Id,
    Name: i.Name,
    Taxes: i.Taxes ?? [],
    Variations: [
      { Id: `v-${i.Id}`, Name: 'Regular', Price: i.Price },
      { Id: `v-${i.Id}-large`, Name: 'Large', Price: i.Price + 100 },
    ],
    ...(i.Modifiers ? { ModifierLists: [{ Id: 'milk' }] } : {}),
  });
  return oneLocation(
    {
      Taxes: taxes,
      ModifierLists: [
        {
          Id: 'milk',
          Name: 'Milk',
          SelectionType: 'Multiple',
          Modifiers: [
            { Id: 'oat', Name: 'Oat', Price: 75 },
            { Id: 'shot', Name: 'Extra shot', Price: 50 },
          ],
        },
      ],
      Categories: [
        { Id: 'c-food', Name: 'Food', Items: items.filter((i) => !drinks.includes(i.Id)).map(item) },
        { Id: 'c-drinks', Name: 'Drinks', Items: items.filter((i) => drinks.includes(i.Id)).map(item) },
      ],
    },
    'Test',
  );
}

const line = (key: string, itemId: string, quantity = 1, modifiers: Record<string, string[]> = {}): CartLine =>
  cartLine({ key, itemId, variationId: `v-${itemId}`, quantity, modifiers });

const coupon = (fields: Partial<Discount> & Pick<Discount, 'Type'>): Discount => ({ kind: 'coupon', Id: 'cp1', Name: 'Welcome', ...fields });

function priced(catalog: LocationCatalog, lines: CartLine[], options?: Parameters<typeof priceCart>[2]): Preview {
  const result = priceCart(catalog, lines, options);
  if (E.isLeft(result)) throw new Error(result.left.join('\n'));
  return result.right;
}

describe('gross sales and totals', () => {
  const catalog = locationWith(
    [],
    [
      { Id: 'latte', Name: 'Latte', Price: 450, Modifiers: true },
      { Id: 'bagel', Name: 'Bagel', Price: 300 },
    ],
  );

  it('prices a line as (variation price + chosen modifier prices) x quantity', () => {
    const preview = priced(catalog, [line('k1', 'latte', 2, { milk: ['oat', 'shot'] })]);
    expect(preview.lines[0]).toMatchObject({ unitPrice: 575, grossSales: 1150, discount: 0, tax: 0, total: 1150 });
  });

  it('counts a modifier chosen twice on a line once', () => {
    expect(priced(catalog, [line('k1', 'latte', 1, { milk: ['oat', 'oat'] })]).lines[0]?.unitPrice).toBe(525);
  });

  it('sums gross sales into the subtotal and adds the tip to the grand total', () => {
    const preview = priced(catalog, [line('k1', 'latte'), line('k2', 'bagel', 3)], { tipAmount: 125 });
    expect(preview).toMatchObject({ subTotal: 1350, grossTotal: 1350, totalTips: 125, grandTotal: 1475 });
  });

  it('keys line items by line key and keeps the bag order in lines', () => {
    const preview = priced(catalog, [line('b', 'bagel'), line('a', 'latte')]);
    expect(preview.lines.map((l) => l.key)).toEqual(['b', 'a']);
    expect(preview.lineItems['a']?.grossSales).toBe(450);
  });

  it('prices an empty bag at zero', () => {
    expect(priced(catalog, [])).toMatchObject({ subTotal: 0, grandTotal: 0, lines: [], taxes: [], appliedDiscount: null });
  });
});

describe('taxes', () => {
  it('rounds 600 at 11.75% to 70, not 71 (70.5 ties to even)', () => {
    const catalog = locationWith([additive('t', '11.75')], [{ Id: 'a', Name: 'A', Price: 600, Taxes: ['t'] }]);
    expect(priced(catalog, [line('k1', 'a')])).toMatchObject({ totalTaxes: 70, grandTotal: 670 });
  });

  it('rounds a tie up when the cent below is odd (61.5 -> 62), with exact decimal arithmetic', () => {
    // In floating point 3000 x 2.05 / 100 is 61.49999999999999.
    const catalog = locationWith([additive('t', '2.05')], [{ Id: 'a', Name: 'A', Price: 3000, Taxes: ['t'] }]);
    expect(priced(catalog, [line('k1', 'a')]).totalTaxes).toBe(62);
  });

  it('rounds to the nearest cent when there is no tie (601 at 11.75% = 70.6175 -> 71)', () => {
    const catalog = locationWith([additive('t', '11.75')], [{ Id: 'a', Name: 'A', Price: 601, Taxes: ['t'] }]);
    expect(priced(catalog, [line('k1', 'a')]).totalTaxes).toBe(71);
  });

  it('computes a tax once over all its lines and spreads it so the lines add up', () => {
    // Per line, 150 at 1% would round to 2 each (4 in all); once over 300 it is 3.
    const catalog = locationWith(
      [additive('t', '1')],
      [
        { Id: 'a', Name: 'A', Price: 150, Taxes: ['t'] },
        { Id: 'b', Name: 'B', Price: 150, Taxes: ['t'] },
      ],
    );
    const preview = priced(catalog, [line('k1', 'a'), line('k2', 'b')]);
    expect(preview.totalTaxes).toBe(3);
    expect(preview.lines.map((l) => l.tax)).toEqual([2, 1]);
  });

  it('taxes only the lines whose item lists the tax', () => {
    const catalog = locationWith(
      [additive('t', '10')],
      [
        { Id: 'a', Name: 'A', Price: 1000, Taxes: ['t'] },
        { Id: 'b', Name: 'B', Price: 500 },
      ],
    );
    const preview = priced(catalog, [line('k1', 'a'), line('k2', 'b')]);
    expect(preview.lines.map((l) => l.tax)).toEqual([100, 0]);
    expect(preview.taxes).toEqual([{ id: 't', name: 'Tax t', percentage: '10', phase: 'Subtotal', inclusion: 'Additive', amount: 100 }]);
  });

  it('applies a Total-phase tax on top of the Subtotal-phase additive tax', () => {
    const catalog = locationWith([additive('state', '10'), additive('city', '5', 'Total')], [{ Id: 'a', Name: 'A', Price: 1000, Taxes: ['state', 'city'] }]);
    const preview = priced(catalog, [line('k1', 'a')]);
    // 10% of 1000 = 100; 5% of (1000 + 100) = 55.
    expect(preview.taxes.map((t) => t.amount)).toEqual([100, 55]);
    expect(preview).toMatchObject({ totalTaxes: 155, grandTotal: 1155 });
  });

  it('bases a Total-phase tax only on the Subtotal-phase taxes of its own lines', () => {
    const catalog = locationWith(
      [additive('state', '10'), additive('city', '5', 'Total')],
      [
        { Id: 'a', Name: 'A', Price: 1000, Taxes: ['city'] },
        { Id: 'b', Name: 'B', Price: 1000, Taxes: ['state'] },
      ],
    );
    const preview = priced(catalog, [line('k1', 'a'), line('k2', 'b')]);
    expect(preview.lines.map((l) => l.tax)).toEqual([50, 100]);
  });

  it('reports an inclusive tax as round(A x p / (100 + p)) and never changes the total', () => {
    const catalog = locationWith([inclusive('vat', '10')], [{ Id: 'a', Name: 'A', Price: 1000, Taxes: ['vat'] }]);
    const preview = priced(catalog, [line('k1', 'a')]);
    // 1000 x 10 / 110 = 90.909...
    expect(preview).toMatchObject({ totalInclusiveTaxes: 91, totalTaxes: 0, grandTotal: 1000, grossTotal: 1000 });
    expect(preview.lines[0]).toMatchObject({ inclusiveTax: 91, tax: 0, total: 1000 });
  });

  it('keeps the total when an inclusive tax sits beside an additive one', () => {
    const withVat = locationWith([additive('t', '8.875'), inclusive('vat', '20')], [{ Id: 'a', Name: 'A', Price: 1234, Taxes: ['t', 'vat'] }]);
    const without = locationWith([additive('t', '8.875')], [{ Id: 'a', Name: 'A', Price: 1234, Taxes: ['t'] }]);
    expect(priced(withVat, [line('k1', 'a', 3)]).grandTotal).toBe(priced(without, [line('k1', 'a', 3)]).grandTotal);
  });

  it('reads a percentage like "8.875" exactly (1000 at 8.875% = 88.75 -> 89)', () => {
    const catalog = locationWith([additive('t', '8.875')], [{ Id: 'a', Name: 'A', Price: 1000, Taxes: ['t'] }]);
    expect(priced(catalog, [line('k1', 'a')]).totalTaxes).toBe(89);
  });
});

describe('discounts', () => {
  const catalog = locationWith(
    [additive('t', '10')],
    [
      { Id: 'latte', Name: 'Latte', Price: 450, Taxes: ['t'], Modifiers: true },
      { Id: 'bagel', Name: 'Bagel', Price: 300, Taxes: ['t'] },
      { Id: 'cookie', Name: 'Cookie', Price: 200, Taxes: ['t'] },
    ],
    ['latte'],
  );

  it('takes a percentage off the entire order, truncated, before taxes', () => {
    const preview = priced(catalog, [line('k1', 'latte'), line('k2', 'bagel', 2), line('k3', 'cookie')], {
      discount: coupon({ Type: 'EntireOrder', Percentage: '15' }),
    });
    // subtotal 1250; 15% = 187.5 -> 187; tax 10% of 1063 = 106.3 -> 106.
    expect(preview).toMatchObject({ subTotal: 1250, totalDiscounts: 187, totalTaxes: 106, grandTotal: 1169 });
    expect(preview.appliedDiscount).toEqual({ kind: 'coupon', id: 'cp1', name: 'Welcome', amount: 187, lineKey: null });
  });

  it('spreads an entire-order discount over the lines in proportion, adding up exactly', () => {
    const preview = priced(catalog, [line('k1', 'latte'), line('k2', 'bagel'), line('k3', 'cookie')], {
      discount: coupon({ Type: 'EntireOrder', AmountMoney: 100 }),
    });
    // 100 x (450, 300, 200) / 950 = 47.37, 31.58, 21.05 -> 47, 31, 21 and the left-over cent to the largest remainder.
    expect(preview.lines.map((l) => l.discount)).toEqual([47, 32, 21]);
  });

  it('floors a percentage exactly (16.4% of 750 is 123, where floating point gives 122.99...)', () => {
    const preview = priced(catalog, [line('k1', 'cookie', 3), line('k2', 'bagel', 1), line('k3', 'latte')], {
      discount: coupon({ Type: 'EntireOrder', Percentage: '16.4' }),
    });
    // subtotal 600 + 300 + 450 = 1350; 16.4% = 221.4 -> 221.
    expect(preview.totalDiscounts).toBe(221);
    const single = priced(locationWith([], [{ Id: 'x', Name: 'X', Price: 750 }]), [line('k1', 'x')], {
      discount: coupon({ Type: 'EntireOrder', Percentage: '16.4' }),
    });
    expect(single.totalDiscounts).toBe(123);
  });

  it('caps a percentage discount at MaximumMoney', () => {
    const preview = priced(catalog, [line('k1', 'latte', 10)], { discount: coupon({ Type: 'EntireOrder', Percentage: '50', MaximumMoney: 500 }) });
    expect(preview.totalDiscounts).toBe(500);
  });

  it('never takes an amount discount above what it applies to', () => {
    const whole = priced(catalog, [line('k1', 'cookie')], { discount: coupon({ Type: 'EntireOrder', AmountMoney: 5000 }) });
    expect(whole).toMatchObject({ totalDiscounts: 200, totalTaxes: 0, grandTotal: 0, grossTotal: 220 });
    const one = priced(catalog, [line('k1', 'cookie'), line('k2', 'bagel')], { discount: coupon({ Type: 'Items', Items: ['cookie'], AmountMoney: 5000 }) });
    expect(one.lines.map((l) => l.discount)).toEqual([200, 0]);
  });

  it('applies an Items discount only to the cheapest matching line, covering the whole line', () => {
    const preview = priced(catalog, [line('k1', 'latte', 1), line('k2', 'bagel', 2), line('k3', 'cookie', 1)], {
      discount: coupon({ Type: 'Items', Items: ['latte', 'bagel'], Percentage: '50' }),
    });
    // Matching lines: latte 450, bagel x2 600 -> the latte line.
    expect(preview.lines.map((l) => l.discount)).toEqual([225, 0, 0]);
    expect(preview.appliedDiscount).toMatchObject({ amount: 225, lineKey: 'k1' });
  });

  it('picks the earliest of equally cheap matching lines', () => {
    const preview = priced(catalog, [line('k1', 'bagel', 2), line('k2', 'cookie', 3), line('k3', 'bagel', 2)], {
      discount: coupon({ Type: 'Items', Items: ['bagel', 'cookie'], AmountMoney: 100 }),
    });
    expect(preview.appliedDiscount?.lineKey).toBe('k1');
  });

  it('matches an Items discount on a variation id', () => {
    const preview = priced(catalog, [line('k1', 'latte'), line('k2', 'bagel')], {
      discount: coupon({ Type: 'Items', Variations: ['v-latte'], AmountMoney: 100 }),
    });
    expect(preview.appliedDiscount).toMatchObject({ lineKey: 'k1', amount: 100 });
  });

  it('matches a Categories discount on any category listing the item', () => {
    const preview = priced(catalog, [line('k1', 'cookie'), line('k2', 'latte')], {
      discount: coupon({ Type: 'Categories', Categories: ['c-drinks'], Percentage: '10' }),
    });
    expect(preview.appliedDiscount).toMatchObject({ lineKey: 'k2', amount: 45 });
  });

  it('applies a discount matching no line with amount 0', () => {
    const preview = priced(catalog, [line('k1', 'cookie')], { discount: coupon({ Type: 'Categories', Categories: ['c-drinks'], Percentage: '10' }) });
    expect(preview.appliedDiscount).toEqual({ kind: 'coupon', id: 'cp1', name: 'Welcome', amount: 0, lineKey: null });
    expect(preview.totalDiscounts).toBe(0);
  });

  it('taxes the discounted amount and keeps the undiscounted taxes in the gross total', () => {
    const preview = priced(catalog, [line('k1', 'latte', 2)], { discount: coupon({ Type: 'EntireOrder', AmountMoney: 200 }) });
    expect(preview).toMatchObject({ subTotal: 900, totalDiscounts: 200, totalTaxes: 70, grandTotal: 770, grossTotal: 990 });
  });

  it('makes the total 0 with a 100% discount', () => {
    const preview = priced(catalog, [line('k1', 'latte'), line('k2', 'bagel')], { discount: coupon({ Type: 'EntireOrder', Percentage: '100' }) });
    expect(preview).toMatchObject({ totalDiscounts: 750, totalTaxes: 0, grandTotal: 0, grossTotal: 825 });
  });

  it('uses the percentage of a discount that gives both a percentage and an amount', () => {
    const preview = priced(catalog, [line('k1', 'latte')], { discount: coupon({ Type: 'EntireOrder', Percentage: '10', AmountMoney: 300 }) });
    expect(preview.totalDiscounts).toBe(45);
  });
});

describe('problems', () => {
  const catalog = locationWith(
    [],
    [
      { Id: 'latte', Name: 'Latte', Price: 450, Modifiers: true },
      { Id: 'bagel', Name: 'Bagel', Price: 300 },
    ],
  );

  it('names the line, the unknown variation and the location', () => {
    const result = priceCart(catalog, [line('k1', 'latte'), { ...line('k2', 'latte'), variationId: 'v-9' }]);
    expect(result).toEqual(E.left(['line 2 (key k2): unknown variation "v-9" at location Main St (L1)']));
  });

  it('reports every bad line, not just the first', () => {
    const result = priceCart(catalog, [
      { ...line('k1', 'pie'), variationId: 'v-latte' },
      { ...line('k2', 'bagel'), variationId: 'v-latte' },
      line('k3', 'latte', 1, { milk: ['soy'] }),
      line('k4', 'bagel', 1, { milk: ['oat'] }),
      line('k5', 'bagel', 0),
      line('k1', 'bagel'),
    ]);
    expect(result).toEqual(
      E.left([
        'line 1 (key k1): unknown item "pie" at location Main St (L1)',
        'line 2 (key k2): variation "v-latte" is not a variation of item "Bagel" (bagel)',
        'line 3 (key k3): unknown modifier "soy" in list "Milk" (milk) of item "Latte" (latte)',
        'line 4 (key k4): modifier list "milk" is not offered with item "Bagel" (bagel)',
        'line 5 (key k5): quantity: expected a whole number of at least 1, got 0',
        'line 6 (key k1): the key is already used by line 1',
      ]),
    );
  });

  it('refuses a negative tip', () => {
    expect(priceCart(catalog, [line('k1', 'bagel')], { tipAmount: -5 })).toEqual(E.left(['tipAmount: expected integer minor units, not negative, got -5']));
  });
});

describe('spreading an amount over lines', () => {
  it('adds up exactly and gives left-over cents to the largest remainders, earliest first on ties', () => {
    expect(spreadByWeight(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(spreadByWeight(100, [450, 300, 200])).toEqual([47, 32, 21]);
    expect(spreadByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(spreadByWeight(7, [0, 0])).toEqual([0, 0]);
  });
});

describe('describing a discount', () => {
  it('says the percentage, the scope and the maximum', () => {
    expect(describeDiscount(coupon({ Type: 'EntireOrder', Percentage: '10', MaximumMoney: 500 }), 'USD')).toBe('10% off your entire order, up to $5.00');
    expect(describeDiscount(coupon({ Type: 'Categories', Percentage: '12.50' }), 'USD')).toBe('12.5% off one item from eligible categories');
  });

  it('says the amount for an amount discount, capped by its maximum', () => {
    expect(describeDiscount(coupon({ Type: 'Items', AmountMoney: 200 }), 'USD')).toBe('$2.00 off one item');
    expect(describeDiscount(coupon({ Type: 'EntireOrder', AmountMoney: 1000, MaximumMoney: 750 }), 'CAD')).toBe('CA$7.50 off your entire order');
  });

  it('reads a discount giving both as its percentage, and one giving neither as $0.00 off', () => {
    expect(describeDiscount(coupon({ Type: 'Items', Percentage: '20', AmountMoney: 300 }), 'USD')).toBe('20% off one item');
    expect(describeDiscount(coupon({ Type: 'EntireOrder' }), 'USD')).toBe('$0.00 off your entire order');
  });

  it('writes percentages as a person does', () => {
    expect(['8.8750', '010', '12.0', '0.5'].map(formatPercentage)).toEqual(['8.875', '10', '12', '0.5']);
  });
});
