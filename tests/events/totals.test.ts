import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import type { Location } from '../../src/domain/catalog/codecs';
import type { Order } from '../../src/domain/orders/codecs';
import type { Preview } from '../../src/domain/pricing/priceCart';
import type { BagView } from '../../src/events/selectors/bag';
import { bagTotals, checkoutTotals, orderTotals, showTipLine } from '../../src/events/selectors/totals';
import { initialState, type State } from '../../src/events/state';
import { TEST_LOCATION } from '../support/fixtureCatalog';

const tipping = (fields: Partial<Location> = {}): Location => ({ ...TEST_LOCATION, ShowTipping: true, ...fields });

function preview(fields: Partial<Preview> = {}): Preview {
  const { subTotal = 1000, totalTaxes = 80, totalDiscounts = 0, totalTips = 0 } = fields;
  const grossTotal = subTotal - totalDiscounts + totalTaxes;
  return {
    subTotal,
    grossTotal,
    totalDiscounts,
    totalTaxes,
    totalInclusiveTaxes: 0,
    totalTips,
    grandTotal: grossTotal + totalTips,
    lines: [],
    lineItems: {},
    appliedDiscount: null,
    taxes: [],
    ...fields,
  };
}

const bagOf = (p: Preview | null): BagView => ({ location: null, currency: 'USD', lines: [], preview: p, problems: [], itemCount: 1 });

const PROFILE = { userId: 'u1', firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '' };

/** A state at location 'loc' with the tip, the order type, a delivery quote and a chosen gift card as given. */
function stateWith(options: { percent?: number | null; delivery?: { deliveryFee: number; serviceFee: number }; giftCardBalance?: number } = {}): State {
  const { percent = null, delivery, giftCardBalance } = options;
  const base: State = { ...initialState, locationId: 'loc', bag: { ...initialState.bag, tip: { amount: 0, percent } } };
  const withDelivery: State =
    delivery === undefined
      ? base
      : {
          ...base,
          checkout: { ...base.checkout, fulfillmentType: 'DELIVERY' },
          account: {
            ...base.account,
            selectedAddressId: 'home',
            deliveryQuote: {
              locationId: 'loc',
              addressId: 'home',
              choice: 'ASAP',
              available: true,
              distance: 1,
              deliveringIds: ['loc'],
              deliverAt: '2026-11-28T18:00:00Z',
              bufferMinimum: 0,
              bufferMaximum: 0,
              ...delivery,
            },
          },
        };
  if (giftCardBalance === undefined) return withDelivery;
  return {
    ...withDelivery,
    checkout: { ...withDelivery.checkout, giftCardId: 'gc1' },
    account: { ...withDelivery.account, profile: PROFILE, giftCards: [{ id: 'gc1', last4: '1234', balance: giftCardBalance }] },
  };
}

describe('the tip line (ordering.md section 9)', () => {
  it('shows only when the location shows tipping and the tip is above 0', () => {
    expect(showTipLine(tipping(), 100)).toBe(true);
    expect(showTipLine(tipping(), 0)).toBe(false);
    expect(showTipLine(tipping({ ShowTipping: false }), 100)).toBe(false);
    expect(showTipLine(tipping({ ShowTipping: undefined }), 100)).toBe(false);
  });
});

describe("the bag's totals", () => {
  it('are Subtotal, Tax and Total, with Discount only when it takes something off', () => {
    expect(bagTotals(preview())).toEqual({ subTotal: 1000, totalTaxes: 80, discount: null, fees: null, tip: null, total: 1080, paidWith: null });
    expect(bagTotals(preview({ totalDiscounts: 200 })).discount).toBe(200);
  });

  it('never show a tip, fees or a gift card, which are chosen at checkout', () => {
    const lines = bagTotals(preview({ totalTips: 150 }));
    expect([lines.tip, lines.fees, lines.paidWith]).toEqual([null, null, null]);
  });
});

describe("checkout's totals", () => {
  it('wait for the bag to be priced', () => {
    expect(checkoutTotals(stateWith(), bagOf(null), tipping())).toBeNull();
  });

  it('name the tip with the percentage picked, and plainly for an amount typed', () => {
    const bag = bagOf(preview({ totalTips: 150 }));
    expect(checkoutTotals(stateWith({ percent: 15 }), bag, tipping())?.tip).toEqual({ amount: 150, label: 'Tip (15%)' });
    expect(checkoutTotals(stateWith(), bag, tipping())?.tip).toEqual({ amount: 150, label: 'Tip' });
    expect(checkoutTotals(stateWith({ percent: 15 }), bag, tipping({ ShowTipping: false }))?.tip).toBeNull();
  });

  it("add a delivery's fees to the total", () => {
    const lines = checkoutTotals(stateWith({ delivery: { deliveryFee: 399, serviceFee: 100 } }), bagOf(preview()), tipping());
    expect(lines).toMatchObject({ fees: { deliveryFee: 399, serviceFee: 100 }, total: 1080 + 499, paidWith: null });
  });

  it('say what a chosen gift card pays and what the card is charged', () => {
    const lines = checkoutTotals(stateWith({ giftCardBalance: 500 }), bagOf(preview()), tipping());
    expect(lines?.paidWith).toEqual({ giftCard: 500, card: 580 });
  });

  it('show the tip exactly when the location shows tipping and there is one; the total is the grand total with the fees, split whole between gift card and card', () => {
    fc.assert(
      fc.property(
        fc.record({ subTotal: fc.nat(50_000), totalTaxes: fc.nat(5_000), totalTips: fc.nat(5_000) }),
        fc.boolean(),
        fc.option(fc.record({ deliveryFee: fc.nat(2_000), serviceFee: fc.nat(2_000) }), { nil: undefined }),
        fc.option(fc.nat(100_000), { nil: undefined }),
        (amounts, shows, delivery, giftCardBalance) => {
          const p = preview(amounts);
          const lines = checkoutTotals(stateWith({ delivery, giftCardBalance }), bagOf(p), tipping({ ShowTipping: shows }))!;
          expect(lines.tip !== null).toBe(shows && amounts.totalTips > 0);
          const fees = delivery === undefined ? 0 : delivery.deliveryFee + delivery.serviceFee;
          expect(lines.total).toBe(p.grandTotal + fees);
          if (lines.paidWith !== null) expect(lines.paidWith.giftCard + lines.paidWith.card).toBe(lines.total);
          if (giftCardBalance === undefined || giftCardBalance === 0) expect(lines.paidWith).toBeNull();
        },
      ),
    );
  });
});

describe("a placed order's totals (the confirmation and the order history)", () => {
  const order: Order = { Id: 'o1', LocationId: 'loc', GrandTotal: 1729, TotalTaxes: 80, TotalDiscounts: 0, TotalTips: 150, SubTotal: 1000, LineItems: [] };

  it("are the order's answer as it gives them, the tip named plainly", () => {
    expect(orderTotals(order, tipping())).toEqual({
      subTotal: 1000,
      totalTaxes: 80,
      discount: null,
      fees: null,
      tip: { amount: 150, label: 'Tip' },
      total: 1729,
      paidWith: null,
    });
  });

  it("show a delivery's fees, the discount and a gift card's part when the order has them, and no tip where the location shows none", () => {
    const lines = orderTotals({ ...order, TotalDiscounts: 100, DeliveryFee: 399, ServiceFee: 100, GiftCardAmount: 1000 }, tipping({ ShowTipping: false }));
    expect(lines).toMatchObject({ discount: 100, fees: { deliveryFee: 399, serviceFee: 100 }, tip: null, paidWith: { giftCard: 1000, card: 729 } });
  });
});
