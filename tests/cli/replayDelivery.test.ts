// countertop replay's delivery lines: the quoted fees and what the shopper pays with them, or why there is no delivery.
import { describe, expect, it } from 'vitest';
import { deliveryLines } from '../../cli/commands/replay';
import { initialState, type State } from '../../src/events/state';

const quote = {
  locationId: 'cafe-hudson',
  addressId: 'a1',
  choice: 'ASAP',
  available: true,
  distance: 0.4,
  deliveringIds: [] as string[],
  deliveryFee: 319,
  serviceFee: 100,
  placeAt: '2026-12-02T15:00:00.000Z',
  leaveAt: '2026-12-02T15:10:00.000Z',
  deliverAt: '2026-12-02T15:22:00.000Z',
  bufferMinimum: 5,
  bufferMaximum: 15,
};

function delivering(overrides: Partial<typeof quote> = {}, type: State['checkout']['fulfillmentType'] = 'DELIVERY'): State {
  return {
    ...initialState,
    locationId: 'cafe-hudson',
    checkout: { ...initialState.checkout, fulfillmentType: type },
    account: { ...initialState.account, selectedAddressId: 'a1', deliveryQuote: { ...quote, ...overrides } },
  } as State;
}

describe('countertop replay, delivery', () => {
  it('prints the fees, the quoted time in the location’s zone, and the total with the fees', () => {
    expect(deliveryLines(delivering(), 1234, 'USD', 'America/New_York')).toEqual([
      'Delivery fee $3.19; Service fee $1.00; delivered Dec 2, 10:22 AM',
      'To pay $16.53',
    ]);
  });

  it('says why there is no delivery: out of range (and who delivers), or no quote for this address yet', () => {
    expect(deliveryLines(delivering({ available: false, deliveringIds: ['cafe-brooklyn'] }), 1234, 'USD', 'America/New_York')).toEqual([
      'Delivery: this location does not deliver there (cafe-brooklyn do)',
    ]);
    expect(deliveryLines(delivering({ addressId: 'a2' }), 1234, 'USD', 'America/New_York')).toEqual(['Delivery: not quoted yet']);
  });

  it('prints nothing for another order type', () => {
    expect(deliveryLines(delivering({}, 'PICKUP'), 1234, 'USD', 'America/New_York')).toEqual([]);
  });
});
