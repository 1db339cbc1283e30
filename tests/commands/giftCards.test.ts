// Gift cards through the commands: added by number (only the last four digits reach the log), balance, a reload
// with a saved card whose answer was lost retried under the same key (it reloads once), and removal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

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
});
