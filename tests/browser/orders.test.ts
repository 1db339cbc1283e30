// Order history, reorder, favorites and 'I'm here', as signed-in shoppers use them (ordering.md sections 2, 4, 5 and 8;
// account-and-session.md sections 2 and 4): an order placed at checkout shows on /my-orders with its lines and totals,
// and the confirmation and history link to each other; reorder of a whole order into a bag that already has a line;
// reorder after the stock fell (one item gone, another below the old quantity) and after the menu changed (options
// over a list's limit, no longer offered, a newly required list, an optional choice run out); reorder of an item the
// location no longer sells; favorites as a guest across a reload, merged into the account on sign-in, gone with the
// account on Logout; 'I'm here' on a curbside order once the kitchen has made it ready. Every screen is checked with
// axe-core, and every test ends by replaying the page's exported session log with the CLI and comparing the state it
// reaches with the state the page showed.
import { CURBSIDE_INSTRUCTION, CURBSIDE_INSTRUCTION_EARLY } from '../../src/domain/orders/messages';
import { orderNumber } from '../../src/domain/orders/orderNumber';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/apiClient';
import { memoryTokenStore, TOKEN_STORAGE_KEY, type Tokens } from '../../src/api/tokenStore';
import { formatInstantShort } from '../../src/domain/time/formatInstant';
import type { State } from '../../src/events/state';
import type { OutboxMessage } from '../../src/sandbox/state';
import { firstPickupAt } from '../sandbox/support';
import {
  curbsideWithVehicle,
  enterCard,
  expectClean,
  expectReplayMatches,
  fillGuest,
  orderRequests,
  placeOrderButton,
  shots,
  stateOf,
  visit,
  toastsSeen,
  watchToasts,
} from './support/checkout';
import { signInAsAda } from './support/account';
import { enableDebugHook, runCommand } from './support/debug';
import { DESKTOP, PHONE, seriousViolations, useStorefront } from './support/storefront';

const storefront = useStorefront('cafe');

/** Wednesday 2 December 2026, 10:00 in New York: the cafe is open (07:00-19:00). */
const CAFE_OPEN = '2026-12-02T15:00:00.000Z';
/** The same Wednesday, 12:00 in New York: Brooklyn is open (11:00-23:00). */
const BROOKLYN_NOON = '2026-12-02T17:00:00.000Z';

const DRIP = { itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' };
/** Medium, Oat milk, Extra shot and Vanilla syrup, Hot: $4.95 + $0.75 + $1.00 + $0.60 = $7.30. */
const LATTE = {
  itemId: 'latte',
  variationId: 'latte-medium',
  quantity: 1,
  modifiers: { milk: ['milk-oat'], extras: ['extra-shot', 'extra-vanilla'], temperature: ['temp-hot'] },
  note: 'Extra hot please',
};

const NO_ORDERS = "You don't have any prior orders.";
const NO_FAVORITES = "You don't have any favorites.";
/** What the browser and the error reporter log for a call a test makes fail on purpose. */
const FAVORITE_REFUSED = /Favorite\/Create: HTTP 503|status of 503/;
const ARRIVAL_REFUSED = /Presence\/ImHere: HTTP 503|status of 503/;

const path = (page: Page) => new URL(page.url()).pathname;

/** The stage the order's page marks as now. */
const currentStage = (page: Page) => page.locator('.order-progress-steps [aria-current="step"] .order-progress-label').textContent();

/** The kitchen makes the order ready (preparing, then ready) and the order's page shows it, without a reload. */
async function readyInKitchen(page: Page, orderId: string): Promise<void> {
  await storefront.control('kitchen/advance', { orderId });
  await storefront.control('kitchen/advance', { orderId });
  await expect.poll(() => currentStage(page)).toBe('Ready');
}

/** A new shopper with the debug hook, the page's clock at `at`, on the home page once start-up is over. */
async function openStore(at: string, prepare?: (context: BrowserContext) => Promise<void>) {
  await storefront.control('clock', { at });
  const shopper = await storefront.newShopper(DESKTOP);
  await enableDebugHook(shopper.context);
  await watchToasts(shopper.context);
  await prepare?.(shopper.context);
  await shopper.page.clock.install({ time: new Date(at) });
  await shopper.page.goto(storefront.origin);
  await shopper.page.waitForFunction(() => 'countertop' in window);
  return shopper;
}

/**
 * Every toast each page load shows, in order, once per toast (a toast may come and go between two looks). A warning
 * and an error with the same words are two toasts.
 */
/** Waits until `count` toasts with exactly this text have been shown (since the page loaded). */
const toasted = (page: Page, text: string, count = 1) =>
  expect.poll(async () => (await toastsSeen(page)).filter((seen) => seen === text).length, { timeout: 10_000 }).toBe(count);

/** Tony signs in with his phone and the code the sandbox sent (pizza-chain). */
async function signInAsTony(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'My Account' }).click();
  const login = page.getByRole('form', { name: 'Sign in' });
  await login.getByLabel('Phone Number').fill('7185550123');
  await login.getByRole('button', { name: 'Send Code' }).click();
  const step = page.getByRole('form', { name: 'Enter your code' });
  await step.waitFor();
  const sent = ((await storefront.control(`outbox?to=${encodeURIComponent('(718) 555-0123')}`)) as OutboxMessage[]).at(-1);
  if (!sent) throw new Error('no code was sent to Tony');
  await step.getByLabel('Code').fill(sent.code);
  await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
}

/** From the header's Bag to the confirmation of a pickup order paid with a newly entered card. */
async function checkOutPickup(page: Page): Promise<string> {
  await page.getByRole('link', { name: /^Bag/ }).click();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await enterCard(page);
  return placeAndConfirm(page);
}

async function placeAndConfirm(page: Page): Promise<string> {
  await expect.poll(() => placeOrderButton(page).getAttribute('aria-disabled')).toBeNull();
  await placeOrderButton(page).click();
  await page.waitForURL(/\/order-confirmation\/[^/]+$/);
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  return decodeURIComponent(path(page).split('/').pop()!);
}

/** The header's account menu, opened. */
async function accountMenu(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  const menu = page.getByRole('navigation', { name: 'My Account' });
  await menu.waitFor();
  return menu;
}

/** One order's card on /my-orders. */
const orderCard = (page: Page, orderId: string) => page.locator(`article[data-order-id="${orderId}"]`);

/** The rows of an order card's lines: quantity, name, options and note, amount. */
const linesOf = async (card: ReturnType<typeof orderCard>) =>
  (await card.locator('.summary-line').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()))) as string[];

/** The totals of an order card as label → amount. */
const totalsOf = async (card: ReturnType<typeof orderCard>) =>
  Object.fromEntries(
    await card
      .locator('.totals > div')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent?.trim() ?? '', row.querySelector('dd')?.textContent?.trim() ?? ''])),
  ) as Record<string, string>;

/** Nothing on the page is wider than a phone's screen (no sideways scrolling). */
async function expectFitsPhone(page: Page): Promise<void> {
  const size = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(size);
}

const bagLines = async (page: Page) =>
  ((await stateOf(page)) as State).bag.lines.map((line) => ({
    itemId: line.itemId,
    variationId: line.variationId,
    quantity: line.quantity,
    modifiers: line.modifiers,
  }));

/** An API client of the sandbox, as another device of the shopper. */
const apiClient = (): ApiClient =>
  createApiClient({ baseUrl: `${storefront.origin}/api`, clientId: 'countertop-sandbox', tokens: memoryTokenStore(), reportError: () => undefined });

async function adaElsewhere(): Promise<ApiClient> {
  const api = apiClient();
  const signedIn = await api.account.login('ada@example.com', 'countertop');
  if (signedIn._tag === 'Left') throw new Error(JSON.stringify(signedIn.left));
  return api;
}

/**
 * The cafe's menu since Ada's drinks order: a latte takes one extra at most, caramel syrup is gone, a chai needs an
 * extra, and whipped cream has run out (an optional choice out of stock).
 */
async function changedMenu(route: Route): Promise<void> {
  type List = { Id: string; MinSelectedModifiers?: number; MaxSelectedModifiers?: number; Modifiers?: { Id: string; QuantityAvailable?: number }[] };
  type Catalog = { Locations: { Id: string; ModifierLists: List[]; Categories: { Items: { Id: string; ModifierLists?: List[] }[] }[] }[] };
  const response = await route.fetch();
  const catalog = (await response.json()) as Catalog;
  for (const location of catalog.Locations) {
    if (location.Id !== 'cafe-hudson') continue;
    const extras = location.ModifierLists.find((list) => list.Id === 'extras')!;
    extras.Modifiers = extras.Modifiers!.filter((option) => option.Id !== 'extra-caramel');
    extras.Modifiers.find((option) => option.Id === 'extra-whip')!.QuantityAvailable = 0;
    for (const item of location.Categories.flatMap((category) => category.Items)) {
      if (item.Id === 'latte') item.ModifierLists!.find((list) => list.Id === 'extras')!.MaxSelectedModifiers = 1;
      if (item.Id === 'chai') item.ModifierLists!.push({ Id: 'extras', MinSelectedModifiers: 1, MaxSelectedModifiers: 1 });
    }
  }
  await route.fulfill({ response, json: catalog });
}

/** Stores the session in the browser before the page loads: start-up signs the shopper in. */
const withSession = (tokens: Tokens) => async (context: BrowserContext) => {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, JSON.stringify(tokens)] as const);
};

describe('order history', () => {
  it("shows an order placed at checkout with its lines and totals; confirmation and history link to each other; Reorder adds to the bag's line", async () => {
    const shopper = await openStore(CAFE_OPEN);
    const { page } = shopper;
    await page
      .getByRole('link', { name: /Coffee/ })
      .first()
      .waitFor();
    // A signed-out visitor is sent home.
    await visit(page, '/my-orders');
    await expect.poll(() => path(page)).toBe('/');

    await signInAsAda(page);
    const menu = await accountMenu(page);
    expect(await menu.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['My Account', 'My Orders', 'My Favorites']));
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    await page.getByText(NO_ORDERS).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    await shots(page, 'my-orders-empty');
    await expectClean(shopper);

    expect((await runCommand(page, 'addToBag', DRIP))._tag).toBe('Right');
    expect((await runCommand(page, 'addToBag', LATTE))._tag).toBe('Right');
    const orderId = await checkOutPickup(page);

    // The confirmation of a signed-in shopper leads to My Orders, where the order is with its lines and totals.
    await page.getByRole('link', { name: 'My Orders' }).click();
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    const card = orderCard(page, orderId);
    await card.waitFor();
    // The short number only: the 36-character id is the confirmation's, for support, not read out in a list.
    expect(await card.textContent()).not.toContain(orderId);
    expect(await page.getByText(NO_ORDERS).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(1);
    await card.getByText('Pickup, Wednesday, December 2, 2026 at', { exact: false }).waitFor();
    const lines = await linesOf(card);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^2× Drip Coffee .*\$5\.50$/);
    expect(lines[1]).toMatch(/^1× Latte .*Oat milk.*Extra shot.*Vanilla syrup.*“Extra hot please”.*\$7\.30$/);
    // $12.80 with New York's 8.875 %; no tip was given, so no Tip line (ordering.md section 9: only above 0).
    expect(await totalsOf(card)).toEqual({ Subtotal: '$12.80', Tax: '$1.14', Total: '$13.94' });
    const placed = ((await storefront.control('orders')) as { orderId: string | null; grandTotal: number | null }[]).find((o) => o.orderId === orderId);
    expect(placed?.grandTotal).toBe(1394);
    await shots(page, 'my-orders');
    await expectFitsPhone(page);
    await expectClean(shopper);

    // The account's home lists it first, above the profile, leading to its page.
    await visit(page, '/my-account');
    const recent = page.getByRole('region', { name: 'Recent orders' });
    await recent.getByRole('link').first().waitFor();
    expect(await recent.getByRole('link').first().getAttribute('href')).toBe(`/order-confirmation/${encodeURIComponent(orderId)}`);
    expect(await recent.getByText('$13.94').count()).toBe(1);
    await visit(page, '/my-orders');
    await card.waitFor();

    // 'View Order' goes back to the confirmation of that order.
    const view = card.getByRole('link', { name: 'View Order' });
    expect(await view.getAttribute('href')).toBe(`/order-confirmation/${encodeURIComponent(orderId)}`);
    await view.click();
    await page.waitForURL(`${storefront.origin}/order-confirmation/${encodeURIComponent(orderId)}`);
    // The same short number on the confirmation as in history, with the id for support beside it.
    await page.getByText(`Reference ${orderId}`).waitFor();
    expect(await page.locator('.confirmation-number').textContent()).toBe(`Order #${orderNumber(orderId)}`);
    await page.getByRole('link', { name: 'My Orders' }).click();
    await card.waitFor();

    // Reorder of the whole order into a bag that already has a drip coffee: the same drip joins that line.
    expect((await runCommand(page, 'addToBag', { ...DRIP, quantity: 1 }))._tag).toBe('Right');
    const before = (await toastsSeen(page)).length;
    await card.getByRole('button', { name: 'Reorder', exact: true }).click();
    await toasted(page, 'Added 2 items to your bag.');
    expect(await bagLines(page)).toEqual([
      { itemId: 'drip', variationId: 'drip-regular', quantity: 3, modifiers: {} },
      { itemId: 'latte', variationId: 'latte-medium', quantity: 1, modifiers: LATTE.modifiers },
    ]);
    expect(((await stateOf(page)) as State).bag.lines[1]?.note).toBe('Extra hot please');
    // Nothing was left out, so no warning (a warning is toasted before the count).
    expect((await toastsSeen(page)).slice(before)).toEqual(['Added 2 items to your bag.']);

    // Reorder of one line: the latte alone.
    await card.getByRole('button', { name: 'Reorder Latte' }).click();
    await toasted(page, 'Added 1 item to your bag.');
    await expect.poll(async () => (await bagLines(page)).map((l) => l.quantity)).toEqual([3, 2]);
    await expectClean(shopper);

    const replayed = await expectReplayMatches(page);
    expect(replayed.orders.history.map((o) => o.orderId)).toEqual([orderId]);
    await shopper.close();
  });

  it('reorders after the stock fell and the menu changed: what is gone, below the old quantity or against an option rule is said, the rest added', async () => {
    // Ada ordered three croissants, two sesame bagels with cream cheese and a drip coffee from another device.
    await storefront.control('clock', { at: CAFE_OPEN });
    const ada = await adaElsewhere();
    const tokenized = (await storefront.control('payments/tokenize', {
      cardNumber: '4111 1111 1111 1111',
      expMonth: 12,
      expYear: 2030,
      cvv: '123',
      postalCode: '10014',
    })) as { token: string };
    const at = firstPickupAt('cafe', 'cafe-hudson', Date.parse(CAFE_OPEN));
    const placed = await ada.orders.placeOrder({
      source: 'Web',
      idempotencyKey: 'orders-test-stock',
      locationId: 'cafe-hudson',
      lineItems: [
        { key: 'a', id: 'croissant-each', quantity: 3 },
        { key: 'b', id: 'bagel-sesame', quantity: 2, modifiers: ['spread-cream-cheese'] },
        { key: 'c', id: 'drip-regular', quantity: 1 },
      ],
      pickupAt: at,
      tipAmount: 0,
      pickupFulfillment: { pickupAt: at, notes: '' },
      card: { nonce: tokenized.token, address1: '12 Bank St', city: 'New York', state: 'NY', postalCode: '10014' },
    });
    if (placed._tag === 'Left') throw new Error(JSON.stringify(placed.left));
    const orderId = placed.right.OrderId;
    // And four drinks whose options the menu has changed since (changedMenu below), paid with the card again.
    const again = (await storefront.control('payments/tokenize', {
      cardNumber: '4111 1111 1111 1111',
      expMonth: 12,
      expYear: 2030,
      cvv: '123',
      postalCode: '10014',
    })) as { token: string };
    const drinks = await ada.orders.placeOrder({
      source: 'Web',
      idempotencyKey: 'orders-test-options',
      locationId: 'cafe-hudson',
      lineItems: [
        { key: 'a', id: 'latte-medium', quantity: 1, modifiers: ['milk-oat', 'extra-shot', 'extra-vanilla', 'temp-hot'] },
        { key: 'b', id: 'cappuccino-small', quantity: 1, modifiers: ['milk-whole', 'extra-caramel'] },
        { key: 'c', id: 'chai-small', quantity: 1, modifiers: ['milk-whole', 'temp-hot'] },
        { key: 'd', id: 'americano-small', quantity: 1, modifiers: ['extra-whip', 'temp-hot'] },
      ],
      pickupAt: at,
      tipAmount: 0,
      pickupFulfillment: { pickupAt: at, notes: '' },
      card: { nonce: again.token, address1: '12 Bank St', city: 'New York', state: 'NY', postalCode: '10014' },
    });
    if (drinks._tag === 'Left') throw new Error(JSON.stringify(drinks.left));
    const drinksId = drinks.right.OrderId;

    // Her session is in this browser: start-up signs her in and loads the order list.
    const shopper = await openStore(CAFE_OPEN, async (context) => {
      await withSession(ada.http.tokens.get()!)(context);
      await context.route(/\/api\/Catalog$/, changedMenu);
    });
    const { page } = shopper;
    await expect.poll(async () => ((await stateOf(page)) as State).orders.history.map((o) => o.orderId).sort()).toEqual([orderId, drinksId].sort());
    // The stock falls while she shops: no croissant left, one sesame bagel.
    await expect
      .poll(async () => ((await storefront.control('hub')) as { locationId: string | null }[]).some((c) => c.locationId === 'cafe-hudson'), {
        timeout: 10_000,
      })
      .toBe(true);
    await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'croissant-each', count: 0 });
    await storefront.control('stock', { locationId: 'cafe-hudson', variationId: 'bagel-sesame', count: 1 });
    await expect
      .poll(async () => {
        const counts = ((await stateOf(page)) as State).inventory.counts;
        return [counts['croissant-each'], counts['bagel-sesame']];
      })
      .toEqual([0, 1]);
    expect((await runCommand(page, 'addToBag', { itemId: 'green-tea', variationId: 'green-tea-regular', quantity: 1, modifiers: {}, note: '' }))._tag).toBe(
      'Right',
    );

    await (await accountMenu(page)).getByRole('link', { name: 'My Orders' }).click();
    const card = orderCard(page, orderId);
    await card.waitFor();
    expect(await linesOf(card)).toEqual([
      expect.stringMatching(/^3× Butter Croissant .*\$11\.25$/),
      expect.stringMatching(/^2× Bagel .*Cream cheese.*\$6\.80$/),
      expect.stringMatching(/^1× Drip Coffee .*\$2\.75$/),
    ]);

    // Each drink's options break a rule of today's menu: each says which and why, and nothing is added.
    const drinksCard = orderCard(page, drinksId);
    for (const [item, words] of [
      ['Latte', 'Some options of Latte have exceeded their limits: Extras. Open the item to change them.'],
      ['Cappuccino', 'One or more options of Cappuccino are no longer offered: Caramel syrup. Open the item to choose again.'],
      ['Chai Latte', 'A required option of Chai Latte is missing: Extras. Open the item to choose it.'],
      ['Americano', 'An option of Americano is not available at this time: Whipped cream. Open the item to choose again.'],
    ] as const) {
      await drinksCard.getByRole('button', { name: `Reorder ${item}` }).click();
      await toasted(page, words);
    }
    expect((await bagLines(page)).map((l) => l.itemId)).toEqual(['green-tea']);

    // One croissant alone cannot be added: the reason, and nothing in the bag changes.
    await card.getByRole('button', { name: 'Reorder Butter Croissant' }).click();
    await toasted(page, 'Butter Croissant is out of stock at this time.');
    expect((await bagLines(page)).map((l) => l.itemId)).toEqual(['green-tea']);
    await expectClean(shopper);

    // The whole order: the croissants are left out, the bagels reduced to one, the drip added; the tea stays.
    await card.getByRole('button', { name: 'Reorder', exact: true }).click();
    await toasted(page, 'Added 2 items to your bag.');
    // A warning this time (the line's reorder was an error): the same words, a second toast.
    await toasted(page, 'Butter Croissant is out of stock at this time.', 2);
    await toasted(page, 'The quantity of Bagel will be reduced to 1: there is only 1 available at this time.');
    expect(await bagLines(page)).toEqual([
      { itemId: 'green-tea', variationId: 'green-tea-regular', quantity: 1, modifiers: {} },
      { itemId: 'bagel', variationId: 'bagel-sesame', quantity: 1, modifiers: { spread: ['spread-cream-cheese'] } },
      { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {} },
    ]);
    await shots(page, 'my-orders-reorder-stock');
    await expectFitsPhone(page);
    await expectClean(shopper);

    const replayed = await expectReplayMatches(page);
    expect(replayed.warnings.reorder?.messages).toEqual([
      'Butter Croissant is out of stock at this time.',
      'The quantity of Bagel will be reduced to 1: there is only 1 available at this time.',
    ]);
    await shopper.close();
  });
});

describe('favorites', () => {
  it("a guest's hearts last across a reload, join the account's on sign-in, and the account's go with Logout", async () => {
    // Ada already keeps the latte as a favorite, from another device.
    await storefront.control('clock', { at: CAFE_OPEN });
    const ada = await adaElsewhere();
    expect((await ada.favorites.createFavorite({ itemId: 'latte' }))._tag).toBe('Right');

    const shopper = await openStore(CAFE_OPEN);
    const { page } = shopper;
    await page.getByRole('link', { name: 'Favorites' }).click();
    await page.getByRole('heading', { name: 'My Favorites', level: 1 }).waitFor();
    await page.getByText(NO_FAVORITES).waitFor();
    await expectClean(shopper);

    // As a guest: the croissant's heart on its card.
    await visit(page, '/categories/bakery');
    const croissant = page.getByRole('button', { name: 'Favorite Butter Croissant' });
    expect(await croissant.getAttribute('aria-pressed')).toBe('false');
    await croissant.click();
    await expect.poll(() => croissant.getAttribute('aria-pressed')).toBe('true');
    // The heart is drawn in the business's own colour (Bluebird's blue, in the shade that keeps contrast).
    const heartColour = await croissant.evaluate((button) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--primary-strong)';
      document.body.append(probe);
      const wanted = getComputedStyle(probe).color;
      probe.remove();
      return { heart: getComputedStyle(button).color, wanted };
    });
    expect(heartColour.heart).toBe(heartColour.wanted);
    expect(heartColour.heart).not.toBe('rgb(0, 0, 0)');
    expect(await page.getByRole('button', { name: 'Favorite Blueberry Muffin' }).getAttribute('aria-pressed')).toBe('false');

    // Kept in this browser: still there after a reload, and on /favorites.
    await page.reload();
    await expect.poll(() => croissant.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Favorites' }).click();
    await page.getByRole('heading', { name: 'My Favorites', level: 1 }).waitFor();
    const grid = page.locator('.catalog-grid');
    await expect.poll(() => grid.getByRole('heading').allTextContents()).toEqual(['Butter Croissant']);
    expect(await page.getByText(NO_FAVORITES).count()).toBe(0);
    await shots(page, 'favorites-guest');
    await expectClean(shopper);

    // Signing in merges them: the account now holds both, here and on the other device.
    await signInAsAda(page);
    await (await accountMenu(page)).getByRole('link', { name: 'My Favorites' }).click();
    await page.getByRole('heading', { name: 'My Favorites', level: 1 }).waitFor();
    await expect.poll(async () => (await grid.getByRole('heading').allTextContents()).sort()).toEqual(['Butter Croissant', 'Latte']);
    const held = await ada.favorites.listFavorites();
    expect(held._tag === 'Right' ? [...held.right].sort() : held).toEqual(['croissant', 'latte']);
    // A heart on /favorites itself takes the item off the account's list.
    await grid.getByRole('button', { name: 'Favorite Latte' }).click();
    await expect.poll(() => grid.getByRole('heading').allTextContents()).toEqual(['Butter Croissant']);
    // One given while signed in goes to the account; when the API does not take it, the heart stays as it was.
    await visit(page, '/categories/coffee');
    const drip = page.getByRole('button', { name: 'Favorite Drip Coffee' });
    await storefront.control('fail', { path: '/api/Favorite/Create', times: 1, status: 503 });
    await drip.click();
    await toasted(page, 'We could not update your favorites. Please try again.');
    expect(await drip.getAttribute('aria-pressed')).toBe('false');
    await expectClean(shopper, FAVORITE_REFUSED);
    await drip.click();
    await expect.poll(() => drip.getAttribute('aria-pressed')).toBe('true');
    const after = await ada.favorites.listFavorites();
    expect(after._tag === 'Right' ? [...after.right].sort() : after).toEqual(['croissant', 'drip']);
    await visit(page, '/favorites');
    await expect.poll(async () => (await grid.getByRole('heading').allTextContents()).sort()).toEqual(['Butter Croissant', 'Drip Coffee']);
    // 'Add to Bag' from the list, as from any item card.
    await grid.getByRole('article', { name: 'Drip Coffee' }).getByRole('button', { name: 'Add to Bag' }).click();
    const panel = page.getByRole('dialog', { name: 'Drip Coffee' });
    if (await panel.isVisible()) await panel.getByRole('button', { name: 'Add to Bag' }).click();
    await expect.poll(async () => (await bagLines(page)).map((l) => l.itemId)).toEqual(['drip']);
    await shots(page, 'favorites-signed-in');
    await expectFitsPhone(page);
    await expectClean(shopper, FAVORITE_REFUSED);

    // Logout: the account's favorites are no longer shown; what this browser kept as a guest is.
    await (await accountMenu(page)).getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(async () => ((await stateOf(page)) as State).account.profile).toBeNull();
    expect(((await stateOf(page)) as State).account.favorites).toEqual([]);
    await page.getByRole('link', { name: 'Favorites' }).click();
    await page.getByRole('heading', { name: 'My Favorites', level: 1 }).waitFor();
    await expect.poll(() => grid.getByRole('heading').allTextContents()).toEqual(['Butter Croissant']);
    await visit(page, '/categories/coffee');
    await expect.poll(() => drip.getAttribute('aria-pressed')).toBe('false');
    // History is an account page: a signed-out visitor is sent home.
    await visit(page, '/my-orders');
    await expect.poll(() => path(page)).toBe('/');
    await expectClean(shopper, FAVORITE_REFUSED);

    const shown = (await stateOf(page)) as State;
    const replayed = await expectReplayMatches(page);
    expect(replayed.localFavorites).toEqual(shown.localFavorites);
    expect(replayed.account.favorites).toEqual([]);
    await shopper.close();

    // Another browser, with no favorites of its own: signing in reads the account's list (Favorite/List).
    const other = await openStore(CAFE_OPEN);
    const listed = other.page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Favorite/List');
    await signInAsAda(other.page);
    await listed;
    await visit(other.page, '/favorites');
    await expect
      .poll(async () => (await other.page.locator('.catalog-grid').getByRole('heading').allTextContents()).sort())
      .toEqual(['Butter Croissant', 'Drip Coffee']);
    await expectClean(other);
    await other.close();
  });
});

describe('curbside at the pizza chain', () => {
  it("'I'm here' on the confirmation tells the store and shows in history; an item the location no longer sells is not reordered", async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await openStore(BROOKLYN_NOON);
    const { page } = shopper;
    await page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
    expect((await runCommand(page, 'selectLocation', 'chain-brooklyn'))._tag).toBe('Right');
    await signInAsTony(page);
    expect((await runCommand(page, 'addToBag', { itemId: 'wings', variationId: 'wings-ten', quantity: 1, modifiers: {}, note: '' }))._tag).toBe('Right');
    expect((await runCommand(page, 'addToBag', { itemId: 'soda', variationId: 'soda-cola', quantity: 2, modifiers: {}, note: '' }))._tag).toBe('Right');

    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await curbsideWithVehicle(page);
    await enterCard(page, { postalCode: '11217' });
    const orderId = await placeAndConfirm(page);

    // The order's page offers 'I'm here' to the signed-in curbside shopper once the store says the order is ready,
    // not before: there is nothing to bring out yet. The kitchen is moved on through the control surface.
    await page.locator('.confirmation-kind').getByText('Curbside').waitFor();
    const imHere = page.getByRole('button', { name: "I'm here" });
    await expect.poll(() => currentStage(page)).toBe('Received');
    expect(await imHere.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Not now' }).count()).toBe(0);
    // One instruction from the start, and the car the store will look for; not the location's 'Text us' beside it.
    const instruction = page.getByText("When you arrive, tap I'm here");
    await page.getByText(CURBSIDE_INSTRUCTION_EARLY, { exact: true }).waitFor();
    expect(await instruction.count()).toBe(1);
    expect(await page.getByText('Text us when you are parked').count()).toBe(0);
    const car = page.locator('.confirmation-vehicle');
    expect(await car.getByRole('heading', { name: 'Your Car', level: 3 }).count()).toBe(1);
    expect(await car.getByText('Green Subaru Outback', { exact: true }).count()).toBe(1);
    await readyInKitchen(page, orderId);
    await imHere.waitFor();
    expect(await page.getByRole('button', { name: 'Not now' }).count()).toBe(1);
    await page.getByText(CURBSIDE_INSTRUCTION, { exact: true }).waitFor();
    expect(await instruction.count()).toBe(1);
    expect(await page.getByText('Tell the store when you are parked').count()).toBe(0);
    // A reload keeps all of it: the order's vehicle is in the log, with its instruction.
    await page.reload();
    await imHere.waitFor();
    expect(await instruction.count()).toBe(1);
    expect(await car.getByText('Green Subaru Outback', { exact: true }).count()).toBe(1);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    // Brooklyn has a curbside line: the prompt offers it to a shopper who would rather call.
    expect(await page.locator('.curbside-arrival').getByRole('link', { name: '(718) 555-0111' }).getAttribute('href')).toBe('tel:+17185550111');
    expect(await page.getByRole('link', { name: 'My Orders' }).count()).toBe(1);
    // The prompt is styled on the confirmation too, where the order history's code has not been loaded.
    expect(await page.locator('.curbside-arrival-actions').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    await shots(page, 'confirmation-im-here');
    await expectFitsPhone(page);
    await expectClean(shopper);

    // When the store cannot be told, the shopper is asked to try again, and the button stays.
    await storefront.control('fail', { path: '/api/Presence/ImHere', times: 1, status: 503 });
    await imHere.click();
    await toasted(page, 'We could not tell the store you are here. Please try again, or call the store.');
    await expect.poll(() => imHere.isEnabled()).toBe(true);
    expect(((await stateOf(page)) as State).curbside.arrivals).toEqual({});
    await expectClean(shopper, ARRIVAL_REFUSED);

    const told = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Presence/ImHere');
    await imHere.click();
    const answer = await told;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ OrderId: orderId, LocationId: 'chain-brooklyn' });
    const { ArrivedAtUtc } = (await answer.json()) as { ArrivedAtUtc: string };
    const arrived = `You told the store you arrived at ${formatInstantShort(ArrivedAtUtc, 'America/New_York')}. We are bringing your order out.`;
    await page.getByRole('status').filter({ hasText: arrived }).waitFor();
    expect(await imHere.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Not now' }).count()).toBe(0);
    await shots(page, 'confirmation-arrived');
    await expectClean(shopper, ARRIVAL_REFUSED);

    // History shows the arrival, not the button again.
    await page.getByRole('link', { name: 'My Orders' }).click();
    const card = orderCard(page, orderId);
    await card.waitFor();
    await card.getByRole('status').filter({ hasText: arrived }).waitFor();
    expect(await card.getByRole('button', { name: "I'm here" }).count()).toBe(0);
    await card.getByText('Curbside, Wednesday, December 2, 2026 at', { exact: false }).waitFor();
    // The car is on the order in history too; once the shopper said they are here, nothing more to do.
    expect(await card.getByText('Your car: Green Subaru Outback', { exact: true }).count()).toBe(1);
    expect(await card.getByText("When you arrive, tap I'm here").count()).toBe(0);
    expect(await linesOf(card)).toEqual([expect.stringMatching(/^1× Buffalo Wings .*\$14\.50$/), expect.stringMatching(/^2× Soda .*\$5\.00$/)]);
    await expectFitsPhone(page);
    await expectClean(shopper, ARRIVAL_REFUSED);

    // Brooklyn takes the wings off its menu: the next start reads the catalog without them.
    await page.route(/\/api\/Catalog$/, async (route) => {
      const response = await route.fetch();
      const catalog = (await response.json()) as { Locations: { Id: string; Categories: { Items: { Id: string }[] }[] }[] };
      for (const location of catalog.Locations)
        if (location.Id === 'chain-brooklyn') for (const category of location.Categories) category.Items = category.Items.filter((item) => item.Id !== 'wings');
      await route.fulfill({ response, json: catalog });
    });
    await page.reload();
    await card.waitFor();
    // The wings alone: refused with the reason; nothing is added.
    await card.getByRole('button', { name: 'Reorder Buffalo Wings' }).click();
    await toasted(page, 'Buffalo Wings is no longer available at this location.');
    expect(await bagLines(page)).toEqual([]);
    await expectClean(shopper, ARRIVAL_REFUSED);
    // The whole order: the sodas are added, and the wings are said to be gone.
    await card.getByRole('button', { name: 'Reorder', exact: true }).click();
    await toasted(page, 'Added 1 item to your bag.');
    await toasted(page, 'Buffalo Wings is no longer available at this location.', 2);
    expect(await bagLines(page)).toEqual([{ itemId: 'soda', variationId: 'soda-cola', quantity: 2, modifiers: {} }]);
    await shots(page, 'my-orders-curbside');
    await expectClean(shopper, ARRIVAL_REFUSED);

    const shown = (await stateOf(page)) as State;
    const replayed = await expectReplayMatches(page);
    expect(replayed.curbside).toEqual(shown.curbside);
    expect(replayed.curbside.arrivals[orderId]).toBe(ArrivedAtUtc);
    expect(replayed.warnings.reorder?.messages).toEqual(['Buffalo Wings is no longer available at this location.']);
    await shopper.close();
  });
  it("a guest says 'I'm here' too, once the order is ready, by the key their order was placed with", async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await openStore(BROOKLYN_NOON);
    const { page } = shopper;
    await page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
    expect((await runCommand(page, 'selectLocation', 'chain-brooklyn'))._tag).toBe('Right');
    expect((await runCommand(page, 'addToBag', { itemId: 'soda', variationId: 'soda-cola', quantity: 1, modifiers: {}, note: '' }))._tag).toBe('Right');
    const requests = orderRequests(page);
    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('link', { name: 'Checkout as Guest' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await curbsideWithVehicle(page);
    await fillGuest(page);
    await enterCard(page, { postalCode: '11217' });
    const orderId = await placeAndConfirm(page);
    const key = requests.find((r) => r.path === '/api/Order/GuestPlace')?.body.idempotencyKey;
    expect(key).toEqual(expect.any(String));

    const imHere = page.getByRole('button', { name: "I'm here" });
    await expect.poll(() => currentStage(page)).toBe('Received');
    expect(await imHere.count()).toBe(0);
    await readyInKitchen(page, orderId);
    await imHere.waitFor();
    // 'Order was placed!' is looked at once it has gone (mid-entrance, its colours are half-way).
    await expect.poll(() => page.locator('.toast-layer [role="status"]').count(), { timeout: 15_000 }).toBe(0);
    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);
    await expectClean(shopper);
    await page.setViewportSize(DESKTOP);

    const told = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Presence/GuestImHere');
    await imHere.click();
    const answer = await told;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ idempotencyKey: key });
    const { ArrivedAtUtc } = (await answer.json()) as { ArrivedAtUtc: string };
    await page
      .getByRole('status')
      .filter({ hasText: `You told the store you arrived at ${formatInstantShort(ArrivedAtUtc, 'America/New_York')}. We are bringing your order out.` })
      .waitFor();
    expect(await imHere.count()).toBe(0);
    await expectClean(shopper);
    expect((await expectReplayMatches(page)).curbside.arrivals[orderId]).toBe(ArrivedAtUtc);
    await shopper.close();
  });

  it('a signed-in shopper at a location that queues orders: Order/Queue, then Order/OrderStatus by its key, then the confirmation and history', async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    await storefront.control('queue', { delayMs: 0 });
    const shopper = await openStore(BROOKLYN_NOON);
    const { page } = shopper;
    await page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
    expect((await runCommand(page, 'selectLocation', 'chain-denver'))._tag).toBe('Right');
    await signInAsTony(page);
    expect((await runCommand(page, 'addToBag', { itemId: 'soda', variationId: 'soda-cola', quantity: 1, modifiers: {}, note: '' }))._tag).toBe('Right');
    const requests = orderRequests(page);
    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await enterCard(page, { postalCode: '11217' });
    const orderId = await placeAndConfirm(page);
    // The signed-in calls (the guest ones are tested in checkout-chain), one key throughout.
    expect(requests.map((r) => r.path)).toEqual(['/api/Order/Queue', '/api/Order/OrderStatus']);
    expect(requests[1]!.body.idempotencyKey).toBe(requests[0]!.body.idempotencyKey);
    expect(requests[0]!.body).not.toHaveProperty('guest');
    await page.getByRole('link', { name: 'My Orders' }).click();
    await orderCard(page, orderId).waitFor();
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it("'Not now' puts the arrival prompt away for that order, on the confirmation and in history, across a reload", async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await openStore(BROOKLYN_NOON);
    const { page } = shopper;
    await page.getByRole('dialog', { name: 'Choose a location' }).waitFor();
    expect((await runCommand(page, 'selectLocation', 'chain-brooklyn'))._tag).toBe('Right');
    await signInAsTony(page);
    expect((await runCommand(page, 'addToBag', { itemId: 'soda', variationId: 'soda-cola', quantity: 1, modifiers: {}, note: '' }))._tag).toBe('Right');
    await page.getByRole('link', { name: /^Bag/ }).click();
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await curbsideWithVehicle(page);
    await enterCard(page, { postalCode: '11217' });
    const orderId = await placeAndConfirm(page);
    await readyInKitchen(page, orderId);
    await page.getByRole('button', { name: "I'm here" }).waitFor();
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('button', { name: "I'm here" }).waitFor({ state: 'detached' });
    // The spec's ignoredOrders, kept in the log.
    expect(((await stateOf(page)) as State).curbside.ignoredOrders).toEqual([orderId]);
    await page.reload();
    await page.locator('.confirmation-kind').getByText('Curbside').waitFor();
    expect(await page.getByRole('button', { name: "I'm here" }).count()).toBe(0);
    await page.getByRole('link', { name: 'My Orders' }).click();
    const card = orderCard(page, orderId);
    await card.waitFor();
    expect(await card.getByRole('button', { name: "I'm here" }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Not now' }).count()).toBe(0);
    await expectClean(shopper);
    const shown = (await stateOf(page)) as State;
    expect((await expectReplayMatches(page)).curbside).toEqual(shown.curbside);
    await shopper.close();
  });
});
