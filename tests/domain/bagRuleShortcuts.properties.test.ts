// The bag rules run on every bag change of a replay, so they take shortcuts: a bag copied only when a line changes,
// each item's lists indexed once, each line priced once, the taxes summed without maps. These properties hold each
// shortcut to the rule's definition, written beside it in src/domain (plainClampLinesToStock, plainLineValidAt, ...),
// value for value.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { cartArb, pricingLocationArb, pricingScenarioArb } from '../../cli/properties/cartArbitraries';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Tax } from '../../src/domain/catalog/codecs';
import type { CartLine } from '../../src/domain/cart/cartLine';
import { lineValidAt, plainLineValidAt } from '../../src/domain/items/lineValidity';
import { clampLinesToStock, knownCount, plainClampLinesToStock, plainKnownCount, type StockCounts } from '../../src/domain/items/stock';
import { bagTotals, priceCart, pricingMemo } from '../../src/domain/pricing/priceCart';
import { computeTaxes, plainComputeTaxes } from '../../src/domain/pricing/taxes';
import { fixtureCatalogs } from '../support/fixtureCatalog';

const catalogs = fixtureCatalogs().map((f) => f.index);

/** The same location with each variation's TrackInventory set as `flags` says (cycled), so stock applies to some. */
function withTracking(catalog: LocationCatalog, flags: readonly (boolean | undefined)[]): LocationCatalog {
  let i = 0;
  const variations = new Map(
    [...catalog.variations].map(([id, entry]) => {
      const flag = flags.length === 0 ? undefined : flags[i++ % flags.length];
      return [id, { ...entry, variation: { ...entry.variation, TrackInventory: flag } }] as const;
    }),
  );
  return { ...catalog, variations };
}

/** A quantity a bag should never hold, but a rule must still treat as its plain definition does. */
const oddQuantityArb = fc.constantFrom(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 2, 1e300);

/** A bag for the location with some lines made odd: another variation id, an odd quantity, a line repeated. */
function unevenBagArb(catalog: LocationCatalog): fc.Arbitrary<CartLine[]> {
  const variationIds = [...catalog.variations.keys(), 'no-such-variation'];
  return fc
    .tuple(
      cartArb(catalog, { maxLines: 10, maxQuantity: 6 }),
      fc.array(fc.record({ at: fc.nat(), quantity: oddQuantityArb, variationId: fc.option(fc.constantFrom(...variationIds), { nil: undefined }) }), {
        maxLength: 3,
      }),
    )
    .map(([lines, changes]) => {
      const bag = [...lines];
      for (const change of changes) {
        if (bag.length === 0) break;
        const i = change.at % bag.length;
        const line = bag[i]!;
        bag[i] = { ...line, quantity: change.quantity, ...(change.variationId === undefined ? {} : { variationId: change.variationId }) };
      }
      return bag;
    });
}

/** Counts for some of the location's variations (any number, including odd ones), as a record or a Map. */
function countsArb(catalog: LocationCatalog): fc.Arbitrary<StockCounts> {
  const ids = [...catalog.variations.keys(), 'no-such-variation'];
  const count = fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constantFrom(0.5, 2.7, Number.NaN, Number.POSITIVE_INFINITY));
  return fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(...ids), count), { maxLength: ids.length + 2 }), fc.boolean())
    .map(([entries, asMap]) => (asMap ? new Map(entries) : Object.fromEntries(entries)));
}

const stockCaseArb = pricingLocationArb(catalogs).chain((location) =>
  fc
    .array(fc.option(fc.boolean(), { nil: undefined }), { maxLength: 5 })
    .map((flags) => withTracking(location, flags))
    .chain((catalog) => fc.record({ catalog: fc.constant(catalog), lines: unevenBagArb(catalog), counts: countsArb(catalog) })),
);

describe('clampLinesToStock against its plain definition', () => {
  it('keeps, clamps and drops the same lines, and gives back the very same bag when nothing changed', () => {
    fc.assert(
      fc.property(stockCaseArb, ({ catalog, lines, counts }) => {
        const fast = clampLinesToStock(lines, catalog, counts);
        const plain = plainClampLinesToStock(lines, catalog, counts);
        expect(fast).toEqual(plain);
        expect(fast.lines === lines).toBe(plain.lines === lines);
      }),
      { numRuns: 1500 },
    );
  });

  it('keeps what it gave back as it is when asked again', () => {
    fc.assert(
      fc.property(stockCaseArb, ({ catalog, lines, counts }) => {
        const once = clampLinesToStock(lines, catalog, counts).lines;
        expect(clampLinesToStock(once, catalog, counts).lines).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it("looking at one variation's lines gives what looking at all gives, for a bag within stock changed in that variation only", () => {
    const changeArb = stockCaseArb.chain((c) => {
      const variationIds = [...c.catalog.variations.keys(), 'no-such-variation'];
      return fc.record({
        c: fc.constant(c),
        variationId: fc.constantFrom(...variationIds),
        // Lines of the variation added, dropped or given another quantity, at any place; and its count changed.
        edits: fc.array(
          fc.record({ how: fc.constantFrom('add', 'drop', 'quantity'), at: fc.nat(), quantity: fc.oneof(fc.integer({ min: 1, max: 9 }), oddQuantityArb) }),
          {
            maxLength: 4,
          },
        ),
        count: fc.option(fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constantFrom(0.5, Number.NaN, Number.POSITIVE_INFINITY)), { nil: undefined }),
      });
    });
    fc.assert(
      fc.property(changeArb, ({ c: { catalog, lines, counts }, variationId, edits, count }) => {
        const within = clampLinesToStock(lines, catalog, counts).lines;
        const entry = catalog.variations.get(variationId);
        const changed = [...within];
        edits.forEach((edit, n) => {
          const ofIt = changed.flatMap((line, i) => (line.variationId === variationId ? [i] : []));
          if (edit.how === 'add' || ofIt.length === 0) {
            const itemId = entry?.item.item.Id ?? 'no-such-item';
            changed.splice(edit.at % (changed.length + 1), 0, { key: `added-${n}`, itemId, variationId, quantity: edit.quantity, modifiers: {}, note: '' });
          } else {
            const i = ofIt[edit.at % ofIt.length]!;
            if (edit.how === 'drop') changed.splice(i, 1);
            else changed[i] = { ...changed[i]!, quantity: edit.quantity };
          }
        });
        const recounted: StockCounts =
          count === undefined ? counts : counts instanceof Map ? new Map([...counts, [variationId, count]]) : { ...counts, [variationId]: count };
        const all = clampLinesToStock(changed, catalog, recounted);
        const one = clampLinesToStock(changed, catalog, recounted, variationId);
        expect(one).toEqual(all);
        expect(one.lines === changed).toBe(all.lines === changed);
      }),
      { numRuns: 1500 },
    );
  });

  it('drops a line of unlimited stock that follows an unlimited quantity of its variation, as the plain rule does', () => {
    const catalog = [...catalogs[0]!.byLocation.values()][0]!;
    const [variationId, entry] = [...catalog.variations][0]!;
    const line = (key: string, quantity: number): CartLine => ({ key, itemId: entry.item.item.Id, variationId, quantity, modifiers: {}, note: '' });
    const lines = [line('a', Number.POSITIVE_INFINITY), line('b', 1), line('c', 2)];
    const fast = clampLinesToStock(lines, withTracking(catalog, [false]), {});
    expect(fast).toEqual(plainClampLinesToStock(lines, withTracking(catalog, [false]), {}));
    expect(fast.lines.map((l) => l.key)).toEqual(['a']);
  });
});

/** Names a record inherits, and the one JSON.parse makes an own field of. */
const inheritedNames = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf', '__defineGetter__'];

describe('knownCount against its plain definition', () => {
  it("reads a record's own counts only, with one look-up, as Object.hasOwn does", () => {
    const keyArb = fc.oneof(fc.constantFrom(...inheritedNames, 'small', 'large'), fc.string({ maxLength: 6 }));
    const countArb = fc.oneof(fc.integer({ min: -3, max: 9 }), fc.constantFrom(0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(keyArb, countArb), { maxLength: 8 }),
        fc.constantFrom('entries', 'parsed', 'map', 'no prototype'),
        keyArb,
        (entries, form, asked) => {
          const counts: StockCounts =
            form === 'map'
              ? new Map(entries)
              : form === 'parsed'
                ? // JSON.parse makes "__proto__" an own field, as a decoded log does.
                  (JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${Number.isFinite(v) ? v : 0}`).join(',')}}`) as Record<string, number>)
                : form === 'no prototype'
                  ? Object.assign(Object.create(null) as Record<string, number>, Object.fromEntries(entries))
                  : Object.fromEntries(entries);
          for (const key of [asked, ...entries.map(([k]) => k), ...inheritedNames]) {
            expect(knownCount(counts, key)).toBe(plainKnownCount(counts, key));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** A line of one of the location's items with choices drawn from every list it has and ids it does not (repeats too). */
function choiceLineArb(catalog: LocationCatalog): fc.Arbitrary<CartLine> {
  const items = [...catalog.items.values()];
  const listIds = [...new Set(items.flatMap((i) => i.modifierLists.map((l) => l.list.Id))), 'no-such-list'];
  const optionIds = [...new Set(items.flatMap((i) => i.modifierLists.flatMap((l) => l.modifiers.map((m) => m.Id)))), 'no-such-option'];
  return fc
    .record({
      item: fc.constantFrom(...items),
      variationPick: fc.nat(),
      otherItem: fc.boolean(),
      quantity: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: oddQuantityArb }),
      choices: fc.dictionary(fc.constantFrom(...listIds), fc.array(fc.constantFrom(...optionIds), { maxLength: 4 }), { maxKeys: 3 }),
      ownChoices: fc.boolean(),
    })
    .chain(({ item, variationPick, otherItem, quantity, choices, ownChoices }) => {
      const variation = item.variations[variationPick % item.variations.length]!;
      const own = item.modifierLists.map((l) => fc.subarray(l.modifiers.map((m) => m.Id)).map((ids) => [l.list.Id, ids] as const));
      return (ownChoices ? fc.tuple(...own).map((pairs) => Object.fromEntries(pairs)) : fc.constant(choices)).map((modifiers) => ({
        key: 'line-1',
        itemId: otherItem ? items[(items.indexOf(item) + 1) % items.length]!.item.Id : item.item.Id,
        variationId: variation.Id,
        quantity,
        modifiers,
        note: '',
      }));
    });
}

describe('lineValidAt against its plain definition', () => {
  it('accepts and refuses the same lines, asked once or again at the same location', () => {
    fc.assert(
      fc.property(
        pricingLocationArb(catalogs).chain((catalog) => fc.tuple(fc.constant(catalog), choiceLineArb(catalog))),
        ([catalog, line]) => {
          const plain = plainLineValidAt(catalog, line);
          expect(lineValidAt(catalog, line)).toBe(plain);
          expect(lineValidAt(catalog, line)).toBe(plain);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

const taxArb = fc.record({
  Id: fc.constantFrom('tax-1', 'tax-2', 'tax-3', 'tax-4'),
  Name: fc.constantFrom('State', 'City'),
  Percentage: fc.constantFrom('0', '8.875', '10.25', '0.5', '20', '9.5', '12.3456789012345678'),
  CalculationPhase: fc.constantFrom('Subtotal' as const, 'Total' as const),
  InclusionType: fc.constantFrom('Additive' as const, 'Inclusive' as const),
});

describe('computeTaxes against its plain definition', () => {
  it('gives every line the same shares and lists the same taxes, with taxes repeated, unlisted or listed twice', () => {
    fc.assert(
      fc.property(
        fc.array(taxArb, { maxLength: 4 }),
        fc.array(fc.tuple(fc.array(fc.nat({ max: 5 }), { maxLength: 4 }), fc.oneof(fc.nat({ max: 10_000 }), fc.nat())), { maxLength: 8 }),
        fc.array(fc.nat({ max: 5 }), { maxLength: 5 }),
        (taxes, lineDrafts, listedPicks) => {
          const pick = (i: number): Tax[] => (taxes.length === 0 ? [] : [taxes[i % taxes.length]!]);
          const lineTaxes = lineDrafts.map(([picks]) => picks.flatMap(pick));
          const amounts = lineDrafts.map(([, amount]) => amount);
          const located = listedPicks.flatMap(pick);
          expect(computeTaxes(located, lineTaxes, amounts)).toEqual(plainComputeTaxes(located, lineTaxes, amounts));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

/** The same location with every variation's price moved by `delta`. */
function repriced(catalog: LocationCatalog, delta: number): LocationCatalog {
  const variations = new Map(
    [...catalog.variations].map(([id, entry]) => [id, { ...entry, variation: { ...entry.variation, Price: entry.variation.Price + delta } }] as const),
  );
  return { ...catalog, variations };
}

/** A scenario's bag, sometimes with a line the location cannot price or a key used twice. */
const scenarioArb = pricingScenarioArb(catalogs, { maxLines: 10 }).chain((s) =>
  fc.constantFrom('as built', 'unknown item', 'key twice').map((damage) => {
    const first = s.lines[0];
    if (damage === 'as built' || first === undefined) return s;
    const extra = damage === 'unknown item' ? { ...first, key: 'extra', itemId: 'no-such-item' } : { ...first };
    return { ...s, lines: [...s.lines, extra] };
  }),
);

describe('priceCart priced once per line, and bagTotals', () => {
  it('prices a bag whose lines it has priced before as it prices fresh copies of them', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const options = { discount: s.discount, tipAmount: s.tipAmount };
        const memo = pricingMemo();
        const first = priceCart(s.catalog, s.lines, options, memo);
        const again = priceCart(s.catalog, s.lines, options, memo);
        const fresh = priceCart(
          s.catalog,
          s.lines.map((line) => ({ ...line })),
          options,
        );
        expect(again).toEqual(first);
        expect(fresh).toEqual(first);
        // The same line objects at a location that sells everything a cent dearer.
        const dearer = repriced(s.catalog, 1);
        expect(priceCart(dearer, s.lines, options, memo)).toEqual(
          priceCart(
            dearer,
            s.lines.map((line) => ({ ...line })),
            options,
          ),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('prices a bag changed from the last one it priced (lines added, dropped, replaced, moved or repeated) as it prices fresh copies', () => {
    const editArb = fc.record({
      how: fc.constantFrom('add', 'drop', 'replace', 'move', 'repeat', 'rekey'),
      at: fc.nat(),
      to: fc.nat(),
      quantity: fc.oneof(fc.integer({ min: 1, max: 9 }), oddQuantityArb),
    });
    fc.assert(
      fc.property(scenarioArb, fc.array(editArb, { maxLength: 3 }), (s, edits) => {
        const changed = [...s.lines];
        edits.forEach((edit, n) => {
          const i = edit.at % Math.max(1, changed.length);
          const line = changed[i];
          if (edit.how === 'add' || line === undefined) {
            const model = s.lines[edit.to % Math.max(1, s.lines.length)];
            if (model) changed.push({ ...model, key: `added-${n}`, quantity: edit.quantity });
          } else if (edit.how === 'drop') changed.splice(i, 1);
          else if (edit.how === 'replace') changed[i] = { ...line, quantity: edit.quantity };
          else if (edit.how === 'rekey') changed[i] = { ...line, key: `new-${n}`, quantity: edit.quantity };
          else if (edit.how === 'move') changed.splice(edit.to % changed.length, 0, ...changed.splice(i, 1));
          else changed.splice(edit.to % (changed.length + 1), 0, line);
        });
        const options = { discount: s.discount, tipAmount: s.tipAmount };
        const copies = changed.map((line) => ({ ...line }));
        const expected = priceCart(s.catalog, copies, options);
        const expectedTotals = bagTotals(s.catalog, copies, s.discount);
        const memo = pricingMemo();
        priceCart(s.catalog, s.lines, options, memo);
        expect(priceCart(s.catalog, changed, options, memo)).toEqual(expected);
        priceCart(s.catalog, s.lines, options, memo);
        const totals = bagTotals(s.catalog, changed, s.discount, memo);
        expect(totals && { ...totals, grossTotal: totals.grossTotal, totalTaxes: totals.totalTaxes }).toEqual(
          expectedTotals && { ...expectedTotals, grossTotal: expectedTotals.grossTotal, totalTaxes: expectedTotals.totalTaxes },
        );
      }),
      { numRuns: 1500 },
    );
  });

  it("gives priceCart's totals before the tip, and nothing where priceCart refuses the bag", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const preview = priceCart(s.catalog, s.lines, { discount: s.discount });
        const totals = bagTotals(s.catalog, s.lines, s.discount);
        if (E.isLeft(preview)) {
          expect(totals).toBeNull();
          return;
        }
        const p = preview.right;
        expect(totals).not.toBeNull();
        const { subTotal, discountAmount, noNegativeLine, totalDiscounts, totalTaxes, grossTotal } = totals!;
        expect({ subTotal, discountAmount, noNegativeLine, totalDiscounts, totalTaxes, grossTotal }).toEqual({
          subTotal: p.subTotal,
          discountAmount: p.totalDiscounts,
          noNegativeLine: p.lines.every((l) => l.grossSales >= 0),
          totalDiscounts: p.totalDiscounts,
          totalTaxes: p.totalTaxes,
          grossTotal: p.grossTotal,
        });
      }),
      { numRuns: 1000 },
    );
  });
});
