// Delivery through the client on the fixture cafe as shipped (Delivery within 3 miles; Ada's seed has Home in range
// and Studio out of it): the seeded address book, a quote for each, and a delivery order charged exactly the bag's
// total plus the quoted fees, its Order carrying the fees, the address and the quoted time.
import * as E from 'fp-ts/lib/Either.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderFailureList } from '../../src/api/apiError';
import type { OrderRequest } from '../../src/domain/orders/codecs';
import { chargedTotal } from '../../src/domain/delivery/charges';
import { control, firstPickupAt, newClient, newKey, nonceFor, right, useSandbox, type TestClient } from '../sandbox/support';

const running = useSandbox({ catalog: 'cafe' }, { resetEach: false });
let ada: TestClient;
beforeAll(async () => {
  ada = newClient(running);
  right(await ada.api.account.login('ada@example.com', 'countertop'));
});

const HOME = 'addr_seed_1_1';
const STUDIO = 'addr_seed_1_2';

function deliveryOrder(addressId: string, deliverAt: string, overrides: Partial<OrderRequest> = {}): OrderRequest {
  const pickupAt = firstPickupAt('cafe', 'cafe-hudson');
  return {
    source: 'Web',
    idempotencyKey: newKey('delivery'),
    locationId: 'cafe-hudson',
    lineItems: [{ key: 'c', id: 'croissant-each', quantity: 2 }],
    pickupAt,
    tipAmount: 50,
    deliveryFulfillment: { deliverAt, deliveryAddressId: addressId },
    ...overrides,
  };
}

describe('delivery on the shipped cafe', () => {
  it("lists the seeded addresses with their coordinates, and validates each against the cafe's Radius", async () => {
    const addresses = right(await ada.api.delivery.listAddresses());
    expect(addresses.map((a) => [a.Id, a.NickName])).toEqual([
      [HOME, 'Home'],
      [STUDIO, 'Studio'],
    ]);
    expect(addresses[0]).toMatchObject({ AddressLine1: '55 Bethune St', PostalCode: '10014', Latitude: 40.7357, Longitude: -74.0094 });
    const home = right(await ada.api.delivery.validateAddress(addresses[0]!));
    expect(home.Locations).toEqual([expect.objectContaining({ LocationId: 'cafe-hudson', Available: true })]);
    const studio = right(await ada.api.delivery.validateAddress(addresses[1]!));
    expect(studio.Valid).toBe(true);
    expect(studio.Locations[0]).toMatchObject({ LocationId: 'cafe-hudson', Available: false, Distance: 5.9 });
  });

  it('charges the bag total plus exactly the quoted fees, and the Order says so', async () => {
    const quote = right(await ada.api.delivery.quote({ LocationId: 'cafe-hudson', AddressId: HOME }));
    expect(quote).toMatchObject({ Valid: true, DeliveryFee: 299 + Math.round(0.4 * 50), ServiceFee: 100 });
    const preview = right(await ada.api.orders.previewOrder(deliveryOrder(HOME, quote.DeliverAt))).Order;
    const placed = right(
      await ada.api.orders.placeOrder({ ...deliveryOrder(HOME, quote.DeliverAt), card: { nonce: await nonceFor(running), postalCode: '10014' } }),
    );
    const order = placed.Order!;
    expect(order).toMatchObject({
      FulfillmentType: 'DELIVERY',
      DeliveryFee: quote.DeliveryFee,
      ServiceFee: quote.ServiceFee,
      DeliveryAddressId: HOME,
      DeliveryAddress: '55 Bethune St, New York, NY 10014',
      PickupAtUtc: new Date(quote.DeliverAt).toISOString(),
      TotalTips: 50,
    });
    expect(order.GrandTotal).toBe(chargedTotal(preview.GrandTotal, { deliveryFee: quote.DeliveryFee, serviceFee: quote.ServiceFee }));
    const stored = ((await control(running, 'orders')) as { orderId: string | null; grandTotal: number | null }[]).find((o) => o.orderId === placed.OrderId);
    expect(stored?.grandTotal).toBe(order.GrandTotal);
    // Order/List gives the same delivery details, for history on any device.
    const listed = right(await ada.api.orders.listOrders()).find((o) => o.Id === placed.OrderId);
    expect(listed).toMatchObject({ DeliveryFee: quote.DeliveryFee, ServiceFee: 100, DeliveryAddress: '55 Bethune St, New York, NY 10014' });
  });

  it('refuses a delivery out of range, an address of no one, and a delivery without a card once the fees are due', async () => {
    const quote = right(await ada.api.delivery.quote({ LocationId: 'cafe-hudson', AddressId: STUDIO }));
    expect(quote.Valid).toBe(false);
    const away = await ada.api.orders.placeOrder({ ...deliveryOrder(STUDIO, quote.DeliverAt), card: { nonce: await nonceFor(running) } });
    if (E.isRight(away)) throw new Error('expected a refusal');
    expect(orderFailureList(away.left)[0]).toBe('Delivery - OUT_OF_RANGE');
    const nobody = await ada.api.orders.placeOrder({ ...deliveryOrder('addr_nope', quote.DeliverAt), card: { nonce: await nonceFor(running) } });
    if (E.isRight(nobody)) throw new Error('expected a refusal');
    expect(orderFailureList(nobody.left)[0]).toBe('Delivery - ADDRESS_NOT_FOUND');
    const unpaid = await ada.api.orders.placeOrder(deliveryOrder(HOME, quote.DeliverAt));
    if (E.isRight(unpaid)) throw new Error('expected a refusal');
    expect(orderFailureList(unpaid.left)).toContain('Payment - CARD_REQUIRED');
  });
});
