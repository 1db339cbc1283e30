// The variation group's label in shopper words: 'Size' when every variation names a size, else 'Choose one'.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesASize, variationGroupLabel, variationShownWith } from '../../src/domain/items/variationLabel';

describe('the variation group label', () => {
  it('is Size for the fixtures’ sized items', () => {
    expect(variationGroupLabel(['Small (12 oz)', 'Medium (16 oz)', 'Large (20 oz)'])).toBe('Size');
    expect(variationGroupLabel(['12"', '16"', '20"'])).toBe('Size');
    expect(variationGroupLabel(['Side', 'Full'])).toBe('Size');
    expect(variationGroupLabel(['Regular (16 oz)', 'Large (24 oz)'])).toBe('Size');
    expect(variationGroupLabel(['10 wings'])).toBe('Size');
    expect(variationGroupLabel(['Small', 'Large'])).toBe('Size');
  });

  it('is Choose one for flavours, colours and kinds, and for no variations', () => {
    expect(variationGroupLabel(['Plain', 'Sesame', 'Everything'])).toBe('Choose one');
    expect(variationGroupLabel(['Cola', 'Diet Cola', 'Lemon-Lime'])).toBe('Choose one');
    expect(variationGroupLabel(['Forest', 'Sand', 'Ink'])).toBe('Choose one');
    expect(variationGroupLabel(['Fine nib', 'Medium nib'])).toBe('Choose one');
    expect(variationGroupLabel([])).toBe('Choose one');
  });

  it('does not take a word that only starts like a size for one', () => {
    for (const name of ['Sand', 'Mint', 'Lemonade', 'Salted', 'Large-ish things'.replace('Large', 'Lager')]) expect(namesASize(name)).toBe(false);
  });

  const sizes = fc.constantFrom('Small', 'Medium', 'Large', 'Regular', '12"', '16 oz', '6 pieces', 'Extra Large', 'XL', 'Side', 'Full');
  const kinds = fc.constantFrom('Plain', 'Sesame', 'Cola', 'Forest', 'Tan', 'Everything', 'Blue-black', 'Fine nib');

  it('does not depend on the order of the variations', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(sizes, kinds), { minLength: 1, maxLength: 6 }), (names) => {
        expect(variationGroupLabel([...names].reverse())).toBe(variationGroupLabel(names));
      }),
    );
  });

  it('is Size exactly when every name is a size: one kind among sizes makes it Choose one', () => {
    fc.assert(
      fc.property(fc.array(sizes, { minLength: 1, maxLength: 5 }), kinds, fc.nat(), (names, kind, at) => {
        expect(variationGroupLabel(names)).toBe('Size');
        const mixed: string[] = [...names];
        mixed.splice(at % (names.length + 1), 0, kind);
        expect(variationGroupLabel(mixed)).toBe('Choose one');
      }),
    );
  });
});

describe('the variation beside its item', () => {
  it('is left out where the item already says it, and kept otherwise', () => {
    expect(variationShownWith('Cheese Slice', 'Slice')).toBe('');
    expect(variationShownWith('Cheese Slice', 'slice')).toBe('');
    expect(variationShownWith('Buffalo Wings', '10 wings')).toBe('10 wings');
    expect(variationShownWith('Latte', 'Medium (16 oz)')).toBe('Medium (16 oz)');
    expect(variationShownWith('Sliced Bread', 'Slice')).toBe('Slice');
    expect(variationShownWith('Latte', '')).toBe('');
  });

  it('never leaves out a name the item does not hold word for word', () => {
    const word = fc.constantFrom('Cheese', 'Slice', 'Large', 'Latte', 'Oat', 'Pie', 'Whole');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.array(word, { minLength: 1, maxLength: 2 }), (item, variation) => {
        const itemName = item.join(' ');
        const variationName = variation.join(' ');
        const held = ` ${itemName.toLowerCase()} `.includes(` ${variationName.toLowerCase()} `);
        expect(variationShownWith(itemName, variationName)).toBe(held ? '' : variationName);
      }),
    );
  });
});
