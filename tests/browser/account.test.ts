// Accounts as shoppers use them, at the cafe (email and a chosen password): signing in from the header and from
// the bag (back to checkout), wrong credentials in the spec's words, the account menu and Logout (the bag goes too),
// signing up with the code from the outbox (pressed offline, it waits and goes on by itself), the profile page and its rules, password recovery, and the
// verification modal. Every screen is checked with axe-core.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/events/state';
import { expectClean, partCutOffline, shots, stateOf, visit } from './support/checkout';
import { enableDebugHook, pageSessionLog, runCommand } from './support/debug';
import { DESKTOP, hostConfig, PHONE, seriousViolations, useStorefront, type Shopper } from './support/storefront';
import { REGISTER_WAITS, SIGN_IN_WAITS } from '../../src/domain/account/messages';
import { businessWords } from '../../src/domain/businessWords';
import { STORAGE_FAILED_WARNING } from '../../src/store/eventStore';
import { lastCode, signInAsAda } from './support/account';

/** The offline notices of a restaurant (the cafe): a shop speaks of its shop. */
const OFFLINE_IN_PAGE_WORDS = businessWords('restaurant').offlineInPage;
const UNREACHABLE_WORDS = businessWords('restaurant').unreachable;

const storefront = useStorefront('cafe');
const REFUSED_LOGIN = /Account\/Login: HTTP 400|status of 400/;

async function openHome(viewport: { width: number; height: number } = DESKTOP) {
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await shopper.page.goto(storefront.origin);
  await shopper.page
    .getByRole('link', { name: /Coffee/ })
    .first()
    .waitFor();
  return shopper;
}

const signedIn = async (page: Page) => ((await stateOf(page)) as State).account.profile?.email ?? null;

describe('signing in with a password', () => {
  it("from the header: wrong credentials in the spec's words, then the account page; the menu's Logout clears the bag", async () => {
    const shopper = await openHome();
    const { page } = shopper;
    await runCommand(page, 'addToBag', { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' });
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.getByRole('heading', { name: 'Welcome back, please login' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Already a customer' }).getAttribute('aria-selected')).toBe('true');
    const form = page.getByRole('form', { name: 'Sign in' });
    // Nothing is red before the shopper tries.
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => form.getByText('Email Address is required').count()).toBe(1);
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('wrong');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByRole('alert').filter({ hasText: 'Invalid email address or password!' }).waitFor();
    expect(await form.getByLabel('Email Address').inputValue()).toBe('ada@example.com');
    expect(await form.getByLabel('Email Address').getAttribute('autocomplete')).toBe('email');
    expect(await form.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');
    await shots(page, 'sign-in');
    // The refused login is reported like every failed call (the spec's error reporting), and nothing else is.
    await expectClean(shopper, REFUSED_LOGIN);

    await form.getByLabel('Password').fill('countertop');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-account');
    expect(await signedIn(page)).toBe('ada@example.com');
    const profile = page.getByRole('form', { name: 'Your profile' });
    expect(await profile.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await profile.getByLabel('Email Address').isDisabled()).toBe(true);
    await shots(page, 'my-account');
    await expectClean(shopper, REFUSED_LOGIN);

    await page.getByRole('button', { name: 'My Account' }).click();
    const menu = page.getByRole('navigation', { name: 'My Account' });
    await menu.waitFor();
    await expectClean(shopper, REFUSED_LOGIN);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => signedIn(page)).toBeNull();
    expect(((await stateOf(page)) as State).bag.lines).toEqual([]);
    // Account pages send a signed-out visitor home.
    await visit(page, '/my-account');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await shopper.close();
  });

  it("from the bag's 'Sign In / Register': back at checkout, signed in", async () => {
    const shopper = await openHome(PHONE);
    const { page } = shopper;
    await runCommand(page, 'addToBag', { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' });
    await visit(page, '/cart');
    await page.getByRole('button', { name: 'Sign In / Register' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('countertop');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await signedIn(page)).toBe('ada@example.com');
    // Personal Info is not asked of a signed-in shopper.
    expect(await page.getByRole('form', { name: 'Personal Info' }).count()).toBe(0);
    await shopper.close();
  });
});

describe('a first visit that loses the network', () => {
  it('keeps the sign-in form and its waiting words while a later part cannot load, then signs in and loads it when back online', async () => {
    const shopper = await storefront.newShopper(PHONE);
    const { page, context } = shopper;
    // The toast layer, one of the parts that load after the first page, is not in when the network goes.
    let offline!: () => void;
    const wentOffline = new Promise<void>((resolve) => (offline = resolve));
    const TOAST_LAYER = /\/assets\/ToastLayer-[^/]+\.(js|css)$/;
    await context.route(TOAST_LAYER, async (route) => {
      await wentOffline;
      await route.abort('internetdisconnected');
    });
    const failed = page.waitForEvent('requestfailed', (request) => TOAST_LAYER.test(request.url()));
    await page.goto(`${storefront.origin}/sign-in`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.waitFor();
    await context.setOffline(true);
    offline();
    await failed;
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('countertop');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByRole('status').filter({ hasText: SIGN_IN_WAITS }).waitFor();
    expect(await form.count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await context.unroute(TOAST_LAYER);
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    // The part came once the network was back, with its styles.
    await expect.poll(() => page.locator('.toast-layer').evaluate((layer) => getComputedStyle(layer).pointerEvents)).toBe('none');
    await shopper.close();
  });
});

describe('after signing in', () => {
  it("the header's My Account comes back to the page it was pressed on; the account's pages are tabs, orders first", async () => {
    const shopper = await openHome(PHONE);
    const { page } = shopper;
    await visit(page, '/categories/bakery');
    await page.getByRole('heading', { name: 'Bakery', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'My Account' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Password').fill('countertop');
    await form.getByRole('button', { name: 'Sign In' }).click();
    // Back where the shopper was, signed in, rather than on a bare profile form.
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await page.getByRole('heading', { name: 'Bakery', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/categories/bakery');
    expect(await signedIn(page)).toBe('ada@example.com');
    // No tabs away from the account.
    expect(await page.getByRole('navigation', { name: 'Your account' }).count()).toBe(0);

    // The account's home: its tabs with orders first, its latest orders above the profile.
    await visit(page, '/my-account');
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Your account' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Orders', 'Cards', 'Rewards', 'Coupons', 'Addresses', 'Profile']);
    expect(await tabs.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { name: 'Recent orders', level: 2 }).waitFor();
    expect(await page.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe('/my-orders');
    await shots(page, 'my-account-home');
    await expectClean(shopper);
    await tabs.getByRole('link', { name: 'Cards' }).click();
    await page.getByRole('heading', { name: 'My Cards', level: 1 }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Cards' }).getAttribute('aria-current')).toBe('page');
    await expectClean(shopper);
    await shopper.close();
  });

  it("from home, the header's My Account lands on the account page", async () => {
    const shopper = await openHome();
    const { page } = shopper;
    await signInAsAda(page);
    expect(new URL(page.url()).pathname).toBe('/my-account');
    await expectClean(shopper);
    await shopper.close();
  });
});

describe('a first visit that goes offline before the log’s database came', () => {
  it('says the bag lives in this page until the network is back, keeps it, and saves it to the device once back', async () => {
    const shopper = await storefront.newShopper(DESKTOP);
    const { page, context } = shopper;
    // The database's code, which a first visit fetches after the first page, is not in when the network goes.
    let offline = () => undefined as void;
    const wentOffline = new Promise<void>((resolve) => (offline = resolve));
    const DATABASE = /\/assets\/browserDatabase-[^/]+\.js$/;
    await context.route(DATABASE, async (route) => {
      await wentOffline;
      await route.abort('internetdisconnected');
    });
    const failed = page.waitForEvent('requestfailed', (request) => DATABASE.test(request.url()));
    await page.goto(storefront.origin);
    await page.getByRole('link', { name: 'Bakery' }).first().click();
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    await context.setOffline(true);
    offline();
    await failed;
    await page.getByRole('status').filter({ hasText: OFFLINE_IN_PAGE_WORDS }).waitFor();
    // The bag goes on changing in the page.
    await page.getByRole('article', { name: 'Butter Croissant' }).getByRole('button', { name: 'Add to Bag' }).click();
    await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Back online the database's code comes by itself, the bag is written to it, and the notice goes.
    await context.unroute(DATABASE);
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_IN_PAGE_WORDS }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name?.includes('countertop-') === true)), { timeout: 30_000 })
      .toBe(true);
    expect(await page.getByText(STORAGE_FAILED_WARNING).count()).toBe(0);
    await page.reload();
    await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).waitFor();
    await shopper.close();
  });
});

describe('a signed-in shopper whose network fails while the browser says it is online', () => {
  /** Ada, signed in, with croissants in her bag, her log in the database: what a reload opens on. */
  async function adaWithCroissants(quantity: number): Promise<Shopper> {
    const shopper = await openHome();
    await signInAsAda(shopper.page);
    expect((await runCommand(shopper.page, 'addToBag', { itemId: 'croissant', variationId: 'croissant-each', quantity, modifiers: {}, note: '' }))._tag).toBe(
      'Right',
    );
    await expect.poll(async () => ((await stateOf(shopper.page)) as State).log.lastSeq).toBeGreaterThan(0);
    return shopper;
  }

  it('opens from the log with a notice that the store cannot be reached, not the start-up error, and goes on by itself', async () => {
    const shopper = await adaWithCroissants(2);
    const { page } = shopper;
    // Every API call fails as a dropped network does, while navigator.onLine stays true.
    const API = /\/api\//;
    await page.route(API, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByRole('status').filter({ hasText: UNREACHABLE_WORDS }).waitFor();
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await page.getByRole('link', { name: 'Bag, 2 items', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The API answers again: the session and the menu are asked for by themselves, and the notice goes.
    const catalog = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Catalog', { timeout: 30_000 });
    await page.unroute(API);
    expect((await catalog).status()).toBe(200);
    await expect.poll(() => page.getByRole('status').filter({ hasText: UNREACHABLE_WORDS }).count()).toBe(0);
    expect(await signedIn(page)).toBe('ada@example.com');
    await expectClean(shopper, /net::ERR_INTERNET_DISCONNECTED|Failed to fetch|network error/);
    await shopper.close();
  });

  it("opens from the log when the store's server fails the menu (a 5xx), without the unreachable notice, and goes on by itself", async () => {
    const shopper = await adaWithCroissants(1);
    const { page } = shopper;
    // The store answers, but its server fails the menu.
    const CATALOG = /\/api\/Catalog$/;
    await page.route(CATALOG, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":["Service Unavailable"]}' }));
    await page.reload();
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Uh Oh!' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: UNREACHABLE_WORDS }).count()).toBe(0);

    // The server is back: the menu is asked for again by itself.
    const catalog = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Catalog' && response.status() === 200, { timeout: 30_000 });
    await page.unroute(CATALOG);
    await catalog;
    expect(await signedIn(page)).toBe('ada@example.com');
    await expectClean(shopper, /503|Service Unavailable/);
    await shopper.close();
  });
});

describe('a new customer', () => {
  it("signs up in the sign-in page's tab: register, the code from the outbox, then signed in, with no secret in the log", async () => {
    const shopper = await openHome();
    const { page } = shopper;
    await visit(page, '/sign-in');
    await page.getByRole('tab', { name: "I'm a new customer" }).click();
    const form = page.getByRole('form', { name: 'Create your account' });
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);
    // The password's rule is said under it before anything is submitted, and read with the field.
    await form.getByText('At least 6 characters.').waitFor();
    expect(await form.getByLabel('Password', { exact: true }).getAttribute('aria-describedby')).toBeTruthy();
    expect(
      await form
        .getByLabel('Password', { exact: true })
        .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent),
    ).toBe('At least 6 characters.');
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel('Email Address').fill('grace@example.com');
    await form.getByLabel('Phone Number').fill('2125550177');
    await form.getByLabel('Password', { exact: true }).fill('cobol-1959');
    await form.getByLabel('Password Confirmation').fill('cobol-1960');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Password Confirmation must match Password').waitFor();
    await form.getByLabel('Password Confirmation').fill('cobol-1959');
    // Pressed without a network: it says it waits, sends nothing, keeps what was typed, and goes on by itself, once.
    const registers: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/Account/Register') registers.push(request.url());
    });
    await shopper.context.setOffline(true);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByRole('status').filter({ hasText: REGISTER_WAITS }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(registers).toEqual([]);
    expect(await form.getByLabel('Email Address').inputValue()).toBe('grace@example.com');
    await shopper.context.setOffline(false);
    const code = page.getByRole('form', { name: 'Enter your code' });
    await code.waitFor();
    expect(registers).toHaveLength(1);
    const field = code.getByLabel('Code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    // The resend button counts down before it may be used.
    expect(await code.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(true);
    await shots(page, 'sign-up-code');
    // What the page fetched while it was offline on purpose (a part prefetched when idle, on a busy machine) failed.
    await expectClean(shopper, partCutOffline(storefront.origin));
    const sent = await lastCode(storefront, 'grace@example.com');
    await field.fill(sent);
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    const state = (await stateOf(page)) as State;
    expect(state.account).toMatchObject({ profile: { email: 'grace@example.com' }, verified: true });
    const log = await page.evaluate(() => (window as unknown as { countertop: { sessionLog: () => Promise<string> } }).countertop.sessionLog());
    expect(log).not.toContain('cobol-1959');
    expect(log).not.toContain(sent);
    await shopper.close();
  });
});

describe('the customer_since trigger', () => {
  it('is recorded in the log when no push service is configured', async () => {
    const shopper = await openHome();
    const { page } = shopper;
    await signInAsAda(page);
    const since = ((await stateOf(page)) as State).account.customerSince!;
    await expect.poll(() => pageSessionLog(page)).toContain('"type":"PushTriggerRecorded"');
    const log = await pageSessionLog(page);
    expect(log).toContain(`"data":{"name":"customer_since","value":${Math.floor(Date.parse(since) / 1000)}}`);
    await expectClean(shopper);
    await shopper.close();
  });

  it('goes to the push service config.json names, and not into the log', async () => {
    const shopper = await storefront.newShopper(DESKTOP);
    await enableDebugHook(shopper.context);
    const pushed: unknown[] = [];
    const { page } = shopper;
    await hostConfig(storefront, { PushServiceUrl: `${storefront.origin}/push/triggers` });
    // A stand-in for the push service on the storefront's own host.
    await page.route('**/push/triggers', async (route) => {
      pushed.push(route.request().postDataJSON());
      await route.fulfill({ status: 204 });
    });
    await page.goto(storefront.origin);
    await signInAsAda(page);
    const state = (await stateOf(page)) as State;
    await expect.poll(() => pushed.length).toBe(1);
    expect(pushed[0]).toEqual({
      userId: state.account.profile!.userId,
      name: 'customer_since',
      value: Math.floor(Date.parse(state.account.customerSince!) / 1000),
    });
    expect(await pageSessionLog(page)).not.toContain('PushTriggerRecorded');
    await expectClean(shopper);
    await shopper.close();
  });
});
