import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, parseCatalog, type CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { modifierProperties } from '../../cli/properties/modifiers';

const location = {
  Timezone: 'America/New_York',
  Address: { AddressLine1: '1 Main St', Locality: 'Springfield', PostalCode: '10001' },
  Hours: [],
  PrepTime: 'PT20M',
};

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
  const decoded = decodeCatalog({
    Name: 'Built',
    Locations: [{ ...location, Id: 'built', Name: 'Built', ModifierLists: lists, Categories: [{ Id: 'all', Name: 'All', Items: items }] }],
  });
  if (E.isLeft(decoded)) throw new Error(decoded.left.join('\n'));
  return decoded.right;
}

/** Catalogs among fixtures/*.json that decode (seeds, config and broken ones do not, and are left out). */
function fixtureCatalogs(): CatalogIndex[] {
  const dir = join(import.meta.dirname, '..', '..', 'fixtures');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const parsed = parseCatalog(readFileSync(join(dir, name), 'utf8'));
    return E.isRight(parsed) ? [parsed.right] : [];
  });
}

const built = builtCatalog();
const fixtures = fixtureCatalogs();

describe('modifier, panel, stock and reorder rule properties', () => {
  for (const property of modifierProperties) {
    it(`${property.name} (built and fixture catalogs)`, () => {
      const outcome = property.check([built, ...fixtures], { numRuns: 300 });
      expect(outcome, `seed ${outcome.seed}, counterexample ${outcome.counterexample}`).toMatchObject({ ok: true });
    });
  }
});
