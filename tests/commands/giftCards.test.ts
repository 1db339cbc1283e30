// Gift cards through the commands: added by number (only the last four digits reach the log), balance, a reload
// with a saved card whose answer was lost retried under the same key (it reloads once), and removal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';
import { bagView } from '../../src/events/selectors/bag';
import { GIFT_CARD_BALANCE_CHANGED, giftCardRestTooLow } from '../../src/domain/orders/orderErrors';
import type { OrderRequest } from '../../src/domain/orders/codecs';

const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;
const GIFT_CARD = '7783 3200 0000 0000';

beforeEach(async () => {
  shopper = await newShopper(running, clock);
  expectRight(await shopper.commands.loadCatalog());
  expectRight(await shopper.commands.signIn('ada@example.com', 'countertop'));
});
afterEach(async () => shopper.close());

const giftCards = () => shopper.store.getState().account.giftCards;

describe('gift cards', () => {
  it('an unknown number is refused; a known one is added with its balance, and the number never reaches the log', async () => {
    expect(expectLeft(await shopper.commands.addGiftCard('7783 0000 1111 2222'))).toBe(
      'We could not find a gift card with that number. Please check it and try again.',
    );
    const added = await appendedBy(shopper, () => shopper.commands.addGiftCard(GIFT_CARD));
    expectRight(added.result);
    expect(added.types).toEqual(['GiftCardsLoaded', 'GiftCardBalanceChecked']);
    expect(giftCards()).toEqual([{ id: expectRight(added.result), last4: '0000', balance: 2500 }]);
    const log = JSON.stringify(await shopper.store.storedEvents());
    expect(log.replace(/\D/g, '')).not.toContain('7783320000000000');
  });

  it('a reload whose answer was lost is retried under the same key and reloads once; then the card is removed', async () => {
    const id = expectRight(await shopper.commands.addGiftCard(GIFT_CARD));
    const saved = expectRight(
      await shopper.commands.addCard(
        await shopper.tokenize('4111 1111 1111 1111'),
        { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' },
        true,
      ),
    );
    await control(running, 'drop', { path: '/api/GiftCard/Reload', times: 1 });
    expect(expectLeft(await shopper.commands.reloadGiftCard(id, 1000, saved))).toBe('We could not reload this gift card. Please try again.');
    expect(expectRight(await shopper.commands.reloadGiftCard(id, 1000, saved))).toBe(3500);
    expect(giftCards()[0]?.balance).toBe(3500);
    expect(expectRight(await shopper.commands.checkGiftCardBalance(id))).toBe(3500);
    expectRight(await shopper.commands.removeGiftCard(id));
    expect(giftCards()).toEqual([]);
    expectRight(await shopper.commands.loadGiftCards());
    expect(giftCards()).toEqual([]);
  });

  describe('paying at checkout (issue 34)', () => {
    const LATTE = { itemId: 'latte', variationId: 'latte-medium', quantity: 1, modifiers: { milk: ['milk-oat'], temperature: ['temp-hot'] }, note: '' };
    const preview = () => bagView(shopper.store.getState(), shopper.store.context).preview!;
    const orderOf = (orderId: string) => shopper.store.getState().orders.history.find((r) => r.orderId === orderId)?.order;

    async function bagOf(quantity: number) {
      expectRight(await shopper.commands.refreshInventory());
      expectRight(await shopper.commands.addToBag({ ...LATTE, quantity }));
      expectRight(await shopper.commands.chooseFulfillment('PICKUP'));
    }
    async function savedCard() {
      return expectRight(
        await shopper.commands.addCard(
          await shopper.tokenize('4111 1111 1111 1111'),
          { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' },
          true,
        ),
      );
    }

    it('pays the whole order with no card beside it, and the balance falls by exactly the total', async () => {
      const id = expectRight(await shopper.commands.addGiftCard(GIFT_CARD));
      await bagOf(1);
      const total = preview().grandTotal;
      expect(total).toBeLessThan(2500);
      const chosen = await appendedBy(shopper, () => shopper.commands.payWithGiftCard(id));
      expect(chosen.types).toEqual(['GiftCardChosen']);
      // Nothing else is needed: no card is asked for.
      expect(bagView(shopper.store.getState(), shopper.store.context).lines).toHaveLength(1);
      const placed = expectRight(await shopper.commands.placeOrder());
      expect(orderOf(placed.orderId)).toMatchObject({ GrandTotal: total, GiftCardAmount: total });
      expect(giftCards()[0]?.balance).toBe(2500 - total);
      expect(expectRight(await shopper.commands.checkGiftCardBalance(id))).toBe(2500 - total);
      // The next order starts without it, and the number never reached the log.
      expect(shopper.store.getState().checkout.giftCardId).toBeNull();
      expect(JSON.stringify(await shopper.store.storedEvents()).replace(/\D/g, '')).not.toContain('7783320000000000');
    });

    it('pays what its balance covers and the card pays the rest', async () => {
      const id = expectRight(await shopper.commands.addGiftCard(GIFT_CARD));
      await savedCard();
      await bagOf(6);
      const total = preview().grandTotal;
      expect(total).toBeGreaterThan(2500);
      expectRight(await shopper.commands.payWithGiftCard(id));
      const placed = expectRight(await shopper.commands.placeOrder());
      expect(orderOf(placed.orderId)).toMatchObject({ GrandTotal: total, GiftCardAmount: 2500 });
      expect(giftCards()[0]?.balance).toBe(0);
      // An empty gift card cannot be chosen again.
      await bagOf(1);
      expect(expectLeft(await shopper.commands.payWithGiftCard(id))).toBe('This gift card has no balance left.');
    });

    it("leaves the card at least its minimum; a request leaving it less is refused by the provider, nothing charged, in the shopper's words", async () => {
      const id = expectRight(await shopper.commands.addGiftCard(GIFT_CARD));
      await savedCard();
      expectRight(await shopper.commands.refreshInventory());
      // 3 drips and 4 croissants: $25.31 with tax, 31 cents more than the gift card's $25.00.
      expectRight(await shopper.commands.addToBag({ itemId: 'drip', variationId: 'drip-regular', quantity: 3, modifiers: {}, note: '' }));
      expectRight(await shopper.commands.addToBag({ itemId: 'croissant', variationId: 'croissant-each', quantity: 4, modifiers: {}, note: '' }));
      expectRight(await shopper.commands.chooseFulfillment('PICKUP'));
      expect(preview().grandTotal).toBe(2531);
      expectRight(await shopper.commands.payWithGiftCard(id));
      // As when the store's total moved after the page priced the bag: the order asks the gift card for all of its
      // balance, which leaves the card 31 cents. The provider refuses a charge that small; nothing is taken.
      const placeOrder = shopper.api.orders.placeOrder.bind(shopper.api.orders);
      const sent: OrderRequest[] = [];
      shopper.api.orders.placeOrder = (request: OrderRequest) => {
        sent.push(request);
        return placeOrder(sent.length === 1 && request.giftCard ? { ...request, giftCard: { ...request.giftCard, amount: 2500 } } : request);
      };
      const refused = expectLeft(await shopper.commands.placeOrder());
      expect(refused).toEqual({ message: giftCardRestTooLow('$0.50'), codes: ['VALUE_TOO_LOW'] });
      expect(shopper.store.getState().orders.history).toEqual([]);
      expect(expectRight(await shopper.commands.checkGiftCardBalance(id))).toBe(2500);
      // Everything chosen stays: the gift card and the card, and the next press sends the split the page shows,
      // the gift card paying 50 cents less so the card pays the least it can.
      expect(shopper.store.getState().checkout.giftCardId).toBe(id);
      const placed = expectRight(await shopper.commands.placeOrder());
      expect(sent.at(-1)?.giftCard).toEqual({ id, amount: 2481, balance: 2500 });
      expect(orderOf(placed.orderId)).toMatchObject({ GrandTotal: 2531, GiftCardAmount: 2481 });
      expect(giftCards()[0]?.balance).toBe(19);
    });

    it('is refused clearly when the balance changed meanwhile; nothing is charged, and the new split goes through', async () => {
      const id = expectRight(await shopper.commands.addGiftCard(GIFT_CARD));
      await savedCard();
      await bagOf(6);
      expectRight(await shopper.commands.payWithGiftCard(id));
      // Another tab (another session of the same account) reloads the gift card in the meantime.
      const other = await newShopper(running, clock);
      try {
        expectRight(await other.commands.loadCatalog());
        expectRight(await other.commands.signIn('ada@example.com', 'countertop'));
        expectRight(await other.commands.loadGiftCards());
        const card = expectRight(
          await other.commands.addCard(
            await other.tokenize('4111 1111 1111 1111'),
            { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: '10014' },
            true,
          ),
        );
        expect(expectRight(await other.commands.reloadGiftCard(id, 1000, card))).toBe(3500);
      } finally {
        await other.close();
      }
      const refused = await shopper.commands.placeOrder();
      expect(expectLeft(refused).message).toBe(GIFT_CARD_BALANCE_CHANGED);
      expect(shopper.store.getState().orders.history).toEqual([]);
      // The page read the balance again: the split now uses it, and the order goes.
      expect(giftCards()[0]?.balance).toBe(3500);
      const total = preview().grandTotal;
      const placed = expectRight(await shopper.commands.placeOrder());
      expect(orderOf(placed.orderId)).toMatchObject({ GiftCardAmount: Math.min(3500, total) });
      expect(giftCards()[0]?.balance).toBe(3500 - Math.min(3500, total));
    });
  });
});
