// A signed-in shopper at checkout: the session stored in this browser signs them in at start-up, which also loads
// the account's saved cards (account-and-session.md section 4, step 4). The bag offers 'Checkout' rather than the
// guest's choices, Personal Info is not asked for, the default saved card is the current card, and 'Change it'
// opens 'Select Your Card'. The order goes to the API as the account's, with the chosen card's id; when its answer is
// lost, the next press asks about it by its key; its confirmation goes home once the order's location is unknown.
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/apiClient';
import { memoryTokenStore, TOKEN_STORAGE_KEY, type Tokens } from '../../src/api/tokenStore';
import { enableDebugHook, runCommand } from './support/debug';
import { expectClean, expectReplayMatches, orderRequests, placeOrderButton, shots, stateOf, visit } from './support/checkout';
import { DESKTOP, useStorefront } from './support/storefront';

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const OPEN_AT = '2026-12-02T15:00:00.000Z';
const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' };

const storefront = useStorefront('cafe');
beforeEach(async () => {
  await storefront.control('clock', { at: OPEN_AT });
});

/** Ada signs in elsewhere and saves two cards, a Visa and then a Mastercard; returns her session and the cards' ids. */
async function adaWithTwoSavedCards(): Promise<{ tokens: Tokens; visaId: string; mastercardId: string }> {
  const api = createApiClient({
    baseUrl: `${storefront.origin}/api`,
    clientId: 'countertop-sandbox',
    tokens: memoryTokenStore(),
    reportError: () => undefined,
  });
  const signedIn = await api.account.login('ada@example.com', 'countertop');
  if (signedIn._tag === 'Left') throw new Error(JSON.stringify(signedIn.left));
  const save = async (cardNumber: string) => {
    const tokenized = (await storefront.control('payments/tokenize', { cardNumber, expMonth: 12, expYear: 2030, cvv: '123', postalCode: '10014' })) as {
      token: string;
    };
    const card = await api.cards.createCard({
      nonce: tokenized.token,
      address1: '1 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10014',
      country: 'US',
    });
    if (card._tag === 'Left') throw new Error(JSON.stringify(card.left));
    return card.right.Id;
  };
  const visaId = await save('4111 1111 1111 1111');
  const mastercardId = await save('5105 1051 0510 5100');
  return { tokens: api.http.tokens.get()!, visaId, mastercardId };
}

describe('a signed-in shopper checks out', () => {
  it("is signed in from the stored session, pays with a saved card chosen from 'Select Your Card', and orders as the account, once when its answer is lost", async () => {
    const ada = await adaWithTwoSavedCards();
    const shopper = await storefront.newShopper(DESKTOP);
    const { page } = shopper;
    await enableDebugHook(shopper.context);
    await shopper.context.addInitScript(([key, tokens]) => window.localStorage.setItem(key, tokens), [TOKEN_STORAGE_KEY, JSON.stringify(ada.tokens)] as const);
    await page.clock.install({ time: new Date(OPEN_AT) });
    const requests = orderRequests(page);
    await page.goto(storefront.origin);
    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');

    // The bag offers the signed-in shopper 'Checkout', not the guest's choices.
    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('heading', { name: 'Bag', level: 1 }).waitFor();
    const checkout = page.getByRole('link', { name: 'Checkout', exact: true });
    await checkout.waitFor();
    expect(await page.getByRole('link', { name: 'Checkout as Guest' }).count()).toBe(0);
    await checkout.click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();

    // No Personal Info block; the default saved card (the first) is the current card, saved (no clock icon).
    const headings = await page.locator('.checkout-main h2, .checkout-aside h2').allTextContents();
    expect(headings.map((h) => h.replace(' (complete)', ''))).toEqual(['Order Type', 'Payment', 'Pickup Date & Time', 'Order Summary']);
    const current = page.getByRole('group', { name: 'Your card' });
    await current.getByText('************1111').waitFor();
    await current.getByRole('img', { name: 'Visa' }).waitFor();
    expect(await page.getByRole('img', { name: 'Not saved: used for this order only' }).count()).toBe(0);

    // 'Change it' opens the list of the account's cards; choosing the Mastercard makes it the current card.
    await page.getByRole('button', { name: 'Change it (card)' }).click();
    await page.getByRole('heading', { name: 'Select Your Card' }).waitFor();
    const choices = page.getByRole('group', { name: 'Select Your Card' }).getByRole('radio');
    expect(await choices.count()).toBe(2);
    expect(await choices.nth(0).isChecked()).toBe(true);
    await shots(page, 'checkout-signed-in-card-list');
    const keyBefore = (await stateOf(page)).bag.idempotencyKey;
    await page.getByRole('group', { name: 'Select Your Card' }).getByText('************5100').click();
    await current.getByText('************5100').waitFor();
    await current.getByRole('img', { name: 'Mastercard' }).waitFor();
    // Selecting another card makes it the default and renews the order's idempotency key (ordering.md section 4).
    // (Polled: one CI run read another default right after the Mastercard showed; not reproduced in six runs since.)
    await expect.poll(async () => (await stateOf(page)).account.defaultCardKey).toBe(`card-${ada.mastercardId}`);
    expect((await stateOf(page)).bag.idempotencyKey).not.toBe(keyBefore);

    await page.getByRole('radio', { name: /Pickup/ }).check();
    await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
    await expectClean(shopper);
    await shots(page, 'checkout-signed-in-ready');
    // The API makes the order and its answer is lost: the page cannot know, and says the order was not placed.
    // (Chromium resends a request on a reused connection that dies, so every answer is lost until the page has failed.)
    await storefront.control('drop', { path: '/api/Order/Place', times: 100 });
    await placeOrderButton(page).click();
    await page.locator('.checkout-failure').getByText('Could not place order!', { exact: true }).waitFor();
    await storefront.control('drop', { path: '/api/Order/Place', times: 0 });
    // Pressed again, the attempt is asked about by its key as the account's (Order/OrderStatus), and its order shows.
    await placeOrderButton(page).click();
    await page.waitForURL(/\/order-confirmation\/[^/]+$/);
    await page.getByText('Order was placed!').waitFor();

    // Start-up read the account's order list; the order was placed once, as the account (Order/Place, not
    // GuestPlace), with the chosen saved card's id and no guest, and settled by Order/OrderStatus with its key.
    expect(requests.map((r) => r.path)).toEqual(['/api/Order/List', '/api/Order/Place', '/api/Order/OrderStatus']);
    expect(requests[2]!.body).toEqual({ idempotencyKey: requests[1]!.body.idempotencyKey });
    expect(((await storefront.control('orders')) as { orderId: string | null }[]).map((o) => o.orderId)).toEqual([
      decodeURIComponent(page.url().split('/').pop()!),
    ]);
    const body = requests[1]!.body;
    expect(body).toMatchObject({ card: { id: ada.mastercardId }, source: 'Web' });
    expect(body.idempotencyKey).not.toBe(keyBefore);
    expect(body).not.toHaveProperty('guest');
    const state = await expectReplayMatches(page);
    expect(state.account.profile?.email).toBe('ada@example.com');
    // No token or card number is in the log the page would export.
    const log = await page.evaluate(() =>
      (window as unknown as { countertop: { sessionLog: (redact?: boolean) => Promise<string> } }).countertop.sessionLog(false),
    );
    expect(log).not.toContain(ada.tokens.accessToken);
    expect(log).not.toContain(ada.tokens.refreshToken);
    expect(log.replace(/\D/g, ' ')).not.toMatch(/4111\s*1111\s*1111\s*1111|5105\s*1051\s*0510\s*5100/);

    // The confirmation of an order whose location the catalog no longer has goes home: here the account's order
    // list (read again at the next start) says the order was placed at a location that has since closed.
    const orderId = decodeURIComponent(page.url().split('/').pop()!);
    await page.route(/\/api\/Order\/List$/, async (route) => {
      const answer = await route.fetch();
      const list = (await answer.json()) as { Orders: { LocationId: string }[] };
      await route.fulfill({ response: answer, json: { Orders: list.Orders.map((order) => ({ ...order, LocationId: 'closed-for-good' })) } });
    });
    await page.reload();
    await page.waitForURL(`${storefront.origin}/`);
    const history = (await stateOf(page)).orders.history;
    expect(history.map((record) => [record.orderId, record.locationId])).toEqual([[orderId, 'closed-for-good']]);
    // Order history lists the orders of the location the shopper is at (ordering.md section 2): not this one.
    await visit(page, '/my-orders');
    await page.getByText("You don't have any prior orders.").waitFor();
    expect(await page.getByText(orderId).count()).toBe(0);
    await shopper.close();
  });
});
