// The checkout commands, one by one, against a real sandbox: fulfillment and its settings, the pickup time, the
// guest's details, cards, and loyalty availability. Placing the order is in placeOrder.test.ts, the session's
// commands in session.test.ts. The rules behind them are the decisions in src/commands/decide.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '../../src/events/context';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York: the cafe and the Brooklyn pizzeria are open.
const WEDNESDAY_10AM = Date.parse('2026-11-18T15:00:00Z');
const clock = { now: WEDNESDAY_10AM };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  clock.now = WEDNESDAY_10AM;
  shopper = await newShopper(running, clock);
  expectRight(await shopper.commands.loadCatalog());
  expectRight(await shopper.commands.addToBag({ itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' }));
});
afterEach(async () => shopper.close());

const checkout = () => shopper.store.getState().checkout;

describe('fulfillment', () => {
  it('chooseFulfillment refuses what the location does not offer and records a change once', async () => {
    const refused = await appendedBy(shopper, () => shopper.commands.chooseFulfillment('CURBSIDE'));
    expect(expectLeft(refused.result)).toBe('This location does not offer that.');
    expect(refused.types).toEqual([]);
    expect((await appendedBy(shopper, () => shopper.commands.chooseFulfillment('DINEIN'))).types).toEqual(['FulfillmentChosen']);
    expect((await appendedBy(shopper, () => shopper.commands.chooseFulfillment('DINEIN'))).types).toEqual([]);
    expect(checkout().fulfillmentType).toBe('DINEIN');
  });

  it('clearFulfillment takes the choice back', async () => {
    expectRight(await shopper.commands.chooseFulfillment('PICKUP'));
    expectRight(await shopper.commands.clearFulfillment());
    expect(checkout().fulfillmentType).toBeNull();
  });

  it("saveDineIn: skipping the note sends 'No Table'; unticking skip with no note is recorded and says the note is required", async () => {
    expectRight(await shopper.commands.chooseFulfillment('DINEIN'));
    expectRight(await shopper.commands.saveDineIn('', true));
    expect(checkout().dineIn).toEqual({ note: 'No Table', skipNote: true });
    const untick = await appendedBy(shopper, () => shopper.commands.saveDineIn('', false));
    expect(expectLeft(untick.result)).toBe('Table Note is required');
    expect(untick.types).toEqual(['DineInNoteSaved']);
    expect(checkout().dineIn).toEqual({ note: '', skipNote: false });
    expectRight(await shopper.commands.saveDineIn('  Table 4 ', false));
    expect(checkout().dineIn).toEqual({ note: 'Table 4', skipNote: false });
  });

  it('savePickupNotes keeps the trimmed notes, refuses notes over 150 characters, and records no repeat', async () => {
    expectRight(await shopper.commands.chooseFulfillment('PICKUP'));
    const long = await appendedBy(shopper, () => shopper.commands.savePickupNotes('x'.repeat(151)));
    expect(expectLeft(long.result)).toMatch(/150/);
    expect(long.types).toEqual([]);
    expectRight(await shopper.commands.savePickupNotes(' Knock twice '));
    expect(checkout().pickupNotes).toBe('Knock twice');
    expect((await appendedBy(shopper, () => shopper.commands.savePickupNotes('Knock twice'))).types).toEqual([]);
  });
});

describe('the pickup time', () => {
  it('choosePickupTime takes a time the schedule offers now and refuses one it does not', async () => {
    const location = currentLocation(shopper.store.getState(), shopper.store.context)!.location;
    const day = pickupSchedule(location, clock.now).days.find((d) => d.slots.length > 0)!;
    const choice = { date: day.date, time: day.slots[0]!.at };
    expectRight(await shopper.commands.choosePickupTime(choice));
    expect(shopper.store.getState().pickup).toMatchObject({ choice, userSelected: true });
    const past = await appendedBy(shopper, () => shopper.commands.choosePickupTime({ date: '2026-11-18', time: '2026-11-18T13:00:00.000Z' }));
    expect(expectLeft(past.result)).toBe('That time is no longer available. Please choose another.');
    expect(past.types).toEqual([]);
  });
});

describe("the guest's details", () => {
  const GUEST = { firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com ', phone: '(212) 555-0142' };

  it('saveGuest refuses an email that is not one, in the spec words, and keeps the trimmed details', async () => {
    const bad = await appendedBy(shopper, () => shopper.commands.saveGuest({ ...GUEST, email: 'ada@' }));
    expect(expectLeft(bad.result)).toBe('Email Address is not valid');
    expect(bad.types).toEqual([]);
    expectRight(await shopper.commands.saveGuest(GUEST));
    expect(checkout().guest).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(212) 555-0142' });
  });

  it('details kept as typed leave the form open; Continue with the same details then confirms them, once', async () => {
    const kept = await appendedBy(shopper, () => shopper.commands.saveGuest(GUEST, false));
    expect(kept.types).toEqual(['GuestDetailsSaved']);
    expect(checkout()).toMatchObject({ guest: { firstName: 'Ada' }, guestConfirmed: false });
    // Leaving the form again with the same details records nothing.
    expect((await appendedBy(shopper, () => shopper.commands.saveGuest(GUEST, false))).types).toEqual([]);
    const confirmed = await appendedBy(shopper, () => shopper.commands.saveGuest(GUEST, true));
    expect(confirmed.types).toEqual(['GuestDetailsSaved']);
    expect(checkout().guestConfirmed).toBe(true);
    // Confirmed details are neither confirmed again nor taken back to the form by a later keep.
    expect((await appendedBy(shopper, () => shopper.commands.saveGuest(GUEST, true))).types).toEqual([]);
    expect((await appendedBy(shopper, () => shopper.commands.saveGuest(GUEST, false))).types).toEqual([]);
    expect(checkout().guestConfirmed).toBe(true);
    // Changed details kept as typed show the form again with them.
    await shopper.commands.saveGuest({ ...GUEST, lastName: 'Byron' }, false);
    expect(checkout()).toMatchObject({ guest: { lastName: 'Byron' }, guestConfirmed: false });
  });

  it('editGuest clears the details for the shopper to change', async () => {
    expectRight(await shopper.commands.saveGuest(GUEST));
    expectRight(await shopper.commands.editGuest());
    expect(checkout().guest).toBeNull();
  });
});

describe('cards', () => {
  it("a card entered in this page is usable, selected, and removed with 'Change it'; removing it twice appends once", async () => {
    await shopper.addCard();
    const card = shopper.store.getState().checkout.transientCard!;
    expect(checkout().selectedCardKey).toBe(card.key);
    expect(shopper.commands.cardUsable(card)).toBe(true);
    expect((await appendedBy(shopper, () => shopper.commands.removeCard(card))).types).toEqual(['CardRemoved']);
    expect(checkout().selectedCardKey).toBeNull();
    expect(shopper.commands.cardUsable(card)).toBe(false);
    expect((await appendedBy(shopper, () => shopper.commands.removeCard(card))).types).toEqual([]);
  });

  it('forgetStaleCard removes a card entered before a reload (its token is gone) and asks for it again; a usable card stays', async () => {
    await shopper.addCard();
    expect((await appendedBy(shopper, () => shopper.commands.forgetStaleCard())).types).toEqual([]);
    const reloaded = shopper.reload();
    const { result, types } = await appendedBy(shopper, () => reloaded.forgetStaleCard());
    expect(expectLeft(result)).toBe('Please enter your card again.');
    expect(types).toEqual(['CardRemoved']);
    expect(checkout().transientCard).toBeNull();
  });

  it('selectCard picks a saved card (which becomes the default) and refuses a card that is gone', async () => {
    expectRight(await shopper.api.account.login('ada@example.com', 'countertop'));
    expectRight(await shopper.commands.restoreSession());
    await shopper.addCard('5105 1051 0510 5100');
    const transient = shopper.store.getState().checkout.transientCard!;
    const billing = { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' };
    const token = await shopper.tokenize('4111 1111 1111 1111');
    const saved = expectRight(await shopper.commands.addCard(token, billing, true));
    expectRight(await shopper.commands.selectCard(transient));
    expect(checkout().selectedCardKey).toBe(transient.key);
    expectRight(await shopper.commands.selectCard(saved));
    expect(checkout().selectedCardKey).toBe(saved.key);
    expect(shopper.store.getState().account.defaultCardKey).toBe(saved.key);
    expectRight(await shopper.commands.removeCard(saved));
    const gone = await appendedBy(shopper, () => shopper.commands.selectCard(saved));
    expect(expectLeft(gone.result)).toBe('That card is no longer available. Please choose another.');
    expect(gone.types).toEqual([]);
    expect(expectRight(await shopper.api.cards.listCards()).map((c) => c.Id)).not.toContain(saved.id);
  });
});

describe('loyalty', () => {
  it("loadLoyaltyAvailability records the program's availability once", async () => {
    const first = await appendedBy(shopper, () => shopper.commands.loadLoyaltyAvailability());
    expect(first.types).toEqual(['LoyaltyAvailabilityLoaded']);
    expect(shopper.store.getState().account.loyalty.available).toBe(true);
    expect((await appendedBy(shopper, () => shopper.commands.loadLoyaltyAvailability())).types).toEqual([]);
  });
});

describe('curbside at the pizza chain', () => {
  it('saveVehicle refuses a vehicle without a make, in the spec words, and keeps a trimmed one', async () => {
    await control(running, 'reset', { catalog: 'pizza-chain' });
    const driver = await newShopper(running, clock);
    try {
      expectRight(await driver.commands.loadCatalog());
      expectRight(await driver.commands.selectLocation('chain-brooklyn'));
      expectRight(await driver.commands.chooseFulfillment('CURBSIDE'));
      const missing = await appendedBy(driver, () => driver.commands.saveVehicle({ make: ' ', model: 'Outback', color: 'Green', note: '' }));
      expect(expectLeft(missing.result)).toBe('Vehicle Make is required');
      expect(missing.types).toEqual([]);
      expectRight(await driver.commands.saveVehicle({ make: 'Subaru ', model: 'Outback', color: 'Green', note: ' By the hydrant' }));
      expect(driver.store.getState().checkout.vehicle).toEqual({ make: 'Subaru', model: 'Outback', color: 'Green', note: 'By the hydrant' });
    } finally {
      await driver.close();
    }
  });
});
