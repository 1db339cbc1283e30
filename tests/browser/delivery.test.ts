// Delivery as a signed-in shopper orders it (ordering.md sections 2, 3, 4 and 7; account-and-session.md sections 3,
// 4 and 9), on the cafe, which delivers within 3 miles; Ada's seed has her home in range and her studio in Astoria
// (5.9 miles) out of it: an address added through Validate (a problem beside its field, the formatted address
// accepted), delivery chosen with its quote, the order placed with the fees charged exactly as shown, the
// confirmation and history; an address out of range; the selected address edited, kept across a reload, deleted, and
// deleted elsewhere. Every screen is checked with axe-core; the session log replays to the state the page showed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/events/state';
import { QUOTE_WAITS, SIGN_IN_FOR_DELIVERY } from '../../src/domain/delivery/messages';
import { enterCard, expectClean, expectReplayMatches, placeOrderButton, shots, stateOf, visit } from './support/checkout';
import { apiSignedIn, signInAsAda } from './support/account';
import { enableDebugHook, runCommand } from './support/debug';
import { DESKTOP, seriousViolations, useStorefront } from './support/storefront';

const storefront = useStorefront('cafe');

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const CAFE_OPEN = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' };
const path = (page: Page) => new URL(page.url()).pathname;
/** The address book's empty state. */
const NO_ADDRESSES = "You don't have any saved addresses.";

async function openStore() {
  await storefront.control('clock', { at: CAFE_OPEN });
  const shopper = await storefront.newShopper(DESKTOP);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date(CAFE_OPEN) });
  await shopper.page.goto(storefront.origin);
  await shopper.page.waitForFunction(() => 'countertop' in window);
  return shopper;
}

/** From the account menu to /my-addresses. */
async function openAddressBook(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'My Addresses' }).click();
  await page.getByRole('heading', { name: 'My Addresses', level: 1 }).waitFor();
}

/** The address book's rows, as the shopper reads them. */
const rows = (page: Page) => page.locator('.addresses-list > li');
const rowOf = (page: Page, label: string) => rows(page).filter({ has: page.locator('.addresses-label', { hasText: new RegExp(`^${label}$`) }) });

async function toCheckoutWithDelivery(page: Page): Promise<void> {
  expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
  await page.getByRole('link', { name: /^Bag/ }).click();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await page.getByRole('radio', { name: /Delivery/ }).check();
  await page.getByRole('group', { name: 'Deliver To' }).waitFor();
}

/** The order summary's totals as label → amount. */
const summaryTotals = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator('.checkout-summary .totals > div')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent?.trim() ?? '', row.querySelector('dd')?.textContent?.trim() ?? ''])),
  ) as Record<string, string>;

const cents = (money: string | undefined) => Math.round(Number((money ?? '').replace(/[$,]/g, '')) * 100);

describe('delivery', () => {
  it('adds a validated address, chooses delivery with its quote, pays the fees shown, and sees it on the confirmation and in history', async () => {
    const shopper = await openStore();
    const { page } = shopper;
    await signInAsAda(page);
    await openAddressBook(page);
    await rowOf(page, 'Home').waitFor();
    expect(await page.locator('.addresses-label').allTextContents()).toEqual(['Home', 'Studio']);
    await shots(page, 'my-addresses');
    await expectClean(shopper);

    await page.getByRole('button', { name: 'Add Address' }).click();
    const form = page.getByRole('form', { name: 'Add Address' });
    // Errors show once the button is pressed, beside their fields.
    await form.getByRole('button', { name: 'Check Address' }).click();
    await form.getByText('Address Line 1 is required').waitFor();
    await form.getByText('First Name is required').waitFor();
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Address Line 1').fill('10 Jane St');
    await form.getByLabel('City').fill('New York');
    // A well-formed code the API cannot place: its problem shows beside the postal code, and nothing is lost.
    await form.getByLabel('Postal Code').fill('00000');
    await form.getByLabel('State').fill('NY');
    await form.getByRole('button', { name: 'Check Address' }).click();
    await form.getByText('The postal code is not a known US ZIP code.').waitFor();
    expect(await form.getByLabel('Postal Code').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Address Line 1').inputValue()).toBe('10 Jane St');
    await expectClean(shopper);
    // The state is prefilled from the postal code, by the whole table: a leading zero and a territory, an address
    // overseas, Texas codes inside Oklahoma's range, the far west (ordering.md, the postal-code table).
    for (const [code, state] of [
      ['00601', 'PR'],
      ['09001', 'AE'],
      ['73301', 'TX'],
      ['73101', 'OK'],
      ['96799', 'AS'],
      ['99501', 'AK'],
      ['10014', 'NY'],
    ] as const) {
      await form.getByLabel('State').fill('');
      await form.getByLabel('Postal Code').fill(code);
      await expect.poll(() => form.getByLabel('State').inputValue()).toBe(state);
    }
    await form.getByLabel('Nickname (optional)').fill('Jane St');
    await form.getByLabel('Delivery Instructions (optional)').fill('Leave it with the doorman');
    await form.getByRole('button', { name: 'Check Address' }).click();
    const confirm = page.getByRole('region', { name: 'Confirm Address' });
    await confirm.getByText('10 Jane St, New York, NY 10014').waitFor();
    await expectClean(shopper);
    await confirm.getByRole('button', { name: 'Use This Address' }).click();
    // The new address becomes the selected one.
    await rowOf(page, 'Jane St').getByText('Selected').waitFor();
    expect(await page.locator('.addresses-label').allTextContents()).toEqual(['Home', 'Studio', 'Jane St']);

    await toCheckoutWithDelivery(page);
    expect(await page.getByRole('radio', { name: /Jane St/ }).isChecked()).toBe(true);
    const quote = page.getByRole('list', { name: 'Delivery quote' }).or(page.locator('dl[aria-label="Delivery quote"]'));
    await quote.waitFor();
    const state = (await stateOf(page)) as State;
    const quoted = state.account.deliveryQuote!;
    expect(quoted).toMatchObject({ locationId: 'cafe-hudson', available: true, serviceFee: 100 });
    // The fees are their own lines in the summary, and the total carries them.
    const totals = await summaryTotals(page);
    expect(cents(totals['Delivery Fee'])).toBe(quoted.deliveryFee);
    expect(cents(totals['Service Fee'])).toBe(100);
    expect(cents(totals.Total)).toBe(cents(totals.Subtotal) + cents(totals.Tax) + quoted.deliveryFee + 100 + cents(totals.Tip));
    await page.getByText('Delivered by our own riders within 3 miles.').waitFor();
    await shots(page, 'checkout-delivery');
    await expectClean(shopper);

    await enterCard(page);
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    const orderId = decodeURIComponent(path(page).split('/').pop()!);
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.getByText('10 Jane St, New York, NY 10014').waitFor();
    await page.getByText('Your order is on its way: our rider will call when they arrive.').waitFor();
    const charged = ((await storefront.control('orders')) as { orderId: string | null; grandTotal: number | null }[]).find((o) => o.orderId === orderId);
    expect(charged?.grandTotal).toBe(cents(totals.Total));
    expect(cents((await page.locator('.confirmation-totals .totals-grand dd').textContent()) ?? '')).toBe(cents(totals.Total));
    await shots(page, 'confirmation-delivery');
    await expectClean(shopper);

    await page.getByRole('link', { name: 'My Orders' }).click();
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    await card.getByText('To 10 Jane St, New York, NY 10014').waitFor();
    await card.getByText('Delivery, Wednesday, December 2, 2026 at', { exact: false }).waitFor();
    expect(await card.locator('.totals dt').allTextContents()).toEqual(expect.arrayContaining(['Delivery Fee', 'Service Fee']));
    await expectClean(shopper);

    const replayed = await expectReplayMatches(page);
    expect(replayed.orders.history[0]?.order?.DeliveryFee).toBe(quoted.deliveryFee);
    await shopper.close();
  });

  it('asks a guest who chooses Delivery to sign in, and brings them back to checkout signed in, with their addresses', async () => {
    const shopper = await openStore();
    const { page } = shopper;
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('link', { name: 'Checkout as Guest' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.locator('.checkout-delivery').getByText(SIGN_IN_FOR_DELIVERY).waitFor();
    await page.locator('.checkout-reasons').getByText(SIGN_IN_FOR_DELIVERY).waitFor();
    expect(await placeOrderButton(page).getAttribute('aria-disabled')).toBe('true');
    await page.locator('.checkout-delivery').getByRole('button', { name: 'Sign In / Register' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('countertop');
    await form.getByRole('button', { name: 'Sign In' }).click();
    // Back at checkout, signed in: the bag and the choice of Delivery kept, Ada's addresses offered.
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(path(page)).toBe('/checkout');
    await page.getByRole('group', { name: 'Deliver To' }).waitFor();
    expect(await page.getByRole('radio', { name: /Delivery/ }).isChecked()).toBe(true);
    expect((await stateOf(page)).bag.lines).toHaveLength(1);
    await expectClean(shopper);
    await shopper.close();
  });

  it('says a location does not deliver to an address out of range, and Place Order waits', async () => {
    const shopper = await openStore();
    const { page } = shopper;
    await signInAsAda(page);
    await toCheckoutWithDelivery(page);
    await page.getByRole('radio', { name: /Studio/ }).check();
    await page
      .getByText('Bluebird Coffee - Hudson St does not deliver to this address (5.9 mi away; it delivers within 3.0 mi). None of our locations deliver there.')
      .waitFor();
    await page.getByText('This location does not deliver to your address.').waitFor();
    expect(await page.locator('.checkout-summary .totals dt').allTextContents()).not.toContain('Delivery Fee');
    await enterCard(page);
    expect(await placeOrderButton(page).getAttribute('aria-disabled')).toBe('true');
    // Home is in range: the quote comes and the order can be placed.
    await page.getByRole('radio', { name: /Home/ }).check();
    await page.locator('dl[aria-label="Delivery quote"]').waitFor();
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await shots(page, 'checkout-delivery-out-of-range');
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('offline, the quote for another address says it waits, and comes by itself when the network is back', async () => {
    const shopper = await openStore();
    const { page, context } = shopper;
    await signInAsAda(page);
    await toCheckoutWithDelivery(page);
    await page.getByRole('radio', { name: /Home/ }).check();
    await page.locator('dl[aria-label="Delivery quote"]').waitFor();
    // Without the network, the studio is chosen: nothing can be asked, and the page says so rather than failing.
    await context.setOffline(true);
    await page.getByRole('radio', { name: /Studio/ }).check();
    await page.getByRole('status').filter({ hasText: QUOTE_WAITS }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Back online, the quote is asked for by itself: the studio is out of range.
    await context.setOffline(false);
    await page
      .getByText('Bluebird Coffee - Hudson St does not deliver to this address (5.9 mi away; it delivers within 3.0 mi). None of our locations deliver there.')
      .waitFor();
    expect(await page.getByText(QUOTE_WAITS).count()).toBe(0);
    await shopper.close();
  });

  it('keeps the selected address across a reload, edits it, and clears it when it is deleted, here or elsewhere', async () => {
    const shopper = await openStore();
    const { page } = shopper;
    await signInAsAda(page);
    await openAddressBook(page);
    await rowOf(page, 'Home').getByRole('button', { name: 'Deliver Here (Home)' }).click();
    await rowOf(page, 'Home').getByText('Selected').waitFor();

    await page.reload();
    await page.waitForFunction(() => 'countertop' in window);
    await page.getByRole('heading', { name: 'My Addresses', level: 1 }).waitFor();
    await rowOf(page, 'Home').getByText('Selected').waitFor();
    expect(((await stateOf(page)) as State).account.selectedAddressId).toBe('addr_seed_1_1');

    await rowOf(page, 'Home').getByRole('button', { name: 'Edit Home' }).click();
    const form = page.getByRole('form', { name: 'Edit Home' });
    expect(await form.getByLabel('Address Line 1').inputValue()).toBe('55 Bethune St');
    await form.getByLabel('Nickname (optional)').fill('Bethune');
    await form.getByLabel('City').fill('');
    await form.getByLabel('City').blur();
    await form.getByText('City is required').waitFor();
    await form.getByLabel('City').fill('New York');
    await form.getByRole('button', { name: 'Check Address' }).click();
    await page.getByRole('region', { name: 'Confirm Address' }).getByRole('button', { name: 'Use This Address' }).click();
    await rowOf(page, 'Bethune').getByText('Selected').waitFor();
    await expectClean(shopper);

    await rowOf(page, 'Bethune').getByRole('button', { name: 'Delete Bethune' }).click();
    await expect.poll(async () => page.locator('.addresses-label').allTextContents()).toEqual(['Studio']);
    expect(await page.getByText('Selected', { exact: true }).count()).toBe(0);
    expect(((await stateOf(page)) as State).account.selectedAddressId).toBeNull();
    await expectClean(shopper);

    // Deleted elsewhere: the list read again (the page opened anew) no longer has the selected address, and nothing
    // stays selected (account-and-session.md section 4).
    await rowOf(page, 'Studio').getByRole('button', { name: 'Deliver Here (Studio)' }).click();
    await rowOf(page, 'Studio').getByText('Selected').waitFor();
    const studio = ((await stateOf(page)) as State).account.selectedAddressId!;
    expect((await (await apiSignedIn(storefront.origin)).delivery.deleteAddress(studio))._tag).toBe('Right');
    await visit(page, '/');
    await visit(page, '/my-addresses');
    await page.getByText(NO_ADDRESSES).waitFor();
    expect(((await stateOf(page)) as State).account.selectedAddressId).toBeNull();
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });
});
