import { describe, expect, it } from 'vitest';
import type { Modifier } from '../../src/domain/catalog/codecs';
import type { IndexedItem, ResolvedModifierList } from '../../src/domain/catalog/catalogIndex';
import {
  choicesOf,
  choicesPrice,
  defaultChoices,
  listSelectionError,
  modifierListRule,
  optionState,
  selectionErrors,
  tidyChoices,
} from '../../src/domain/items/modifierRules';
import { itemOf, oneLocation } from '../support/fixtureCatalog';

function options(count: number, extra: Partial<Modifier>[] = []): Modifier[] {
  return Array.from({ length: count }, (_, i) => ({ Id: `o${i + 1}`, Name: `Option ${i + 1}`, Price: 10 * (i + 1), ...extra[i] }));
}

function list(
  selectionType: 'Single' | 'Multiple',
  limits: { min?: number; max?: number } = {},
  modifiers: Modifier[] = options(3),
  name = 'Extras',
): ResolvedModifierList {
  return {
    list: { Id: 'l', Name: name, SelectionType: selectionType, Modifiers: modifiers },
    ref: { Id: 'l', MinSelectedModifiers: limits.min, MaxSelectedModifiers: limits.max },
    modifiers,
  };
}

describe('modifier list rule (ordering.md section 5)', () => {
  it('makes a Single list with no limits a required radio taking exactly one', () => {
    expect(modifierListRule(list('Single'))).toEqual({ min: 1, max: 1, control: 'radio', required: true });
  });

  it('reads -1 limits on a Single list as unset', () => {
    expect(modifierListRule(list('Single', { min: -1, max: -1 }))).toEqual({ min: 1, max: 1, control: 'radio', required: true });
  });

  it('gives a Single list with unset minimum and a positive maximum a minimum of 0', () => {
    expect(modifierListRule(list('Single', { max: 2 }))).toEqual({ min: 0, max: 2, control: 'checkbox', required: false });
    expect(modifierListRule(list('Single', { min: -1, max: 2 }))).toEqual({ min: 0, max: 2, control: 'checkbox', required: false });
  });

  it('renders a Single list with minimum 0 and maximum 1 as a checkbox the shopper can clear', () => {
    expect(modifierListRule(list('Single', { min: 0, max: 1 }))).toEqual({ min: 0, max: 1, control: 'checkbox', required: false });
    expect(modifierListRule(list('Single', { max: 1 }))).toEqual({ min: 0, max: 1, control: 'checkbox', required: false });
  });

  it('gives a Single list with only a minimum of 0 a maximum of 1', () => {
    expect(modifierListRule(list('Single', { min: 0 }))).toEqual({ min: 0, max: 1, control: 'checkbox', required: false });
  });

  it('keeps a Single list with only a minimum of 1 a radio', () => {
    expect(modifierListRule(list('Single', { min: 1 }))).toEqual({ min: 1, max: 1, control: 'radio', required: true });
  });

  it('gives a Multiple list with no limits minimum 0 and the option count as maximum', () => {
    expect(modifierListRule(list('Multiple'))).toEqual({ min: 0, max: 3, control: 'checkbox', required: false });
  });

  it('marks a Multiple list with a minimum above 0 as required', () => {
    expect(modifierListRule(list('Multiple', { min: 2 }))).toEqual({ min: 2, max: 3, control: 'checkbox', required: true });
  });

  it('keeps a Multiple list of exactly one a checkbox', () => {
    expect(modifierListRule(list('Multiple', { min: 1, max: 1 })).control).toBe('checkbox');
  });

  it('reads a minimum above the option count as choosing every option', () => {
    expect(modifierListRule(list('Multiple', { min: 5 }))).toEqual({ min: 3, max: 3, control: 'checkbox', required: true });
  });

  it('caps a maximum above the option count at the option count', () => {
    expect(modifierListRule(list('Multiple', { max: 7 })).max).toBe(3);
  });

  it('reads a maximum of 0 as unset', () => {
    expect(modifierListRule(list('Multiple', { max: 0 })).max).toBe(3);
    expect(modifierListRule(list('Single', { max: 0 }))).toEqual({ min: 1, max: 1, control: 'radio', required: true });
  });

  it('does not require a list with no options', () => {
    expect(modifierListRule(list('Single', {}, []))).toEqual({ min: 0, max: 0, control: 'checkbox', required: false });
  });
});

describe('option state', () => {
  const soldOut = options(3, [{}, { QuantityAvailable: 0 }, { QuantityAvailable: -2 }]);

  it('shows options with quantity 0 or less as out of stock and not choosable', () => {
    const l = list('Multiple', {}, soldOut);
    const rule = modifierListRule(l);
    expect(optionState(rule, l, [], soldOut[1]!)).toEqual({ checked: false, disabled: true, outOfStock: true });
    expect(optionState(rule, l, [], soldOut[2]!)).toEqual({ checked: false, disabled: true, outOfStock: true });
    expect(optionState(rule, l, [], soldOut[0]!)).toEqual({ checked: false, disabled: false, outOfStock: false });
  });

  it('disables unchecked options once the maximum is reached, leaving checked ones free to untick', () => {
    const l = list('Multiple', { max: 2 });
    const rule = modifierListRule(l);
    const [a, b, c] = l.modifiers;
    expect(optionState(rule, l, ['o1', 'o2'], c!)).toEqual({ checked: false, disabled: true, outOfStock: false });
    expect(optionState(rule, l, ['o1', 'o2'], a!)).toEqual({ checked: true, disabled: false, outOfStock: false });
    expect(optionState(rule, l, ['o1'], b!).disabled).toBe(false);
  });

  it('leaves other radio options enabled when one is chosen, since choosing swaps', () => {
    const l = list('Single');
    expect(optionState(modifierListRule(l), l, ['o1'], l.modifiers[1]!).disabled).toBe(false);
  });

  it('counts only the list own options towards its maximum', () => {
    const l = list('Multiple', { max: 1 });
    expect(optionState(modifierListRule(l), l, ['elsewhere'], l.modifiers[0]!).disabled).toBe(false);
  });
});

describe('list messages (ordering.md section 5)', () => {
  it('says "{name} is required" for a required single-choice list with no choice', () => {
    const l = list('Single', {}, options(2), 'Milk');
    expect(listSelectionError(modifierListRule(l), l, [])).toBe('Milk is required');
  });

  it('says "At least 1 value from {name} is required" below a minimum of 1', () => {
    const l = list('Multiple', { min: 1 }, options(3), 'Toppings');
    expect(listSelectionError(modifierListRule(l), l, [])).toBe('At least 1 value from Toppings is required');
  });

  it('says "At least {count} values from {name} are required" below a larger minimum', () => {
    const l = list('Multiple', { min: 2 }, options(3), 'Toppings');
    expect(listSelectionError(modifierListRule(l), l, ['o1'])).toBe('At least 2 values from Toppings are required');
  });

  it('reuses the minimum message above the maximum', () => {
    const l = list('Multiple', { min: 1, max: 2 }, options(3), 'Toppings');
    expect(listSelectionError(modifierListRule(l), l, ['o1', 'o2', 'o3'])).toBe('At least 1 value from Toppings is required');
  });

  it('reuses the minimum message above the maximum even when the minimum is 0', () => {
    const l = list('Multiple', { max: 1 }, options(3), 'Extras');
    expect(listSelectionError(modifierListRule(l), l, ['o1', 'o2'])).toBe('At least 0 values from Extras are required');
  });

  it('has no message when the choices are within the limits', () => {
    const l = list('Multiple', { min: 1, max: 2 });
    expect(listSelectionError(modifierListRule(l), l, ['o1', 'o3'])).toBeUndefined();
  });

  it('says "{name} is required" for a Single list with an explicit minimum and no choice', () => {
    const l = list('Single', { min: 2, max: 3 }, options(3), 'Sauces');
    expect(listSelectionError(modifierListRule(l), l, [])).toBe('Sauces is required');
    expect(listSelectionError(modifierListRule(l), l, ['o1'])).toBe('At least 2 values from Sauces are required');
  });
});

function cafeItem(milkId = 'milk'): IndexedItem {
  const catalog = oneLocation({
    ModifierLists: [
      {
        Id: milkId,
        Name: 'Milk',
        SelectionType: 0,
        Ordinal: 1,
        Modifiers: [
          { Id: 'whole', Name: 'Whole', Price: 0, Ordinal: 1, OnByDefault: true },
          { Id: 'oat', Name: 'Oat', Price: 75, Ordinal: 2 },
        ],
      },
      {
        Id: 'extras',
        Name: 'Extras',
        SelectionType: 1,
        Ordinal: 2,
        Modifiers: [
          { Id: 'shot', Name: 'Shot', Price: 100, Ordinal: 2, OnByDefault: true },
          { Id: 'vanilla', Name: 'Vanilla', Price: 60, Ordinal: 1, OnByDefault: true },
          { Id: 'whip', Name: 'Whip', Price: 50, Ordinal: 3, OnByDefault: true },
          { Id: 'caramel', Name: 'Caramel', Price: 60, Ordinal: 4, OnByDefault: true, QuantityAvailable: 0 },
        ],
      },
    ],
    Categories: [
      {
        Id: 'drinks',
        Name: 'Drinks',
        Items: [
          {
            Id: 'latte',
            Name: 'Latte',
            Variations: [{ Id: 'small', Name: 'Small', Price: 400 }],
            ModifierLists: [
              {
                Id: milkId,
                Modifiers: [
                  { Id: 'whole', OnByDefault: false },
                  { Id: 'oat', OnByDefault: true },
                ],
              },
              { Id: 'extras', MaxSelectedModifiers: 2 },
            ],
          },
        ],
      },
    ],
  });
  return itemOf(catalog, 'latte');
}

describe('default choices and the item as a whole', () => {
  it('starts with OnByDefault options, using the item override, skipping sold-out ones, within the maximum', () => {
    expect(defaultChoices(cafeItem())).toEqual({ milk: ['oat'], extras: ['vanilla', 'shot'] });
  });

  it('lists every list message in list order', () => {
    expect(selectionErrors(cafeItem(), { extras: ['shot', 'vanilla', 'whip'] })).toEqual(['Milk is required', 'At least 0 values from Extras are required']);
  });

  it('orders choices by the list, dropping unknown and sold-out ids and empty lists', () => {
    expect(tidyChoices(cafeItem(), { extras: ['whip', 'caramel', 'nope', 'vanilla', 'whip'], milk: [], other: ['x'] })).toEqual({
      extras: ['vanilla', 'whip'],
    });
  });

  it('keeps the choices of a list whose id is "__proto__", which indexing a plain object would lose', () => {
    const item = cafeItem('__proto__');
    const defaults = defaultChoices(item);
    expect(Object.keys(defaults)).toEqual(['__proto__', 'extras']);
    expect(choicesOf(defaults, '__proto__')).toEqual(['oat']);
    expect(choicesOf(tidyChoices(item, defaults), '__proto__')).toEqual(['oat']);
    expect(choicesOf({}, '__proto__')).toEqual([]);
  });

  it('prices the chosen options and ignores ids the item does not offer', () => {
    expect(choicesPrice(cafeItem(), { milk: ['oat'], extras: ['shot', 'nope'], other: ['x'] })).toBe(175);
  });
});
