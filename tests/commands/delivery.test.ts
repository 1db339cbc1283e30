// Delivery through the commands against the sandbox (pizza-chain: Brooklyn and Silver Lake deliver within 5 miles;
// Tony's seed has a Brooklyn home and his mother's flat in Los Angeles): the address book, validation, the selected
// address, quotes in and out of range, and a delivery order charged exactly the quoted fees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chargedTotal } from '../../src/domain/delivery/charges';
import { ADDRESS_GONE, SIGN_IN_FOR_DELIVERY } from '../../src/domain/delivery/messages';
import { bagView } from '../../src/events/selectors/bag';
import { PLACE_ORDER_BLOCKERS } from '../../src/events/selectors/checkout';
import { createRedactor } from '../../src/store/redact';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York: Brooklyn is open.
const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
const running = useSandbox(() => ({ catalog: 'pizza-chain', now: () => clock.now }));
let shopper: Shopper;

const HOME = 'addr_seed_1_1';
const MOMS = 'addr_seed_1_2';
const NEW_ADDRESS = { AddressLine1: '100 Atlantic Ave', Locality: 'Brooklyn', AdministrativeDistrictLevel1: 'NY', PostalCode: '11201', NickName: 'Work' };

beforeEach(async () => {
  shopper = await newShopper(running, clock);
  const { commands } = shopper;
  expectRight(await commands.loadCatalog());
  expectRight(await commands.selectLocation('chain-brooklyn'));
});
afterEach(async () => shopper.close());

async function signIn(): Promise<void> {
  const { commands } = shopper;
  expectRight(await commands.sendLoginCode('718-555-0123'));
  const code = ((await control(running, 'outbox')) as { code: string }[]).at(-1)!.code;
  expectRight(await commands.signInWithCode('718-555-0123', code));
}

const account = () => shopper.store.getState().account;

describe('the address book', () => {
  it('needs a signed-in shopper', async () => {
    expect(expectLeft(await shopper.commands.loadAddresses())).toBe(SIGN_IN_FOR_DELIVERY);
    expect(expectLeft(await shopper.commands.validateDeliveryAddress(NEW_ADDRESS))).toBe(SIGN_IN_FOR_DELIVERY);
  });

  it("loads the account's addresses once, and refuses to select one that is not in the list", async () => {
    await signIn();
    const loaded = await appendedBy(shopper, () => shopper.commands.loadAddresses());
    expect(loaded.types).toEqual(['DeliveryAddressesLoaded']);
    expect(account().addresses.map((a) => a.Id)).toEqual([HOME, MOMS]);
    expect((await appendedBy(shopper, () => shopper.commands.loadAddresses())).types).toEqual([]);
    expect(expectLeft(await shopper.commands.selectDeliveryAddress('addr_nope'))).toBe(ADDRESS_GONE);
    expect((await appendedBy(shopper, () => shopper.commands.selectDeliveryAddress(HOME))).types).toEqual(['DeliveryAddressSelected']);
    expect(account().selectedAddressId).toBe(HOME);
  });

  it('validates without recording: the formatted address, which locations deliver, and problems by field', async () => {
    await signIn();
    const checked = await appendedBy(shopper, () => shopper.commands.validateDeliveryAddress(NEW_ADDRESS));
    expect(checked.types).toEqual([]);
    const validation = expectRight(checked.result);
    expect(validation.Valid).toBe(true);
    expect(validation.Address.FormattedAddress).toBe('100 Atlantic Ave, Brooklyn, NY 11201');
    expect(validation.Locations.find((l) => l.LocationId === 'chain-brooklyn')).toMatchObject({ Available: true });
    const broken = expectRight(await shopper.commands.validateDeliveryAddress({ ...NEW_ADDRESS, AddressLine1: ' ', PostalCode: '1' }));
    expect(broken.Problems).toEqual(['Address Line 1 is required', 'The postal code is missing or malformed.']);
  });

  it('a new address becomes selected; an edit keeps the selection; deleting the selected address clears it', async () => {
    await signIn();
    expectRight(await shopper.commands.loadAddresses());
    expectRight(await shopper.commands.selectDeliveryAddress(HOME));
    const created = await appendedBy(shopper, () => shopper.commands.saveDeliveryAddress(NEW_ADDRESS));
    const saved = expectRight(created.result);
    expect(created.types).toEqual(['DeliveryAddressSaved']);
    expect(account().selectedAddressId).toBe(saved.Id);
    expect(typeof saved.Latitude).toBe('number');
    expectRight(await shopper.commands.saveDeliveryAddress({ ...NEW_ADDRESS, NickName: 'Office' }, saved.Id));
    expect(account().addresses.find((a) => a.Id === saved.Id)?.NickName).toBe('Office');
    expect(account().selectedAddressId).toBe(saved.Id);
    const deleted = await appendedBy(shopper, () => shopper.commands.deleteDeliveryAddress(saved.Id));
    expectRight(deleted.result);
    expect(deleted.types).toEqual(['DeliveryAddressDeleted']);
    expect(account().selectedAddressId).toBeNull();
    expect(account().addresses.map((a) => a.Id)).toEqual([HOME, MOMS]);
    // Deleting another address keeps the selection.
    expectRight(await shopper.commands.selectDeliveryAddress(HOME));
    expectRight(await shopper.commands.deleteDeliveryAddress(MOMS));
    expect(account().selectedAddressId).toBe(HOME);
  });

  it('a redacted log holds none of the address book', async () => {
    await signIn();
    expectRight(await shopper.commands.loadAddresses());
    expectRight(await shopper.commands.saveDeliveryAddress({ ...NEW_ADDRESS, Instructions: 'Leave with the doorman', PhoneNumber: '718-555-0199' }));
    const redactor = createRedactor();
    const redacted = JSON.stringify((await shopper.store.storedEvents()).map((e) => redactor.event({ ...e, seq: Number(e.seq) })));
    for (const text of ['Atlantic', '5th Ave', 'Sunset Blvd', 'doorman', '555-0199', 'Work', "Mom's", '11201', '90026']) expect(redacted).not.toContain(text);
    expect(redacted).toContain('DeliveryAddressSaved');
  });
});

describe('delivery at checkout', () => {
  it('quotes the selected address in range and charges exactly the quoted fees on top of the bag', async () => {
    const { commands } = shopper;
    await signIn();
    expectRight(await commands.refreshInventory());
    expectRight(await commands.addToBag({ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' }));
    expectRight(await commands.chooseFulfillment('DELIVERY'));
    expectRight(await commands.loadAddresses());
    expectRight(await commands.selectDeliveryAddress(HOME));
    const quoted = await appendedBy(shopper, () => commands.quoteDelivery());
    expect(expectRight(quoted.result)).toEqual({ available: true });
    expect(quoted.types).toEqual(['DeliveryQuoted']);
    const quote = account().deliveryQuote!;
    // Asked again with nothing changed (the clock stands still here), the same quote is not recorded twice.
    expect((await appendedBy(shopper, () => commands.quoteDelivery())).types).toEqual([]);
    expect(quote).toMatchObject({ locationId: 'chain-brooklyn', addressId: HOME, available: true, serviceFee: 100 });
    expect(quote.deliveryFee).toBeGreaterThanOrEqual(299);
    await shopper.addCard();
    const preview = bagView(shopper.store.getState(), shopper.store.context).preview!;
    const placed = expectRight(await commands.placeOrder());
    const order = shopper.store.getState().orders.history[0]!.order!;
    expect(order).toMatchObject({ Id: placed.orderId, FulfillmentType: 'DELIVERY', DeliveryAddressId: HOME, DeliveryFee: quote.deliveryFee, ServiceFee: 100 });
    expect(order.GrandTotal).toBe(chargedTotal(preview.grandTotal, quote));
    expect(order.DeliveryAddress).toBe('214 5th Ave, Brooklyn, NY 11215');
    expect(order.PickupAtUtc).toBe(new Date(quote.deliverAt).toISOString());
    // A redacted log still says a delivery was chosen and what it cost, and holds no address.
    const redactor = createRedactor();
    const redacted = (await shopper.store.storedEvents()).map((e) => redactor.event({ ...e, seq: Number(e.seq) }));
    const text = JSON.stringify(redacted);
    expect(text).not.toContain('5th Ave');
    expect(redacted.find((e) => e.type === 'FulfillmentChosen')?.data).toMatchObject({ fulfillmentType: 'DELIVERY' });
    expect(redacted.find((e) => e.type === 'DeliveryQuoted')?.data).toMatchObject({ deliveryFee: quote.deliveryFee, serviceFee: 100, distance: 0 });
    expect(redacted.find((e) => e.type === 'OrderPlaced')?.data).toMatchObject({ order: { DeliveryFee: quote.deliveryFee, ServiceFee: 100 } });
  });

  it('out of range: says so, names the location that does deliver there, and Place Order waits', async () => {
    const { commands } = shopper;
    await signIn();
    expectRight(await commands.refreshInventory());
    expectRight(await commands.addToBag({ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 1, modifiers: {}, note: '' }));
    expectRight(await commands.chooseFulfillment('DELIVERY'));
    expectRight(await commands.loadAddresses());
    expectRight(await commands.selectDeliveryAddress(MOMS));
    expect(expectRight(await commands.quoteDelivery())).toEqual({ available: false });
    expect(account().deliveryQuote).toMatchObject({ available: false, deliveringIds: ['chain-silverlake'] });
    await shopper.addCard();
    expect(expectLeft(await commands.placeOrder())).toMatchObject({ message: PLACE_ORDER_BLOCKERS.outOfRange });
  });
});
