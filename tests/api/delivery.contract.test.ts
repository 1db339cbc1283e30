// Delivery addresses, validation, quotes and a delivery order, on a copy of the cafe catalog with delivery enabled
// within 3 miles (the fixtures enable no delivery).
import * as E from 'fp-ts/lib/Either.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderFailureList } from '../../src/api/apiError';
import { DEFAULT_FIXTURES_DIR } from '../../src/sandbox/createSandbox';
import { newClient, newKey, nonceFor, useSandbox, type TestClient, right } from '../sandbox/support';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import type { Catalog } from '../../src/domain/catalog/codecs';
import { tempDir } from '../support/tempDir';

let location: Catalog['Locations'][number];
const dir = tempDir('countertop-delivery-');
const running = useSandbox(
  () => {
    const catalog = JSON.parse(readFileSync(join(DEFAULT_FIXTURES_DIR, 'cafe.json'), 'utf8')) as Catalog;
    location = catalog.Locations[0]!;
    location.Fulfillments = { ...location.Fulfillments, Delivery: { Enabled: true, Radius: 3, ConfirmationMessage: 'On its way.' } };
    writeFileSync(join(dir, 'delivery-cafe.json'), JSON.stringify(catalog));
    writeFileSync(join(dir, 'delivery-cafe.seed.json'), readFileSync(join(DEFAULT_FIXTURES_DIR, 'cafe.seed.json')));
    return { catalog: join(dir, 'delivery-cafe.json') };
  },
  { resetEach: false },
);
let ada: TestClient;
let deliverAt: string;
beforeAll(async () => {
  const schedule = pickupSchedule(location, Date.now());
  deliverAt = schedule.asap?.at ?? schedule.days[0]!.slots[0]!.at;
  ada = newClient(running);
  right(await ada.api.account.login('ada@example.com', 'countertop'));
});

const near = { AddressLine1: '55 Bethune St', Locality: 'New York', AdministrativeDistrictLevel1: 'NY', PostalCode: '10014', NickName: 'Home' };
const far = { AddressLine1: '1 Rodeo Dr', Locality: 'Beverly Hills', AdministrativeDistrictLevel1: 'CA', PostalCode: '90210' };

describe('delivery', () => {
  it('validates an address: placed by its ZIP, and which locations deliver there', async () => {
    const nearby = right(await ada.api.delivery.validateAddress(near));
    expect(nearby.Valid).toBe(true);
    expect(nearby.Address.FormattedAddress).toBe('55 Bethune St, New York, NY 10014');
    expect(nearby.Locations).toEqual([expect.objectContaining({ LocationId: 'cafe-hudson', Available: true })]);
    const distant = right(await ada.api.delivery.validateAddress(far));
    expect(distant.Locations[0]).toMatchObject({ Available: false });
    expect(distant.Locations[0]!.Distance).toBeGreaterThan(2000);
    const broken = right(await ada.api.delivery.validateAddress({ ...near, PostalCode: 'abc', AddressLine1: '' }));
    expect(broken.Valid).toBe(false);
    expect(broken.Problems).toEqual(['Address Line 1 is required', 'The postal code is missing or malformed.']);
  });

  it('refuses over-long address fields with words that name the limit, storing nothing', async () => {
    const before = right(await ada.api.delivery.listAddresses()).length;
    const long = right(await ada.api.delivery.validateAddress({ ...near, AddressLine1: 'x'.repeat(101), Instructions: 'y'.repeat(151) }));
    expect(long.Valid).toBe(false);
    expect(long.Problems).toEqual(['Address Line 1 must be 100 characters or fewer', 'Delivery Instructions must be 150 characters or fewer']);
    expect(E.isLeft(await ada.api.delivery.createAddress({ ...near, NickName: 'n'.repeat(900_000) }))).toBe(true);
    expect(right(await ada.api.delivery.listAddresses())).toHaveLength(before);
  });

  it('creates, lists, updates and deletes (with DELETE) an address', async () => {
    const created = right(await ada.api.delivery.createAddress(near));
    expect(created).toMatchObject({ NickName: 'Home', PostalCode: '10014' });
    expect(typeof created.Latitude).toBe('number');
    expect(right(await ada.api.delivery.listAddresses()).map((a) => a.Id)).toContain(created.Id);
    const updated = right(await ada.api.delivery.updateAddress({ ...created, NickName: 'Flat' }));
    expect(updated.NickName).toBe('Flat');
    right(await ada.api.delivery.deleteAddress(created.Id));
    expect(right(await ada.api.delivery.listAddresses()).map((a) => a.Id)).not.toContain(created.Id);
    expect(await ada.api.delivery.deleteAddress(created.Id)).toMatchObject({ _tag: 'Left', left: { status: 404 } });
  });

  it('quotes a delivery in range and marks one out of range invalid', async () => {
    const home = right(await ada.api.delivery.createAddress(near));
    const quote = right(await ada.api.delivery.quote({ LocationId: 'cafe-hudson', AddressId: home.Id }));
    expect(quote).toMatchObject({ Valid: true, ServiceFee: 100, BufferMinimum: 5, BufferMaximum: 15 });
    expect(quote.DeliveryFee).toBeGreaterThanOrEqual(299);
    expect(Date.parse(quote.DeliverAt)).toBeGreaterThan(Date.parse(quote.LeaveAt));
    const away = right(await ada.api.delivery.createAddress(far));
    expect(right(await ada.api.delivery.quote({ LocationId: 'cafe-hudson', AddressId: away.Id })).Valid).toBe(false);
  });

  it('places a delivery order to an address in range and refuses one out of range', async () => {
    const home = right(await ada.api.delivery.createAddress(near));
    const away = right(await ada.api.delivery.createAddress(far));
    const order = (addressId: string) => ({
      source: 'Web',
      idempotencyKey: newKey(),
      locationId: 'cafe-hudson',
      lineItems: [{ key: 'c', id: 'croissant-each', quantity: 1 }],
      pickupAt: deliverAt,
      deliveryFulfillment: { deliverAt, deliveryAddressId: addressId },
    });
    const placed = right(await ada.api.orders.placeOrder({ ...order(home.Id), card: { nonce: await nonceFor(running) } }));
    expect(placed.Order?.FulfillmentType).toBe('DELIVERY');
    const refused = await ada.api.orders.placeOrder({ ...order(away.Id), card: { nonce: await nonceFor(running) } });
    if (E.isRight(refused)) throw new Error('expected a refusal');
    expect(orderFailureList(refused.left)[0]).toBe('Delivery - OUT_OF_RANGE');
  });
});
