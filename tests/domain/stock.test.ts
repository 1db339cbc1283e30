import { describe, expect, it } from 'vitest';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { CartLine } from '../../src/domain/cart/cartLine';
import { availableStock, clampLinesToStock, isSoldOut, remainingForPanel } from '../../src/domain/items/stock';
import { lineValidAt } from '../../src/domain/items/lineValidity';
import { EXTRAS, LATTE, MILK, TEST_LOCATION, cartLine, catalogLocation } from '../support/fixtureCatalog';

const mug = { Id: 'mug', Name: 'Mug', Variations: [{ Id: 'mug-one', Name: 'One size', Price: 1200 }] };

function twoLocations(): { downtown: LocationCatalog; airport: LocationCatalog } {
  const raw = {
    Name: 'Cafe',
    Locations: [
      { ...TEST_LOCATION, Id: 'downtown', ModifierLists: [MILK, EXTRAS], Categories: [{ Id: 'c', Name: 'Drinks', Items: [LATTE, mug] }] },
      {
        ...TEST_LOCATION,
        Id: 'airport',
        // The airport sells lattes without extras, with oat milk sold out, and no mugs.
        ModifierLists: [{ ...MILK, Modifiers: MILK.Modifiers.map((m) => (m.Id === 'oat' ? { ...m, QuantityAvailable: 0 } : m)) }],
        Categories: [{ Id: 'c', Name: 'Drinks', Items: [{ ...LATTE, ModifierLists: [{ Id: 'milk' }] }] }],
      },
    ],
  };
  return { downtown: catalogLocation(raw, 'downtown'), airport: catalogLocation(raw, 'airport') };
}

const { downtown, airport } = twoLocations();
const line = (key: string, variationId: string, quantity: number, over: Partial<CartLine> = {}): CartLine =>
  cartLine({
    key,
    itemId: variationId === 'mug-one' ? 'mug' : 'latte',
    variationId,
    quantity,
    modifiers: variationId === 'mug-one' ? {} : { milk: ['whole'] },
    ...over,
  });

describe('stock of a variation (team decisions)', () => {
  it('gives a tracked variation with a known count that many', () => {
    expect(availableStock({ small: 4 }, { Id: 'small', TrackInventory: true })).toBe(4);
    expect(availableStock(new Map([['small', 4]]), { Id: 'small', TrackInventory: true })).toBe(4);
  });

  it('reads a negative count as none', () => {
    expect(availableStock({ small: -3 }, { Id: 'small', TrackInventory: true })).toBe(0);
  });

  it('treats a tracked variation with no count yet as unlimited', () => {
    expect(availableStock({ large: 1 }, { Id: 'small', TrackInventory: true })).toBe(Infinity);
    expect(availableStock({}, { Id: 'constructor', TrackInventory: true })).toBe(Infinity);
  });

  it('treats an untracked variation as unlimited whatever its count', () => {
    expect(availableStock({ small: 0 }, { Id: 'small', TrackInventory: false })).toBe(Infinity);
    expect(availableStock({ small: 0 }, { Id: 'small' })).toBe(Infinity);
  });
});

describe('item card and panel stock', () => {
  it('shows an item as sold out only when every variation is', () => {
    expect(isSoldOut(LATTE, { small: 0, large: 0 })).toBe(true);
    expect(isSoldOut(LATTE, { small: 0, large: 1 })).toBe(false);
    expect(isSoldOut(LATTE, { small: 0 })).toBe(false);
  });

  it('leaves the panel the stock minus what the bag holds of the variation', () => {
    const cart = [line('a', 'small', 2), line('b', 'large', 5), line('c', 'small', 1)];
    expect(remainingForPanel({ small: 5 }, { Id: 'small', TrackInventory: true }, cart)).toBe(2);
  });

  it('gives back the edited line own quantity', () => {
    const cart = [line('a', 'small', 2), line('c', 'small', 1)];
    expect(remainingForPanel({ small: 5 }, { Id: 'small', TrackInventory: true }, cart, 'a')).toBe(4);
  });

  it('never leaves the panel less than nothing', () => {
    expect(remainingForPanel({ small: 1 }, { Id: 'small', TrackInventory: true }, [line('a', 'small', 3)])).toBe(0);
  });
});

describe('clamping the bag to stock (ordering.md section 4, Inventory updates)', () => {
  it('lets earlier lines of a variation keep their quantity first', () => {
    const result = clampLinesToStock([line('a', 'small', 3), line('b', 'small', 4), line('c', 'large', 2)], downtown, { small: 5 });
    expect(result.lines.map((l) => [l.key, l.quantity])).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 2],
    ]);
    expect(result.clamped).toEqual([{ key: 'b', from: 4, to: 2 }]);
    expect(result.removedCount).toBe(0);
  });

  it('drops lines left with no stock and counts them', () => {
    const result = clampLinesToStock([line('a', 'small', 2), line('b', 'small', 1), line('c', 'large', 2)], downtown, { small: 2, large: 0 });
    expect(result.lines.map((l) => l.key)).toEqual(['a']);
    expect(result.removedCount).toBe(2);
    expect(result.clamped).toEqual([]);
  });

  it('returns the same bag when stock allows everything', () => {
    const lines = [line('a', 'small', 2), line('m', 'mug-one', 9)];
    const result = clampLinesToStock(lines, downtown, { small: 2, 'mug-one': 0 });
    expect(result.lines).toBe(lines);
    expect(result).toMatchObject({ removedCount: 0, clamped: [] });
  });

  it('leaves lines of variations the location does not sell to the location rule', () => {
    const lines = [line('m', 'mug-one', 3)];
    expect(clampLinesToStock(lines, airport, { 'mug-one': 0 }).lines).toBe(lines);
  });
});

describe('bag lines at a location (ordering.md section 4, Location selection)', () => {
  it('accepts a line whose item, variation and options the location sells', () => {
    expect(lineValidAt(downtown, line('a', 'small', 1, { modifiers: { milk: ['oat'], extras: ['shot', 'whip'] } }))).toBe(true);
    expect(lineValidAt(downtown, line('m', 'mug-one', 1))).toBe(true);
  });

  it('drops a line whose item the location does not sell', () => {
    expect(lineValidAt(airport, line('m', 'mug-one', 1))).toBe(false);
  });

  it('drops a line whose variation belongs to another item', () => {
    expect(lineValidAt(downtown, line('a', 'small', 1, { itemId: 'mug', modifiers: {} }))).toBe(false);
  });

  it('drops a line with an option from a list the item does not have there', () => {
    expect(lineValidAt(airport, line('a', 'small', 1, { modifiers: { milk: ['whole'], extras: ['shot'] } }))).toBe(false);
  });

  it('drops a line with an option the list does not offer', () => {
    expect(lineValidAt(downtown, line('a', 'small', 1, { modifiers: { milk: ['soy'] } }))).toBe(false);
  });

  it('drops a line whose option is out of stock there', () => {
    const oat = line('a', 'small', 1, { modifiers: { milk: ['oat'] } });
    expect(lineValidAt(downtown, oat)).toBe(true);
    expect(lineValidAt(airport, oat)).toBe(false);
  });

  it('drops a line that breaks a list rule', () => {
    expect(lineValidAt(downtown, line('a', 'small', 1, { modifiers: {} }))).toBe(false);
    expect(lineValidAt(downtown, line('a', 'small', 1, { modifiers: { milk: ['whole'], extras: ['shot', 'vanilla', 'whip'] } }))).toBe(false);
    expect(lineValidAt(downtown, line('a', 'small', 1, { modifiers: { milk: ['whole', 'whole'] } }))).toBe(false);
  });

  it('drops a line with a quantity below 1 or not whole', () => {
    expect(lineValidAt(downtown, line('a', 'small', 0))).toBe(false);
    expect(lineValidAt(downtown, line('a', 'small', 1.5))).toBe(false);
  });
});
