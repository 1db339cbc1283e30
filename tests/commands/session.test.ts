// The auto-login at start-up (account-and-session.md section 4, steps 4 and 5) through the commands, against a real
// sandbox: a stored session signs the shopper in and loads the account status, the saved cards (merged with the
// browser's) and the order list; no session leaves cards empty; a failed part is reported and the rest still loads.
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxTokenizer } from '../../src/api/payments/sandboxTokenizer';
import { control, nonceFor, useSandbox } from '../sandbox/support';
import { expectRight, newShopper, type Shopper } from './support';

// Wednesday 10:00 in New York: the cafe is open.
const WEDNESDAY_10AM = Date.parse('2026-11-18T15:00:00Z');
const clock = { now: WEDNESDAY_10AM };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
const shoppers: Shopper[] = [];

beforeEach(async () => {
  clock.now = WEDNESDAY_10AM;
});
afterEach(async () => {
  await Promise.all(shoppers.splice(0).map((s) => s.close()));
});

async function shopper(tokens: Parameters<typeof newShopper>[2] = null): Promise<Shopper> {
  const s = await newShopper(running, clock, tokens);
  shoppers.push(s);
  return s;
}

/** Ada signs in on one device, saves a card there and places an order; returns that device's session tokens. */
async function adaWithACardAndAnOrder(): Promise<{ tokens: NonNullable<Parameters<typeof newShopper>[2]>; cardId: string; orderId: string }> {
  const device = await shopper();
  expectRight(await device.api.account.login('ada@example.com', 'countertop'));
  expect(expectRight(await device.commands.restoreSession())).toBe(true);
  const card = expectRight(
    await device.api.cards.createCard({
      nonce: await nonceFor(running, { cardNumber: '5105 1051 0510 5100' }),
      address1: '1 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10014',
      country: 'US',
    }),
  );
  expectRight(await device.commands.loadCatalog());
  expectRight(await device.commands.refreshInventory());
  expectRight(await device.commands.addToBag({ itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' }));
  expectRight(await device.commands.chooseFulfillment('PICKUP'));
  await device.addCard();
  const placed = expectRight(await device.commands.placeOrder());
  return { tokens: device.api.http.tokens.get()!, cardId: card.Id, orderId: placed.orderId };
}

describe('restoring a session at start-up', () => {
  it('without stored tokens nobody is signed in and no card or order is loaded', async () => {
    const s = await shopper();
    expect(expectRight(await s.commands.restoreSession())).toBe(false);
    const state = s.store.getState();
    expect(state.account.profile).toBeNull();
    expect(state.account.savedCards).toEqual([]);
    expect(state.orders.history).toEqual([]);
    expect(s.reports).toEqual([]);
  });

  it("signs in on another device and loads the account's saved cards and its order list", async () => {
    const ada = await adaWithACardAndAnOrder();
    const other = await shopper(ada.tokens);
    expect(expectRight(await other.commands.restoreSession())).toBe(true);
    const state = other.store.getState();
    expect(state.account.profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(state.account.verified).toBe(true);
    expect(state.account.savedCards).toEqual([
      {
        key: `card-${ada.cardId}`,
        id: ada.cardId,
        brand: expect.stringMatching(/mastercard/i),
        last4: '5100',
        expMonth: 12,
        expYear: expect.any(Number),
        saved: true,
        billing: { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' },
      },
    ]);
    // The first saved card becomes the default, so checkout shows it as the current card.
    expect(state.account.defaultCardKey).toBe(`card-${ada.cardId}`);
    expect(state.orders.history.map((o) => o.orderId)).toEqual([ada.orderId]);
    expect(other.reports).toEqual([]);
  });

  it('a second start with nothing new records no further card or order events', async () => {
    const ada = await adaWithACardAndAnOrder();
    const other = await shopper(ada.tokens);
    expectRight(await other.commands.restoreSession());
    const types = async () => (await other.store.storedEvents()).map((e) => e.type);
    const before = await types();
    expectRight(await other.commands.restoreSession());
    const added = (await types()).slice(before.length);
    expect(
      added.filter((type) => type === 'SavedCardsLoaded' || type === 'OrderHistoryLoaded' || type === 'SignedIn' || type === 'AccountStatusLoaded'),
    ).toEqual([]);
  });

  it('a failed profile call is reported once and leaves nobody signed in, the stored session kept for next time', async () => {
    const ada = await adaWithACardAndAnOrder();
    await control(running, 'fail', { path: '/api/Account/Profile', times: 1, status: 503 });
    const other = await shopper(ada.tokens);
    expect(expectRight(await other.commands.restoreSession())).toBe(false);
    expect(other.store.getState().account.profile).toBeNull();
    expect(other.reports.map((r) => r.call)).toEqual(['Account/Profile']);
    expect(other.api.http.tokens.get()).toEqual(ada.tokens);
  });

  it('a refresh that does not reach the API (offline, a failing host) keeps the shopper signed in; a refused one signs them out', async () => {
    const ada = await adaWithACardAndAnOrder();
    const s = await shopper(ada.tokens);
    expect(expectRight(await s.commands.restoreSession())).toBe(true);
    // The next visit comes after the access token expired, and the refresh fails on the way.
    clock.now += 2 * 60 * 60_000;
    await control(running, 'fail', { path: '/api/Account/Login', times: 1, status: 503 });
    expect(expectRight(await s.commands.restoreSession())).toBe(false);
    expect(s.store.getState().account.profile).toMatchObject({ firstName: 'Ada' });
    expect(s.store.getState().orders.history.map((o) => o.orderId)).toEqual([ada.orderId]);
    expect(s.api.http.tokens.get()).toEqual(ada.tokens);
    // The API refuses the refresh token: nobody is signed in any more.
    await control(running, 'fail', { path: '/api/Account/Login', times: 1, status: 400 });
    expect(expectRight(await s.commands.restoreSession())).toBe(false);
    expect(s.store.getState().account.profile).toBeNull();
    expect(s.api.http.tokens.get()).toBeNull();
  });

  it('a failed card call is reported and the order list still loads', async () => {
    const ada = await adaWithACardAndAnOrder();
    await control(running, 'fail', { path: '/api/Card/Merge', times: 1, status: 500 });
    const other = await shopper(ada.tokens);
    expect(expectRight(await other.commands.restoreSession())).toBe(true);
    const state = other.store.getState();
    expect(state.account.savedCards).toEqual([]);
    expect(state.orders.history.map((o) => o.orderId)).toEqual([ada.orderId]);
    expect(other.reports.map((r) => r.call)).toEqual(['Card/Merge']);
  });
});

describe('signing out', () => {
  it("forgets the account's cards and orders and keeps the bag", async () => {
    const ada = await adaWithACardAndAnOrder();
    const other = await shopper(ada.tokens);
    expectRight(await other.commands.restoreSession());
    expectRight(await other.commands.loadCatalog());
    expectRight(await other.commands.addToBag({ itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' }));
    expect(E.isRight(await other.commands.endSession())).toBe(true);
    const state = other.store.getState();
    expect(state.account.profile).toBeNull();
    expect(state.account.savedCards).toEqual([]);
    expect(state.orders.history).toEqual([]);
    expect(state.bag.lines.map((l) => l.quantity)).toEqual([2]);
    expect(other.api.http.tokens.get()).toBeNull();
  });
});

describe("a signed-in shopper's new card", () => {
  const tokenize = async (cardNumber: string) => {
    const tokenizer = createSandboxTokenizer({ url: `${running.origin}/__sandbox/payments/tokenize` });
    return expectRight(await tokenizer.tokenize({ cardNumber, expMonth: 12, expYear: 2030, cvv: '123', postalCode: '10014' }));
  };
  const billing = { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' };

  it('remembered, is registered with the account and becomes the saved, default and selected card', async () => {
    const ada = await adaWithACardAndAnOrder();
    const s = await shopper(ada.tokens);
    expectRight(await s.commands.restoreSession());
    const added = expectRight(await s.commands.addCard(await tokenize('6011 0000 0000 0004'), billing, true));
    expect(added).toMatchObject({ saved: true, last4: '0004' });
    const state = s.store.getState();
    expect(state.account.savedCards.map((c) => c.last4)).toEqual(['5100', '0004']);
    expect(state.account.defaultCardKey).toBe(added.key);
    expect(state.checkout.selectedCardKey).toBe(added.key);
    const remote = expectRight(await s.api.cards.listCards());
    expect(remote.map((c) => c.Last4).sort()).toEqual(['0004', '5100']);
  });

  it('not remembered, stays in this page only; a refused registration gives the spec message and adds nothing', async () => {
    const ada = await adaWithACardAndAnOrder();
    const s = await shopper(ada.tokens);
    expectRight(await s.commands.restoreSession());
    const transient = expectRight(await s.commands.addCard(await tokenize('4111 1111 1111 1111'), billing, false));
    expect(transient.saved).toBe(false);
    expect(expectRight(await s.api.cards.listCards()).map((c) => c.Last4)).toEqual(['5100']);
    await control(running, 'fail', { path: '/api/Card/Create', times: 1, status: 400 });
    const before = s.store.getState().checkout;
    const refused = await s.commands.addCard(await tokenize('6011 0000 0000 0004'), billing, true);
    expect(E.isLeft(refused) && refused.left).toBe('There was a problem adding this card. Please try again or try a different card.');
    expect(s.store.getState().checkout).toEqual(before);
  });
});
