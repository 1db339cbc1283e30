// fast-check arbitraries for bags, discounts and tips, shared by every rule property that needs a priced bag:
// random valid carts for a location's catalog, discounts that reference its items, variations and categories, and
// random one-location catalogs, so properties also run where the fixtures have no example.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex, type IndexedItem, type LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Catalog, Location, Tax, Tipping } from '../../src/domain/catalog/codecs';
import type { CartLine } from '../../src/domain/cart/cartLine';
import type { Discount } from '../../src/domain/discounts/codecs';
import { isOptionOutOfStock, modifierListRule } from '../../src/domain/items/modifierRules';

/** A decimal percentage string between 0 and `max` with up to `decimals` digits after the point ("8.875", "10"). */
export function percentageArb(options: { max?: number; decimals?: number } = {}): fc.Arbitrary<string> {
  const max = options.max ?? 100;
  const decimals = options.decimals ?? 3;
  return fc
    .tuple(fc.nat({ max }), fc.nat({ max: 10 ** decimals - 1 }), fc.nat({ max: decimals }))
    .map(([whole, fraction, digits]) => (digits === 0 || whole === max ? `${whole}` : `${whole}.${String(fraction).padStart(decimals, '0').slice(0, digits)}`));
}

/** A price in minor units: mostly everyday amounts, sometimes large ones (to reach the exact big-number paths). */
export function priceArb(max = 5000): fc.Arbitrary<number> {
  return fc.oneof({ weight: 9, arbitrary: fc.nat({ max }) }, { weight: 1, arbitrary: fc.nat({ max: 50_000_000 }) });
}

/** Every location of the given catalogs that has at least one item to put in a bag. */
export function stockedLocations(catalogs: readonly CatalogIndex[]): LocationCatalog[] {
  return catalogs.flatMap((index) => [...index.byLocation.values()]).filter((location) => location.items.size > 0);
}

/** One line's choices for an item: a variation, options within each list's limits (sold-out ones never), a quantity. */
export function cartLineArb(catalog: LocationCatalog, key: string, options: { maxQuantity?: number } = {}): fc.Arbitrary<CartLine> {
  const items = [...catalog.items.values()];
  return fc.constantFrom(...items).chain((item) => lineForItemArb(item, key, options.maxQuantity ?? 10));
}

function lineForItemArb(indexed: IndexedItem, key: string, maxQuantity: number): fc.Arbitrary<CartLine> {
  const lists = indexed.modifierLists.map((resolved) => {
    const rule = modifierListRule(resolved);
    const available = resolved.modifiers.filter((m) => !isOptionOutOfStock(m)).map((m) => m.Id);
    const max = Math.min(rule.max, available.length);
    return fc.subarray(available, { minLength: Math.min(rule.min, max), maxLength: max }).map((ids) => [resolved.list.Id, ids] as const);
  });
  return fc
    .record({
      variation: fc.constantFrom(...indexed.variations),
      quantity: fc.integer({ min: 1, max: maxQuantity }),
      choices: fc.tuple(...lists),
      note: fc.oneof(fc.constant(''), fc.string({ maxLength: 50 })),
    })
    .map(({ variation, quantity, choices, note }) => ({
      key,
      itemId: indexed.item.Id,
      variationId: variation.Id,
      quantity,
      modifiers: Object.fromEntries(choices.filter(([, ids]) => ids.length > 0)),
      note,
    }));
}

/** A bag for a location: lines keyed "line-1", "line-2", ... in bag order; the same item may appear on several lines. */
export function cartArb(catalog: LocationCatalog, options: { minLines?: number; maxLines?: number; maxQuantity?: number } = {}): fc.Arbitrary<CartLine[]> {
  const minLines = options.minLines ?? 0;
  const maxLines = options.maxLines ?? 8;
  const draft = cartLineArb(catalog, '', options);
  return fc.array(draft, { minLength: minLines, maxLength: maxLines }).map((lines) => lines.map((line, i) => ({ ...line, key: `line-${i + 1}` })));
}

/** A coupon or reward of any type and value, referencing the location's items, variations and categories (and sometimes ids it does not have). */
export function discountArb(catalog: LocationCatalog): fc.Arbitrary<Discount> {
  const itemIds = [...catalog.items.keys(), 'no-such-item'];
  const variationIds = [...catalog.variations.keys(), 'no-such-variation'];
  const categoryIds = [...catalog.categories.map((c) => c.Id), 'no-such-category'];
  const value = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({ Percentage: fc.oneof({ weight: 9, arbitrary: percentageArb() }, { weight: 1, arbitrary: percentageArb({ max: 200 }) }) }),
    },
    { weight: 4, arbitrary: fc.record({ AmountMoney: priceArb(3000) }) },
    { weight: 1, arbitrary: fc.record({ Percentage: percentageArb(), AmountMoney: priceArb(3000) }) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  return fc
    .record({
      kind: fc.constantFrom('coupon' as const, 'reward' as const),
      Id: fc.constantFrom('discount-1', 'discount-2'),
      Name: fc.constantFrom('Welcome', 'Free pastry'),
      Type: fc.constantFrom('EntireOrder' as const, 'Items' as const, 'Categories' as const),
      value,
      MaximumMoney: fc.option(priceArb(2000), { nil: undefined }),
      Items: fc.option(fc.subarray(itemIds), { nil: undefined }),
      Variations: fc.option(fc.subarray(variationIds), { nil: undefined }),
      Categories: fc.option(fc.subarray(categoryIds), { nil: undefined }),
    })
    .map(({ value, ...rest }) => ({ ...rest, ...value }));
}

/** A tip in minor units, often 0. */
export function tipAmountArb(max = 5000): fc.Arbitrary<number> {
  return fc.oneof(fc.constant(0), fc.nat({ max }));
}

/** A location's tipping settings, each field sometimes absent (so the defaults are exercised too). */
export function tippingArb(): fc.Arbitrary<Tipping> {
  const percent = fc.oneof(
    fc.integer({ min: 0, max: 50 }),
    fc.integer({ min: 0, max: 500 }).map((tenths) => tenths / 10),
  );
  return fc.record({
    MaximumPercentage: fc.option(percent, { nil: undefined }),
    CustomPercentages: fc.option(fc.array(percent, { maxLength: 5 }), { nil: undefined }),
    AllowCustomAmounts: fc.option(fc.boolean(), { nil: undefined }),
  });
}

/** A location with random tipping settings and ShowTipping. */
export function tippingLocationArb(location: Location): fc.Arbitrary<Location> {
  return fc
    .record({ Tipping: fc.option(tippingArb(), { nil: undefined }), ShowTipping: fc.option(fc.boolean(), { nil: undefined }) })
    .map((t) => ({ ...location, ...t }));
}

const taxDraftArb = fc.record({
  Percentage: percentageArb({ max: 30 }),
  CalculationPhase: fc.constantFrom('Subtotal' as const, 'Total' as const),
  InclusionType: fc.constantFrom('Additive' as const, 'Additive' as const, 'Inclusive' as const),
});

const limitArb = fc.option(fc.integer({ min: -1, max: 3 }), { nil: undefined });

/**
 * A random one-location catalog (id "generated"): up to 4 taxes of either phase and inclusion, up to 3 modifier lists
 * (some options sold out), 1 to 3 categories, 1 to 8 items with 1 to 3 variations, each item in 1 or 2 categories
 * and listing some taxes (possibly one twice) and some modifier lists.
 */
export function locationCatalogArb(): fc.Arbitrary<LocationCatalog> {
  return fc
    .record({
      currency: fc.constantFrom('USD', 'CAD', 'EUR'),
      taxes: fc.array(taxDraftArb, { maxLength: 4 }),
      lists: fc.array(
        fc.record({
          SelectionType: fc.constantFrom('Single' as const, 'Multiple' as const),
          modifiers: fc.array(fc.record({ price: priceArb(500), stock: fc.option(fc.integer({ min: -1, max: 5 }), { nil: undefined }) }), {
            minLength: 1,
            maxLength: 4,
          }),
        }),
        { maxLength: 3 },
      ),
      categoryCount: fc.integer({ min: 1, max: 3 }),
      items: fc.array(
        fc.record({
          prices: fc.array(priceArb(), { minLength: 1, maxLength: 3 }),
          taxPicks: fc.array(fc.nat(), { maxLength: 4 }),
          listPicks: fc.array(fc.record({ pick: fc.nat(), min: limitArb, max: limitArb }), { maxLength: 3 }),
          categoryPicks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
    })
    .map((draft) => {
      const taxes: Tax[] = draft.taxes.map((t, i) => ({ Id: `tax-${i + 1}`, Name: `Tax ${i + 1}`, ...t }));
      const lists = draft.lists.map((l, i) => ({
        Id: `list-${i + 1}`,
        Name: `List ${i + 1}`,
        SelectionType: l.SelectionType,
        Modifiers: l.modifiers.map((m, j) => ({
          Id: `list-${i + 1}-mod-${j + 1}`,
          Name: `Option ${j + 1}`,
          Price: m.price,
          ...(m.stock === undefined ? {} : { QuantityAvailable: m.stock }),
        })),
      }));
      const items = draft.items.map((d, i) => {
        const refs = new Map<string, { Id: string; MinSelectedModifiers?: number; MaxSelectedModifiers?: number }>();
        for (const { pick, min, max } of d.listPicks) {
          const list = lists[pick % Math.max(1, lists.length)];
          if (!list || refs.has(list.Id)) continue;
          const [lo, hi] = min !== undefined && max !== undefined && min > 0 && max > 0 && min > max ? [max, min] : [min, max];
          refs.set(list.Id, {
            Id: list.Id,
            ...(lo === undefined ? {} : { MinSelectedModifiers: lo }),
            ...(hi === undefined ? {} : { MaxSelectedModifiers: hi }),
          });
        }
        return {
          Id: `item-${i + 1}`,
          Name: `Item ${i + 1}`,
          Variations: d.prices.map((Price, j) => ({ Id: `item-${i + 1}-var-${j + 1}`, Name: `Size ${j + 1}`, Price })),
          Taxes: taxes.length === 0 ? [] : d.taxPicks.map((pick) => taxes[pick % taxes.length]!.Id),
          ModifierLists: [...refs.values()],
        };
      });
      const categories = Array.from({ length: draft.categoryCount }, (_, c) => ({
        Id: `category-${c + 1}`,
        Name: `Category ${c + 1}`,
        Items: items.filter((_, i) => draft.items[i]!.categoryPicks.some((pick) => pick % draft.categoryCount === c)),
      }));
      const catalog: Catalog = {
        Name: 'Generated',
        Locations: [
          {
            Id: 'generated',
            Name: 'Generated',
            Currency: draft.currency,
            Timezone: 'America/New_York',
            Address: { AddressLine1: '1 Main St', Locality: 'Springfield', PostalCode: '10001' },
            Hours: [],
            PrepTime: 'PT15M',
            ShowTipping: true,
            Taxes: taxes,
            ModifierLists: lists,
            Categories: categories,
          },
        ],
      };
      const decoded = decodeCatalog(catalog);
      if (E.isLeft(decoded)) throw new Error(`locationCatalogArb built an invalid catalog:\n${decoded.left.join('\n')}`);
      return printedAs(decoded.right.byLocation.get('generated')!, JSON.stringify(catalog));
    });
}

/** The same catalog, printed in counterexamples as `text` instead of its maps. */
function printedAs(catalog: LocationCatalog, text: string): LocationCatalog {
  return Object.defineProperty({ ...catalog }, fc.toStringMethod, { value: () => text, enumerable: false });
}

/** A location to price at: one of the given catalogs' stocked locations, or a random catalog's. */
export function pricingLocationArb(catalogs: readonly CatalogIndex[]): fc.Arbitrary<LocationCatalog> {
  const known = stockedLocations(catalogs).map((l) => printedAs(l, `location ${l.location.Name} (${l.location.Id})`));
  return known.length === 0 ? locationCatalogArb() : fc.oneof(fc.constantFrom(...known), locationCatalogArb());
}

/** Everything priceCart takes: a location, a bag for it, maybe a discount, a tip. */
export interface PricingScenario {
  readonly catalog: LocationCatalog;
  readonly lines: readonly CartLine[];
  readonly discount: Discount | null;
  readonly tipAmount: number;
}

/** A priced-bag scenario over the given catalogs (and random ones), with a discount more often than not. */
export function pricingScenarioArb(catalogs: readonly CatalogIndex[], options: { maxLines?: number } = {}): fc.Arbitrary<PricingScenario> {
  return pricingLocationArb(catalogs).chain((catalog) =>
    fc.record({
      catalog: fc.constant(catalog),
      lines: cartArb(catalog, { maxLines: options.maxLines ?? 8 }),
      discount: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: discountArb(catalog) }),
      tipAmount: tipAmountArb(),
    }),
  );
}
