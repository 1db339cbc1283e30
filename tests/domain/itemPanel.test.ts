import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import * as fc from 'fast-check';
import type { IndexedItem, LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { CartLine } from '../../src/domain/cart/cartLine';
import {
  applyStock,
  chooseVariation,
  openForAdd,
  openForEdit,
  panelToLine,
  panelView,
  setNote,
  setQuantity,
  toggleModifier,
  type PanelStock,
} from '../../src/domain/items/itemPanel';
import { quickAdd } from '../../src/domain/items/quickAdd';
import { addsFromCard } from '../../src/domain/catalog/catalogIndex';
import { formatPriceRange, priceRange } from '../../src/domain/items/priceRange';
import { EXTRAS, MILK, cartLine, itemOf, oneLocation } from '../support/fixtureCatalog';

function cafe(): LocationCatalog {
  return oneLocation({
    ModifierLists: [
      { ...MILK, Ordinal: 1 },
      { ...EXTRAS, Ordinal: 2 },
    ],
    Categories: [
      {
        Id: 'drinks',
        Name: 'Drinks',
        Items: [
          {
            Id: 'latte',
            Name: 'Latte',
            Variations: [
              { Id: 'latte-small', Name: 'Small', Price: 425, Ordinal: 1, TrackInventory: true },
              { Id: 'latte-large', Name: 'Large', Price: 545, Ordinal: 2, TrackInventory: true },
            ],
            ModifierLists: [{ Id: 'milk' }, { Id: 'extras', MaxSelectedModifiers: 2 }],
          },
          {
            Id: 'tea',
            Name: 'Green Tea',
            SkipModifierScreen: true,
            Variations: [{ Id: 'tea-regular', Name: 'Regular', Price: 300, TrackInventory: true }],
          },
          {
            Id: 'flat-white',
            Name: 'Flat White',
            SkipModifierScreen: true,
            Variations: [{ Id: 'flat-white-regular', Name: 'Regular', Price: 450 }],
            ModifierLists: [{ Id: 'milk', Modifiers: [{ Id: 'almond', OnByDefault: true }] }],
          },
          {
            Id: 'cortado',
            Name: 'Cortado',
            SkipModifierScreen: true,
            Variations: [{ Id: 'cortado-regular', Name: 'Regular', Price: 380 }],
            ModifierLists: [{ Id: 'milk', Modifiers: [{ Id: 'oat', OnByDefault: true }] }, { Id: 'extras' }],
          },
        ],
      },
    ],
  });
}

const catalog = cafe();
const item = (id: string): IndexedItem => itemOf(catalog, id);
const noStock: PanelStock = { counts: {}, cart: [] };
const line = (over: Partial<CartLine>): CartLine =>
  cartLine({ key: 'k1', itemId: 'latte', variationId: 'latte-small', quantity: 2, modifiers: { milk: ['oat'] }, note: 'extra hot', ...over });

describe('opening the item panel (ordering.md section 4)', () => {
  it('opens an item at quantity 1 with no variation when it has several', () => {
    const state = openForAdd(item('latte'));
    expect(state.quantity).toBe(1);
    expect(state.variationId).toBeUndefined();
    expect(panelView(state, noStock).action).toBe('Add to Bag');
  });

  it('auto-selects the only variation of a single-variation item', () => {
    expect(openForAdd(item('tea')).variationId).toBe('tea-regular');
  });

  it('skips an out-of-stock option marked OnByDefault', () => {
    expect(openForAdd(item('flat-white')).modifiers).toEqual({});
    expect(openForAdd(item('cortado')).modifiers).toEqual({ milk: ['oat'] });
  });

  it('loads variation, options, quantity and note when editing a bag line', () => {
    const state = openForEdit(item('latte'), line({ modifiers: { extras: ['whip', 'shot'], milk: ['oat'] } }));
    expect(state).toMatchObject({ mode: 'edit', editingKey: 'k1', variationId: 'latte-small', quantity: 2, note: 'extra hot' });
    expect(state.modifiers).toEqual({ milk: ['oat'], extras: ['shot', 'whip'] });
    expect(panelView(state, noStock).action).toBe('Update');
  });

  it('unticks sold-out or unknown options and clears an unknown variation when editing', () => {
    const state = openForEdit(item('latte'), line({ variationId: 'gone', modifiers: { milk: ['almond'], extras: ['nope', 'shot'] } }));
    expect(state.variationId).toBeUndefined();
    expect(state.modifiers).toEqual({ extras: ['shot'] });
  });
});

describe('choosing in the panel', () => {
  it('swaps a radio choice and will not untick it', () => {
    let state = toggleModifier(openForAdd(item('latte')), 'milk', 'whole');
    state = toggleModifier(state, 'milk', 'oat');
    expect(state.modifiers).toEqual({ milk: ['oat'] });
    expect(toggleModifier(state, 'milk', 'oat')).toBe(state);
  });

  it('will not choose an out-of-stock option', () => {
    const state = openForAdd(item('latte'));
    expect(toggleModifier(state, 'milk', 'almond')).toBe(state);
  });

  it('ticks checkboxes up to the maximum, then ignores unchecked ones until one is unticked', () => {
    let state = toggleModifier(openForAdd(item('latte')), 'extras', 'whip');
    state = toggleModifier(state, 'extras', 'shot');
    expect(state.modifiers).toEqual({ extras: ['shot', 'whip'] });
    expect(toggleModifier(state, 'extras', 'vanilla')).toBe(state);
    const view = panelView(state, noStock);
    expect(view.lists[1]!.options.map((o) => o.state.disabled)).toEqual([false, true, false]);
    state = toggleModifier(state, 'extras', 'shot');
    expect(toggleModifier(state, 'extras', 'vanilla').modifiers).toEqual({ extras: ['vanilla', 'whip'] });
  });

  it('ignores a variation the item does not have', () => {
    const state = openForAdd(item('latte'));
    expect(chooseVariation(state, 'tea-regular')).toBe(state);
    expect(chooseVariation(state, 'latte-large').variationId).toBe('latte-large');
  });

  it('cuts the note at 50 characters without splitting an emoji', () => {
    const state = openForAdd(item('latte'));
    expect(setNote(state, 'x'.repeat(60)).note).toBe('x'.repeat(50));
    expect(setNote(state, `${'x'.repeat(49)}☕️`).note).toBe(`${'x'.repeat(49)}☕`);
    expect(setNote(state, `${'x'.repeat(49)}😀`).note).toBe('x'.repeat(49));
  });
});

describe('quantity and the action button', () => {
  it('keeps the quantity at least 1 in add mode', () => {
    const state = openForAdd(item('tea'));
    expect(setQuantity(state, 0).quantity).toBe(1);
    expect(setQuantity(state, -4).quantity).toBe(1);
    expect(setQuantity(state, 3).quantity).toBe(3);
  });

  it('allows 0 in edit mode, where the action becomes Remove and is allowed whatever the choices', () => {
    const state = setQuantity(openForEdit(item('latte'), line({ modifiers: {} })), 0);
    const view = panelView(state, noStock);
    expect(view.action).toBe('Remove');
    expect(view.errors).toEqual([]);
    expect(view.canSubmit).toBe(true);
    expect(panelToLine(state, 'k1')).toEqual(E.right(expect.objectContaining({ key: 'k1', quantity: 0 })));
  });

  it('asks for a variation first, then for each list', () => {
    const view = panelView(openForAdd(item('latte')), noStock);
    expect(view.errors).toEqual(['A variation is required', 'Milk is required']);
    expect(view.firstError).toBe('A variation is required');
    expect(view.canSubmit).toBe(false);
  });

  it('activates the action once the choices are valid and stock allows', () => {
    const state = toggleModifier(chooseVariation(openForAdd(item('latte')), 'latte-small'), 'milk', 'whole');
    expect(panelView(state, noStock).canSubmit).toBe(true);
    expect(panelView(state, { counts: { 'latte-small': 0 }, cart: [] }).canSubmit).toBe(false);
  });
});

describe('price shown in the panel', () => {
  it('shows the variation price range before a variation is chosen', () => {
    const view = panelView(openForAdd(item('latte')), noStock);
    expect(view.range).toEqual({ min: 425, max: 545 });
    expect(view.estimatedCost).toBeUndefined();
    expect(priceRange(item('latte').item)).toEqual({ min: 425, max: 545 });
    expect(formatPriceRange(priceRange(item('latte').item), 'USD')).toBe('$4.25 \u2013 $5.45');
    expect(formatPriceRange({ min: 425, max: 425 }, 'USD')).toBe('$4.25');
  });

  it('estimates (variation price plus modifier prices) times quantity', () => {
    let state = chooseVariation(openForAdd(item('latte')), 'latte-large');
    state = toggleModifier(toggleModifier(toggleModifier(state, 'milk', 'oat'), 'extras', 'shot'), 'extras', 'whip');
    state = setQuantity(state, 3);
    const view = panelView(state, noStock);
    expect(view.estimatedCost).toBe((545 + 75 + 100 + 50) * 3);
    expect(view.range).toBeUndefined();
  });
});

describe('stock in the panel (ordering.md sections 4 and 5)', () => {
  const chosen = () => toggleModifier(chooseVariation(openForAdd(item('latte')), 'latte-small'), 'milk', 'whole');

  it('caps a quantity asked above the stock left and warns "There is only {count} available at this time."', () => {
    const stock: PanelStock = { counts: { 'latte-small': 5 }, cart: [line({ key: 'other', quantity: 3 })] };
    const state = setQuantity(chosen(), 4, stock);
    expect(state.quantity).toBe(2);
    const view = panelView(state, stock);
    expect(view.stockWarning).toBe('There is only 2 available at this time.');
    expect(view.canSubmit).toBe(true);
    expect(panelView(setQuantity(state, 1, stock), stock).stockWarning).toBeUndefined();
  });

  it('warns and blocks when counts fall below the chosen quantity', () => {
    const state = setQuantity(chosen(), 4);
    const view = panelView(state, { counts: { 'latte-small': 3 }, cart: [] });
    expect(view.stockWarning).toBe('There is only 3 available at this time.');
    expect(view.canSubmit).toBe(false);
  });

  it('caps the quantity on an inventory update at stock minus what the bag holds', () => {
    const state = applyStock(setQuantity(chosen(), 4), { counts: { 'latte-small': 5 }, cart: [line({ key: 'other', quantity: 2 })] });
    expect(state.quantity).toBe(3);
  });

  it('adds back the edited line own quantity when editing', () => {
    const editing = line({ key: 'k1', quantity: 2, modifiers: { milk: ['whole'] } });
    const state = setQuantity(openForEdit(item('latte'), editing), 6);
    const stock: PanelStock = { counts: { 'latte-small': 5 }, cart: [editing, line({ key: 'k2', quantity: 1 })] };
    expect(applyStock(state, stock).quantity).toBe(4);
  });

  it('clears the variation and resets the quantity to 1 when nothing is left', () => {
    const state = applyStock(setQuantity(chosen(), 3), { counts: { 'latte-small': 2 }, cart: [line({ key: 'other', quantity: 2 })] });
    expect(state.variationId).toBeUndefined();
    expect(state.quantity).toBe(1);
  });

  it('treats a tracked variation with no count yet as available without limit', () => {
    const state = setQuantity(chosen(), 99, { counts: { 'latte-large': 1 }, cart: [] });
    expect(state.quantity).toBe(99);
    expect(panelView(state, noStock).canSubmit).toBe(true);
  });

  it('marks variations with nothing left as sold out', () => {
    const view = panelView(openForAdd(item('latte')), { counts: { 'latte-small': 1 }, cart: [line({ key: 'other', quantity: 1 })] });
    expect(view.variations.map((v) => v.soldOut)).toEqual([true, false]);
  });
});

describe('the line the panel makes', () => {
  it('makes a bag line under the key given by the caller', () => {
    let state = toggleModifier(chooseVariation(openForAdd(item('latte')), 'latte-large'), 'extras', 'whip');
    state = setNote(setQuantity(toggleModifier(state, 'milk', 'oat'), 2), 'no foam');
    expect(panelToLine(state, 'key-7')).toEqual(
      E.right({ key: 'key-7', itemId: 'latte', variationId: 'latte-large', quantity: 2, modifiers: { milk: ['oat'], extras: ['whip'] }, note: 'no foam' }),
    );
  });

  it('refuses with the first message while the choices are invalid', () => {
    expect(panelToLine(chooseVariation(openForAdd(item('latte')), 'latte-small'), 'k')).toEqual(E.left('Milk is required'));
  });
});

describe('adding a SkipModifierScreen item directly (the quick add decision)', () => {
  const skipping = (id: string): IndexedItem => ({ ...item(id), item: { ...item(id).item, SkipModifierScreen: true } });

  it('adds the only variation with its default options at quantity 1', () => {
    expect(quickAdd(item('tea'))).toEqual({ kind: 'add', line: { itemId: 'tea', variationId: 'tea-regular', quantity: 1, modifiers: {}, note: '' } });
    expect(quickAdd(item('cortado'))).toEqual({
      kind: 'add',
      line: { itemId: 'cortado', variationId: 'cortado-regular', quantity: 1, modifiers: { milk: ['oat'] }, note: '' },
    });
  });

  it('sends an item without SkipModifierScreen to the panel, whatever its choices', () => {
    expect(addsFromCard(item('latte').item)).toBe(false);
    expect(quickAdd(item('latte')).kind).toBe('panel');
    expect(quickAdd(item('tea')).kind).toBe('add');
  });

  it('opens the panel for an item with several variations', () => {
    expect(quickAdd(skipping('latte'))).toEqual({ kind: 'panel', reason: 'A variation is required' });
  });

  it('opens the panel for an item whose required list has no default in stock', () => {
    expect(quickAdd(item('flat-white'))).toEqual({ kind: 'panel', reason: 'Milk is required' });
  });

  it('says an item with no stock left is sold out, and opens nothing', () => {
    expect(quickAdd(item('tea'), { counts: { 'tea-regular': 1 }, cart: [line({ itemId: 'tea', variationId: 'tea-regular', quantity: 1 })] })).toEqual({
      kind: 'soldOut',
      message: 'Green Tea is out of stock at this time.',
    });
  });

  it('is sold out exactly when the stock left after the bag is below 1, and then never adds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 6 }), fc.integer({ min: 0, max: 6 }), (count, inBag) => {
        const cart = inBag === 0 ? [] : [line({ itemId: 'tea', variationId: 'tea-regular', quantity: inBag, modifiers: {}, note: '' })];
        const decision = quickAdd(item('tea'), { counts: { 'tea-regular': count }, cart });
        expect(decision.kind).toBe(count - inBag < 1 ? 'soldOut' : 'add');
      }),
    );
  });

  it('never adds a line the panel would refuse', () => {
    fc.assert(
      fc.property(fc.constantFrom('tea', 'cortado', 'flat-white', 'latte'), fc.boolean(), (id, skip) => {
        const indexed = skip ? skipping(id) : item(id);
        const decision = quickAdd(indexed);
        if (decision.kind === 'add') expect(panelToLine(openForAdd(indexed), 'k')).toEqual(E.right({ ...decision.line, key: 'k' }));
        else expect(decision.kind).toBe('panel');
      }),
    );
  });
});
