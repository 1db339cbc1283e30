// Delivery's rules: the address form, the API's problems beside their fields, the fee arithmetic (what is charged is
// the bag's total plus both fees), range (a location delivers only within its Radius; the others that do are named),
// and the address book's reducer (the selected address is kept only while it is in the list, a new address becomes
// selected, a deleted selected address is cleared), with fast-check properties where there is a rule.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { zipCentroids } from '../../src/data/zipCentroids';
import type { Location } from '../../src/domain/catalog/codecs';
import {
  EMPTY_ADDRESS,
  addressFromValues,
  formatAddress,
  prefillAddressState,
  problemsByField,
  validateAddress,
  valuesFromAddress,
} from '../../src/domain/delivery/address';
import { chargedTotal, feesTotal, orderFees, validFees } from '../../src/domain/delivery/charges';
import { keptSelection, outOfRangeMessage, rangeVerdict } from '../../src/domain/delivery/range';
import { deliveryAsapLabel, deliveryWindowWords } from '../../src/domain/delivery/window';
import { decodeZipTable } from '../../src/domain/postal/zipEncoding';
import type { DomainEvent } from '../../src/events/catalogue';
import type { ReduceContext } from '../../src/events/context';
import type { SavedAddress } from '../../src/events/facts/delivery';
import { reduceUnguarded } from '../../src/events/reduce';
import { initialState, type State } from '../../src/events/state';
import { deliveryFeesFor } from '../../src/sandbox/delivery/deliveryCharge';
import { deliveryAvailability, milesBetween } from '../../src/sandbox/delivery/deliveryRange';

const table = (() => {
  const t = decodeZipTable(zipCentroids);
  if (E.isLeft(t)) throw new Error(t.left);
  return t.right;
})();

const FILLED = { ...EMPTY_ADDRESS, addressLine1: '55 Bethune St', city: 'New York', state: 'NY', postalCode: '10014', firstName: 'Ada', lastName: 'Lovelace' };

describe('the address form', () => {
  it('needs the street, city, state, postal code and a name; the rest is optional', () => {
    expect(validateAddress(EMPTY_ADDRESS)).toEqual({
      addressLine1: 'Address Line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postalCode: 'Postal Code is required',
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
    });
    expect(validateAddress(FILLED)).toEqual({});
    expect(validateAddress({ ...FILLED, postalCode: '1001' }).postalCode).toBe('Postal Code is not valid');
    expect(validateAddress({ ...FILLED, phone: '12' }).phone).toBe('Phone Number is not valid');
    expect(validateAddress({ ...FILLED, instructions: 'x'.repeat(151) }).instructions).toBe('Delivery Instructions must be 150 characters or fewer');
  });

  it('prefills the state from the postal code, keeping one the shopper typed', () => {
    expect(prefillAddressState({ ...FILLED, state: '' }, table).state).toBe('NY');
    expect(prefillAddressState({ ...FILLED, state: '', postalCode: '60614' }, table).state).toBe('IL');
    expect(prefillAddressState({ ...FILLED, state: 'NJ' }, table).state).toBe('NJ');
    expect(prefillAddressState({ ...FILLED, state: '' }, undefined).state).toBe('');
  });

  it('reads back what it wrote: values to the API address and back', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (nickname, instructions) => {
        const values = { ...FILLED, nickname: nickname.trim(), instructions: instructions.trim() };
        const back = valuesFromAddress(addressFromValues(values));
        expect(back).toEqual({ ...values, nickname: nickname.trim(), instructions: instructions.trim() });
      }),
    );
    expect(formatAddress(addressFromValues({ ...FILLED, addressLine2: 'Apt 2' }))).toBe('55 Bethune St, Apt 2, New York, NY 10014');
  });

  it("places the API's problems beside the fields they name", () => {
    expect(
      problemsByField([
        'Address Line 1 is required',
        'The postal code is not a known US ZIP code.',
        'Delivery Instructions must be 150 characters or fewer',
        'Odd',
      ]),
    ).toEqual({
      addressLine1: 'Address Line 1 is required',
      postalCode: 'The postal code is not a known US ZIP code.',
      instructions: 'Delivery Instructions must be 150 characters or fewer',
      form: 'Odd',
    });
  });
});

describe('fees', () => {
  const money = fc.integer({ min: 0, max: 10_000_000 });
  it('the charge is the bag total plus both fees, never less than the bag', () => {
    fc.assert(
      fc.property(money, money, money, (grandTotal, deliveryFee, serviceFee) => {
        const fees = { deliveryFee, serviceFee };
        expect(chargedTotal(grandTotal, fees)).toBe(grandTotal + deliveryFee + serviceFee);
        expect(chargedTotal(grandTotal, fees)).toBeGreaterThanOrEqual(grandTotal);
        expect(chargedTotal(grandTotal, null)).toBe(grandTotal);
        expect(feesTotal(fees)).toBe(deliveryFee + serviceFee);
        expect(validFees(fees)).toBe(true);
        expect(orderFees({ DeliveryFee: deliveryFee, ServiceFee: serviceFee })).toEqual(fees);
      }),
    );
    expect(validFees({ deliveryFee: -1, serviceFee: 0 })).toBe(false);
    expect(validFees({ deliveryFee: 1.5, serviceFee: 0 })).toBe(false);
    expect(orderFees({})).toBeNull();
  });

  it("the sandbox's delivery fee is $2.99 plus 50 cents a mile, whole cents, and never falls with distance", () => {
    expect(deliveryFeesFor(0)).toEqual({ deliveryFee: 299, serviceFee: 100 });
    expect(deliveryFeesFor(2.4)).toEqual({ deliveryFee: 419, serviceFee: 100 });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (a, b) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        expect(validFees(deliveryFeesFor(near))).toBe(true);
        expect(deliveryFeesFor(near).deliveryFee).toBeLessThanOrEqual(deliveryFeesFor(far).deliveryFee);
      }),
    );
  });
});

describe('range', () => {
  const at = (lat: number, lng: number, delivery: NonNullable<Location['Fulfillments']>['Delivery']) =>
    ({
      Id: 'loc',
      Name: 'Here',
      Address: { AddressLine1: '1 Main St', Latitude: lat, Longitude: lng },
      Fulfillments: { Delivery: delivery },
    }) as unknown as Location;
  const point = fc.record({ Latitude: fc.double({ min: -60, max: 60, noNaN: true }), Longitude: fc.double({ min: -170, max: 170, noNaN: true }) });

  it('a location delivers exactly where delivery is enabled and the address is within its Radius', () => {
    fc.assert(
      fc.property(point, point, fc.double({ min: 0.5, max: 30, noNaN: true }), fc.boolean(), (store, home, radius, enabled) => {
        const availability = deliveryAvailability(at(store.Latitude, store.Longitude, { Enabled: enabled, Radius: radius }), home);
        expect(availability.Available).toBe(enabled && milesBetween(store, home) <= radius);
        expect(availability.Score).toBeGreaterThanOrEqual(0);
        expect(availability.Score).toBeLessThanOrEqual(1);
      }),
    );
    expect(deliveryAvailability(at(40.7306, -74.007, { Enabled: true, Radius: 3 }), null).Available).toBe(false);
  });

  it('names the other locations that deliver, nearest first, and never the chosen one', () => {
    const entry = fc.record({
      LocationId: fc.constantFrom('a', 'b', 'c', 'd'),
      Available: fc.boolean(),
      Distance: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.LocationId }), fc.constantFrom('a', 'b', 'c', 'd'), (availability, chosen) => {
        const verdict = rangeVerdict(chosen, availability);
        const mine = availability.find((a) => a.LocationId === chosen);
        expect(verdict.available).toBe(mine?.Available === true);
        expect(verdict.deliveringIds).not.toContain(chosen);
        const others = verdict.deliveringIds.map((id) => availability.find((a) => a.LocationId === id)!);
        expect(others.every((a) => a.Available)).toBe(true);
        expect(others.length).toBe(availability.filter((a) => a.Available && a.LocationId !== chosen).length);
        const distances = others.map((a) => a.Distance ?? Infinity);
        expect(distances).toEqual([...distances].sort((x, y) => x - y));
      }),
    );
  });

  it('says why, and where to turn instead', () => {
    expect(outOfRangeMessage('Slice Brothers - Brooklyn', 712.9, ['Slice Brothers - Wicker Park'], 5)).toBe(
      'Slice Brothers - Brooklyn does not deliver to this address (712.9 mi away; it delivers within 5.0 mi). Slice Brothers - Wicker Park delivers there: change your location to order delivery.',
    );
    expect(outOfRangeMessage('Cafe', null, [], null)).toBe('Cafe does not deliver to this address. None of our locations deliver there.');
    expect(outOfRangeMessage('A', 9, ['B', 'C', 'D'], null)).toBe(
      'A does not deliver to this address (9.0 mi away). B, C and D deliver there: change your location to order delivery.',
    );
  });
});

describe('the address book reducer', () => {
  const ctx = {} as ReduceContext;
  const signedIn: State = {
    ...initialState,
    account: { ...initialState.account, profile: { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' } },
  };
  const address = (id: string): SavedAddress => ({
    Id: id,
    AddressLine1: `${id} Main St`,
    Locality: 'New York',
    AdministrativeDistrictLevel1: 'NY',
    PostalCode: '10014',
  });
  const ids = fc.constantFrom('a1', 'a2', 'a3', 'a4');
  const step = fc.oneof(
    fc.uniqueArray(ids, { maxLength: 4 }).map((list) => ({ type: 'DeliveryAddressesLoaded' as const, data: { addresses: list.map(address) } })),
    fc.tuple(ids, fc.boolean()).map(([id, created]) => ({ type: 'DeliveryAddressSaved' as const, data: { address: address(id), created } })),
    ids.map((id) => ({ type: 'DeliveryAddressDeleted' as const, data: { id } })),
    ids.map((id) => ({ type: 'DeliveryAddressSelected' as const, data: { id } })),
  );
  const apply = (state: State, e: { type: string; data: unknown }, seq: number) =>
    reduceUnguarded(state, { seq, id: `e${seq}`, v: 1, at: '2026-12-02T15:00:00.000Z', ...e } as DomainEvent, ctx);

  it('keeps the selected address only while it is in the list; a new one is selected; a deleted selected one is cleared', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state = signedIn;
        steps.forEach((e, i) => {
          const before = state;
          state = apply(state, e, i + 1);
          const { addresses, selectedAddressId } = state.account;
          expect(selectedAddressId === null || addresses.some((a) => a.Id === selectedAddressId)).toBe(true);
          expect(new Set(addresses.map((a) => a.Id)).size).toBe(addresses.length);
          if (e.type === 'DeliveryAddressSaved' && e.data.created) expect(selectedAddressId).toBe(e.data.address.Id);
          if (e.type === 'DeliveryAddressDeleted' && before.account.selectedAddressId === e.data.id) expect(selectedAddressId).toBeNull();
          if (e.type === 'DeliveryAddressDeleted' && before.account.selectedAddressId !== e.data.id)
            expect(selectedAddressId).toBe(before.account.selectedAddressId);
        });
      }),
    );
    expect(keptSelection('a1', ['a2'])).toBeNull();
    expect(keptSelection('a2', ['a2'])).toBe('a2');
  });

  it('records nothing for a signed-out shopper, and a quote only for the selected address', () => {
    expect(apply(initialState, { type: 'DeliveryAddressesLoaded', data: { addresses: [address('a1')] } }, 1).account.addresses).toEqual([]);
    let state = apply(signedIn, { type: 'DeliveryAddressSaved', data: { address: address('a1'), created: true } }, 1);
    const quote = {
      locationId: 'cafe-hudson',
      choice: 'ASAP',
      available: true,
      distance: 0.4,
      deliveringIds: [],
      deliveryFee: 319,
      serviceFee: 100,
      placeAt: '2026-12-02T15:00:00.000Z',
      leaveAt: '2026-12-02T15:10:00.000Z',
      deliverAt: '2026-12-02T15:22:00.000Z',
      bufferMinimum: 5,
      bufferMaximum: 15,
    };
    expect(apply(state, { type: 'DeliveryQuoted', data: { ...quote, addressId: 'a2' } }, 2).account.deliveryQuote).toBeNull();
    state = apply(state, { type: 'DeliveryQuoted', data: { ...quote, addressId: 'a1' } }, 2);
    expect(state.account.deliveryQuote).toMatchObject({ addressId: 'a1', deliveryFee: 319 });
    // Editing the address it was for drops the quote: the address may have moved.
    expect(apply(state, { type: 'DeliveryAddressSaved', data: { address: address('a1'), created: false } }, 3).account.deliveryQuote).toBeNull();
  });
});

describe("a delivery's time in words (issue 34)", () => {
  const times = { deliverAt: '2026-12-02T17:17:00.000Z', bufferMinimum: 5, bufferMaximum: 15 };
  it('says the window once, with the day only when it is not today', () => {
    expect(deliveryWindowWords(times, 'America/New_York', null)).toBe('Arrives between 12:12 PM and 12:32 PM');
    expect(deliveryWindowWords(times, 'America/New_York', 'Tomorrow')).toBe('Arrives Tomorrow, between 12:12 PM and 12:32 PM');
  });
  it("gives ASAP the quote's time, and no time without a quote", () => {
    expect(deliveryAsapLabel(times, 'America/New_York')).toBe('ASAP (arrives around 12:17 PM)');
    expect(deliveryAsapLabel(null, 'America/New_York')).toBe('ASAP');
  });
});
