// Taxes of an order (ordering.md sections 3 and 9), computed the way the charge is: each tax once over everything it
// covers, rounded to the nearest cent with ties to even, then spread over its lines so the lines add up exactly.
import type { Tax } from '../catalog/codecs';
import { applyRatio, insideRatio, percentRatio, spreadByWeight, type Ratio } from './rounding';

/** One tax of an order: what the summary lists and the charge records. */
export interface TaxAmount {
  readonly id: string;
  readonly name: string;
  readonly percentage: string;
  readonly phase: Tax['CalculationPhase'];
  readonly inclusion: Tax['InclusionType'];
  /** Additive: added to the order. Inclusive: the part of the price that is this tax, reported, never added. */
  readonly amount: number;
}

export interface TaxOutcome {
  /** Additive tax of each line (both phases), in the order of the amounts given. */
  readonly additive: readonly number[];
  /** Inclusive tax contained in each line's amount. */
  readonly inclusive: readonly number[];
  readonly totalAdditive: number;
  readonly totalInclusive: number;
  /** Every tax covering at least one line, in the location's tax order. */
  readonly taxes: readonly TaxAmount[];
}

const ZERO: Ratio = { num: 0, den: 1, big: null };
const ratios = new WeakMap<Tax, Ratio>();

/** The fraction of its base a tax takes: p/100 when added, p/(100+p) when contained in the price. */
function taxRatio(tax: Tax): Ratio {
  let ratio = ratios.get(tax);
  if (ratio === undefined) {
    const rate = percentRatio(tax.Percentage) ?? ZERO;
    ratio = tax.InclusionType === 'Inclusive' ? insideRatio(rate) : rate;
    ratios.set(tax, ratio);
  }
  return ratio;
}

/** The lines one tax covers (each once, in bag order), and what it came to. */
interface TaxGroup {
  readonly tax: Tax;
  readonly lines: number[];
  /** The location lists this tax. */
  listed: boolean;
  amount: number;
}

const PHASES = ['Subtotal', 'Total'] as const;

/**
 * The definition of `computeTaxes`: groups, the location's order and each tax's amount in maps and sets. The fast one
 * below, which sums without them, gives the same (tests/domain/bagRuleShortcuts.properties.test.ts).
 */
export function plainComputeTaxes(locationTaxes: Iterable<Tax>, lineTaxes: readonly (readonly Tax[])[], amounts: readonly number[]): TaxOutcome {
  const n = amounts.length;
  const additive = new Array<number>(n).fill(0);
  const inclusive = new Array<number>(n).fill(0);
  const groups = new Map<string, { tax: Tax; lines: number[] }>();
  for (let i = 0; i < n; i++) {
    for (const tax of lineTaxes[i] ?? []) {
      const group = groups.get(tax.Id);
      if (!group) groups.set(tax.Id, { tax, lines: [i] });
      else if (group.lines[group.lines.length - 1] !== i) group.lines.push(i);
    }
  }
  if (groups.size === 0) return { additive, inclusive, totalAdditive: 0, totalInclusive: 0, taxes: [] };
  const ordered: { tax: Tax; lines: number[] }[] = [];
  const listed = new Set<string>();
  for (const tax of locationTaxes) {
    const group = groups.get(tax.Id);
    if (group) ordered.push(group);
    listed.add(tax.Id);
  }
  for (const [id, group] of groups) if (!listed.has(id)) ordered.push(group);
  const amountOf = new Map<string, number>();
  const subtotalAdditive = new Array<number>(n).fill(0);
  let totalAdditive = 0;
  let totalInclusive = 0;
  for (const phase of ['Subtotal', 'Total'] as const) {
    for (const { tax, lines } of ordered) {
      if (tax.CalculationPhase !== phase) continue;
      const bases = lines.map((i) => (phase === 'Subtotal' ? amounts[i]! : amounts[i]! + subtotalAdditive[i]!));
      let base = 0;
      for (const b of bases) base += b;
      const rate = percentRatio(tax.Percentage) ?? { num: 0, den: 1, big: null };
      const amount = applyRatio(base, tax.InclusionType === 'Inclusive' ? insideRatio(rate) : rate, 'half-even');
      const shares = spreadByWeight(amount, bases);
      const isInclusive = tax.InclusionType === 'Inclusive';
      for (let k = 0; k < lines.length; k++) {
        const i = lines[k]!;
        const share = shares[k]!;
        if (isInclusive) inclusive[i] = inclusive[i]! + share;
        else {
          additive[i] = additive[i]! + share;
          if (phase === 'Subtotal') subtotalAdditive[i] = subtotalAdditive[i]! + share;
        }
      }
      if (isInclusive) totalInclusive += amount;
      else totalAdditive += amount;
      amountOf.set(tax.Id, amount);
    }
  }
  const taxes = ordered.map(({ tax }) => ({
    id: tax.Id,
    name: tax.Name,
    percentage: tax.Percentage,
    phase: tax.CalculationPhase,
    inclusion: tax.InclusionType,
    amount: amountOf.get(tax.Id) ?? 0,
  }));
  return { additive, inclusive, totalAdditive, totalInclusive, taxes };
}

/**
 * Taxes of lines whose (discounted) amounts are given. Subtotal-phase taxes are based on the amount; Total-phase
 * taxes on the amount plus the line's Subtotal-phase additive taxes. Inclusive taxes are round(A x p / (100 + p))
 * of their base and never add to the order. A line listing a tax twice pays it once.
 */
export function computeTaxes(locationTaxes: Iterable<Tax>, lineTaxes: readonly (readonly Tax[])[], amounts: readonly number[]): TaxOutcome {
  const n = amounts.length;
  const additive = new Array<number>(n).fill(0);
  const inclusive = new Array<number>(n).fill(0);
  const groups = new Map<string, TaxGroup>();
  for (let i = 0; i < n; i++) {
    const taxes = lineTaxes[i];
    if (taxes === undefined) continue;
    for (let t = 0; t < taxes.length; t++) {
      const tax = taxes[t]!;
      const group = groups.get(tax.Id);
      if (!group) groups.set(tax.Id, { tax, lines: [i], listed: false, amount: 0 });
      else if (group.lines[group.lines.length - 1] !== i) group.lines.push(i);
    }
  }
  if (groups.size === 0) return { additive, inclusive, totalAdditive: 0, totalInclusive: 0, taxes: [] };

  // The location's order first (a tax it lists twice is applied twice, as listed), then taxes it does not list.
  const ordered: TaxGroup[] = [];
  for (const tax of locationTaxes) {
    const group = groups.get(tax.Id);
    if (group) {
      ordered.push(group);
      group.listed = true;
    }
  }
  for (const group of groups.values()) if (!group.listed) ordered.push(group);

  const subtotalAdditive = new Array<number>(n).fill(0);
  let totalAdditive = 0;
  let totalInclusive = 0;
  for (const phase of PHASES) {
    for (const group of ordered) {
      const { tax, lines } = group;
      if (tax.CalculationPhase !== phase) continue;
      const bases = new Array<number>(lines.length);
      let base = 0;
      for (let k = 0; k < lines.length; k++) {
        const i = lines[k]!;
        const b = phase === 'Subtotal' ? amounts[i]! : amounts[i]! + subtotalAdditive[i]!;
        bases[k] = b;
        base += b;
      }
      const amount = applyRatio(base, taxRatio(tax), 'half-even');
      const shares = spreadByWeight(amount, bases);
      const isInclusive = tax.InclusionType === 'Inclusive';
      for (let k = 0; k < lines.length; k++) {
        const i = lines[k]!;
        const share = shares[k]!;
        if (isInclusive) inclusive[i] = inclusive[i]! + share;
        else {
          additive[i] = additive[i]! + share;
          if (phase === 'Subtotal') subtotalAdditive[i] = subtotalAdditive[i]! + share;
        }
      }
      if (isInclusive) totalInclusive += amount;
      else totalAdditive += amount;
      group.amount = amount;
    }
  }
  const taxes = ordered.map(({ tax, amount }) => ({
    id: tax.Id,
    name: tax.Name,
    percentage: tax.Percentage,
    phase: tax.CalculationPhase,
    inclusion: tax.InclusionType,
    amount,
  }));
  return { additive, inclusive, totalAdditive, totalInclusive, taxes };
}
