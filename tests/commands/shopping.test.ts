// The browsing and bag commands, one by one, against a real sandbox: what each answers, what it appends, and what it
// refuses (appending nothing). The rules behind them are the decisions in src/commands/decide/shopping.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon, Reward } from '../../src/domain/discounts/codecs';
import { bagView } from '../../src/events/selectors/bag';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York: the cafe is open (07:00-19:00).
const WEDNESDAY_10AM = Date.parse('2026-11-18T15:00:00Z');
const clock = { now: WEDNESDAY_10AM };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  clock.now = WEDNESDAY_10AM;
  shopper = await newShopper(running, clock);
});
afterEach(async () => shopper.close());

const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
const LATTE = { itemId: 'latte', variationId: 'latte-medium', quantity: 1, modifiers: { milk: ['milk-oat'], temperature: ['temp-hot'] }, note: '' };

async function atTheCafe(): Promise<void> {
  expectRight(await shopper.commands.loadCatalog());
  expectRight(await shopper.commands.refreshInventory());
}

const lines = () => shopper.store.getState().bag.lines.map((l) => `${l.quantity} x ${l.variationId}`);

describe('the catalog and the location', () => {
  it('loadCatalog records the catalog and selects the only location with a pickup time; a second load appends nothing', async () => {
    const first = await appendedBy(shopper, () => shopper.commands.loadCatalog());
    expect(first.types).toEqual(['CatalogLoaded', 'LocationSelected']);
    const state = shopper.store.getState();
    expect(state.locationId).toBe('cafe-hudson');
    expect(state.pickup.choice?.time).toBe('ASAP');
    const again = await appendedBy(shopper, () => shopper.commands.loadCatalog());
    expect(again.types).toEqual([]);
  });

  it('loadCatalog says the menu could not load when the API fails, and keeps the state', async () => {
    await control(running, 'fail', { path: '/api/Catalog', times: 1, status: 503 });
    const { result, types } = await appendedBy(shopper, () => shopper.commands.loadCatalog());
    expect(expectLeft(result)).toBe('We could not load the menu.');
    expect(types).toEqual([]);
  });

  it('selectLocation refuses a location the catalog does not have, appending nothing', async () => {
    expectRight(await shopper.commands.loadCatalog());
    const { result, types } = await appendedBy(shopper, () => shopper.commands.selectLocation('nowhere'));
    expect(expectLeft(result)).toBe('There is no location "nowhere" here.');
    expect(types).toEqual([]);
  });

  it('selectLocation takes an id in any case and records the catalog spelling', async () => {
    expectRight(await shopper.commands.loadCatalog());
    const { types } = await appendedBy(shopper, () => shopper.commands.selectLocation('CAFE-HUDSON'));
    expect(types).toEqual(['LocationSelected']);
    expect(shopper.store.getState().locationId).toBe('cafe-hudson');
  });
});

describe('stock', () => {
  it("refreshInventory records the location's counts as the API lists them", async () => {
    expectRight(await shopper.commands.loadCatalog());
    await control(running, 'stock', { locationId: 'cafe-hudson', variationId: 'latte-medium', count: 3 });
    const { types } = await appendedBy(shopper, () => shopper.commands.refreshInventory());
    expect(types).toEqual(['InventoryCounted']);
    expect(shopper.store.getState().inventory.counts['latte-medium']).toBe(3);
  });

  it('applyInventoryUpdate records a new count for this location only, and not a count it already has', async () => {
    await atTheCafe();
    expect((await appendedBy(shopper, () => shopper.commands.applyInventoryUpdate('chain-denver', 'latte-medium', 1))).types).toEqual([]);
    expect((await appendedBy(shopper, () => shopper.commands.applyInventoryUpdate('CAFE-HUDSON', 'latte-medium', 2))).types).toEqual(['InventoryUpdated']);
    expect(shopper.store.getState().inventory.counts['latte-medium']).toBe(2);
    expect((await appendedBy(shopper, () => shopper.commands.applyInventoryUpdate('cafe-hudson', 'latte-medium', 2))).types).toEqual([]);
  });
});

describe('the bag', () => {
  it('addToBag adds the line under a new key and answers it', async () => {
    await atTheCafe();
    const { result, types } = await appendedBy(shopper, () => shopper.commands.addToBag(LATTE));
    const key = expectRight(result);
    expect(types).toEqual(['BagLineAdded']);
    expect(shopper.store.getState().bag.lines.map((l) => l.key)).toEqual([key]);
  });

  it('addToBag refuses more than the stock left, a sold-out item and a choice the menu does not allow', async () => {
    await atTheCafe();
    expectRight(await shopper.commands.applyInventoryUpdate('cafe-hudson', 'drip-regular', 2));
    expect(expectLeft(await shopper.commands.addToBag({ ...DRIP, quantity: 3 }))).toBe('There is only 2 available at this time.');
    expectRight(await shopper.commands.addToBag({ ...DRIP, quantity: 2 }));
    expect(expectLeft(await shopper.commands.addToBag(DRIP))).toBe('Out of Stock');
    expect(expectLeft(await shopper.commands.addToBag({ ...LATTE, modifiers: { milk: ['no-such-milk'] } }))).toBe('This item cannot be ordered as chosen.');
    expect(lines()).toEqual(['2 x drip-regular']);
  });

  it('addToBag before a location is chosen asks for one', async () => {
    expect(expectLeft(await shopper.commands.addToBag(DRIP))).toBe('Choose a location first.');
  });

  it('updateLine saves an edit, removes the line at quantity 0, and refuses a line no longer in the bag', async () => {
    await atTheCafe();
    const key = expectRight(await shopper.commands.addToBag(LATTE));
    const line = shopper.store.getState().bag.lines[0]!;
    expectRight(await shopper.commands.updateLine({ ...line, quantity: 2, note: 'Extra hot' }));
    expect(shopper.store.getState().bag.lines[0]).toMatchObject({ key, quantity: 2, note: 'Extra hot' });
    expectRight(await shopper.commands.updateLine({ ...line, quantity: 0 }));
    expect(lines()).toEqual([]);
    const { result, types } = await appendedBy(shopper, () => shopper.commands.updateLine({ ...line, quantity: 1 }));
    expect(expectLeft(result)).toBe('That line is no longer in your bag.');
    expect(types).toEqual([]);
  });

  it('changeQuantity stops plus at the stock left and removes the line at 0', async () => {
    await atTheCafe();
    expectRight(await shopper.commands.applyInventoryUpdate('cafe-hudson', 'drip-regular', 2));
    const key = expectRight(await shopper.commands.addToBag(DRIP));
    expectRight(await shopper.commands.changeQuantity(key, 2));
    expect(expectLeft(await shopper.commands.changeQuantity(key, 3))).toBe('There is only 2 available at this time.');
    expect(lines()).toEqual(['2 x drip-regular']);
    expectRight(await shopper.commands.changeQuantity(key, 0));
    expect(lines()).toEqual([]);
  });

  it('removeLine removes the line; a key no longer in the bag appends nothing', async () => {
    await atTheCafe();
    const key = expectRight(await shopper.commands.addToBag(DRIP));
    expect((await appendedBy(shopper, () => shopper.commands.removeLine(key))).types).toEqual(['BagLineRemoved']);
    expect((await appendedBy(shopper, () => shopper.commands.removeLine(key))).types).toEqual([]);
  });
});

describe('discounts', () => {
  const coupon: Coupon = { Id: 'coupon-welcome', Name: 'Welcome', Type: 'EntireOrder', Percentage: '10' };
  const reward: Reward = { Id: 'reward-drip', Name: 'Free drip', Points: 50, Type: 'Items', Percentage: '100', Items: ['drip'] };

  it('applyCoupon refuses a coupon past its expiry and applies one still good', async () => {
    await atTheCafe();
    expectRight(await shopper.commands.addToBag(DRIP));
    const expired = { ...coupon, ExpiresAt: new Date(WEDNESDAY_10AM - 1000).toISOString() };
    expect(expectLeft(await shopper.commands.applyCoupon(expired))).toBe('This coupon has expired.');
    expect(shopper.store.getState().bag.discount).toBeNull();
    expectRight(await shopper.commands.applyCoupon({ ...coupon, ExpiresAt: new Date(WEDNESDAY_10AM + 60_000).toISOString() }));
    expect(shopper.store.getState().bag.discount).toMatchObject({ kind: 'coupon', coupon: { Id: 'coupon-welcome' } });
  });

  it('applyReward needs the points; removeDiscount takes the reward off', async () => {
    await atTheCafe();
    expectRight(await shopper.commands.addToBag(DRIP));
    expect(expectLeft(await shopper.commands.applyReward(reward, 49))).toBe('You need 1 Point more for this reward.');
    expectRight(await shopper.commands.applyReward(reward, 50));
    expect(bagView(shopper.store.getState(), shopper.store.context).preview?.totalDiscounts).toBe(275);
    expect((await appendedBy(shopper, () => shopper.commands.removeDiscount())).types).toEqual(['RewardRemoved']);
    expect(shopper.store.getState().bag.discount).toBeNull();
    expect((await appendedBy(shopper, () => shopper.commands.removeDiscount())).types).toEqual([]);
  });
});

describe('the tip', () => {
  it('setTip refuses an amount above the maximum in the spec words, takes one within it, and resetTip clears it once', async () => {
    await atTheCafe();
    expectRight(await shopper.commands.addToBag({ ...DRIP, quantity: 4 }));
    // 25% of $11.98 ($11.00 and 8.875% tax), rounded down.
    expect(expectLeft(await shopper.commands.setTip(300, null))).toBe('Tip Amount must not exceed $2.99');
    expectRight(await shopper.commands.setTip(299, null));
    expect(shopper.store.getState().bag.tip).toEqual({ amount: 299, percent: null });
    expect((await appendedBy(shopper, () => shopper.commands.resetTip())).types).toEqual(['TipReset']);
    expect(shopper.store.getState().bag.tip).toEqual({ amount: 0, percent: null });
    expect((await appendedBy(shopper, () => shopper.commands.resetTip())).types).toEqual([]);
  });

  it('setTip with an empty bag says the bag is empty', async () => {
    await atTheCafe();
    expect(expectLeft(await shopper.commands.setTip(100, null))).toBe('Your bag is empty.');
  });
});

describe('reorder', () => {
  async function orderedBefore(): Promise<string> {
    await atTheCafe();
    expectRight(await shopper.commands.addToBag({ ...LATTE, quantity: 2 }));
    expectRight(await shopper.commands.addToBag({ ...DRIP, quantity: 3 }));
    expectRight(await shopper.commands.chooseFulfillment('PICKUP'));
    expectRight(await shopper.commands.saveGuest({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(212) 555-0142' }));
    await shopper.addCard();
    return expectRight(await shopper.commands.placeOrder()).orderId;
  }

  it('repeats the whole order in the bag the shopper has, as one event', async () => {
    const orderId = await orderedBefore();
    expectRight(await shopper.commands.addToBag({ itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' }));
    const { result, types } = await appendedBy(shopper, () => shopper.commands.reorder(orderId));
    expect(expectRight(result)).toEqual({ added: 2, messages: [] });
    expect(types).toEqual(['OrderReordered']);
    expect(lines()).toEqual(['1 x croissant-each', '2 x latte-medium', '3 x drip-regular']);
    expect(shopper.store.getState().bag.lines.find((l) => l.variationId === 'latte-medium')?.modifiers).toEqual(LATTE.modifiers);
  });

  it('reduces a quantity above the stock left and leaves out what is sold out, saying both, and keeps the rest', async () => {
    const orderId = await orderedBefore();
    expectRight(await shopper.commands.applyInventoryUpdate('cafe-hudson', 'latte-medium', 0));
    expectRight(await shopper.commands.applyInventoryUpdate('cafe-hudson', 'drip-regular', 2));
    const { result, types } = await appendedBy(shopper, () => shopper.commands.reorder(orderId));
    const reordered = expectRight(result);
    expect(reordered.added).toBe(1);
    expect(reordered.messages).toHaveLength(2);
    expect(reordered.messages.join(' ')).toMatch(/Latte/);
    expect(reordered.messages.join(' ')).toMatch(/Drip/);
    expect(types).toEqual(['OrderReordered']);
    expect(lines()).toEqual(['2 x drip-regular']);
    // The bag's warnings carry the messages, so the page and a replay say the same.
    expect(shopper.store.getState().warnings.reorder?.messages).toEqual(reordered.messages);
  });

  it('one line of an order; an order not in the history, or nothing left to add, is refused and appends nothing', async () => {
    const orderId = await orderedBefore();
    const order = shopper.store.getState().orders.history[0]!.order!;
    const drip = order.LineItems.find((l) => l.VariationId === 'drip-regular')!;
    expect(expectRight(await shopper.commands.reorder(orderId, [drip.Uid])).added).toBe(1);
    expect(lines()).toEqual(['3 x drip-regular']);
    const unknown = await appendedBy(shopper, () => shopper.commands.reorder('no-such-order'));
    expect(expectLeft(unknown.result)).toBe('That order is not in your order history.');
    expect(unknown.types).toEqual([]);
    expectRight(await shopper.commands.applyInventoryUpdate('cafe-hudson', 'latte-medium', 0));
    const latte = order.LineItems.find((l) => l.VariationId === 'latte-medium')!;
    const none = await appendedBy(shopper, () => shopper.commands.reorder(orderId, [latte.Uid]));
    expect(expectLeft(none.result)).toMatch(/Latte/);
    expect(none.types).toEqual([]);
  });
});
