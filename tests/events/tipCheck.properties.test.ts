// The bag rules check a set tip after every bag change. They read the bag's totals (kept for the very same lines,
// discount and location) instead of pricing the whole bag each time; this holds that check to its plain definition:
// the tip fits the maximum of priceCart's preview of the bag with that tip, and a bag priceCart refuses fits none.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { discountArb, pricingScenarioArb, tippingLocationArb } from '../../cli/properties/cartArbitraries';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import { discountOf, type Discount } from '../../src/domain/discounts/codecs';
import { priceCart } from '../../src/domain/pricing/priceCart';
import { maximumTip, tipExceedsMaximum, tippingEnabled } from '../../src/domain/tip';
import { foldMemo } from '../../src/events/foldMemo';
import { tipStillAllowed } from '../../src/events/reducers/bagRules';
import type { BagDiscount, BagState } from '../../src/events/state';
import { fixtureCatalogs } from '../support/fixtureCatalog';

type Bag = Pick<BagState, 'lines' | 'discount' | 'tip'>;

function plainTipStillAllowed(bag: Bag, location: LocationCatalog): boolean {
  if (bag.tip.amount === 0) return true;
  if (!tippingEnabled(location.location)) return false;
  const preview = priceCart(location, bag.lines, { discount: discountOf(bag.discount), tipAmount: bag.tip.amount });
  return E.isRight(preview) && !tipExceedsMaximum(bag.tip.amount, location.location, preview.right);
}

/** The largest tip priceCart's preview of the bag allows at the location (0 when it refuses the bag). */
function maximumFor(lines: Bag['lines'], discount: BagDiscount | null, location: LocationCatalog): number {
  const preview = priceCart(location, lines, { discount: discountOf(discount) });
  return E.isRight(preview) ? maximumTip(location.location, preview.right) : 0;
}

/** The coupon or reward a bag holds for a discount. */
function applied(discount: Discount | null): BagDiscount | null {
  if (discount === null) return null;
  const { kind, Items, Variations, Categories, ...rest } = discount;
  const fields = { ...rest, Items: Items && [...Items], Variations: Variations && [...Variations], Categories: Categories && [...Categories] };
  return kind === 'coupon' ? { kind, coupon: fields } : { kind, reward: { ...fields, Points: 100 } };
}

const catalogs = fixtureCatalogs().map((f) => f.index);

/** A bag with a tip, at a location with random tipping settings, and a second discount and location to move to. */
const caseArb = pricingScenarioArb(catalogs, { maxLines: 10 }).chain((s) =>
  fc.record({
    location: tippingLocationArb(s.catalog.location).map((location): LocationCatalog => ({ ...s.catalog, location })),
    otherLocation: tippingLocationArb(s.catalog.location).map((location): LocationCatalog => ({ ...s.catalog, location })),
    lines: fc.constant(s.lines),
    discount: fc.constant(applied(s.discount)),
    otherDiscount: fc.option(discountArb(s.catalog), { nil: null }).map(applied),
    tip: fc.oneof(
      { weight: 3, arbitrary: fc.nat({ max: 6000 }) },
      { weight: 2, arbitrary: fc.nat({ max: 300 }) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, Number.NaN, 2 ** 53) },
      // At the first location's maximum for the bag, or just above it: where another discount or location tips it over.
      { weight: 4, arbitrary: fc.constantFrom('at the maximum' as const, 'one above' as const) },
    ),
    unpriceable: fc.boolean(),
  }),
);

describe('the tip check of the bag rules against pricing the whole bag', () => {
  it('allows the same tips, asked again, with another discount on the same lines and at another location', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const first = c.lines[0];
        const lines = c.unpriceable && first ? [...c.lines, { ...first, key: 'extra', variationId: 'no-such-variation' }] : c.lines;
        const amount = typeof c.tip === 'number' ? c.tip : maximumFor(lines, c.discount, c.location) + (c.tip === 'one above' ? 1 : 0);
        const bag: Bag = { lines, discount: c.discount, tip: { amount, percent: null } };
        const expected = plainTipStillAllowed(bag, c.location);
        // One fold's memo across the questions, as a replay asks them.
        const memo = foldMemo();
        expect(tipStillAllowed(bag, c.location, memo)).toBe(expected);
        expect(tipStillAllowed(bag, c.location, memo)).toBe(expected);
        const rediscounted = { ...bag, discount: c.otherDiscount };
        expect(tipStillAllowed(rediscounted, c.location, memo)).toBe(plainTipStillAllowed(rediscounted, c.location));
        expect(tipStillAllowed(bag, c.otherLocation, memo)).toBe(plainTipStillAllowed(bag, c.otherLocation));
        expect(tipStillAllowed(bag, c.location, memo)).toBe(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it('falls back to the gross total when a discount takes the whole bag, as the tip rule says', () => {
    const location = [...catalogs[0]!.byLocation.values()].find((l) => l.items.size > 0 && l.location.ShowTipping === true)!;
    const [variationId, entry] = [...location.variations].find(([, v]) => v.variation.Price > 0)!;
    const lines = [{ key: 'a', itemId: entry.item.item.Id, variationId, quantity: 1, modifiers: {}, note: '' }];
    const everything: BagDiscount = { kind: 'coupon', coupon: { Id: 'all', Name: 'All', Type: 'EntireOrder', Percentage: '100' } };
    for (const amount of [1, Math.floor(entry.variation.Price / 4), entry.variation.Price]) {
      const bag: Bag = { lines, discount: everything, tip: { amount, percent: null } };
      expect(tipStillAllowed(bag, location, foldMemo())).toBe(plainTipStillAllowed(bag, location));
    }
  });
});
