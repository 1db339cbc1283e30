// Contract tests of the catalog, inventory and order calls, through the real client layer against the sandbox.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { orderFailureMessage } from '../../src/domain/orders/orderErrors';
import { orderFailureList } from '../../src/api/apiError';
import { GUEST, control, firstPickupAt, newClient, newKey, nonceFor, sliceOrder, useSandbox, right, left } from '../sandbox/support';

const running = useSandbox({ catalog: 'pizza-chain' });

describe('catalog and inventory', () => {
  it('answers the fixture catalog with every location, decoded', async () => {
    const { api } = newClient(running);
    const catalog = right(await api.catalog.getCatalog());
    expect(catalog.Name).toBe('Slice Brothers Pizza');
    expect(catalog.Locations.map((l) => l.Id)).toContain('chain-denver');
  });

  it('lists a count for every tracked variation of a location, starting at the seed', async () => {
    const { api } = newClient(running);
    const list = right(await api.inventory.listInventory({ locationId: 'chain-brooklyn' }));
    const slice = list.Inventory.find((e) => e.VariationId === 'cheese-slice-each');
    expect(slice?.Count).toBe(40);
    expect(typeof slice?.LastUpdatedUtc).toBe('string');
  });

  it('answers 404 for the inventory of an unknown location', async () => {
    const { api } = newClient(running);
    const error = left(await api.inventory.listInventory({ locationId: 'nowhere' }));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
  });

  it('refuses a call without the client id', async () => {
    const { api } = newClient(running, { clientId: 'someone-else' });
    const error = left(await api.catalog.getCatalog());
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(orderFailureList(error)[0]).toBe('Client - INVALID_CLIENT_ID');
  });
});

describe('preview and guest placement', () => {
  it('prices a preview with the same rules as the client: 2 slices at $3.75 plus 8.875% tax', async () => {
    const { api } = newClient(running);
    const preview = right(await api.orders.previewOrder(sliceOrder(null)));
    expect(preview.Order.SubTotal).toBe(750);
    expect(preview.Order.TotalTaxes).toBe(67);
    expect(preview.Order.GrandTotal).toBe(817);
  });

  it('places a guest order, charges the grand total and takes the quantity from stock', async () => {
    const { api } = newClient(running);
    const result = right(await api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running), { guest: GUEST })));
    expect(result.Order?.GrandTotal).toBe(817);
    expect(result.Order?.LineItems[0]).toMatchObject({ ItemName: 'Cheese Slice', Quantity: 2, VariationId: 'cheese-slice-each' });
    const list = right(await api.inventory.listInventory({ locationId: 'chain-brooklyn' }));
    expect(list.Inventory.find((e) => e.VariationId === 'cheese-slice-each')?.Count).toBe(38);
  });

  it('previews the v2 context-order form with the same prices as v1', async () => {
    const { api } = newClient(running);
    const preview = right(
      await api.orders.previewContextOrder({
        idempotencyKey: newKey(),
        location: { Id: 'chain-brooklyn' },
        items: [{ key: 'a', item: { Id: 'cheese-slice' }, variation: { Id: 'cheese-slice-each' }, quantity: 2 }],
      }),
    );
    expect(preview.Order).toMatchObject({ SubTotal: 750, TotalTaxes: 67, GrandTotal: 817 });
  });

  it('places a guest order sent in the v2 context-order form', async () => {
    const { api } = newClient(running);
    const time = firstPickupAt('pizza-chain', 'chain-brooklyn');
    const result = right(
      await api.orders.guestPlaceContextOrder({
        idempotencyKey: newKey(),
        source: 'Web',
        location: { Id: 'chain-brooklyn' },
        items: [
          {
            key: 'a',
            item: { Id: 'margherita' },
            variation: { Id: 'margherita-12' },
            quantity: 1,
            modifiers: { crust: ['crust-thin'], toppings: ['top-mushroom'] },
            note: '',
          },
        ],
        time,
        fulfillmentType: 'CURBSIDE',
        fulfillmentSettings: { vehicleDetails: { make: 'Volvo', model: '240', color: 'Blue' } },
        guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '212-555-0100' },
        card: { nonce: await nonceFor(running) },
      }),
    );
    expect(result.Order?.SubTotal).toBe(1400 + 125);
    expect(result.Order?.FulfillmentType).toBe('CURBSIDE');
    // The order carries the car it is brought out to (our extension), as the shopper gave it.
    expect(result.Order?.VehicleDetails).toEqual({ make: 'Volvo', model: '240', color: 'Blue' });
  });

  it('refuses a guest order without valid guest details, with the form messages', async () => {
    const { api } = newClient(running);
    const error = left(await api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running), { guest: { ...GUEST, emailAddress: 'nope' } })));
    expect(orderFailureList(error)).toEqual(['Guest - INVALID_GUEST', 'Email Address is not valid']);
  });

  it('refuses a required modifier list left empty (build-your-own needs a topping)', async () => {
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running), { guest: GUEST, lineItems: [{ key: 'b', id: 'byo-12', quantity: 1, modifiers: ['crust-thin'] }] });
    const error = left(await api.orders.guestPlaceOrder(order));
    expect(orderFailureList(error)[0]).toBe('Catalog - INVALID_MODIFIERS');
  });

  it('refuses an unknown variation and a pickup time the location does not offer', async () => {
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running), {
      guest: GUEST,
      lineItems: [{ key: 'x', id: 'no-such-variation', quantity: 1 }],
      pickupFulfillment: { pickupAt: '2001-01-01T12:00:00Z' },
    });
    const codes = orderFailureList(left(await api.orders.guestPlaceOrder(order)));
    expect(codes).toContain('Catalog - VARIATION_NOT_FOUND');
    expect(codes).toContain('Schedule - INVALID_PICKUP_TIME');
  });

  it('refuses a tip above the maximum percentage', async () => {
    const { api } = newClient(running);
    const error = left(await api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running), { guest: GUEST, tipAmount: 500 })));
    expect(orderFailureList(error)[0]).toBe('Tip - TIP_TOO_HIGH');
  });

  it('fails with VARIATION_OUT_OF_STOCK when more is ordered than is left', async () => {
    await control(running, 'stock', { locationId: 'chain-brooklyn', variationId: 'cheese-slice-each', count: 1 });
    const { api } = newClient(running);
    const error = left(await api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running), { guest: GUEST })));
    expect(orderFailureList(error)[0]).toBe('Inventory - VARIATION_OUT_OF_STOCK');
    expect(orderFailureMessage(orderFailureList(error)).message).toBe('One or more items are no longer available.');
  });
});

describe('decline values give their spec messages', () => {
  const year = new Date().getUTCFullYear();
  const cases = [
    { label: '4000 0000 0000 0002', card: { cardNumber: '4000 0000 0000 0002' }, code: 'GENERIC_DECLINE', message: 'The credit card was declined.' },
    { label: 'CVV 911', card: { cvv: '911' }, code: 'CVV_FAILURE', message: 'The credit card CVV is invalid.' },
    { label: 'postal code 99999', card: { postalCode: '99999' }, code: 'ADDRESS_VERIFICATION_FAILURE', message: 'The postal code is invalid.' },
    { label: 'an expiry in the past', card: { expMonth: 1, expYear: year - 1 }, code: 'CARD_EXPIRED', message: 'The credit card is expired.' },
    {
      label: '4000 0000 0000 9995',
      card: { cardNumber: '4000000000009995' },
      code: 'INSUFFICIENT_FUNDS',
      message: 'There are insufficient funds to complete this order.',
    },
  ];
  for (const c of cases) {
    it(`${c.label} declines with ${c.code}: "${c.message}"`, async () => {
      const { api } = newClient(running);
      const order = sliceOrder(await nonceFor(running, c.card), { guest: GUEST });
      const error = left(await api.orders.guestPlaceOrder(order));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
      expect(orderFailureList(error)[0]).toBe(`Payment failed - ${c.code}`);
      expect(orderFailureMessage(orderFailureList(error)).message).toBe(c.message);
    });
  }

  it('every brand test number is approved', async () => {
    const { api } = newClient(running);
    for (const cardNumber of [
      '4111 1111 1111 1111',
      '5105 1051 0510 5100',
      '6011 0000 0000 0004',
      '3056 9309 0259 04',
      '3569 9900 1009 5841',
      '3782 822463 10005',
    ]) {
      const result = await api.orders.guestPlaceOrder(sliceOrder(await nonceFor(running, { cardNumber }), { guest: GUEST }));
      expect(E.isRight(result), cardNumber).toBe(true);
    }
  });

  it('the tokenizer rejects a number that fails the Luhn check', async () => {
    await expect(nonceFor(running, { cardNumber: '4111 1111 1111 1112' })).rejects.toThrow(/not valid/);
  });
});

describe('idempotency', () => {
  const ordersFor = async (key: string) =>
    ((await control(running, 'orders')) as { idempotencyKey: string; orderId: string | null }[]).filter((o) => o.idempotencyKey === key);

  it('two placements with one key make one order; the repeat answers the first result', async () => {
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running), { guest: GUEST });
    const first = right(await api.orders.guestPlaceOrder(order));
    const second = right(await api.orders.guestPlaceOrder(order));
    expect(second.OrderId).toBe(first.OrderId);
    expect(await ordersFor(order.idempotencyKey)).toHaveLength(1);
  });

  it('a guest key belongs to that guest: another guest reusing it gets a 409, not the first order', async () => {
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running), { guest: GUEST });
    const first = right(await api.orders.guestPlaceOrder(order));
    const other = sliceOrder(await nonceFor(running), { guest: { ...GUEST, emailAddress: 'someone.else@example.com' } });
    const reused = left(await api.orders.guestPlaceOrder({ ...other, idempotencyKey: order.idempotencyKey }));
    expect(reused.kind === 'http' && reused.status).toBe(409);
    expect(JSON.stringify(reused)).not.toContain(first.OrderId);
    // The same guest, with another card (entered again after a reload), still gets the first order back.
    const again = sliceOrder(await nonceFor(running), { guest: { ...GUEST, emailAddress: GUEST.emailAddress.toUpperCase() } });
    expect(right(await api.orders.guestPlaceOrder({ ...again, idempotencyKey: order.idempotencyKey })).OrderId).toBe(first.OrderId);
    // The status by key alone still answers.
    expect(right(await api.orders.guestOrderStatus({ idempotencyKey: order.idempotencyKey })).OrderId).toBe(first.OrderId);
    expect(await ordersFor(order.idempotencyKey)).toHaveLength(1);
  });

  it('two concurrent placements with one key make one order', async () => {
    const { api } = newClient(running);
    const order = sliceOrder(await nonceFor(running), { guest: GUEST });
    const [a, b] = await Promise.all([api.orders.guestPlaceOrder(order), api.orders.guestPlaceOrder(order)]);
    expect(right(a).OrderId).toBe(right(b).OrderId);
    expect(await ordersFor(order.idempotencyKey)).toHaveLength(1);
  });

  it('a retry after a dropped response returns the order the first call made', async () => {
    const { api, reports } = newClient(running);
    const order = sliceOrder(await nonceFor(running), { guest: GUEST });
    await control(running, 'drop', { path: '/api/Order/GuestPlace', times: 1 });
    const lost = left(await api.orders.guestPlaceOrder(order));
    expect(lost.kind).toBe('network');
    expect(reports.at(-1)?.call).toBe('Order/GuestPlace');
    const committed = await ordersFor(order.idempotencyKey);
    expect(committed).toHaveLength(1);
    const retry = right(await api.orders.guestPlaceOrder(order));
    expect(retry.OrderId).toBe(committed[0]?.orderId);
    expect(await ordersFor(order.idempotencyKey)).toHaveLength(1);
  });

  it('a declined attempt does not use up the key: the same key succeeds with a good card', async () => {
    const { api } = newClient(running);
    const declined = sliceOrder(await nonceFor(running, { cardNumber: '4000000000000002' }), { guest: GUEST });
    left(await api.orders.guestPlaceOrder(declined));
    const fixed = { ...declined, card: { nonce: await nonceFor(running), postalCode: '11217' } };
    right(await api.orders.guestPlaceOrder(fixed));
    expect(await ordersFor(declined.idempotencyKey)).toHaveLength(1);
  });
});
