import { describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { modifierProperties } from '../../cli/properties/modifiers';
import { TEST_PLACE, decodedCatalog, fixtureCatalogs } from '../support/fixtureCatalog';

/** Every limit combination the rules read, with defaults (one sold out), sold-out options and tracked stock. */
function builtCatalog(): CatalogIndex {
  const option = (list: string, n: number, extra: object = {}) => ({ Id: `${list}-${n}`, Name: `${list} ${n}`, Price: 25 * n, Ordinal: n, ...extra });
  const lists = [
    {
      Id: 'milk',
      Name: 'Milk',
      SelectionType: 0,
      Modifiers: [option('milk', 1, { OnByDefault: true }), option('milk', 2), option('milk', 3, { QuantityAvailable: 0 })],
    },
    {
      Id: 'extras',
      Name: 'Extras',
      SelectionType: 1,
      Modifiers: [
        option('extras', 1, { OnByDefault: true }),
        option('extras', 2, { OnByDefault: true }),
        option('extras', 3, { OnByDefault: true }),
        option('extras', 4, { QuantityAvailable: -1, OnByDefault: true }),
      ],
    },
    { Id: 'sauce', Name: 'Sauce', SelectionType: 'Single', Modifiers: [option('sauce', 1), option('sauce', 2), option('sauce', 3, { QuantityAvailable: 0 })] },
    { Id: 'empty', Name: 'Empty', SelectionType: 'Multiple', Modifiers: [] },
  ];
  const item = (id: string, refs: object[], variations = 2, tracked = true) => ({
    Id: id,
    Name: id,
    Variations: Array.from({ length: variations }, (_, i) => ({
      Id: `${id}-v${i}`,
      Name: `Size ${i}`,
      Price: 300 + 50 * i,
      TrackInventory: tracked && i % 2 === 0,
    })),
    ModifierLists: refs,
  });
  const items = [
    item('latte', [{ Id: 'milk' }, { Id: 'extras', MinSelectedModifiers: 0, MaxSelectedModifiers: 2 }]),
    item('single-zero-one', [{ Id: 'sauce', MinSelectedModifiers: 0, MaxSelectedModifiers: 1 }], 1),
    item('single-max-two', [{ Id: 'sauce', MaxSelectedModifiers: 2 }, { Id: 'empty' }], 3),
    item('multiple-min-two', [{ Id: 'extras', MinSelectedModifiers: 2, MaxSelectedModifiers: 3 }]),
    item('min-above-count', [{ Id: 'sauce', MinSelectedModifiers: 5, MaxSelectedModifiers: 6 }], 1),
    item(
      'defaults-overridden',
      [
        {
          Id: 'milk',
          Modifiers: [
            { Id: 'milk-1', OnByDefault: false },
            { Id: 'milk-3', OnByDefault: true },
          ],
        },
        { Id: 'extras', MaxSelectedModifiers: -1 },
      ],
      2,
      false,
    ),
    item('plain', [], 1),
  ];
  return decodedCatalog({
    Name: 'Built',
    Locations: [{ ...TEST_PLACE, Id: 'built', Name: 'Built', ModifierLists: lists, Categories: [{ Id: 'all', Name: 'All', Items: items }] }],
  });
}

const built = builtCatalog();
const fixtures = fixtureCatalogs().map((fixture) => fixture.index);

describe('modifier, panel, stock and reorder rule properties', () => {
  for (const property of modifierProperties) {
    it(`${property.name} (built and fixture catalogs)`, () => {
      const outcome = property.check([built, ...fixtures], { numRuns: 300 });
      expect(outcome, `seed ${outcome.seed}, counterexample ${outcome.counterexample}`).toMatchObject({ ok: true });
    });
  }
});
