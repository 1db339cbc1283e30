// Saved cards, gift cards, favorites, loyalty and presence through the real client against the sandbox.
import * as E from 'fp-ts/lib/Either.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { firstFieldError, hasStatus, orderFailureList } from '../../src/api/apiError';
import type { OutboxMessage } from '../../src/sandbox/state';
import { control, firstPickupAt, newClient, newKey, nonceFor, useSandbox, type TestClient, right } from '../sandbox/support';

// A fixed sandbox clock inside the seed coupons' validity, so these tests do not depend on today's date.
const NOW = Date.UTC(2026, 5, 1, 16, 0);
const running = useSandbox({ catalog: 'cafe', now: () => NOW });
let ada: TestClient;
beforeEach(async () => {
  ada = newClient(running);
  right(await ada.api.account.login('ada@example.com', 'countertop'));
});

function croissantOrder(card: { id?: string; nonce?: string }, extra: Record<string, unknown> = {}) {
  const at = firstPickupAt('cafe', 'cafe-hudson', NOW);
  return {
    source: 'Web',
    idempotencyKey: newKey(),
    locationId: 'cafe-hudson',
    lineItems: [{ key: 'c', id: 'croissant-each', quantity: 1 }],
    pickupAt: at,
    pickupFulfillment: { pickupAt: at },
    card,
    ...extra,
  };
}

describe('saved cards', () => {
  it('saves a tokenized card, lists it masked-ready (brand, last4, expiry), pays with it, and removes it', async () => {
    const card = right(
      await ada.api.cards.createCard({
        nonce: await nonceFor(running, { cardNumber: '3782 822463 10005' }),
        name: 'Ada',
        address1: '1 Main St',
        city: 'New York',
        state: 'NY',
        postalCode: '10014',
      }),
    );
    expect(card).toMatchObject({ Brand: 'amex', Last4: '0005', Address: { PostalCode: '10014', Locality: 'New York' } });
    expect(right(await ada.api.cards.listCards()).map((c) => c.Id)).toEqual([card.Id]);
    expect(right(await ada.api.cards.mergeCards([card.Id, 'someone-elses'])).map((c) => c.Id)).toEqual([card.Id]);
    right(await ada.api.orders.placeOrder(croissantOrder({ id: card.Id })));
    right(await ada.api.cards.removeCard({ cardId: card.Id }));
    expect(right(await ada.api.cards.listCards())).toEqual([]);
    expect(await ada.api.cards.removeCard({ cardId: card.Id })).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 404 } });
  });

  it('refuses a billing address over its limits, in words that name them', async () => {
    const result = await ada.api.cards.createCard({ nonce: await nonceFor(running), address1: 'x'.repeat(101) });
    if (E.isRight(result)) throw new Error('expected a refusal');
    expect(orderFailureList(result.left)).toEqual(['Card - INVALID_ADDRESS', 'Address Line 1 must be 100 characters or fewer']);
  });

  it('refuses to save a card that would be declined', async () => {
    const result = await ada.api.cards.createCard({ nonce: await nonceFor(running, { cardNumber: '4000 0000 0000 0002' }) });
    if (E.isRight(result)) throw new Error('expected a refusal');
    expect(orderFailureList(result.left)[0]).toBe('Card - GENERIC_DECLINE');
  });

  it("does not let one account pay with another account's card", async () => {
    const card = right(await ada.api.cards.createCard({ nonce: await nonceFor(running) }));
    const other = newClient(running);
    right(
      await other.api.account.register({
        firstName: 'Bo',
        lastName: 'Lee',
        email: 'bo@example.com',
        phoneNumber: '212-555-0111',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
    right(await other.api.account.login('bo@example.com', 'secret1'));
    const result = await other.api.orders.placeOrder(croissantOrder({ id: card.Id }));
    if (E.isRight(result)) throw new Error('expected a refusal');
    expect(orderFailureList(result.left)[0]).toBe('Payment failed - CARD_NOT_FOUND');
  });
});

describe('gift cards', () => {
  it('adds a gift card by number, reads its balance, lists it masked, reloads it once per key, and removes it', async () => {
    const id = right(await ada.api.giftCards.addGiftCard('7783 3200 0000 0000'));
    expect(right(await ada.api.giftCards.balance(id)).BalanceAmount).toBe(2500);
    expect(right(await ada.api.giftCards.listGiftCards())).toEqual([{ Gan: '************0000', Id: id }]);
    const reload = { Card: { nonce: await nonceFor(running) }, IdempotencyKey: newKey('reload'), GiftCardId: id, ReloadAmount: 1000, Source: 'Web' };
    const first = right(await ada.api.giftCards.reload(reload));
    expect(first.Card.BalanceAmount).toBe(3500);
    expect(right(await ada.api.giftCards.reload(reload))).toEqual(first);
    expect(right(await ada.api.giftCards.balance(id)).BalanceAmount).toBe(3500);
    right(await ada.api.giftCards.removeGiftCard(id));
    expect(right(await ada.api.giftCards.listGiftCards())).toEqual([]);
  });

  it('answers 404 for a number the provider does not know', async () => {
    const result = await ada.api.giftCards.addGiftCard('7783 0000 1111 2222');
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 404 } });
  });

  it('declines a reload paid with a declining card', async () => {
    const id = right(await ada.api.giftCards.addGiftCard('7783320000000001'));
    const result = await ada.api.giftCards.reload({
      Card: { nonce: await nonceFor(running, { cvv: '911' }) },
      IdempotencyKey: newKey(),
      GiftCardId: id,
      ReloadAmount: 500,
    });
    if (E.isRight(result)) throw new Error('expected a decline');
    expect(orderFailureList(result.left)[0]).toBe('Payment failed - CVV_FAILURE');
  });
});

describe('favorites', () => {
  it('creates, lists, merges local favorites in, and removes', async () => {
    expect(right(await ada.api.favorites.createFavorite({ itemId: 'latte' }))).toEqual(['latte']);
    expect(right(await ada.api.favorites.mergeFavorites(['croissant', 'latte', 'not-an-item']))).toEqual(['latte', 'croissant']);
    expect(right(await ada.api.favorites.removeFavorite({ itemId: 'latte' }))).toEqual(['croissant']);
    expect(right(await ada.api.favorites.listFavorites())).toEqual(['croissant']);
  });

  it('answers 401 to a guest', async () => {
    expect(await newClient(running).api.favorites.listFavorites()).toMatchObject({ _tag: 'Left', left: { kind: 'unauthorized' } });
  });
});

describe('loyalty and coupons', () => {
  it('tells a signed-out shopper whether rewards are available, with the default terminology', async () => {
    expect(right(await newClient(running).api.loyalty.checkAvailability())).toEqual({ Available: true, Terminology: { One: 'Point', Other: 'Points' } });
  });

  it('shows the seeded balance, rewards and coupons, and spends a reward on an order', async () => {
    const status = right(await ada.api.loyalty.status());
    expect(status).toMatchObject({ Enrolled: true, Balance: 120 });
    expect(status.Rewards?.map((r) => r.Id)).toEqual(['reward-free-drip']);
    expect(status.Coupons?.map((c) => c.Id)).toEqual(['coupon-welcome', 'coupon-pastry']);
    const at = firstPickupAt('cafe', 'cafe-hudson', NOW);
    const order = {
      ...croissantOrder({ nonce: await nonceFor(running) }),
      lineItems: [
        { key: 'd', id: 'drip-regular', quantity: 1 },
        { key: 'c', id: 'croissant-each', quantity: 1 },
      ],
      rewardId: 'reward-free-drip',
      pickupAt: at,
    };
    const placed = right(await ada.api.orders.placeOrder(order));
    expect(placed.Order?.TotalDiscounts).toBe(275);
    // 120 - 50 for the reward + 4 points for the $4.08 charged.
    expect(right(await ada.api.loyalty.status()).Balance).toBe(74);
  });

  it('a reward or coupon that takes nothing off the order is not used: no points spent, the coupon kept', async () => {
    // A croissant only: the free drip coffee matches no line (as an older storefront might still send it).
    const placed = right(await ada.api.orders.placeOrder(croissantOrder({ nonce: await nonceFor(running) }, { rewardId: 'reward-free-drip' })));
    expect(placed.Order?.TotalDiscounts).toBe(0);
    // 120 + 4 points for the $4.08 charged, and nothing taken for the reward.
    expect(right(await ada.api.loyalty.status()).Balance).toBe(124);
    const drip = { lineItems: [{ key: 'd', id: 'drip-regular', quantity: 1 }], couponId: 'coupon-pastry' };
    const withCoupon = right(await ada.api.orders.placeOrder(croissantOrder({ nonce: await nonceFor(running) }, drip)));
    expect(withCoupon.Order?.TotalDiscounts).toBe(0);
    expect(right(await ada.api.loyalty.status()).Coupons?.map((c) => c.Id)).toEqual(['coupon-welcome', 'coupon-pastry']);
  });

  it('uses a coupon once: it leaves the status and a second use is refused', async () => {
    right(await ada.api.orders.placeOrder(croissantOrder({ nonce: await nonceFor(running) }, { couponId: 'coupon-pastry' })));
    expect(right(await ada.api.loyalty.status()).Coupons?.map((c) => c.Id)).toEqual(['coupon-welcome']);
    const again = await ada.api.orders.placeOrder(croissantOrder({ nonce: await nonceFor(running) }, { couponId: 'coupon-pastry' }));
    if (E.isRight(again)) throw new Error('expected a refusal');
    expect(orderFailureList(again.left)[0]).toBe('Discount - COUPON_ALREADY_USED');
  });

  it('enrolls with a texted code, and answers 409 when the phone is already enrolled', async () => {
    const bo = newClient(running);
    right(
      await bo.api.account.register({
        firstName: 'Bo',
        lastName: 'Lee',
        email: 'bo@example.com',
        phoneNumber: '212-555-0111',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
    right(await bo.api.account.login('bo@example.com', 'secret1'));
    expect(right(await bo.api.loyalty.status()).Enrolled).toBe(false);
    right(await bo.api.loyalty.enroll({ phoneNumber: '212-555-0111' }));
    // Codes to one phone are at least 30 s apart (the sandbox's send limits): the resend comes 31 s later.
    await control(running, 'clock', { at: new Date(NOW + 31_000).toISOString() });
    const resent = await bo.api.loyalty.resendEnrollCode({ phoneNumber: '212-555-0111' });
    await control(running, 'clock', { at: null });
    right(resent);
    const messages = (await control(running, 'outbox?to=2125550111')) as OutboxMessage[];
    const code = messages.filter((m) => m.purpose === 'enroll').at(-1)!.code;
    expect(await bo.api.loyalty.verify({ phoneNumber: '212-555-0111', code: '999999x' })).toMatchObject({ _tag: 'Left', left: { status: 400 } });
    right(await bo.api.loyalty.verify({ phoneNumber: '212-555-0111', code }));
    expect(right(await bo.api.loyalty.status())).toMatchObject({ Enrolled: true, Balance: 0 });
    const conflict = await bo.api.loyalty.verify({ phoneNumber: '212-555-0111', code });
    if (E.isRight(conflict)) throw new Error('expected a conflict');
    expect(hasStatus(conflict.left, 409)).toBe(true);
    expect(firstFieldError(conflict.left)).toBe('That phone number is already enrolled in rewards.');
    const taken = await bo.api.loyalty.enroll({ phoneNumber: '(212) 555-0100' });
    expect(E.isLeft(taken) && hasStatus(taken.left, 409)).toBe(true);
  });
});

describe('presence', () => {
  it("records the shopper's arrival on their latest order", async () => {
    const placed = right(await ada.api.orders.placeOrder(croissantOrder({ nonce: await nonceFor(running) })));
    const arrived = right(await ada.api.presence.imHere());
    expect(arrived.OrderId).toBe(placed.OrderId);
    expect(Date.parse(arrived.ArrivedAtUtc)).toBeGreaterThan(0);
  });

  it('answers 404 when the account has no order to arrive for', async () => {
    expect(await ada.api.presence.imHere()).toMatchObject({ _tag: 'Left', left: { kind: 'http', status: 404 } });
  });
});
