// Each tax's share of each line, for the support console's 'why' panel: the same computeTaxes the price uses, run
// one tax at a time with the base that tax had (a Total-phase tax sees each line's Subtotal-phase additive taxes).
import type { Tax } from '../catalog/codecs';
import { computeTaxes } from './taxes';

export interface TaxShare {
  readonly id: string;
  readonly name: string;
  readonly inclusive: boolean;
  /** This tax's part of the line, in minor units (contained in the price when inclusive). */
  readonly amount: number;
}

/**
 * `lineTaxes[i]` are the taxes line i lists, `amounts[i]` its discounted amount. The additive shares of a line add
 * up to its tax in the preview, and each tax's shares add up to that tax's amount (a property test checks both).
 */
export function taxShares(locationTaxes: readonly Tax[], lineTaxes: readonly (readonly Tax[])[], amounts: readonly number[]): TaxShare[][] {
  const n = amounts.length;
  const subtotalAdditive = computeTaxes(
    locationTaxes,
    lineTaxes.map((taxes) => taxes.filter((tax) => tax.CalculationPhase === 'Subtotal' && tax.InclusionType !== 'Inclusive')),
    amounts,
  ).additive;
  const ids = new Set(lineTaxes.flatMap((taxes) => taxes.map((tax) => tax.Id)));
  const ordered = [...locationTaxes.filter((tax) => ids.has(tax.Id))];
  for (const taxes of lineTaxes) for (const tax of taxes) if (!ordered.some((o) => o.Id === tax.Id)) ordered.push(tax);
  const shares: TaxShare[][] = Array.from({ length: n }, () => []);
  for (const tax of ordered) {
    const only = lineTaxes.map((taxes) => (taxes.some((t) => t.Id === tax.Id) ? [tax] : []));
    // Alone in the list, a Total-phase tax would see no Subtotal-phase taxes: its base is given with them added.
    const bases = tax.CalculationPhase === 'Total' ? amounts.map((a, i) => a + subtotalAdditive[i]!) : amounts;
    const outcome = computeTaxes([tax], only, bases);
    const inclusive = tax.InclusionType === 'Inclusive';
    for (let i = 0; i < n; i++) {
      if (only[i]!.length === 0) continue;
      shares[i]!.push({ id: tax.Id, name: tax.Name, inclusive, amount: inclusive ? outcome.inclusive[i]! : outcome.additive[i]! });
    }
  }
  return shares;
}
