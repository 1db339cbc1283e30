// A coupon or reward that takes nothing off the bag: what the bag and Place Order say it needs, in the catalog's words,
// and the toast when a second discount takes the first one's place (one per order).
import { describe, expect, it } from 'vitest';
import { findLocation } from '../../src/domain/catalog/catalogIndex';
import type { Discount } from '../../src/domain/discounts/codecs';
import { discountAddedMessage, discountNeeds, discountToSend, unusedDiscountBlocker } from '../../src/domain/discounts/unused';
import { itemCount } from '../../src/events/selectors/bag';
import { initialState } from '../../src/events/state';
import { fixtureCatalog } from '../support/fixtureCatalog';

const cafe = findLocation(fixtureCatalog('cafe'), 'cafe-hudson')!;
const reward = (rule: Partial<Discount>): Discount => ({ kind: 'reward', Id: 'r', Name: 'Free drip coffee', Type: 'Items', Percentage: '100', ...rule });

describe('what an unused discount needs', () => {
  it('names the items it matches, with their article, and says whether it is a reward or a coupon', () => {
    expect(discountNeeds(reward({ Items: ['drip'] }), cafe)).toBe('Add a Drip Coffee to use this reward.');
    expect(discountNeeds(reward({ kind: 'coupon', Items: ['americano', 'drip'] }), cafe)).toBe('Add an Americano or a Drip Coffee to use this coupon.');
  });

  it('names a variation with its item, and a variation of a listed item only once', () => {
    expect(discountNeeds(reward({ Variations: ['latte-large'] }), cafe)).toBe('Add a Latte (Large (20 oz)) to use this reward.');
    expect(discountNeeds(reward({ Items: ['latte'], Variations: ['latte-large'] }), cafe)).toBe('Add a Latte to use this reward.');
  });

  it('lists at most three names, then another eligible item', () => {
    const needs = discountNeeds(reward({ Items: ['latte', 'cappuccino', 'americano', 'drip'] }), cafe);
    expect(needs).toBe('Add a Latte, a Cappuccino, an Americano or another eligible item to use this reward.');
  });

  it('names the categories of a Categories discount', () => {
    expect(discountNeeds(reward({ kind: 'coupon', Type: 'Categories', Categories: ['bakery'] }), cafe)).toBe('Add an item from Bakery to use this coupon.');
  });

  it('asks for any item when the discount covers the order, or names nothing this location sells', () => {
    expect(discountNeeds(reward({ Type: 'EntireOrder' }), cafe)).toBe('Add an item to use this reward.');
    expect(discountNeeds(reward({ Items: ['no-such-item'] }), cafe)).toBe('Add an item to use this reward.');
  });

  it("Place Order's reason names the discount and what to do", () => {
    expect(unusedDiscountBlocker(reward({ Items: ['drip'] }), cafe)).toBe(
      'Free drip coffee takes nothing off this order. Add a Drip Coffee to use this reward, or remove it.',
    );
  });
});

describe('the discount an order sends', () => {
  it('is the bag’s only when it takes something off', () => {
    expect(discountToSend('reward', 275)).toBe('reward');
    expect(discountToSend('reward', 0)).toBeNull();
    expect(discountToSend('reward', null)).toBeNull();
    expect(discountToSend(null, 275)).toBeNull();
  });
});

describe('a second discount', () => {
  it('says that only one applies and which one now does', () => {
    expect(discountAddedMessage('Pastry Pal', 'Welcome', 'Coupon was added!')).toBe('Only one discount applies to an order: Pastry Pal now replaces Welcome.');
    expect(discountAddedMessage('Welcome', null, 'Coupon was added!')).toBe('Coupon was added!');
    expect(discountAddedMessage('Welcome', 'Welcome', 'Coupon was added!')).toBe('Coupon was added!');
  });
});

describe('the item count', () => {
  const line = { key: 'l', itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' };
  const held = { kind: 'coupon' as const, coupon: { Id: 'c', Name: 'Welcome', Type: 'EntireOrder' as const } };
  it('counts a held discount as one only while the bag holds something to buy, so badge and bag page agree', () => {
    expect(itemCount({ bag: { ...initialState.bag, discount: held } })).toBe(0);
    expect(itemCount({ bag: { ...initialState.bag, lines: [line], discount: held } })).toBe(3);
    expect(itemCount({ bag: { ...initialState.bag, lines: [line] } })).toBe(2);
  });
});
