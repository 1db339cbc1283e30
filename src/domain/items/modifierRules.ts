// Modifier-list rules of the item panel (ordering.md section 5, "Modifier lists" and "Item panel"): how many options
// a list takes, whether it is a radio or checkboxes, which options can be chosen, and what the shopper is told.
//
// Where the spec is silent:
// - A minimum or maximum of -1 or absent is "unset"; a maximum of 0 is read as unset too (a list nobody could choose
//   from is a data slip, not a rule).
// - Single list: both unset means exactly one (a radio). Otherwise the given values hold, an unset minimum is 0 and an
//   unset maximum is 1 (or the minimum, when that is larger). Only exactly-one Single lists are radios: a Single list
//   with minimum 0 and maximum 1 is a checkbox, so the shopper can clear the choice.
// - Multiple list: unset minimum is 0, unset maximum is the option count; always checkboxes, even for 1/1.
// - Limits are capped at the option count (counting sold-out options), and the minimum at the maximum: a minimum
//   above the option count reads as "choose them all".
import type { Modifier } from '../catalog/codecs';
import type { IndexedItem, ResolvedModifierList } from '../catalog/catalogIndex';
import { atLeast, listRequired } from './messages';

export interface ModifierListRule {
  readonly min: number;
  readonly max: number;
  readonly control: 'radio' | 'checkbox';
  /** Minimum above 0: the list heading shows an asterisk. */
  readonly required: boolean;
}

export interface OptionState {
  readonly checked: boolean;
  /** The shopper cannot tick it: sold out, or the list's maximum is reached (checkboxes only). */
  readonly disabled: boolean;
  /** QuantityAvailable is 0 or less: the option shows 'out of stock'. */
  readonly outOfStock: boolean;
}

/** Chosen modifier ids by modifier list id, as a cart line holds them. */
export type ModifierChoices = Readonly<Record<string, readonly string[]>>;

function given(value: number | undefined): number | undefined {
  return value === undefined || value < 0 ? undefined : value;
}

/** The limits and control of one of an item's lists, so every screen and check reads the spec's table the same way. */
export function modifierListRule(resolved: ResolvedModifierList): ModifierListRule {
  const count = resolved.modifiers.length;
  const rawMin = given(resolved.ref.MinSelectedModifiers);
  const rawMaxOrZero = given(resolved.ref.MaxSelectedModifiers);
  const rawMax = rawMaxOrZero === 0 ? undefined : rawMaxOrZero;
  const single = resolved.list.SelectionType === 'Single';
  let min: number;
  let max: number;
  if (single) {
    if (rawMin === undefined && rawMax === undefined) {
      min = 1;
      max = 1;
    } else {
      min = rawMin ?? 0;
      max = rawMax ?? Math.max(1, min);
    }
  } else {
    min = rawMin ?? 0;
    max = rawMax ?? count;
  }
  max = Math.min(max, count);
  min = Math.min(min, max);
  return { min, max, control: single && min === 1 && max === 1 ? 'radio' : 'checkbox', required: min > 0 };
}

/** Ordering.md section 5: an option with QuantityAvailable 0 or less cannot be chosen. */
export function isOptionOutOfStock(modifier: Modifier): boolean {
  return modifier.QuantityAvailable !== undefined && modifier.QuantityAvailable <= 0;
}

/** How many of the list's own options are among `selectedIds` (stray ids of other lists do not count). */
export function countChosen(list: ResolvedModifierList, selectedIds: readonly string[]): number {
  let n = 0;
  for (const m of list.modifiers) if (selectedIds.includes(m.Id)) n++;
  return n;
}

/** What one option looks like in the panel: ticked, greyed out, marked 'out of stock'. */
export function optionState(rule: ModifierListRule, list: ResolvedModifierList, selectedIds: readonly string[], modifier: Modifier): OptionState {
  const checked = selectedIds.includes(modifier.Id);
  const outOfStock = isOptionOutOfStock(modifier);
  // A radio swaps its choice, so only checkboxes lock at the maximum; a ticked option can always be unticked.
  const atMax = rule.control === 'checkbox' && countChosen(list, selectedIds) >= rule.max;
  return { checked, outOfStock, disabled: !checked && (outOfStock || atMax) };
}

/**
 * The message for one list's choices, or undefined when they meet the rule (ordering.md section 5). Above the
 * maximum the minimum message is reused, as the spec says, even when that reads "At least 0 values ...".
 */
export function listSelectionError(rule: ModifierListRule, list: ResolvedModifierList, selectedIds: readonly string[]): string | undefined {
  const n = countChosen(list, selectedIds);
  if (n === 0 && rule.required && list.list.SelectionType === 'Single') return listRequired(list.list.Name);
  if (n < rule.min || n > rule.max) return atLeast(rule.min, list.list.Name);
  return undefined;
}

/** Every list's message for a set of choices, in the item's list order. */
export function selectionErrors(item: IndexedItem, choices: ModifierChoices): string[] {
  const errors: string[] = [];
  for (const list of item.modifierLists) {
    const error = listSelectionError(modifierListRule(list), list, choicesOf(choices, list.list.Id));
    if (error !== undefined) errors.push(error);
  }
  return errors;
}

/** The ids chosen in one list ([] when none); safe for list ids such as "constructor" and "__proto__". */
export function choicesOf(choices: ModifierChoices, listId: string): readonly string[] {
  return Object.hasOwn(choices, listId) ? (choices[listId] ?? []) : [];
}

/** Ordering.md section 4: the options an opened item starts with, from OnByDefault, skipping sold-out ones, within each list's maximum. */
export function defaultChoices(item: IndexedItem): ModifierChoices {
  const choices: [string, readonly string[]][] = [];
  for (const list of item.modifierLists) {
    const rule = modifierListRule(list);
    const ids = list.modifiers
      .filter((m) => m.OnByDefault === true && !isOptionOutOfStock(m))
      .map((m) => m.Id)
      .slice(0, rule.max);
    if (ids.length > 0) choices.push([list.list.Id, ids]);
  }
  return choicesByList(choices);
}

/**
 * Choices kept in the item's list order, without duplicates, unknown ids or sold-out options, and without empty
 * lists: the same selection always gives the same line, whatever order it was ticked in.
 */
export function tidyChoices(item: IndexedItem, choices: ModifierChoices): ModifierChoices {
  const tidy: [string, readonly string[]][] = [];
  for (const list of item.modifierLists) {
    const chosen = choicesOf(choices, list.list.Id);
    if (chosen.length === 0) continue;
    const ids = list.modifiers.filter((m) => chosen.includes(m.Id) && !isOptionOutOfStock(m)).map((m) => m.Id);
    if (ids.length > 0) tidy.push([list.list.Id, ids]);
  }
  return choicesByList(tidy);
}

/**
 * Choices from (list id, ids) pairs. Object.fromEntries defines each list as its own field, where `choices[id] = ids`
 * would set the object's prototype for a list with the id "__proto__" and lose the choice.
 */
export function choicesByList(pairs: Iterable<readonly [string, readonly string[]]>): ModifierChoices {
  return Object.fromEntries(pairs);
}

/** Sum of the chosen options' prices (minor units); ids the item does not offer add nothing. */
export function choicesPrice(item: IndexedItem, choices: ModifierChoices): number {
  let total = 0;
  for (const list of item.modifierLists) {
    const chosen = choicesOf(choices, list.list.Id);
    if (chosen.length === 0) continue;
    for (const m of list.modifiers) if (chosen.includes(m.Id)) total += m.Price;
  }
  return total;
}
