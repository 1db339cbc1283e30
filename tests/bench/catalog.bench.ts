// Decoding and indexing a large catalog: the storefront does it at start-up, the CLI for every command.
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog } from '../../src/domain/catalog/catalogIndex';
import { measure, type Benchmark } from './harness';

/** A generated catalog: one location, 5,000 items in 50 categories, 3 variations and 2 modifier lists each. */
export function generatedCatalog(items = 5000): unknown {
  const hours = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((DayOfWeek) => ({ DayOfWeek, Opens: '08:00:00', Closes: '22:00:00' }));
  const modifiers = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ Id: `${prefix}-${i}`, Name: `${prefix} ${i}`, Price: i * 25, Ordinal: i }));
  return {
    Name: 'Big Store',
    SortByOrdinal: true,
    Locations: [
      {
        Id: 'big',
        Name: 'Big Store',
        Timezone: 'America/Chicago',
        Address: { AddressLine1: '1 Main St', Locality: 'Chicago', PostalCode: '60601', Latitude: 41.88, Longitude: -87.62 },
        Hours: hours,
        PrepTime: 'PT20M',
        Taxes: [
          { Id: 'state', Name: 'State', Percentage: '6.25', CalculationPhase: 'Subtotal', InclusionType: 'Additive' },
          { Id: 'city', Name: 'City', Percentage: '0.5', CalculationPhase: 'Total', InclusionType: 'Additive' },
        ],
        ModifierLists: [
          { Id: 'size-extras', Name: 'Extras', SelectionType: 'Multiple', Modifiers: modifiers('extra', 8) },
          { Id: 'sauce', Name: 'Sauce', SelectionType: 0, Modifiers: modifiers('sauce', 5) },
        ],
        Categories: Array.from({ length: 50 }, (_, c) => ({
          Id: `cat-${c}`,
          Name: `Category ${c}`,
          Ordinal: c,
          Items: Array.from({ length: items / 50 }, (_, i) => {
            const id = `item-${c}-${i}`;
            return {
              Id: id,
              Name: `Item ${c}-${i}`,
              Description: 'A generated item with a description long enough to look like a real one.',
              Ordinal: i,
              Taxes: ['state', 'city'],
              ModifierLists: [{ Id: 'size-extras', MaxSelectedModifiers: 3 }, { Id: 'sauce' }],
              Variations: [0, 1, 2].map((v) => ({
                Id: `${id}-v${v}`,
                Name: `Size ${v}`,
                Price: 300 + v * 150 + ((c * 7 + i) % 40) * 5,
                Ordinal: v,
                TrackInventory: v === 0,
              })),
            };
          }),
        })),
      },
    ],
  };
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'catalog: decode and index a generated 5,000-item catalog',
    run: () => {
      const json = generatedCatalog();
      const parsed = JSON.parse(JSON.stringify(json)) as unknown;
      const check = decodeCatalog(parsed);
      if (E.isLeft(check)) throw new Error(check.left.slice(0, 3).join('; '));
      const timing = measure(() => decodeCatalog(parsed), { iterations: 15, warmup: 3 });
      return [
        { label: 'decode + check + index (median)', value: timing.median, unit: 'ms', goal: '< 100' },
        { label: 'decode + check + index (p95)', value: timing.p95, unit: 'ms' },
      ];
    },
  },
];
