// How long pricing a bag takes: it runs on every bag change in the browser and on every charge in the sandbox.
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { CartLine } from '../../src/domain/cart/cartLine';
import type { Discount } from '../../src/domain/discounts/codecs';
import { priceCart } from '../../src/domain/pricing/priceCart';
import { oneLocation } from '../support/fixtureCatalog';
import { measure, type Benchmark } from './harness';

/** A location of 200 items in 10 categories, 3 variations each, 2 modifier lists, 4 taxes of both phases and inclusions. */
function benchLocation(): LocationCatalog {
  const items = Array.from({ length: 200 }, (_, i) => ({
    Id: `item-${i}`,
    Name: `Item ${i}`,
    Taxes: i % 5 === 0 ? ['vat'] : ['state', 'city', i % 2 === 0 ? 'bottle' : 'state'],
    ModifierLists: [{ Id: 'milk' }, { Id: 'extras' }],
    Variations: [0, 1, 2].map((v) => ({ Id: `item-${i}-var-${v}`, Name: `Size ${v}`, Price: 199 + ((i * 37 + v * 101) % 1800) })),
  }));
  return oneLocation(
    {
      Id: 'bench',
      Name: 'Bench',
      PrepTime: 'PT15M',
      Taxes: [
        { Id: 'state', Name: 'State', Percentage: '8.875', CalculationPhase: 'Subtotal', InclusionType: 'Additive' },
        { Id: 'city', Name: 'City', Percentage: '0.5', CalculationPhase: 'Total', InclusionType: 'Additive' },
        { Id: 'bottle', Name: 'Bottle', Percentage: '1.25', CalculationPhase: 'Subtotal', InclusionType: 'Additive' },
        { Id: 'vat', Name: 'VAT', Percentage: '20', CalculationPhase: 'Subtotal', InclusionType: 'Inclusive' },
      ],
      ModifierLists: [
        {
          Id: 'milk',
          Name: 'Milk',
          SelectionType: 'Single',
          Modifiers: ['Whole', 'Oat', 'Soy', 'Almond'].map((n, k) => ({ Id: `milk-${k}`, Name: n, Price: k * 25 })),
        },
        {
          Id: 'extras',
          Name: 'Extras',
          SelectionType: 'Multiple',
          Modifiers: Array.from({ length: 8 }, (_, k) => ({ Id: `extra-${k}`, Name: `Extra ${k}`, Price: 50 + k * 10 })),
        },
      ],
      Categories: Array.from({ length: 10 }, (_, c) => ({ Id: `category-${c}`, Name: `Category ${c}`, Items: items.filter((_, i) => i % 10 === c) })),
    },
    'Bench',
  );
}

function benchCart(lines: number): CartLine[] {
  return Array.from({ length: lines }, (_, i) => ({
    key: `line-${i + 1}`,
    itemId: `item-${(i * 7) % 200}`,
    variationId: `item-${(i * 7) % 200}-var-${i % 3}`,
    quantity: 1 + (i % 4),
    modifiers: { milk: [`milk-${i % 4}`], extras: [`extra-${i % 8}`, `extra-${(i + 3) % 8}`] },
    note: i % 5 === 0 ? 'no sugar' : '',
  }));
}

const entireOrder: Discount = { kind: 'coupon', Id: 'c1', Name: 'Ten off', Type: 'EntireOrder', Percentage: '10', MaximumMoney: 2500 };
const oneItem: Discount = { kind: 'reward', Id: 'r1', Name: 'Free pastry', Type: 'Categories', Categories: ['category-3'], AmountMoney: 400 };

export const benchmarks: Benchmark[] = [
  {
    name: 'pricing (priceCart)',
    run: () => {
      const catalog = benchLocation();
      const cart = benchCart(50);
      const check = priceCart(catalog, cart, { discount: entireOrder, tipAmount: 500 });
      if (E.isLeft(check)) throw new Error(check.left.join('\n'));
      const options = { iterations: 2000, warmup: 500 };
      return [
        { label: 'price a 50-line cart, no discount (median)', value: measure(() => priceCart(catalog, cart), options).median, unit: 'ms', goal: '< 0.2' },
        {
          label: 'price a 50-line cart, entire-order coupon (median)',
          value: measure(() => priceCart(catalog, cart, { discount: entireOrder, tipAmount: 500 }), options).median,
          unit: 'ms',
          goal: '< 0.2',
        },
        {
          label: 'price a 50-line cart, one-item reward (median)',
          value: measure(() => priceCart(catalog, cart, { discount: oneItem }), options).median,
          unit: 'ms',
          goal: '< 0.2',
        },
        {
          label: 'price a 50-line cart, entire-order coupon (p95)',
          value: measure(() => priceCart(catalog, cart, { discount: entireOrder, tipAmount: 500 }), options).p95,
          unit: 'ms',
        },
      ];
    },
  },
];
