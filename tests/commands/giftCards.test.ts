// Gift cards through the commands: added by number (only the last four digits reach the log), balance, a reload
// with a saved card whose answer was lost retried under the same key (it reloads once), and removal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';
import { bagView } from '../../src/events/selectors/bag';
import { GIFT_CARD_BALANCE_CHANGED } from '../../src/domain/orders/orderErrors';

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
