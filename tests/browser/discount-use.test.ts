// A reward that takes nothing off is never spent (issue: Ada redeemed 'Free drip coffee' with only a pastry in the bag
// and lost 50 points). The bag and checkout say what the reward needs, Place Order waits with that reason and sends
// nothing; with a drip coffee added the reward applies and the order spends its points. A reward alone in an empty
// bag leaves the badge at 0, as the page says the bag is empty; a second discount says which one now applies. On the
// way: a reward that makes the order free leaves the tip a share of the order before it, an Items reward takes the
// cheapest matching line, and a percentage coupon takes no more than its MaximumMoney. At a phone's width and a
// desktop's, with axe, and the exported log replays to what the page showed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignedIn, signInWithPassword } from './support/account';
import type { State } from '../../src/events/state';
import { enableDebugHook, runCommand } from './support/debug';
import { enterCard, expectClean, expectReplayMatches, orderRequests, placeOrderButton, shots, stateOf, visit } from './support/checkout';
import { DESKTOP, PHONE, useStorefront } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const CROISSANT = { itemId: 'croissant', variationId: 'croissant-each', quantity: 1, modifiers: {}, note: '' };
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };
/** Ten large lattes with whole milk, hot: 10 × $5.45. */
const LARGE_LATTES = {
  itemId: 'latte',
  variationId: 'latte-large',
  quantity: 10,
  modifiers: { milk: ['milk-whole'], temperature: ['temp-hot'] },
  note: '',
};
const NEEDS = 'Add a Drip Coffee to use this reward.';
const BLOCKER = 'Free drip coffee takes nothing off this order. Add a Drip Coffee to use this reward, or remove it.';

const storefront = useStorefront('cafe');

async function adaBalance(): Promise<number> {
  const status = await (await apiSignedIn(storefront.origin)).loyalty.status();
  if (status._tag === 'Left') throw new Error(JSON.stringify(status.left));
  return status.right.Balance ?? 0;
}

async function adaSignedIn(viewport: { width: number; height: number }) {
  await storefront.control('clock', { at: OPEN_AT });
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date(OPEN_AT) });
  await signInWithPassword(shopper.page, storefront.origin);
  return shopper;
}

async function redeem(page: Page, name: string, toast: string): Promise<void> {
  await visit(page, name === 'Free drip coffee' ? '/my-rewards' : '/my-coupons');
  await page.getByRole('button', { name: `Redeem ${name}` }).click();
  await page.getByText(toast).first().waitFor();
}

const bagLinkName = (page: Page) => page.getByRole('link', { name: /^Bag, / }).getAttribute('aria-label');

/** The checkout summary's totals as label → amount. */
const summaryTotals = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator('.checkout-summary .totals > div')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent?.trim() ?? '', row.querySelector('dd')?.textContent?.trim() ?? ''])),
  ) as Record<string, string>;

describe('a reward that takes nothing off', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`is not spent: the bag and checkout say what it needs, and it applies once a drip coffee is in (${viewport.width} px)`, async () => {
      const balanceBefore = await adaBalance();
      const shopper = await adaSignedIn(viewport);
      const { page } = shopper;
      const requests = orderRequests(page);

      // Alone in an empty bag: the badge and the page agree that nothing is in it, and the reward says what it needs.
      await redeem(page, 'Free drip coffee', 'Reward added to your bag!');
      expect(await bagLinkName(page)).toBe('Bag, 0 items');
      await visit(page, '/cart');
      await page.getByText('Your bag is currently empty.').waitFor();
      await page.getByText(NEEDS).waitFor();

      // A pastry only: the reward matches nothing.
      expect((await runCommand(page, 'addToBag', CROISSANT))._tag).toBe('Right');
      await expect.poll(() => bagLinkName(page)).toBe('Bag, 2 items');
      await page.locator('.bag-summary').getByText(NEEDS).waitFor();
      await shots(page, `discount-unused-bag-${viewport.width}`);
      await expectClean(shopper);

      await visit(page, '/checkout');
      await page.getByText(BLOCKER).waitFor();
      await page.locator('.checkout-summary').getByText(NEEDS).waitFor();
      expect(await page.locator('.summary-coupon').innerText()).not.toMatch(/\$0\.00/);
      await enterCard(page);
      // Place Order says why it waits and sends nothing.
      await placeOrderButton(page).click({ force: true });
      await page.getByText(BLOCKER).waitFor();
      expect(await placeOrderButton(page).getAttribute('aria-disabled')).toBe('true');
      await shots(page, `discount-unused-checkout-${viewport.width}`);
      await expectClean(shopper);
      expect(requests).toEqual([]);

      // A drip coffee in the bag: the reward takes it off, the reason goes, the order spends the points.
      expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
      await expect.poll(() => page.getByText(BLOCKER).count()).toBe(0);
      expect(await page.locator('.summary-coupon').innerText()).toMatch(/-\$2\.75/);
      await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
      await placeOrderButton(page).click();
      await page.waitForURL(/\/order-confirmation\//);
      expect(requests.map((r) => r.body.rewardId)).toEqual(['reward-free-drip']);
      const state = (await stateOf(page)) as State;
      const charged = state.orders.history[0]!.order!.GrandTotal;
      // 50 points for the reward, one point per whole dollar charged.
      expect(await adaBalance()).toBe(balanceBefore - 50 + Math.floor(charged / 100));
      await expectReplayMatches(page);
      await shopper.close();
    });
  }

  it("a second discount says that only one applies and which one now does; a free order's tip, the cheapest line, a coupon's most", async () => {
    const shopper = await adaSignedIn(DESKTOP);
    const { page } = shopper;
    const drip = (await runCommand(page, 'addToBag', DRIP)).right as string;
    await redeem(page, 'Free drip coffee', 'Reward added to your bag!');

    // The reward takes the whole order off: the tip is then a share of what the order comes to before it, $2.75 and
    // its $0.24 tax (ordering.md section 5: a base not above 0 falls back to the gross total), not of nothing.
    await visit(page, '/checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await expect.poll(() => summaryTotals(page)).toMatchObject({ Total: '$0.00' });
    await page.getByRole('button', { name: 'Add A Tip' }).click();
    const tip = page.getByRole('dialog', { name: 'Add A Tip' });
    const presets = tip.getByRole('group', { name: 'Tip presets' });
    await expect.poll(() => presets.locator('.tip-preset-amount').allTextContents()).toEqual(['$0.44', '$0.53', '$0.59']);
    await tip.getByText('Up to $0.74').waitFor();
    await tip.getByLabel('Tip Amount').fill('0.75');
    await tip.getByRole('button', { name: 'Apply' }).click();
    await tip.getByRole('alert').filter({ hasText: 'Tip Amount must not exceed $0.74' }).waitFor();
    await shots(page, 'discount-free-order-tip');
    await expectClean(shopper);
    await tip.getByRole('button', { name: 'Close' }).click();
    await tip.waitFor({ state: 'hidden' });

    // Three more drips on the first line and one more on a line of its own: the reward takes the cheapest matching
    // line (ordering.md section 9), the later single drip, not the first line's three.
    expect((await runCommand(page, 'changeQuantity', drip, 3))._tag).toBe('Right');
    expect((await runCommand(page, 'addToBag', { ...DRIP, note: 'For the office' }))._tag).toBe('Right');
    await expect.poll(() => summaryTotals(page)).toMatchObject({ Subtotal: '$11.00', Discount: '-$2.75' });

    // Ten large lattes more: Welcome's 10% of $65.50 would be $6.55, and it takes off at most $5.00 (MaximumMoney).
    expect((await runCommand(page, 'addToBag', LARGE_LATTES))._tag).toBe('Right');
    await redeem(page, 'Welcome', 'Only one discount applies to an order: Welcome now replaces Free drip coffee.');
    expect(((await stateOf(page)) as State).bag.discount?.kind).toBe('coupon');
    await shots(page, 'discount-replaced');
    await expectClean(shopper);

    // The order carries the coupon that now applies, and not the reward it replaced (ordering.md section 7).
    const requests = orderRequests(page);
    await visit(page, '/checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await expect.poll(() => summaryTotals(page)).toMatchObject({ Subtotal: '$65.50', Discount: '-$5.00' });
    await enterCard(page);
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    const placed = requests.filter((r) => r.path.endsWith('/Place'));
    expect(placed.map((r) => [r.body.couponId, r.body.rewardId, r.body.source])).toEqual([['coupon-welcome', undefined, 'Web']]);
    await expectReplayMatches(page);
    await shopper.close();
  });
});
