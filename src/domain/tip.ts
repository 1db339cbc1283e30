// The tip (ordering.md sections 5 and 9): presets, the maximum, the editable field and its messages. A tip is a
// whole number of minor units, always rounded down.
import * as E from 'fp-ts/lib/Either.js';
import type { Location } from './catalog/codecs';
import { formatMoney, parseMoneyInput } from './money';
import { applyRatio, percentRatio } from './pricing/rounding';

/** Preset percentages when the location names none (section 9). */
const DEFAULT_TIP_PERCENTAGES: readonly number[] = [10, 15, 20];
/** Maximum tip, in percent of the tip base, when the location names none (section 9). */
const DEFAULT_MAXIMUM_TIP_PERCENTAGE = 25;

/** What the tip rule reads of a priced bag (a Preview, or an order's totals). */
export interface TipBasis {
  readonly grandTotal: number;
  readonly totalTips: number;
  readonly grossTotal: number;
}

/** A tip button: a preset percentage of the base, or 'None'. */
export interface TipOption {
  readonly label: string;
  /** null for 'None'. */
  readonly percent: number | null;
  readonly amount: number;
}

/** Whether the order summary offers a tip at all: only when the location shows tipping (absent means no). */
export function tippingEnabled(location: Location): boolean {
  return location.ShowTipping === true;
}

/** Whether the shopper may type an amount, rather than only pick a preset (section 5). */
export function tipEditable(location: Location): boolean {
  return location.Tipping?.AllowCustomAmounts === true;
}

/** The location's maximum tip percentage; a missing or unusable value means the default 25. */
export function maximumTipPercentage(location: Location): number {
  const max = location.Tipping?.MaximumPercentage;
  return max !== undefined && Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAXIMUM_TIP_PERCENTAGE;
}

/**
 * The preset percentages offered: CustomPercentages when given, else 10, 15, 20. Presets that are not positive,
 * repeat, or exceed the maximum percentage are left out, so no button offers a tip the field would refuse.
 */
export function tipPercentages(location: Location): number[] {
  const custom = location.Tipping?.CustomPercentages;
  const wanted = custom !== undefined && custom.length > 0 ? custom : DEFAULT_TIP_PERCENTAGES;
  const max = maximumTipPercentage(location);
  const kept: number[] = [];
  for (const p of wanted) if (Number.isFinite(p) && p > 0 && p <= max && !kept.includes(p)) kept.push(p);
  return kept;
}

/**
 * What a tip is a percentage of: the grand total without the tip; when that is not positive (a 100% discount),
 * the gross total, and at least 1 (section 5).
 */
export function tipBase(basis: TipBasis): number {
  const base = basis.grandTotal - basis.totalTips;
  return base > 0 ? base : Math.max(1, basis.grossTotal);
}

/** percent of the base, rounded down to a whole minor unit. */
function tipForPercent(base: number, percent: number): number {
  const ratio = percentRatio(percent);
  return ratio === null ? 0 : applyRatio(base, ratio, 'down');
}

/** The largest tip the location allows on this bag: its maximum percentage of the tip base, rounded down. */
export function maximumTip(location: Location, basis: TipBasis): number {
  return tipForPercent(tipBase(basis), maximumTipPercentage(location));
}

/** The tip buttons of the 'Add A Tip' modal: each preset with its amount, then 'None'. */
export function tipOptions(location: Location, basis: TipBasis): TipOption[] {
  const base = tipBase(basis);
  const options: TipOption[] = tipPercentages(location).map((percent) => ({ label: `${percent}%`, percent, amount: tipForPercent(base, percent) }));
  options.push({ label: 'None', percent: null, amount: 0 });
  return options;
}

/** Whether a tip is above what the location allows; the bag resets such a tip to 0 after every change (section 4). */
export function tipExceedsMaximum(tip: number, location: Location, basis: TipBasis): boolean {
  return tip > maximumTip(location, basis);
}

/** The tip field's message above the maximum (section 5, word for word), with the maximum formatted. */
export const tipMaximumMessage = (maximum: string): string => `Tip Amount must not exceed ${maximum}`;

/**
 * Reads the tip field: the amount in minor units, or the message to show under it (section 5, word for word):
 * 'Tip Amount is required', 'Tip Amount is not valid', 'Tip Amount must not exceed {amount}'.
 */
export function validateTipInput(text: string, location: Location, basis: TipBasis): E.Either<string, number> {
  if (text.trim() === '') return E.left('Tip Amount is required');
  const amount = parseMoneyInput(text);
  if (amount === null) return E.left('Tip Amount is not valid');
  const max = maximumTip(location, basis);
  if (amount > max) return E.left(tipMaximumMessage(formatMoney(max, location.Currency ?? 'USD')));
  return E.right(amount);
}
