import { describe, expect, it } from 'vitest';
import { itemCount, bagView, bagWarnings, currentCounts, REMOVED_ITEMS_WARNING } from '../../src/events/selectors/bag';
import { failureAtCard, placeOrderReadiness } from '../../src/events/selectors/checkout';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from './support';

const cafe = fixtureCatalog('cafe');
const chain = fixtureCatalog('pizza-chain');
const chainIds = chain.locations.map((l) => l.Id).filter((id) => id !== 'chain-test-kitchen');
const latte = { milk: ['milk-oat'], extras: ['extra-shot', 'extra-vanilla'], temperature: ['temp-hot'] };

function cafeSession(start?: string) {
  const s = new Session({ cafe }, start);
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  return s;
}

describe('bag reducer', () => {
  it('renews the idempotency key on every cart change', () => {
    const s = cafeSession();
    const keys = [s.state.bag.idempotencyKey];
    const line = s.addLine('latte', 'latte-medium', 1, latte);
    keys.push(s.state.bag.idempotencyKey);
    s.emit('BagLineQuantityChanged', { key: line, quantity: 2, idempotencyKey: 'idem-q' });
    keys.push(s.state.bag.idempotencyKey);
    s.emit('TipSet', { amount: 100, percent: null, idempotencyKey: 'idem-t' });
    keys.push(s.state.bag.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(s.state.bag.idempotencyKey).toBe('idem-t');
  });

  it('keeps the key when an event changes nothing', () => {
    const s = cafeSession();
    const line = s.addLine('croissant', 'croissant-each');
    const key = s.state.bag.idempotencyKey;
    s.emit('BagLineQuantityChanged', { key: line, quantity: 1, idempotencyKey: 'idem-same' });
    expect(s.state.bag.idempotencyKey).toBe(key);
    expect(s.state.log.ignored).toBe(1);
  });

  it('removes a line whose quantity goes to 0, by update or by minus', () => {
    const s = cafeSession();
    const a = s.addLine('croissant', 'croissant-each', 2);
    const b = s.addLine('latte', 'latte-small', 1, latte);
    s.emit('BagLineQuantityChanged', { key: a, quantity: 0, idempotencyKey: s.key('idem') });
    expect(s.state.bag.lines.map((l) => l.key)).toEqual([b]);
    s.emit('BagLineUpdated', { line: { ...s.state.bag.lines[0]!, quantity: 0 }, idempotencyKey: s.key('idem') });
    expect(s.state.bag.lines).toEqual([]);
  });

  it('adds to the quantity of an identical line instead of repeating it', () => {
    const s = cafeSession();
    const first = s.addLine('latte', 'latte-small', 1, latte);
    s.addLine('latte', 'latte-small', 2, { extras: ['extra-vanilla', 'extra-shot'], milk: ['milk-oat'], temperature: ['temp-hot'] });
    const skim = s.addLine('latte', 'latte-small', 1, { ...latte, milk: ['milk-skim'] });
    expect(s.state.bag.lines.map((l) => [l.key, l.quantity])).toEqual([
      [first, 3],
      [skim, 1],
    ]);
  });

  it('ignores a line the location does not sell or whose choices break the modifier rules', () => {
    const s = cafeSession();
    s.addLine('margherita', 'margherita-12');
    s.addLine('latte', 'latte-small', 1, { milk: ['milk-oat', 'milk-skim'] });
    s.addLine('latte', 'latte-small', 1, { milk: ['milk-almond'] });
    expect(s.state.bag.lines).toEqual([]);
    expect(s.state.log.ignored).toBe(3);
  });

  it('lets a coupon clear a reward and a reward clear a coupon', () => {
    const s = cafeSession();
    s.addLine('drip', 'drip-regular');
    const coupon = { Id: 'c1', Name: 'Welcome', Type: 'EntireOrder' as const, Percentage: '10' };
    const reward = { Id: 'r1', Name: 'Free drip', Points: 50, Type: 'Items' as const, Percentage: '100', Items: ['drip'] };
    s.emit('RewardApplied', { reward, idempotencyKey: s.key('idem') });
    expect(s.state.bag.discount).toEqual({ kind: 'reward', reward });
    s.emit('CouponApplied', { coupon, idempotencyKey: s.key('idem') });
    expect(s.state.bag.discount).toEqual({ kind: 'coupon', coupon });
    s.emit('RewardApplied', { reward, idempotencyKey: s.key('idem') });
    expect(s.state.bag.discount?.kind).toBe('reward');
  });

  it('counts a coupon or reward as one item', () => {
    const s = cafeSession();
    s.addLine('croissant', 'croissant-each', 2);
    expect(itemCount(s.state)).toBe(2);
    s.emit('CouponApplied', { coupon: { Id: 'c', Name: 'C', Type: 'EntireOrder', AmountMoney: 100 }, idempotencyKey: s.key('idem') });
    expect(itemCount(s.state)).toBe(3);
  });

  it('resets a tip that the bag change left above the maximum to 0', () => {
    const s = cafeSession();
    const big = s.addLine('latte', 'latte-large', 4, latte);
    s.addLine('croissant', 'croissant-each', 1);
    // 25% of the base is allowed; this tip fits the full bag.
    const base = bagView(s.state, s.ctx).preview!.grandTotal;
    const tip = Math.floor(base * 0.2);
    s.emit('TipSet', { amount: tip, percent: 20, idempotencyKey: s.key('idem') });
    expect(s.state.bag.tip.amount).toBe(tip);
    s.emit('BagLineRemoved', { key: big, idempotencyKey: s.key('idem') });
    expect(s.state.bag.tip).toEqual({ amount: 0, percent: null });
  });

  it('resets a tip when adding a line ends the 100%-discount fallback of the tip base', () => {
    const s = cafeSession();
    s.addLine('americano', 'americano-large', 2, { extras: [], temperature: ['temp-hot'] });
    s.emit('RewardApplied', {
      reward: { Id: 'r', Name: 'Coffee treat', Points: 50, Type: 'Categories', Percentage: '100', Categories: ['coffee'] },
      idempotencyKey: s.key('idem'),
    });
    // The bag totals 0, so the tip base falls back to the gross total (7.50 + tax): 25% of it allows 2.04.
    s.emit('TipSet', { amount: 138, percent: null, idempotencyKey: s.key('idem') });
    expect(s.state.bag.tip.amount).toBe(138);
    // A muffin makes the real total 3.50 + tax the base again: 25% of 3.81 is 0.95, so 1.38 is too much.
    s.addLine('muffin', 'muffin-each', 1);
    expect(s.state.bag.tip).toEqual({ amount: 0, percent: null });
  });

  it('refuses a tip above the maximum outright', () => {
    const s = cafeSession();
    s.addLine('croissant', 'croissant-each', 1);
    s.emit('TipSet', { amount: 10_000, percent: null, idempotencyKey: s.key('idem') });
    expect(s.state.bag.tip.amount).toBe(0);
  });
});

describe('location selection', () => {
  it('drops lines the new location cannot sell, warns with the spec message and resets the tip', () => {
    const s = new Session({ chain });
    s.open('chain', chainIds, 'chain-brooklyn');
    s.addLine('wings', 'wings-ten');
    s.addLine('margherita', 'margherita-12', 1, { crust: ['crust-thin'] });
    s.emit('TipSet', { amount: 200, percent: null, idempotencyKey: s.key('idem') });
    s.selectLocation('chain-chicago');
    expect(s.state.bag.lines.map((l) => l.itemId)).toEqual(['margherita']);
    expect(s.state.bag.tip.amount).toBe(0);
    expect(bagWarnings(s.state)).toEqual([{ seq: s.events.length, at: s.events.at(-1)!.at, kind: 'removed', message: REMOVED_ITEMS_WARNING }]);
    expect(s.state.warnings.removal).toMatchObject({ reason: 'location', names: ['Buffalo Wings'] });
  });

  it('resets the tip at a location without tipping even when no line dropped', () => {
    const s = new Session({ chain }, '2026-11-18T23:00:00Z');
    s.open('chain', chainIds, 'chain-brooklyn');
    s.addLine('cheese-slice', 'cheese-slice-each', 2);
    s.emit('TipSet', { amount: 100, percent: null, idempotencyKey: s.key('idem') });
    s.selectLocation('CHAIN-DENVER');
    expect(s.state.locationId).toBe('chain-denver');
    expect(s.state.bag.tip.amount).toBe(0);
    expect(s.state.bag.lines).toHaveLength(1);
  });

  it('ignores a location the configuration excludes', () => {
    const s = new Session({ chain });
    s.open('chain', chainIds, 'chain-brooklyn');
    s.selectLocation('chain-test-kitchen');
    expect(s.state.locationId).toBe('chain-brooklyn');
  });

  it('picks ASAP when open, and marks must-confirm-date when the first time is another day', () => {
    // Wednesday 2026-11-18 15:00Z is 10:00 in New York: the cafe is open.
    const open = cafeSession('2026-11-18T15:00:00Z');
    expect(open.state.pickup).toEqual({ choice: { date: '2026-11-18', time: 'ASAP' }, userSelected: false, mustConfirmDate: false });
    // 02:00 in New York: closed until 07:00, so the first time is a scheduled slot today (not another day).
    const night = cafeSession('2026-11-18T07:00:00Z');
    expect(night.state.pickup.choice).toEqual({ date: '2026-11-18', time: '2026-11-18T12:00:00Z' });
    expect(night.state.pickup.mustConfirmDate).toBe(false);
    // 23:00 in New York on Wednesday: the first time is Thursday 07:00, so the date must be confirmed.
    const late = cafeSession('2026-11-19T04:00:00Z');
    expect(late.state.pickup.choice?.date).toBe('2026-11-19');
    expect(late.state.pickup.mustConfirmDate).toBe(true);
  });

  it('keeps a chosen time that is still valid at the new location, otherwise re-picks', () => {
    const s = new Session({ chain }, '2026-11-18T17:00:00Z');
    s.open('chain', chainIds, 'chain-brooklyn');
    s.emit('PickupTimeChosen', { choice: { date: '2026-11-19', time: '2026-11-19T18:00:00Z' }, idempotencyKey: s.key('idem') });
    expect(s.state.pickup.userSelected).toBe(true);
    // LA (Silver Lake) is open at 10:00 local on Thursday: 18:00Z is 10:00 there.
    s.selectLocation('chain-silverlake');
    // Kept, and (section 4) marked 'must confirm date' again because the day is not today.
    expect(s.state.pickup).toEqual({ choice: { date: '2026-11-19', time: '2026-11-19T18:00:00Z' }, userSelected: true, mustConfirmDate: true });
    // Denver opens at 16:00 local (23:00Z): 18:00Z is not a slot there.
    s.selectLocation('chain-denver');
    expect(s.state.pickup.userSelected).toBe(false);
    expect(s.state.pickup.choice).not.toEqual({ date: '2026-11-19', time: '2026-11-19T18:00:00Z' });
  });
});

describe('inventory', () => {
  it('clamps quantities to stock, drops lines with none left and records the removed count', () => {
    const s = cafeSession();
    const latteLine = s.addLine('latte', 'latte-medium', 3, latte);
    s.addLine('croissant', 'croissant-each', 2);
    s.emit('InventoryCounted', { locationId: 'cafe-hudson', counts: { 'latte-medium': 1, 'croissant-each': 0 }, idempotencyKey: s.key('idem') });
    expect(s.state.bag.lines.map((l) => [l.key, l.quantity])).toEqual([[latteLine, 1]]);
    expect(s.state.warnings.removal).toMatchObject({ count: 1, reason: 'stock', names: ['Butter Croissant'] });
    // Sold out is named with its reason; the spec's location sentence is kept for a change of location.
    expect(bagWarnings(s.state).map((w) => w.message)).toEqual([
      'Butter Croissant is out of stock at this time, so we removed it from your bag.',
      'There is only 1 available at this time.',
    ]);
  });

  it('names each item that sold out once, however many lines it had', () => {
    const s = cafeSession();
    s.addLine('latte', 'latte-medium', 1, latte);
    s.addLine('latte', 'latte-medium', 1, { ...latte, milk: ['milk-whole'] });
    s.addLine('croissant', 'croissant-each', 2);
    s.emit('InventoryCounted', { locationId: 'cafe-hudson', counts: { 'latte-medium': 0, 'croissant-each': 0 }, idempotencyKey: s.key('idem') });
    expect(s.state.bag.lines).toEqual([]);
    expect(s.state.warnings.removal).toMatchObject({ count: 3, reason: 'stock', names: ['Latte', 'Butter Croissant'] });
    expect(bagWarnings(s.state).map((w) => w.message)).toEqual(['Latte and Butter Croissant are out of stock at this time, so we removed them from your bag.']);
  });

  it('applies a hub update only for the current location', () => {
    const s = cafeSession();
    s.addLine('croissant', 'croissant-each', 2);
    s.emit('InventoryUpdated', { locationId: 'somewhere-else', variationId: 'croissant-each', count: 0, idempotencyKey: s.key('idem') });
    expect(s.state.bag.lines).toHaveLength(1);
    s.emit('InventoryUpdated', { locationId: 'cafe-hudson', variationId: 'croissant-each', count: 1, idempotencyKey: s.key('idem') });
    expect(s.state.bag.lines[0]!.quantity).toBe(1);
    expect(s.state.inventory.counted).toBe(false);
  });

  it('resets the tip when stock made the count fall', () => {
    const s = cafeSession();
    s.addLine('croissant', 'croissant-each', 3);
    s.emit('TipSet', { amount: 100, percent: null, idempotencyKey: s.key('idem') });
    s.emit('InventoryUpdated', { locationId: 'cafe-hudson', variationId: 'croissant-each', count: 2, idempotencyKey: s.key('idem') });
    expect(s.state.bag.tip.amount).toBe(0);
  });
});

describe('placing an order', () => {
  function readySession() {
    const s = cafeSession();
    s.addLine('latte', 'latte-small', 1, latte);
    s.emit('CouponApplied', { coupon: { Id: 'c', Name: 'C', Type: 'EntireOrder', AmountMoney: 100 }, idempotencyKey: s.key('idem') });
    s.emit('TipSet', { amount: 50, percent: null, idempotencyKey: s.key('idem') });
    s.emit('FulfillmentChosen', { fulfillmentType: 'PICKUP', idempotencyKey: s.key('idem') });
    s.emit('PickupNotesSaved', { notes: 'By the window', idempotencyKey: s.key('idem') });
    s.emit('GuestDetailsSaved', {
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' },
      confirmed: true,
      idempotencyKey: s.key('idem'),
    });
    s.emit('CardAdded', { card: { key: 'card-1', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, saved: false }, idempotencyKey: s.key('idem') });
    return s;
  }

  it('is allowed exactly when the spec conditions hold, and says why not otherwise', () => {
    const s = cafeSession();
    // An empty bag totals 0, so no card is needed yet.
    expect(placeOrderReadiness(s.state, bagView(s.state, s.ctx)).blockers).toEqual(['identity', 'empty']);
    const ready = readySession();
    expect(placeOrderReadiness(ready.state, bagView(ready.state, ready.ctx))).toEqual({ canPlace: true, blockers: [], messages: [] });
    ready.emit('FulfillmentChosen', { fulfillmentType: 'DINEIN', idempotencyKey: ready.key('idem') });
    expect(placeOrderReadiness(ready.state, bagView(ready.state, ready.ctx)).blockers).toEqual(['table']);
    ready.emit('DineInNoteSaved', { note: 'whatever', skipNote: true, idempotencyKey: ready.key('idem') });
    expect(ready.state.checkout.dineIn).toEqual({ note: 'No Table', skipNote: true });
    expect(placeOrderReadiness(ready.state, bagView(ready.state, ready.ctx)).canPlace).toBe(true);
  });

  it('keeps everything on failure and clears what the spec says on success, prepending the order', () => {
    const s = readySession();
    const key = s.state.bag.idempotencyKey;
    s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
    expect(placeOrderReadiness(s.state, bagView(s.state, s.ctx)).blockers).toEqual(['pending']);
    const before = s.state;
    s.emit('OrderPlacementFailed', { idempotencyKey: key, codes: ['GENERIC_DECLINE'], message: 'The credit card was declined.', outcome: 'refused' });
    expect(s.state.bag).toEqual(before.bag);
    expect(s.state.checkout).toEqual(before.checkout);
    expect(s.state.placement).toMatchObject({ status: 'failed', message: 'The credit card was declined.' });
    s.emit('OrderPlaced', { idempotencyKey: key, orderId: 'order-1', order: null, nextIdempotencyKey: 'idem-next' });
    expect(s.state.bag).toEqual({ lines: [], discount: null, tip: { amount: 0, percent: null }, idempotencyKey: 'idem-next' });
    expect(s.state.checkout.guest).toBeNull();
    expect(s.state.checkout.fulfillmentType).toBe('PICKUP');
    expect(s.state.checkout.pickupNotes).toBe('');
    expect(s.state.pickup.userSelected).toBe(false);
    expect(s.state.orders.history.map((o) => o.orderId)).toEqual(['order-1']);
    s.emit('OrderPlaced', { idempotencyKey: key, orderId: 'order-1', order: null, nextIdempotencyKey: 'idem-other' });
    expect(s.state.orders.history).toHaveLength(1);
    expect(s.state.bag.idempotencyKey).toBe('idem-next');
  });

  it('a refused card waits for another: Place Order is blocked until a different card is selected; other failures block nothing', () => {
    const readiness = (s: ReturnType<typeof readySession>) => placeOrderReadiness(s.state, bagView(s.state, s.ctx));
    for (const codes of [['GENERIC_DECLINE'], ['CVV_FAILURE'], ['INSUFFICIENT_FUNDS'], ['ADDRESS_VERIFICATION_FAILURE']]) {
      const s = readySession();
      const key = s.state.bag.idempotencyKey;
      s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
      s.emit('OrderPlacementFailed', { idempotencyKey: key, codes, message: 'refused', outcome: 'refused' });
      expect(s.state.placement.refusedCardKey).toBe('card-1');
      expect(readiness(s)).toMatchObject({ canPlace: false, blockers: ['cardRefused'] });
      // The card's block says it aloud; the other places are seen only.
      expect(failureAtCard(s.state)).toBe(true);
      // Another card: the refusal was of the old one.
      s.emit('CardAdded', { card: { key: 'card-2', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, saved: false }, idempotencyKey: s.key('idem') });
      expect(readiness(s)).toEqual({ canPlace: true, blockers: [], messages: [] });
      expect(failureAtCard(s.state)).toBe(false);
    }
    const s = readySession();
    const key = s.state.bag.idempotencyKey;
    s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
    s.emit('OrderPlacementFailed', { idempotencyKey: key, codes: ['VARIATION_OUT_OF_STOCK'], message: 'gone', outcome: 'refused' });
    expect(s.state.placement.refusedCardKey).toBeNull();
    expect(readiness(s).blockers).not.toContain('cardRefused');
    expect(failureAtCard(s.state)).toBe(false);
    // The next attempt starts clean.
    s.emit('OrderPlacementStarted', { idempotencyKey: key, queued: false, locationId: 'cafe-hudson', grandTotal: 500, pickupAt: null });
    expect(s.state.placement.refusedCardKey).toBeNull();
  });
});

describe('cards', () => {
  it('selects a remembered card as default, falls back to the first when the default is removed', () => {
    const s = cafeSession();
    const card = (key: string, saved: boolean) => ({ key, brand: 'visa', last4: key.slice(-4), expMonth: 1, expYear: 2031, saved });
    s.emit('CardAdded', { card: card('card-0001', true), idempotencyKey: s.key('idem') });
    s.emit('CardAdded', { card: card('card-0002', true), idempotencyKey: s.key('idem') });
    expect(s.state.account.defaultCardKey).toBe('card-0002');
    s.emit('CardSelected', { card: card('card-0001', true), idempotencyKey: s.key('idem') });
    expect(s.state.account.defaultCardKey).toBe('card-0001');
    s.emit('CardRemoved', { key: 'card-0001', idempotencyKey: s.key('idem') });
    expect(s.state.checkout.selectedCardKey).toBeNull();
    expect(s.state.account.defaultCardKey).toBe('card-0002');
  });
});

describe('delivery', () => {
  it('is offered where a location enables it, and a guest choosing it is asked to sign in', async () => {
    const { checkoutFulfillments, offeredFulfillments } = await import('../../src/domain/fulfillment');
    const location = { Fulfillments: { Pickup: { Enabled: true }, Delivery: { Enabled: true } } };
    expect(offeredFulfillments(location)).toEqual(['PICKUP', 'DELIVERY']);
    expect(checkoutFulfillments(location)).toEqual(['PICKUP', 'DELIVERY']);
    const s = cafeSession();
    s.addLine('croissant', 'croissant-each');
    const state = { ...s.state, checkout: { ...s.state.checkout, fulfillmentType: 'DELIVERY' as const } };
    expect(placeOrderReadiness(state, bagView(state, s.ctx)).blockers).toContain('deliverySignIn');
  });

  it('preselects Delivery at a Delivery-only location and records the choice where it is enabled', async () => {
    const { canCheckOutWith, defaultFulfillment } = await import('../../src/domain/fulfillment');
    const deliveryOnly = { Fulfillments: { Delivery: { Enabled: true } } };
    expect(defaultFulfillment(deliveryOnly)).toBe('DELIVERY');
    expect(canCheckOutWith(deliveryOnly, 'PICKUP')).toBe(false);
    // Several types: Pickup when it is one of them, else the shopper chooses.
    expect(defaultFulfillment({ Fulfillments: { Pickup: { Enabled: true }, Curbside: { Enabled: true } } })).toBe('PICKUP');
    expect(defaultFulfillment({ Fulfillments: { DineIn: { Enabled: true }, Curbside: { Enabled: true } } })).toBeNull();
    expect(defaultFulfillment({})).toBe('PICKUP');
    const s = cafeSession();
    s.emit('FulfillmentChosen', { fulfillmentType: 'DELIVERY', idempotencyKey: s.key('idem') });
    expect(s.state.checkout.fulfillmentType).toBe('DELIVERY');
  });
});

describe('current stock counts', () => {
  it("are the chosen location's, and none after a move until the new location's arrive", () => {
    const s = new Session({ chain });
    s.open('chain', chainIds, 'chain-brooklyn');
    s.emit('InventoryCounted', { locationId: 'chain-brooklyn', counts: { 'cold-brew-large': 3 }, idempotencyKey: s.key('idem') });
    expect(currentCounts(s.state)).toEqual({ 'cold-brew-large': 3 });
    s.selectLocation('chain-chicago');
    expect(currentCounts(s.state)).toEqual({});
    // A late answer for the location the shopper left never shows as the new one's stock.
    s.emit('InventoryCounted', { locationId: 'chain-brooklyn', counts: { 'cold-brew-large': 3 }, idempotencyKey: s.key('idem') });
    expect(currentCounts(s.state)).toEqual({});
  });
});
