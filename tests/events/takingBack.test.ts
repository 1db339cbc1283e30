// The facts that take a choice back (a coupon, the fulfillment, the guest's details) and the curbside vehicle the
// checkout remembers: what each changes, what it leaves alone, and that each is ignored where it makes no sense.
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/store/redact';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from './support';

const cafe = fixtureCatalog('cafe');
const welcome = { Id: 'c1', Name: 'Welcome', Type: 'EntireOrder' as const, Percentage: '10' };
const freeDrip = { Id: 'r1', Name: 'Free drip', Points: 50, Type: 'Items' as const, Percentage: '100', Items: ['drip'] };
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' };
const car = { make: 'Volvo', model: '240', color: 'Blue', note: 'Parked by the oak' };

function cafeSession() {
  const s = new Session({ cafe });
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  return s;
}

describe('CouponRemoved', () => {
  it('takes the coupon off the bag with a new key, leaving the lines and a tip that still fits', () => {
    const s = cafeSession();
    s.addLine('drip', 'drip-regular', 2);
    s.emit('CouponApplied', { coupon: welcome, idempotencyKey: s.key('idem') });
    s.emit('TipSet', { amount: 50, percent: null, idempotencyKey: s.key('idem') });
    const before = s.state.bag;
    s.emit('CouponRemoved', { couponId: 'c1', idempotencyKey: 'idem-removed' });
    expect(s.state.bag.discount).toBeNull();
    expect(s.state.bag.lines).toBe(before.lines);
    expect(s.state.bag.tip).toEqual({ amount: 50, percent: null });
    expect(s.state.bag.idempotencyKey).toBe('idem-removed');
  });

  it('is ignored for another coupon, or when the bag holds a reward', () => {
    const s = cafeSession();
    s.addLine('drip', 'drip-regular');
    s.emit('CouponApplied', { coupon: welcome, idempotencyKey: s.key('idem') });
    const withCoupon = s.state.bag;
    s.emit('CouponRemoved', { couponId: 'another', idempotencyKey: s.key('idem') });
    expect(s.state.bag).toBe(withCoupon);
    s.emit('RewardApplied', { reward: freeDrip, idempotencyKey: s.key('idem') });
    const withReward = s.state.bag;
    s.emit('CouponRemoved', { couponId: 'c1', idempotencyKey: s.key('idem') });
    expect(s.state.bag).toBe(withReward);
    expect(s.state.log.ignored).toBe(2);
  });
});

describe('FulfillmentCleared', () => {
  it('clears the chosen fulfillment and its notes, and keeps the remembered vehicle', () => {
    const s = cafeSession();
    s.emit('FulfillmentChosen', { fulfillmentType: 'CURBSIDE', idempotencyKey: s.key('idem') });
    s.emit('CurbsideVehicleSaved', { vehicle: car, idempotencyKey: s.key('idem') });
    s.emit('PickupNotesSaved', { notes: 'Ring twice', idempotencyKey: s.key('idem') });
    s.emit('FulfillmentCleared', { idempotencyKey: 'idem-cleared' });
    expect(s.state.checkout).toMatchObject({ fulfillmentType: null, pickupNotes: '', vehicle: car });
    expect(s.state.bag.idempotencyKey).toBe('idem-cleared');
  });

  it('clears the fulfillment the location chose by default, and is ignored once none is chosen', () => {
    const s = cafeSession();
    expect(s.state.checkout.fulfillmentType).toBe('PICKUP');
    s.emit('FulfillmentCleared', { idempotencyKey: s.key('idem') });
    expect(s.state.checkout.fulfillmentType).toBeNull();
    const before = s.state;
    s.emit('FulfillmentCleared', { idempotencyKey: s.key('idem') });
    expect(s.state.checkout).toBe(before.checkout);
    expect(s.state.log.ignored).toBe(before.log.ignored + 1);
  });
});

describe('CurbsideVehicleSaved', () => {
  it('remembers the car across a change of fulfillment, the last one saved winning', () => {
    const s = cafeSession();
    s.emit('FulfillmentChosen', { fulfillmentType: 'CURBSIDE', idempotencyKey: s.key('idem') });
    s.emit('CurbsideVehicleSaved', { vehicle: { ...car, color: 'Red' }, idempotencyKey: s.key('idem') });
    s.emit('CurbsideVehicleSaved', { vehicle: car, idempotencyKey: s.key('idem') });
    s.emit('FulfillmentChosen', { fulfillmentType: 'PICKUP', idempotencyKey: s.key('idem') });
    expect(s.state.checkout.fulfillmentType).toBe('PICKUP');
    expect(s.state.checkout.vehicle).toEqual(car);
  });

  it('redacts the car (with the store and the hour it picks the shopper out) and their words about it', () => {
    const s = cafeSession();
    s.emit('CurbsideVehicleSaved', { vehicle: car, idempotencyKey: s.key('idem') });
    const saved = s.drafts.at(-1)!;
    const redacted = createRedactor().event({ seq: 1, id: saved.id, type: saved.type, v: 1, at: saved.at, data: saved.data });
    expect(redacted.data).toMatchObject({ vehicle: { make: 'Vehicle 1', model: 'Vehicle 2', color: 'Vehicle 3' } });
    expect(JSON.stringify(redacted.data)).not.toMatch(/oak|Volvo|240|Blue/);
  });
});

describe('GuestDetailsCleared', () => {
  it("takes back the guest's details and their confirmation, with a new key", () => {
    const s = cafeSession();
    s.emit('GuestDetailsSaved', { guest, confirmed: true, idempotencyKey: s.key('idem') });
    expect(s.state.checkout).toMatchObject({ guest, guestConfirmed: true });
    s.emit('GuestDetailsCleared', { idempotencyKey: 'idem-cleared' });
    expect(s.state.checkout).toMatchObject({ guest: null, guestConfirmed: false });
    expect(s.state.bag.idempotencyKey).toBe('idem-cleared');
  });

  it('is ignored when no details were given', () => {
    const s = cafeSession();
    const before = s.state;
    s.emit('GuestDetailsCleared', { idempotencyKey: s.key('idem') });
    expect(s.state.checkout).toBe(before.checkout);
    expect(s.state.log.ignored).toBe(before.log.ignored + 1);
  });
});
