// Rule properties of the tip (ordering.md sections 5 and 9), over priced bags of the fixture catalogs and random ones.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import type { Location } from '../../src/domain/catalog/codecs';
import { formatMoney } from '../../src/domain/money';
import { priceCart, type Preview } from '../../src/domain/pricing/priceCart';
import { maximumTip, maximumTipPercentage, tipBase, tipExceedsMaximum, tipOptions, validateTipInput } from '../../src/domain/tip';
import { pricingScenarioArb, tippingLocationArb, type PricingScenario } from './cartArbitraries';
import { ruleProperty, type RuleProperty } from './ruleProperty';

interface TipScenario {
  readonly scenario: PricingScenario;
  readonly location: Location;
  readonly preview: Preview;
}

function previewOf(s: PricingScenario, tipAmount = s.tipAmount): Preview {
  const result = priceCart(s.catalog, s.lines, { discount: s.discount, tipAmount });
  if (E.isLeft(result)) throw new Error(`priceCart refused a cart built from its catalog: ${result.left.join('; ')}`);
  return result.right;
}

function tipScenarioArb(catalogs: readonly CatalogIndex[]): fc.Arbitrary<TipScenario> {
  return pricingScenarioArb(catalogs).chain((scenario) =>
    tippingLocationArb(scenario.catalog.location).map((location) => ({ scenario, location, preview: previewOf(scenario) })),
  );
}

function check(holds: boolean, message: string): void {
  if (!holds) throw new Error(message);
}

/** amount <= base x percent / 100, exactly, for percentages with at most one decimal (what tippingArb makes). */
function withinPercent(amount: number, base: number, percent: number): boolean {
  return BigInt(amount) * 1000n <= BigInt(base) * BigInt(Math.round(percent * 10));
}

/** The amount as a shopper would type it ("12.34"). */
const typed = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

export const tipProperties: RuleProperty[] = [
  ruleProperty('the maximum tip is the largest whole amount within the maximum percentage of the tip base, and the base is at least 1', (catalogs) =>
    fc.property(tipScenarioArb(catalogs), ({ location, preview }) => {
      const base = tipBase(preview);
      const max = maximumTip(location, preview);
      const percent = maximumTipPercentage(location);
      check(base >= 1, `tip base ${base} below 1`);
      if (preview.grandTotal - preview.totalTips > 0) check(base === preview.grandTotal - preview.totalTips, 'base is not grandTotal - totalTips');
      check(withinPercent(max, base, percent), `maximum ${max} above ${percent}% of ${base}`);
      check(!withinPercent(max + 1, base, percent), `maximum ${max} is not the largest within ${percent}% of ${base}`);
    }),
  ),

  ruleProperty('the tip field accepts an amount exactly when it is not above the maximum, and says the maximum otherwise', (catalogs) =>
    fc.property(tipScenarioArb(catalogs), fc.nat({ max: 100_000 }), ({ location, preview }, tip) => {
      const max = maximumTip(location, preview);
      const result = validateTipInput(typed(tip), location, preview);
      if (tip <= max) check(E.isRight(result) && result.right === tip, `tip ${tip} refused under maximum ${max}`);
      else {
        const message = `Tip Amount must not exceed ${formatMoney(max, location.Currency ?? 'USD')}`;
        check(E.isLeft(result) && result.left === message, `tip ${tip} above ${max} gave ${JSON.stringify(result)}`);
      }
      check(tipExceedsMaximum(tip, location, preview) === tip > max, 'tipExceedsMaximum disagrees with the maximum');
    }),
  ),

  ruleProperty("preset tips are their percentage of the base rounded down, never above the maximum, and 'None' (0) comes last", (catalogs) =>
    fc.property(tipScenarioArb(catalogs), ({ location, preview }) => {
      const options = tipOptions(location, preview);
      const max = maximumTip(location, preview);
      const last = options[options.length - 1];
      check(last?.label === 'None' && last.amount === 0 && last.percent === null, "'None' is not the last option");
      for (const o of options) {
        check(o.amount >= 0 && o.amount <= max, `${o.label} tip ${o.amount} outside 0..${max}`);
        check(Number.isSafeInteger(o.amount), `${o.label} tip ${o.amount} is not whole minor units`);
        if (o.percent === null) continue;
        const base = tipBase(preview);
        check(o.label === `${o.percent}%`, `label ${o.label} for ${o.percent}%`);
        check(
          withinPercent(o.amount, base, o.percent) && !withinPercent(o.amount + 1, base, o.percent),
          `${o.label} of ${base} is not ${o.amount} rounded down`,
        );
      }
    }),
  ),

  ruleProperty('the tip adds exactly to the grand total and does not move its own base', (catalogs) =>
    fc.property(tipScenarioArb(catalogs), fc.nat({ max: 100_000 }), ({ scenario }, tip) => {
      const without = previewOf(scenario, 0);
      const withTip = previewOf(scenario, tip);
      check(withTip.grandTotal === without.grandTotal + tip, 'the tip did not add exactly');
      check(tipBase(withTip) === tipBase(without), 'the tip moved its own base');
    }),
  ),
];
