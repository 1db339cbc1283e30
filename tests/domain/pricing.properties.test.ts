import { describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { pricingProperties } from '../../cli/properties/pricing';
import { tipProperties } from '../../cli/properties/tip';
import type { RuleProperty } from '../../cli/properties/ruleProperty';
import { TEST_PLACE, decodedCatalog, fixtureCatalogs } from '../support/fixtureCatalog';

/** A cafe with a Subtotal tax, a Total-phase tax, an inclusive tax and a modifier list, and an untaxed shop. */
const small = decodedCatalog({
  Name: 'Small',
  Locations: [
    {
      ...TEST_PLACE,
      Id: 'cafe',
      Name: 'Cafe',
      Taxes: [
        { Id: 'state', Name: 'State', Percentage: '8.875', CalculationPhase: 'Subtotal', InclusionType: 'Additive' },
        { Id: 'city', Name: 'City', Percentage: '11.75', CalculationPhase: 'Total', InclusionType: 'Additive' },
        { Id: 'vat', Name: 'VAT', Percentage: '20', CalculationPhase: 'Subtotal', InclusionType: 'Inclusive' },
      ],
      ModifierLists: [
        {
          Id: 'milk',
          Name: 'Milk',
          SelectionType: 'Single',
          Modifiers: [
            { Id: 'oat', Name: 'Oat', Price: 75 },
            { Id: 'soy', Name: 'Soy', Price: 50, QuantityAvailable: 0 },
          ],
        },
      ],
      Categories: [
        {
          Id: 'drinks',
          Name: 'Drinks',
          Items: [
            {
              Id: 'latte',
              Name: 'Latte',
              Taxes: ['state', 'city'],
              ModifierLists: [{ Id: 'milk', MinSelectedModifiers: 0, MaxSelectedModifiers: 1 }],
              Variations: [
                { Id: 'latte-s', Name: 'Small', Price: 450 },
                { Id: 'latte-l', Name: 'Large', Price: 550 },
              ],
            },
            { Id: 'tea', Name: 'Tea', Taxes: ['vat'], Variations: [{ Id: 'tea-r', Name: 'Regular', Price: 300 }] },
          ],
        },
        { Id: 'food', Name: 'Food', Items: [{ Id: 'bagel', Name: 'Bagel', Taxes: ['state'], Variations: [{ Id: 'bagel-r', Name: 'Regular', Price: 600 }] }] },
      ],
    },
    {
      ...TEST_PLACE,
      Id: 'shop',
      Name: 'Shop',
      Categories: [{ Id: 'pens', Name: 'Pens', Items: [{ Id: 'pen', Name: 'Pen', Variations: [{ Id: 'pen-r', Name: 'Pen', Price: 199 }] }] }],
    },
  ],
});

function expectHolds(property: RuleProperty, catalogs: readonly CatalogIndex[], numRuns: number): void {
  const outcome = property.check(catalogs, { numRuns });
  expect(outcome.ok, `${property.name}\nseed ${outcome.seed}, path ${outcome.path}\n${outcome.error}\n${outcome.counterexample}`).toBe(true);
}

const properties = [...pricingProperties, ...tipProperties];

describe('pricing and tip rule properties over small catalogs built here (and random ones)', () => {
  const catalogs = [small];
  for (const property of properties) it(property.name, () => expectHolds(property, catalogs, 300));
});

describe('pricing and tip rule properties over the fixture catalogs', () => {
  const fixtures = fixtureCatalogs();
  it('finds the fixture catalogs, each with its locations', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
    expect(fixtures.every((f) => f.index.byLocation.size > 0)).toBe(true);
  });
  for (const { name, index } of fixtures) {
    for (const property of properties) it(`${name}: ${property.name}`, () => expectHolds(property, [index], 100));
  }
});
