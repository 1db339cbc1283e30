// Rule properties of bag pricing (ordering.md sections 3 and 9), run by `countertop check` and by the tests over
// the fixture catalogs and random ones.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Tax } from '../../src/domain/catalog/codecs';
import type { Discount } from '../../src/domain/discounts/codecs';
import { priceCart, type Preview } from '../../src/domain/pricing/priceCart';
import { percentageArb, pricingScenarioArb, type PricingScenario } from './cartArbitraries';
import { ruleProperty, type RuleProperty } from './ruleProperty';
import { buildOrderRequest } from '../../src/commands/decide/orderRequest';
import { unusedDiscount } from '../../src/events/selectors/bag';
import { initialState, type BagDiscount, type State } from '../../src/events/state';

function previewOf(s: PricingScenario, catalog: LocationCatalog = s.catalog): Preview {
  const result = priceCart(catalog, s.lines, { discount: s.discount, tipAmount: s.tipAmount });
  if (E.isLeft(result)) throw new Error(`priceCart refused a cart built from its catalog: ${result.left.join('; ')}`);
  return result.right;
}

function check(holds: boolean, message: string): void {
  if (!holds) throw new Error(message);
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Independent reading of the matching rule (section 9), to check the cheapest-line choice against. */
function matches(discount: Discount, catalog: LocationCatalog, itemId: string, variationId: string): boolean {
  if (discount.Type === 'EntireOrder') return true;
  if (discount.Type === 'Items') return (discount.Items ?? []).includes(itemId) || (discount.Variations ?? []).includes(variationId);
  const categories = catalog.items.get(itemId)?.categoryIds ?? [];
  return (discount.Categories ?? []).some((id) => categories.includes(id));
}

/** Exact p% of a BigInt amount, p a decimal string, rounded half to even, or of A x p / (100 + p) when inclusive. */
function exactTax(base: bigint, percentage: string, inclusive: boolean): bigint {
  const [whole = '0', fraction = ''] = percentage.split('.');
  const num = BigInt(whole + fraction);
  const scale = 10n ** BigInt(fraction.length);
  const numerator = base * num;
  const denominator = inclusive ? 100n * scale + num : 100n * scale;
  const q = numerator / denominator;
  const twice = 2n * (numerator - q * denominator);
  return twice > denominator || (twice === denominator && q % 2n === 1n) ? q + 1n : q;
}

/** The same location with one more tax, listed by every item. */
function withTaxOnEveryItem(catalog: LocationCatalog, tax: Tax): LocationCatalog {
  const items = new Map([...catalog.items].map(([id, indexed]) => [id, { ...indexed, taxes: [...indexed.taxes, tax] }] as const));
  const variations = new Map([...catalog.variations].map(([id, v]) => [id, { item: items.get(v.item.item.Id) ?? v.item, variation: v.variation }] as const));
  return { ...catalog, items, variations, taxes: new Map([...catalog.taxes, [tax.Id, tax]]) };
}

export const pricingProperties: RuleProperty[] = [
  ruleProperty('every bag built from the catalog prices, and subTotal - totalDiscounts + totalTaxes + totalTips = grandTotal', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), (s) => {
      const p = previewOf(s);
      check(p.subTotal - p.totalDiscounts + p.totalTaxes + p.totalTips === p.grandTotal, 'grandTotal is not the sum of its parts');
      check(p.totalTips === s.tipAmount, 'totalTips is not the tip');
      check(p.subTotal === sum(p.lines.map((l) => l.grossSales)), 'subTotal is not the sum of gross sales');
      for (const l of p.lines) check(l.grossSales === l.unitPrice * l.quantity, `line ${l.key}: grossSales is not unitPrice x quantity`);
    }),
  ),

  ruleProperty(
    "the lines' discounts, taxes and inclusive taxes add up exactly to the order's, and each line total is grossSales - discount + tax",
    (catalogs) =>
      fc.property(pricingScenarioArb(catalogs), (s) => {
        const p = previewOf(s);
        check(sum(p.lines.map((l) => l.discount)) === p.totalDiscounts, 'line discounts do not add up to totalDiscounts');
        check(sum(p.lines.map((l) => l.tax)) === p.totalTaxes, 'line taxes do not add up to totalTaxes');
        check(sum(p.lines.map((l) => l.inclusiveTax)) === p.totalInclusiveTaxes, 'line inclusive taxes do not add up to totalInclusiveTaxes');
        check(sum(p.taxes.filter((t) => t.inclusion === 'Additive').map((t) => t.amount)) === p.totalTaxes, 'additive taxes do not add up to totalTaxes');
        check(sum(p.taxes.filter((t) => t.inclusion === 'Inclusive').map((t) => t.amount)) === p.totalInclusiveTaxes, 'inclusive taxes do not add up');
        for (const l of p.lines) {
          check(l.total === l.grossSales - l.discount + l.tax, `line ${l.key}: total is not grossSales - discount + tax`);
          check(p.lineItems[l.key] === l, `line ${l.key}: lineItems does not hold the line`);
        }
        check(p.lines.map((l) => l.key).join('\n') === s.lines.map((l) => l.key).join('\n'), 'lines are not in bag order');
      }),
  ),

  ruleProperty('a discount is never negative, never above what it covers, never above MaximumMoney', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), (s) => {
      const p = previewOf(s);
      for (const l of p.lines) check(l.discount >= 0 && l.discount <= l.grossSales, `line ${l.key}: discount ${l.discount} outside 0..${l.grossSales}`);
      if (s.discount === null) return check(p.totalDiscounts === 0 && p.appliedDiscount === null, 'a discount appeared without a coupon or reward');
      const applied = p.appliedDiscount;
      check(applied !== null && applied.amount === p.totalDiscounts, 'appliedDiscount.amount is not totalDiscounts');
      const covered = applied?.lineKey == null ? p.subTotal : (p.lineItems[applied.lineKey]?.grossSales ?? -1);
      check(p.totalDiscounts <= covered, `discount ${p.totalDiscounts} above the ${covered} it covers`);
      if (s.discount.MaximumMoney !== undefined) check(p.totalDiscounts <= s.discount.MaximumMoney, 'discount above MaximumMoney');
      if (s.discount.AmountMoney !== undefined && s.discount.Percentage === undefined)
        check(p.totalDiscounts <= s.discount.AmountMoney, 'discount above AmountMoney');
    }),
  ),

  ruleProperty('at most one discount: an Items or Categories discount lands on the cheapest matching line only (earliest on ties)', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), (s) => {
      const p = previewOf(s);
      if (s.discount === null || s.discount.Type === 'EntireOrder') return;
      const discount = s.discount;
      const discounted = p.lines.filter((l) => l.discount > 0);
      check(discounted.length <= 1, `${discounted.length} lines carry the discount`);
      const matching = p.lines.filter((l) => matches(discount, s.catalog, l.itemId, l.variationId));
      const cheapest = matching.reduce<(typeof matching)[number] | null>((best, l) => (best === null || l.grossSales < best.grossSales ? l : best), null);
      check(
        (p.appliedDiscount?.lineKey ?? null) === (cheapest?.key ?? null),
        `discount on ${p.appliedDiscount?.lineKey}, cheapest matching line is ${cheapest?.key}`,
      );
      if (discounted[0]) check(discounted[0].key === cheapest?.key, 'the discount sits on another line than the one it names');
    }),
  ),

  ruleProperty('each Subtotal-phase tax is computed once over the discounted amount it covers, to the nearest cent with ties to even', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), (s) => {
      const p = previewOf(s);
      for (const tax of p.taxes) {
        if (tax.phase !== 'Subtotal') continue;
        let base = 0n;
        for (const l of p.lines) {
          if (s.catalog.items.get(l.itemId)?.taxes.some((t) => t.Id === tax.id)) base += BigInt(l.grossSales - l.discount);
        }
        const expected = exactTax(base, tax.percentage, tax.inclusion === 'Inclusive');
        check(BigInt(tax.amount) === expected, `tax ${tax.id} at ${tax.percentage}% of ${base} is ${tax.amount}, expected ${expected}`);
      }
    }),
  ),

  ruleProperty('adding an inclusive tax to every item changes neither the grand total nor any line total', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), percentageArb({ max: 30 }), fc.constantFrom('Subtotal' as const, 'Total' as const), (s, percentage, phase) => {
      const tax: Tax = { Id: 'added-inclusive-tax', Name: 'Added VAT', Percentage: percentage, CalculationPhase: phase, InclusionType: 'Inclusive' };
      const before = previewOf(s);
      const after = previewOf(s, withTaxOnEveryItem(s.catalog, tax));
      check(after.grandTotal === before.grandTotal, `grandTotal ${before.grandTotal} became ${after.grandTotal}`);
      check(after.totalTaxes === before.totalTaxes && after.grossTotal === before.grossTotal, 'totalTaxes or grossTotal changed');
      check(
        after.lines.every((l, i) => l.total === before.lines[i]?.total),
        'a line total changed',
      );
      check(after.totalInclusiveTaxes >= before.totalInclusiveTaxes, 'inclusive taxes fell');
    }),
  ),

  // A discount lowers every tax's base, but a Total-phase tax's base also holds its lines' shares of the Subtotal-phase
  // taxes, and a discount can move a spread cent of those onto a line it covers (6 bagels and 8 lattes with a 1-cent
  // coupon: the city tax rises by a cent). So the taxes may rise by at most a cent per Total-phase tax, never more.
  ruleProperty('a discount raises the taxes by at most a cent per Total-phase tax; without one, grossTotal = grandTotal - totalTips', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), (s) => {
      const p = previewOf(s);
      const paid = p.grandTotal - p.totalTips;
      const undiscountedTaxes = p.grossTotal - p.subTotal;
      if (p.totalDiscounts === 0) {
        check(p.grossTotal === paid, `grossTotal ${p.grossTotal} differs from ${paid} with no discount`);
        return;
      }
      const totalPhaseTaxes = [...s.catalog.taxes.values()].filter((tax) => tax.CalculationPhase === 'Total' && tax.InclusionType === 'Additive').length;
      check(
        p.totalTaxes - undiscountedTaxes <= totalPhaseTaxes,
        `taxes ${p.totalTaxes} with the discount, ${undiscountedTaxes} without, ${totalPhaseTaxes} Total-phase taxes`,
      );
    }),
  ),

  // Issue: a reward matching nothing was sent with the order and spent its points. The order request carries the bag's
  // coupon or reward exactly when the preview shows it taking something off, and the bag then names what it needs.
  ruleProperty('a coupon or reward goes with an order (and so can spend points) only when the preview takes something off', (catalogs) =>
    fc.property(pricingScenarioArb(catalogs), fc.constantFrom('coupon' as const, 'reward' as const), (s, kind) => {
      if (s.discount === null) return;
      const p = previewOf(s);
      const { kind: _kind, Items, Variations, Categories, ...rest } = s.discount;
      // The bag holds the API's coupon or reward (mutable lists); the same rule either way.
      const rule = { ...rest, Items: Items && [...Items], Variations: Variations && [...Variations], Categories: Categories && [...Categories] };
      const held: BagDiscount = kind === 'coupon' ? { kind, coupon: rule } : { kind, reward: { ...rule, Points: 50 } };
      const state: State = { ...initialState, bag: { ...initialState.bag, lines: s.lines, discount: held, tip: { amount: s.tipAmount, percent: null } } };
      const request = buildOrderRequest(state, s.catalog, p, 0, 0, undefined);
      const takesOff = (p.appliedDiscount?.amount ?? 0) > 0;
      const sent = kind === 'coupon' ? request.couponId : request.rewardId;
      check(
        (sent !== undefined) === takesOff,
        `the ${kind} was ${sent === undefined ? 'left out' : 'sent'} with a discount of ${p.appliedDiscount?.amount ?? 0}`,
      );
      check(request.couponId === undefined || request.rewardId === undefined, 'both a coupon and a reward were sent');
      const unused = unusedDiscount(state, { location: s.catalog, preview: p });
      check(
        (unused === null) === takesOff,
        `the bag ${unused === null ? 'says nothing' : `says '${unused.needs}'`} with a discount of ${p.appliedDiscount?.amount ?? 0}`,
      );
    }),
  ),
];
