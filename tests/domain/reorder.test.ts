import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { CartLine } from '../../src/domain/cart/cartLine';
import type { OrderLineItem } from '../../src/domain/orders/codecs';
import { reorderLine } from '../../src/domain/items/reorder';
import { lineValidAt } from '../../src/domain/items/lineValidity';
import { EXTRAS, LATTE, MILK, cartLine, oneLocation } from '../support/fixtureCatalog';

function cafe(): LocationCatalog {
  return oneLocation({
    ModifierLists: [
      MILK,
      { ...EXTRAS, Modifiers: [...EXTRAS.Modifiers, { Id: 'caramel', Name: 'Caramel syrup', Price: 60, Ordinal: 4, QuantityAvailable: 0 }] },
    ],
    Categories: [{ Id: 'drinks', Name: 'Drinks', Items: [LATTE] }],
  });
}

const catalog = cafe();

const modifier = (Id: string, Name: string, BasePrice = 0) => ({ Id, Name, BasePrice });
const ordered = (over: Partial<OrderLineItem> = {}): OrderLineItem => ({
  Uid: 'u1',
  ItemName: 'Latte',
  ItemId: 'latte',
  VariationId: 'small',
  Quantity: 2,
  BasePrice: 425,
  GrossSales: 1000,
  TotalTax: 0,
  TotalDiscount: 0,
  Total: 1000,
  Note: 'extra hot',
  Modifiers: [modifier('whip', 'Whipped cream', 50), modifier('oat', 'Oat milk', 75), modifier('shot', 'Extra shot', 100)],
  ...over,
});
const inBag = (quantity: number): CartLine => cartLine({ key: 'b', itemId: 'latte', variationId: 'small', quantity, modifiers: { milk: ['whole'] } });

describe('reorder of a line (ordering.md section 5)', () => {
  it('repeats the line with its options grouped by list in list order, its quantity and note', () => {
    const result = reorderLine(catalog, ordered(), {}, []);
    expect(result).toEqual(
      E.right({ line: { itemId: 'latte', variationId: 'small', quantity: 2, modifiers: { milk: ['oat'], extras: ['shot', 'whip'] }, note: 'extra hot' } }),
    );
    expect(E.isRight(result) && lineValidAt(catalog, { key: 'k', ...result.right.line })).toBe(true);
  });

  it('fails when the item is no longer sold here', () => {
    expect(reorderLine(catalog, ordered({ ItemId: 'mocha', ItemName: 'Mocha', VariationId: 'mocha-small' }), {}, [])).toEqual(
      E.left('Mocha is no longer available at this location.'),
    );
  });

  it('fails when the variation is no longer sold here', () => {
    expect(reorderLine(catalog, ordered({ VariationId: 'medium' }), {}, [])).toEqual(E.left('Latte is no longer available at this location.'));
  });

  it('fails when no stock is left after what the bag holds', () => {
    expect(reorderLine(catalog, ordered(), { small: 0 }, [])).toEqual(E.left('Latte is out of stock at this time.'));
    expect(reorderLine(catalog, ordered(), { small: 3 }, [inBag(3)])).toEqual(E.left('Latte is out of stock at this time.'));
  });

  it('fails when an option ordered is no longer offered', () => {
    const result = reorderLine(catalog, ordered({ Modifiers: [modifier('soy', 'Soy milk'), modifier('hazelnut', 'Hazelnut syrup')] }), {}, []);
    expect(result).toEqual(E.left('One or more options of Latte are no longer offered: Soy milk, Hazelnut syrup. Open the item to choose again.'));
  });

  it('fails when a required list has no choice', () => {
    expect(reorderLine(catalog, ordered({ Modifiers: [modifier('shot', 'Extra shot')] }), {}, [])).toEqual(
      E.left('A required option of Latte is missing: Milk. Open the item to choose it.'),
    );
  });

  it('fails as a missing required option when the required choice is out of stock now', () => {
    expect(reorderLine(catalog, ordered({ Modifiers: [modifier('almond', 'Almond milk')] }), {}, [])).toEqual(
      E.left('A required option of Latte is missing: Milk. Open the item to choose it.'),
    );
  });

  it('fails when the choices exceed a list limit', () => {
    const Modifiers = [
      modifier('whole', 'Whole milk'),
      modifier('shot', 'Extra shot'),
      modifier('vanilla', 'Vanilla syrup'),
      modifier('whip', 'Whipped cream'),
    ];
    expect(reorderLine(catalog, ordered({ Modifiers }), {}, [])).toEqual(
      E.left('Some options of Latte have exceeded their limits: Extras. Open the item to change them.'),
    );
  });

  it('fails when an option of an optional list is out of stock now', () => {
    const Modifiers = [modifier('whole', 'Whole milk'), modifier('caramel', 'Caramel syrup')];
    expect(reorderLine(catalog, ordered({ Modifiers }), {}, [])).toEqual(
      E.left('An option of Latte is not available at this time: Caramel syrup. Open the item to choose again.'),
    );
  });

  it('shrinks the quantity to the stock left, with a warning', () => {
    const result = reorderLine(catalog, ordered({ Quantity: 5 }), { small: 3 }, [inBag(1)]);
    expect(E.isRight(result) && result.right).toMatchObject({
      line: { quantity: 2 },
      warning: 'The quantity of Latte will be reduced to 2: there is only 2 available at this time.',
    });
  });

  it('counts an option listed twice in the order once, and cuts the note at 50 characters', () => {
    const result = reorderLine(catalog, ordered({ Note: 'n'.repeat(70), Modifiers: [modifier('oat', 'Oat milk'), modifier('oat', 'Oat milk')] }), {}, []);
    expect(E.isRight(result) && result.right.line).toMatchObject({ modifiers: { milk: ['oat'] }, note: 'n'.repeat(50) });
  });
});
