// Checkout as a guest at the cafe, clicking and typing as a shopper does: pickup ASAP to the confirmation page, dine
// in with 'skip note', the tip modal, a double click, a chosen time the clock overtakes, and the confirmation's
// redirect. Every test ends by replaying the page's exported session log with the CLI and comparing the state it
// reaches with the state the page showed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  choosePickupAndPay,
  enterCard as enterCardAt,
  expectClean,
  expectReplayMatches,
  fillGuest,
  guestAtCheckout as guestAt,
  orderRequests,
  placeOrderButton,
  returnToTab,
  sandboxOrders as ordersOf,
  shots,
  stateOf,
  visit,
} from './support/checkout';
import { DESKTOP, PHONE, releaseHeld, seriousViolations, useStorefront } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const CROISSANTS = { itemId: 'croissant', variationId: 'croissant-each', quantity: 2, modifiers: {}, note: '' };
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' };

const storefront = useStorefront('cafe');

// --- this file's shorthands for the shared checkout helpers ----------------------------------------------
const guestAtCheckout = (at: string | null, lines: readonly object[], viewport = DESKTOP as { width: number; height: number }, throughBag = false) =>
  guestAt(storefront, { at, lines, viewport, throughBag });
const enterCard = (page: Page, number?: string) => enterCardAt(page, number === undefined ? {} : { number });
const sandboxOrders = () => ordersOf(storefront);

// --- the tests ---------------------------------------------------------------------------------------------------

describe('a guest checks out at the cafe', () => {
  it('orders pickup ASAP and lands on the confirmation, which survives a reload; the bag starts afresh', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [CROISSANTS, DRIP], DESKTOP, true);
    const { page } = shopper;
    const requests = orderRequests(page);

    // Blocks in the spec's order; Place Order disabled with the reasons in sight.
    const headings = await page.locator('.checkout-main h2, .checkout-aside h2').allTextContents();
    expect(headings.map((h) => h.replace(' (complete)', ''))).toEqual(['Order Type', 'Personal Info', 'Payment', 'Pickup Date & Time', 'Order Summary']);
    expect(await placeOrderButton(page).getAttribute('aria-disabled')).toBe('true');
    for (const reason of ['Sign in or enter your personal info.', 'Choose a card to pay with.']) {
      await page.locator('.checkout-reasons').getByText(reason).waitFor();
    }
    // Pickup is preselected among the cafe's several types: a tap saved, the others one tap away.
    expect(await page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    expect(await page.locator('.checkout-reasons').getByText('Choose how you will get your order.').count()).toBe(0);
    await expectClean(shopper);
    await shots(page, 'checkout-start');

    // Personal Info: the spec's messages, then display mode.
    const guestForm = page.getByRole('form', { name: 'Personal Info' });
    await guestForm.getByRole('button', { name: 'Continue' }).click();
    for (const message of ['First Name is required', 'Last Name is required', 'Email Address is required', 'Phone Number is required'])
      await guestForm.getByText(message).waitFor();
    await guestForm.getByLabel('Email Address').fill('ada@');
    await guestForm.getByLabel('Phone Number').fill('123');
    await guestForm.getByText('Email Address is not valid').waitFor();
    await guestForm.getByText('Phone Number is not valid').waitFor();
    await shots(page, 'checkout-personal-info-errors');
    await fillGuest(page);
    await page.getByText('(212) 555-0143').first().waitFor();
    // Keyboard users stay where they were: the saved details take focus from the form they replace.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');
    expect(await focused()).toBe('Your personal info');

    // Pickup, with instructions.
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByLabel('Pickup Instructions (optional)').fill('Blue umbrella, by the window');

    // The card: entry, billing address with the state from the postal code, then the masked card with its clock.
    const cardForm = page.getByRole('form', { name: 'Card Info' });
    await cardForm.getByLabel('Card Number').fill('4111111111111111');
    expect(await cardForm.getByLabel('Card Number').inputValue()).toBe('4111 1111 1111 1111');
    await cardForm.getByRole('img', { name: 'Visa' }).waitFor();
    await cardForm.getByLabel('Expiration Date').fill('1230');
    expect(await cardForm.getByLabel('Expiration Date').inputValue()).toBe('12/30');
    await cardForm.getByLabel('CVV').fill('123');
    await shots(page, 'checkout-card-info');
    // The last field completes the card: it goes to the provider by itself, and the billing address appears.
    await cardForm.getByLabel('Postal Code').fill('10014');
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await expect.poll(() => billing.getByLabel('State').inputValue()).toBe('NY');
    expect(await billing.getByLabel('Postal Code').inputValue()).toBe('10014');
    expect(await billing.getByLabel('Postal Code').getAttribute('readonly')).not.toBeNull();
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await billing.getByText('Address Line 1 is required').waitFor();
    // The city comes from the postal code, as the state does.
    await expect.poll(() => billing.getByLabel('City').inputValue()).toBe('New York');
    // The card's fields stay where they were, as typed, with the billing address below them: no 'Back', no 'Continue'.
    expect(await cardForm.getByLabel('Card Number').inputValue()).toBe('4111 1111 1111 1111');
    expect(await billing.getByRole('button', { name: 'Back' }).count()).toBe(0);
    expect(await cardForm.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await billing.getByLabel('Address Line 1').fill('12 Bank St');
    await billing.getByLabel('City').fill('New York');
    await shots(page, 'checkout-billing-address');
    await billing.getByRole('button', { name: 'Use This Card' }).click();
    await page.getByText('************1111').waitFor();
    await page.getByRole('img', { name: 'Not saved: used for this order only' }).waitFor();
    await expect.poll(focused).toBe('Your card');

    // ASAP is offered and chosen; the summary shows the location's checkout message.
    expect(await page.getByLabel('Pickup Time').locator('option:checked').textContent()).toMatch(/^ASAP \(ready around 10:10 AM\)$/);
    await page.locator('.checkout-summary').getByText('Pick up at the window on the Hudson St side.').waitFor();
    await page.locator('.totals-grand').getByText('$11.16').waitFor();
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    expect(await page.locator('.checkout-reasons').count()).toBe(0);
    await expectClean(shopper);
    await shots(page, 'checkout-ready');

    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    await page.getByText('Order was placed!').waitFor();
    const orderId = decodeURIComponent(page.url().split('/').pop()!);

    // What, When (the location's zone, long form), Where, the links and both messages.
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    for (const column of ['What', 'When', 'Where']) await page.getByRole('heading', { name: column, level: 2 }).waitFor();
    await page.getByText('Wednesday, December 2, 2026 at 10:10 AM EST').waitFor();
    await page.getByText('Your order will be waiting at the pickup window.').waitFor();
    await page.getByText('Thanks for supporting a neighbourhood cafe!').waitFor();
    expect(await page.getByRole('link', { name: /^Map It/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*412%20Hudson%20St/,
    );
    expect(await page.getByRole('link', { name: /^Talk to us/ }).getAttribute('href')).toBe('tel:+12125550143');
    await expectClean(shopper);
    await shots(page, 'confirmation');

    // One order, sent once, as a guest, with the pickup notes; afterwards the bag starts afresh with a new key.
    const placed = requests.filter((r) => r.path === '/api/Order/GuestPlace');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({
      guest: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada.guest@example.com' },
      pickupFulfillment: { notes: 'Blue umbrella, by the window' },
    });
    expect(await sandboxOrders()).toHaveLength(1);
    const state = await expectReplayMatches(page);
    expect(state.orders.history[0]!.orderId).toBe(orderId);
    expect(state.bag.lines).toEqual([]);
    expect(state.bag.tip).toEqual({ amount: 0, percent: null });
    expect(state.bag.discount).toBeNull();
    expect(state.bag.idempotencyKey).not.toBe(placed[0]!.body.idempotencyKey);
    expect(state.checkout.guest).toBeNull();
    // The next order starts with the location's default again.
    expect(state.checkout.fulfillmentType).toBe('PICKUP');
    expect(state.pickup.userSelected).toBe(false);

    // A reload reads the order from the log again.
    await page.reload();
    await page.getByText('Wednesday, December 2, 2026 at 10:10 AM EST').waitFor();
    expect(page.url()).toContain(`/order-confirmation/${encodeURIComponent(orderId)}`);
    await shopper.close();
  });

  it('dine in with "skip note" sends "No Table"; without a note Place Order says why it is disabled', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [DRIP], PHONE);
    const { page } = shopper;
    const requests = orderRequests(page);
    await fillGuest(page);
    await enterCard(page);
    await page.getByRole('radio', { name: /Dine In/ }).check();
    await page.locator('.checkout-reasons').getByText('Add a table note or skip it.').waitFor();
    expect(await placeOrderButton(page).getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('Table Note').focus();
    await page.getByLabel('Table Note').blur();
    await page.getByText('Table Note is required').waitFor();

    await page.getByRole('checkbox', { name: 'Skip note' }).check();
    expect(await page.getByLabel('Table Note').inputValue()).toBe('No Table');
    expect(await page.getByLabel('Table Note').isDisabled()).toBe(true);
    await page.locator('.summary-message').getByText('Tell us your table number and we will bring it over.').waitFor();
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await expectClean(shopper);
    await shots(page, 'checkout-dine-in-skip-note');

    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await page.getByText('We will bring your order to your table.').waitFor();
    await page.locator('.confirmation-kind').getByText('Dine In').waitFor();
    expect(requests.find((r) => r.path === '/api/Order/GuestPlace')?.body.dineInFulfillment).toMatchObject({ notes: 'No Table' });
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('adds a preset tip, then refuses a custom tip above the maximum until it is corrected', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [CROISSANTS, DRIP]);
    const { page } = shopper;
    const requests = orderRequests(page);
    await choosePickupAndPay(page);
    const summary = page.locator('.checkout-summary');
    expect(await summary.getByText('Tip', { exact: true }).count()).toBe(0);

    // Presets 15, 18, 20 % of $11.16 and None; 15% is $1.67 (rounded down).
    await summary.getByRole('button', { name: 'Add A Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add A Tip' });
    // The dialog loads on demand: its presets are read once it is there (allTextContents does not wait).
    await expect.poll(() => dialog.locator('.tip-preset').allTextContents()).toEqual(['15%$1.67', '18%$2.00', '20%$2.23', 'None']);
    await dialog.getByText('Up to $2.79').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'checkout-tip-modal');
    await dialog.getByRole('button', { name: /^15%/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await summary.getByText('Tip (15%)').waitFor();
    await summary.locator('.totals-grand').getByText('$12.83').waitFor();

    // A custom amount above 25% of the bag: the message, then a corrected amount.
    await summary.getByRole('button', { name: 'Change Tip' }).click();
    await dialog.getByLabel('Tip Amount').fill('5');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Tip Amount must not exceed $2.79').waitFor();
    expect(await dialog.getByLabel('Tip Amount').getAttribute('aria-invalid')).toBe('true');
    await shots(page, 'checkout-tip-too-high');
    await dialog.getByLabel('Tip Amount').fill('abc');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Tip Amount is not valid').waitFor();
    await dialog.getByLabel('Tip Amount').fill('');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Tip Amount is required').waitFor();
    await dialog.getByLabel('Tip Amount').fill('2.50');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await summary.locator('.summary-totals').getByText('$2.50').waitFor();
    await summary.locator('.totals-grand').getByText('$13.66').waitFor();
    await expectClean(shopper);

    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await page.locator('.confirmation-totals').getByText('$2.50').waitFor();
    expect(requests.find((r) => r.path === '/api/Order/GuestPlace')?.body.tipAmount).toBe(250);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('is pending while the order is in flight, and a double click places one order', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [DRIP]);
    const { page } = shopper;
    const requests = orderRequests(page);
    await choosePickupAndPay(page);
    // The order is held unanswered until the test has seen the pending button, however slow the machine.
    await storefront.control('hold', { path: '/api/Order/GuestPlace' });
    await placeOrderButton(page).dblclick();
    await page.getByRole('button', { name: 'Placing Order…' }).waitFor();
    expect(await placeOrderButton(page).getAttribute('aria-busy')).toBe('true');
    await placeOrderButton(page).click({ force: true });
    await shots(page, 'checkout-placing');
    await releaseHeld(storefront, '/api/Order/GuestPlace');
    await page.waitForURL(/\/order-confirmation\//);
    expect(requests.filter((r) => r.path === '/api/Order/GuestPlace')).toHaveLength(1);
    expect(await sandboxOrders()).toHaveLength(1);
    const state = await expectReplayMatches(page);
    expect(state.orders.history).toHaveLength(1);
    await shopper.close();
  });

  it('drops a tip the bag no longer allows when the bag changes (ordering.md section 4)', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [CROISSANTS, DRIP]);
    const { page } = shopper;
    const summary = page.locator('.checkout-summary');
    await summary.getByRole('button', { name: 'Add A Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add A Tip' });
    await dialog.getByLabel('Tip Amount').fill('2.50');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await summary.locator('.summary-totals').getByText('$2.50').waitFor();

    // Without the drip coffee the most a tip may be is a quarter of two croissants, under $2.50: the tip goes.
    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('heading', { name: 'Bag', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Remove Drip Coffee' }).click();
    await expect.poll(async () => (await stateOf(page)).bag.tip).toEqual({ amount: 0, percent: null });
    await page.getByRole('link', { name: 'Checkout as Guest' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await summary.getByRole('button', { name: 'Add A Tip' }).waitFor();
    expect(await summary.getByText('$2.50').count()).toBe(0);
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('moves a chosen time the clock overtakes, and says so', async () => {
    // 10:04:40: the 10:15 slot is the first (prep time 10 minutes) and stays on offer until 10:05.
    const shopper = await guestAtCheckout('2026-12-02T15:04:40.000Z', [DRIP]);
    const { page } = shopper;
    await page.getByLabel('Pickup Time').selectOption({ label: '10:15 AM' });
    await expect.poll(async () => (await stateOf(page)).pickup.userSelected).toBe(true);
    // The page's clock jumps to 10:05:01 without firing any timer (running them ahead would also time out the live
    // inventory connection); the shopper comes back to the tab, which reads the clock at once (as its 15-second tick
    // would within 15 s), and the time moves.
    await page.clock.setSystemTime(new Date('2026-12-02T15:05:01.000Z'));
    await returnToTab(page);
    await page.getByText('The pickup time you chose is no longer available, so we moved it to Today, as soon as possible.').waitFor();
    expect(await page.getByLabel('Pickup Time').locator('option:checked').textContent()).toMatch(/^ASAP/);
    await shots(page, 'checkout-time-moved');
    const state = await expectReplayMatches(page);
    expect(state.pickup).toMatchObject({ choice: { date: '2026-12-02', time: 'ASAP' }, userSelected: false });
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('sends an unknown order id on the confirmation route back home', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, []);
    const { page } = shopper;
    await page.getByText('Your bag is currently empty.').waitFor();
    await shots(page, 'checkout-empty');
    await visit(page, '/order-confirmation/ord_unknown');
    await page.waitForURL(`${storefront.origin}/`);
    await shopper.close();
  });
  it('asks for the card again when a reload lost its one-use token', async () => {
    const shopper = await guestAtCheckout(OPEN_AT, [DRIP]);
    const { page } = shopper;
    await choosePickupAndPay(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByText('Please enter your card again.').waitFor();
    await page.getByRole('form', { name: 'Card Info' }).waitFor();
    expect(await page.getByText('************1111').count()).toBe(0);
    await page.locator('.checkout-reasons').getByText('Choose a card to pay with.').waitFor();
    // Everything else survived the reload.
    await page.getByText('Ada Lovelace').waitFor();
    expect(await page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    await shots(page, 'checkout-card-again');
    await enterCard(page);
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\//);
    await expectReplayMatches(page);
    await shopper.close();
  });
});
