// Accounts in every sign-in mode, as shoppers use them: phone numbers with one-time codes (pizza-chain), a new phone
// that registers first, email with codes (retail), phone numbers with passwords (retail-phone), resending a code once
// the countdown ends, password recovery, the profile's rules, the verification modal, the text-notification prompt
// (once per browser), the lockout after ten wrong passwords, and Logout from the account menu in phone mode. Messages
// are the spec's words (account-and-session.md sections 2, 4, 5 and 8); every new screen is checked with axe-core.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/apiClient';
import { memoryTokenStore } from '../../src/api/tokenStore';
import type { State } from '../../src/events/state';
import { expectClean, shots, stateOf, toastsSeen, visit, watchToasts } from './support/checkout';
import { codesSent, GRACE, lastCode, registerGraceUnverified } from './support/account';
import { enableDebugHook, runCommand } from './support/debug';
import { DESKTOP, releaseHeld, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe');
// `reset` leaves the sandbox clock where a test moved it: back to real time for the next test.
afterEach(async () => {
  await storefront.control('clock', { at: null });
});

const TEXT_PROMPT = "Hey! We've added text notifications. Hop over to your profile to opt in!";
const TOO_MANY = 'Too many attempts. Please wait a few minutes, then try again.';
/** What the browser and the error reporter log for a refused call: allowed in `expectClean` where a test expects one. */
const refused = (calls: string, statuses = '400') => new RegExp(`Account/(${calls}): HTTP (${statuses})|status of (${statuses})`);

/** Another six digits than `code`. */
const wrongCode = (code: string) => code.replace(/^./, (d) => String((Number(d) + 1) % 10));

/** Moves the sandbox clock `ms` ahead of real time (the send interval, the lockout). */
const sandboxAhead = (ms: number) => storefront.control('clock', { at: new Date(Date.now() + ms).toISOString() });

interface Open {
  /** The page's clock is installed at this moment (real time otherwise). */
  readonly clockAt?: Date;
  /** Runs before the page first loads. */
  readonly prepare?: (context: BrowserContext) => Promise<void>;
}

/** A new shopper on the home page of the catalog the sandbox serves; at the chain, Brooklyn is chosen through the debug hook. */
async function openStore(options: Open = {}): Promise<Shopper> {
  const shopper = await storefront.newShopper(DESKTOP);
  await enableDebugHook(shopper.context);
  await options.prepare?.(shopper.context);
  if (options.clockAt) await shopper.page.clock.install({ time: options.clockAt });
  await shopper.page.goto(storefront.origin);
  const { page } = shopper;
  await page.waitForFunction(() => 'countertop' in window);
  const chooser = page.getByRole('dialog', { name: 'Choose a location' });
  const chain = ((await stateOf(page)) as State).catalog.locationIds.length > 1;
  if (chain) {
    await chooser.waitFor();
    expect((await runCommand(page, 'selectLocation', 'chain-brooklyn'))._tag).toBe('Right');
    await chooser.waitFor({ state: 'hidden' });
  }
  await page.getByRole('link', { name: 'My Account' }).waitFor();
  return shopper;
}

/** From the header's My Account to the sign-in page. */
async function toSignIn(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'My Account' }).click();
  await page.getByRole('heading', { name: 'Welcome back, please login', level: 1 }).waitFor();
}

const onMyAccount = async (page: Page) => {
  await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/my-account');
};

const account = async (page: Page) => ((await stateOf(page)) as State).account;
const path = (page: Page) => new URL(page.url()).pathname;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Signs in on /sign-in with a password (Email or Phone mode, by the label). */
async function signInWithPassword(page: Page, label: 'Email Address' | 'Phone Number', username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel(label).fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Clicks the form's button and answers the status of the Account call it makes. */
async function answerTo(page: Page, call: string, click: () => Promise<void>): Promise<number> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/Account/${call}`);
  await click();
  return (await answered).status();
}

/** An API client of the sandbox, as another device of the shopper. */
const apiClient = () =>
  createApiClient({ baseUrl: `${storefront.origin}/api`, clientId: 'countertop-sandbox', tokens: memoryTokenStore(), reportError: () => undefined });

/** Every toast and live message each page load shows, kept by the page (a toast may come and go between two looks). */
const watchToastsAndRegions = (context: BrowserContext) => watchToasts(context, { liveRegions: true });

describe('phone numbers with one-time codes (pizza-chain)', () => {
  it("Tony: Send Code, the code step, a wrong code, 'Change Phone Number' keeps the phone, the right code signs in; Logout clears the bag and the account", async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await openStore();
    const { page } = shopper;
    expect((await runCommand(page, 'addToBag', { itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 2, modifiers: {}, note: '' }))._tag).toBe(
      'Right',
    );
    await toSignIn(page);
    // One-time codes: no tabs, no password, no 'Forgot Password?'.
    expect(await page.getByRole('tab').count()).toBe(0);
    const login = page.getByRole('form', { name: 'Sign in' });
    expect(await login.getByLabel('Password').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).count()).toBe(0);
    const phone = login.getByLabel('Phone Number');
    expect(await phone.getAttribute('autocomplete')).toBe('tel-national');
    await phone.fill('7185550123');
    expect(await phone.inputValue()).toBe('718-555-0123');
    await shots(page, 'account-modes-phone-login');
    await expectClean(shopper);
    expect(await answerTo(page, 'SendLoginCode', () => login.getByRole('button', { name: 'Send Code' }).click())).toBe(200);

    const step = page.getByRole('form', { name: 'Enter your code' });
    await step.waitFor();
    // The number as the spec shows phones (US national format), not as the field masks it.
    await step.getByText('We sent a code to (718) 555-0123.').waitFor();
    const field = step.getByLabel('Code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    const resend = step.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(await resend.isDisabled()).toBe(true);
    // The countdown counts.
    const seconds = async () => Number((await resend.textContent())?.match(/\d+/)?.[0]);
    const first = await seconds();
    expect(first).toBeGreaterThan(25);
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
    await shots(page, 'account-modes-phone-code');
    await expectClean(shopper);

    const sent = await lastCode(storefront, '(718) 555-0123');
    // The sixth digit submits by itself.
    expect(await answerTo(page, 'Login', () => field.fill(wrongCode(sent)))).toBe(400);
    await step.getByRole('alert').filter({ hasText: 'Invalid phone number or code!' }).waitFor();
    expect(await account(page)).toMatchObject({ profile: null });
    await expectClean(shopper, refused('Login'));

    // Back to the login step with the phone as typed; asking again at once is refused by the API's 30 s spacing.
    await step.getByRole('button', { name: 'Change Phone Number' }).click();
    await login.waitFor();
    expect(await login.getByLabel('Phone Number').inputValue()).toBe('718-555-0123');
    expect(await answerTo(page, 'SendLoginCode', () => login.getByRole('button', { name: 'Send Code' }).click())).toBe(429);
    await login.getByRole('alert').filter({ hasText: 'Please wait a moment before asking for another code.' }).waitFor();
    await sandboxAhead(31_000);
    expect(await answerTo(page, 'SendLoginCode', () => login.getByRole('button', { name: 'Send Code' }).click())).toBe(200);
    await step.waitFor();
    const fresh = await lastCode(storefront, '(718) 555-0123');
    expect(await codesSent(storefront, '(718) 555-0123')).toHaveLength(2);
    // Autofill may space the digits; the code is read without them.
    await step.getByLabel('Code').fill(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { firstName: 'Tony', email: 'tony@example.com' }, verified: true });
    const profile = page.getByRole('form', { name: 'Your profile' });
    // The username (the phone) is shown but cannot be changed; there is no password to change.
    expect(await profile.getByLabel('Phone Number').isDisabled()).toBe(true);
    expect(await profile.getByLabel('Phone Number').inputValue()).toBe('(718) 555-0123');
    expect(await profile.getByLabel('Email Address').isDisabled()).toBe(false);
    expect(await profile.getByLabel('New Password').count()).toBe(0);
    await expectClean(shopper, refused('Login|SendLoginCode', '400|429'));

    // Logout from the menu: the account's data and the bag go; the location stays.
    expect(((await stateOf(page)) as State).bag.lines).toHaveLength(1);
    await page.getByRole('button', { name: 'My Account' }).click();
    const menu = page.getByRole('navigation', { name: 'My Account' });
    await menu.getByText('Hi, Tony').waitFor();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(async () => (await account(page)).profile).toBeNull();
    const after = (await stateOf(page)) as State;
    expect(after.bag.lines).toEqual([]);
    expect(after.account).toMatchObject({ verified: false, textNotificationOptIn: null, customerSince: null, savedCards: [], favorites: [], addresses: [] });
    expect(after.orders.history).toEqual([]);
    expect(after.locationId).toBe('chain-brooklyn');
    await page.getByRole('link', { name: 'My Account' }).waitFor();
    await shopper.close();
  });

  it('an unknown phone: Send Code leads to registering (names and email, the phone not asked again), then the code signs in', async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await openStore();
    const { page } = shopper;
    await toSignIn(page);
    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByLabel('Phone Number').fill('7185550188');
    expect(await answerTo(page, 'SendLoginCode', () => login.getByRole('button', { name: 'Send Code' }).click())).toBe(204);

    const register = page.getByRole('form', { name: 'Create your account' });
    await register.waitFor();
    await page.getByText('We could not find an account for (718) 555-0188.').waitFor();
    await register.getByText('Creating an account for (718) 555-0188.').waitFor();
    // A mistyped phone is not a dead end: back to the login step, the phone as typed.
    await register.getByRole('button', { name: 'Change Phone Number' }).click();
    await login.waitFor();
    expect(await login.getByLabel('Phone Number').inputValue()).toBe('718-555-0188');
    expect(await answerTo(page, 'SendLoginCode', () => login.getByRole('button', { name: 'Send Code' }).click())).toBe(204);
    await register.waitFor();
    expect(await register.getByLabel('Phone Number').count()).toBe(0);
    expect(await register.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await register.getByRole('checkbox').isChecked()).toBe(true);
    // Nothing sent until the form is complete.
    await register.getByRole('button', { name: 'Create Account' }).click();
    await register.getByText('First Name is required').waitFor();
    await register.getByText('Last Name is required').waitFor();
    await register.getByText('Email Address is required').waitFor();
    expect(await codesSent(storefront, '718-555-0188')).toEqual([]);
    await register.getByLabel('First Name').fill('Lidia');
    await register.getByLabel('Last Name').fill('Bastianich');
    await register.getByLabel('Email Address').fill('lidia@example.com');
    await shots(page, 'account-modes-phone-register');
    await expectClean(shopper);
    const registered = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Account/Register');
    expect(await answerTo(page, 'Register', () => register.getByRole('button', { name: 'Create Account' }).click())).toBe(200);
    // The spec's Register payload: the opt-in as ticked, and verification by the code, never skipped.
    expect((await registered).postDataJSON()).toMatchObject({ phoneNumber: '718-555-0188', textNotificationOptIn: true, skipVerify: false });

    const step = page.getByRole('form', { name: 'Enter your code' });
    await step.getByText('We sent a code to (718) 555-0188.').waitFor();
    await expectClean(shopper);
    // The code went by text to the phone, not to the email address.
    expect(await codesSent(storefront, 'lidia@example.com')).toEqual([]);
    await step.getByLabel('Code').fill(await lastCode(storefront, '718-555-0188'));
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { firstName: 'Lidia', lastName: 'Bastianich', email: 'lidia@example.com' }, verified: true });
    expect(await page.getByRole('form', { name: 'Your profile' }).getByLabel('Phone Number').inputValue()).toBe('(718) 555-0188');
    await shopper.close();
  });

  it("resend: disabled while it counts down; once it ends, 'Code was sent!' and the new code replaces the old", async () => {
    await storefront.control('reset', { catalog: 'pizza-chain' });
    const shopper = await openStore({ clockAt: new Date() });
    const { page } = shopper;
    await toSignIn(page);
    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByLabel('Phone Number').fill('7185550123');
    await login.getByRole('button', { name: 'Send Code' }).click();
    const step = page.getByRole('form', { name: 'Enter your code' });
    await step.waitFor();
    expect(await step.getByRole('button', { name: /^Resend code in \d+ s$/ }).isDisabled()).toBe(true);
    const old = await lastCode(storefront, '(718) 555-0123');

    // Thirty seconds pass for the page and for the API. The page's time jumps, its timers keep their pace (a jump of
    // the timers would also time out the inventory hub's connection, which hears nothing for 30 s of their time).
    await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 31_000);
    await sandboxAhead(31_000);
    const again = step.getByRole('button', { name: 'Resend code', exact: true });
    await again.waitFor();
    expect(await again.isEnabled()).toBe(true);
    await shots(page, 'account-modes-resend-ready');
    await expectClean(shopper);
    expect(await answerTo(page, 'SendLoginCode', () => again.click())).toBe(200);
    await toast(page, 'Code was sent!').waitFor();
    // The countdown starts again.
    await step.getByRole('button', { name: /^Resend code in \d+ s$/ }).waitFor();
    expect(await step.getByRole('button', { name: /^Resend code in \d+ s$/ }).isDisabled()).toBe(true);
    const codes = await codesSent(storefront, '(718) 555-0123');
    expect(codes).toHaveLength(2);
    const fresh = codes[1]!;
    expect(fresh).not.toBe(old);
    await expectClean(shopper);

    // Only the newest code is live.
    await step.getByLabel('Code').fill(old);
    await step.getByRole('alert').filter({ hasText: 'Invalid phone number or code!' }).waitFor();
    await step.getByLabel('Code').fill(fresh);
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { firstName: 'Tony' } });
    await expectClean(shopper, refused('Login'));
    await shopper.close();
  });
});

describe('email with one-time codes (retail)', () => {
  it("June: Send Code, the code signs in; the way back says 'Change email'", async () => {
    await storefront.control('reset', { catalog: 'retail' });
    const shopper = await openStore();
    const { page } = shopper;
    await toSignIn(page);
    const login = page.getByRole('form', { name: 'Sign in' });
    expect(await login.getByLabel('Password').count()).toBe(0);
    await login.getByRole('button', { name: 'Send Code' }).click();
    await login.getByText('Email Address is required').waitFor();
    await login.getByLabel('Email Address').fill('june@example.com');
    await expectClean(shopper);
    // A spinner while the request is pending (section 2), and no second request from a second click.
    await storefront.control('hold', { path: '/api/Account/SendLoginCode' });
    const send = login.getByRole('button', { name: 'Send Code' });
    await send.click();
    await expect.poll(() => send.getAttribute('aria-busy')).toBe('true');
    expect(await send.isDisabled()).toBe(true);
    expect(await send.locator('.spinner-inline').count()).toBe(1);
    await releaseHeld(storefront, '/api/Account/SendLoginCode');

    const step = page.getByRole('form', { name: 'Enter your code' });
    await step.getByText('We sent a code to june@example.com.').waitFor();
    expect(await step.getByRole('button', { name: 'Change email', exact: true }).isVisible()).toBe(true);
    expect(await step.getByRole('button', { name: 'Change Phone Number' }).count()).toBe(0);
    await shots(page, 'account-modes-email-code');
    await expectClean(shopper);
    await step.getByLabel('Code').fill('12');
    await step.getByRole('button', { name: 'Sign In' }).click();
    await step.getByRole('alert').filter({ hasText: 'Invalid email address or code!' }).waitFor();
    await step.getByLabel('Code').fill(await lastCode(storefront, 'june@example.com'));
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { firstName: 'June', email: 'june@example.com' }, verified: true });
    const profile = page.getByRole('form', { name: 'Your profile' });
    expect(await profile.getByLabel('Email Address').isDisabled()).toBe(true);
    expect(await profile.getByLabel('New Password').count()).toBe(0);
    await expectClean(shopper, refused('Login'));
    await shopper.close();
  });
});

describe('phone numbers with passwords (retail-phone)', () => {
  it("Mei: a wrong password in the spec's words, then the right one signs in", async () => {
    await storefront.control('reset', { catalog: 'retail-phone' });
    const shopper = await openStore();
    const { page } = shopper;
    await toSignIn(page);
    expect(await page.getByRole('tab', { name: 'Already a customer' }).getAttribute('aria-selected')).toBe('true');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByText('Phone Number is required').waitFor();
    await form.getByText('Password is required').waitFor();
    await signInWithPassword(page, 'Phone Number', '5035550148', 'wrong-one');
    await form.getByRole('alert').filter({ hasText: 'Invalid phone number or password!' }).waitFor();
    expect(await form.getByLabel('Phone Number').inputValue()).toBe('503-555-0148');
    await shots(page, 'account-modes-phone-password');
    await expectClean(shopper, refused('Login'));
    await signInWithPassword(page, 'Phone Number', '5035550148', 'countertop');
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { firstName: 'Mei', email: 'mei@example.com' } });
    const profile = page.getByRole('form', { name: 'Your profile' });
    expect(await profile.getByLabel('Phone Number').isDisabled()).toBe(true);
    expect(await profile.getByLabel('New Password').isVisible()).toBe(true);
    await shopper.close();
  });

  it('/sign-up by phone: register, the code sent by text, then signed in automatically on /my-account', async () => {
    await storefront.control('reset', { catalog: 'retail-phone' });
    const shopper = await openStore();
    const { page } = shopper;
    await visit(page, '/sign-up');
    await page.getByRole('heading', { name: 'Create your account', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('First Name').fill('Octavia');
    await form.getByLabel('Last Name').fill('Butler');
    await form.getByLabel('Email Address').fill('octavia@example.com');
    await form.getByLabel('Phone Number').fill('5035550166');
    expect(await form.getByLabel('Phone Number').inputValue()).toBe('503-555-0166');
    await form.getByLabel('Password', { exact: true }).fill('kindred-79');
    await form.getByLabel('Password Confirmation').fill('kindred-79');
    // The annex offers no text notifications (HasTextNotifications: false): no opt-in is asked.
    expect(await form.getByRole('checkbox').count()).toBe(0);
    await shots(page, 'account-modes-sign-up-phone');
    await expectClean(shopper);
    const registered = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Account/Register');
    await form.getByRole('button', { name: 'Create Account' }).click();
    // The spec's Register payload: verification is never skipped, and no text choice is sent where none was asked.
    const body = (await registered).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Octavia', phoneNumber: '503-555-0166', skipVerify: false });
    expect(body).not.toHaveProperty('textNotificationOptIn');

    const step = page.getByRole('form', { name: 'Enter your code' });
    await step.getByText('We sent a code to (503) 555-0166.').waitFor();
    // Signing up has no way back to a login step.
    expect(await step.getByRole('button', { name: /^Change/ }).count()).toBe(0);
    expect(await codesSent(storefront, 'octavia@example.com')).toEqual([]);
    await step.getByLabel('Code').fill(await lastCode(storefront, '503-555-0166'));
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { firstName: 'Octavia', email: 'octavia@example.com' }, verified: true, textNotificationOptIn: null });
    // Nor does the profile ask, and a save leaves the account's choice as it was.
    const profile = page.getByRole('form', { name: 'Your profile' });
    expect(await profile.getByRole('checkbox').count()).toBe(0);
    const updated = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Account/Update');
    await profile.getByRole('button', { name: 'Save' }).click();
    expect((await updated).postDataJSON()).not.toHaveProperty('textNotificationOptIn');
    await page.getByText('Profile updated!').first().waitFor();
    expect((await account(page)).textNotificationOptIn).toBeNull();
    await expectClean(shopper);
    await shopper.close();
  });
});

describe('password recovery (cafe)', () => {
  it("an unknown email, then Ada's: the code from the outbox sets a new password that signs in", async () => {
    const shopper = await openStore();
    const { page } = shopper;
    // Without an email the reset page sends the shopper to ask for a code first.
    await visit(page, '/reset-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    expect(path(page)).toBe('/forgot-password');

    await visit(page, '/sign-in');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect.poll(() => path(page)).toBe('/forgot-password');
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    await forgot.getByLabel('Email Address').fill('nobody@example.com');
    await forgot.getByRole('button', { name: 'Send Code' }).click();
    await forgot.getByRole('alert').filter({ hasText: 'Invalid email address!' }).waitFor();
    expect(path(page)).toBe('/forgot-password');
    await shots(page, 'account-modes-forgot');
    await expectClean(shopper, refused('ForgotPassword'));

    await forgot.getByLabel('Email Address').fill('ada@example.com');
    await forgot.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/reset-password?email=ada%40example.com');
    const reset = page.getByRole('form', { name: 'Reset password' });
    expect(await reset.getByLabel('Email Address').inputValue()).toBe('ada@example.com');
    const code = await lastCode(storefront, 'ada@example.com');
    await reset.getByLabel('Code').fill(wrongCode(code));
    // The new password is still to type: the sixth digit moves on to it rather than submitting.
    await expect.poll(() => reset.getByLabel('New Password').evaluate((input) => input === document.activeElement)).toBe(true);
    await reset.getByLabel('New Password').fill('engine-1843');
    await reset.getByLabel('Password Confirmation').fill('engine-1843');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByRole('alert').filter({ hasText: 'Unable to reset password!' }).waitFor();
    await shots(page, 'account-modes-reset');
    await expectClean(shopper, refused('ForgotPassword|ResetPassword'));

    // The email's link carries the email and the code: the page takes both from the query string.
    await page.goto(`${storefront.origin}/reset-password?email=ada%40example.com&code=${code}`);
    expect(await reset.getByLabel('Code').inputValue()).toBe(code);
    expect(await reset.getByLabel('Email Address').inputValue()).toBe('ada@example.com');
    await reset.getByLabel('New Password').fill('engine-1843');
    await reset.getByLabel('Password Confirmation').fill('engine-1843');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Password reset successfully!').waitFor();
    await page.getByRole('heading', { name: 'Welcome back, please login', level: 1 }).waitFor();
    expect(path(page)).toBe('/sign-in');
    // The email the password was reset for is filled in already.
    expect(await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email Address').inputValue()).toBe('ada@example.com');
    // The old password no longer works; the new one does.
    await signInWithPassword(page, 'Email Address', 'ada@example.com', 'countertop');
    await page.getByRole('form', { name: 'Sign in' }).getByRole('alert').filter({ hasText: 'Invalid email address or password!' }).waitFor();
    await signInWithPassword(page, 'Email Address', 'ada@example.com', 'engine-1843');
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { email: 'ada@example.com' } });
    await expectClean(shopper, refused('ForgotPassword|ResetPassword|Login'));
    await shopper.close();
  });
});

describe('the profile (cafe)', () => {
  it("says what is missing only once the shopper leaves the field or saves; a valid change says 'Profile updated!' and the menu greets the new name", async () => {
    const shopper = await openStore();
    const { page } = shopper;
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', 'ada@example.com', 'countertop');
    await onMyAccount(page);
    const profile = page.getByRole('form', { name: 'Your profile' });
    const firstName = profile.getByLabel('First Name');
    const required = profile.getByText('First Name is required');

    // Leaving the field.
    await firstName.fill('');
    expect(await required.count()).toBe(0);
    expect(await firstName.getAttribute('aria-invalid')).toBeNull();
    await firstName.press('Tab');
    await required.waitFor();
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    await firstName.fill('Ada');
    await required.waitFor({ state: 'detached' });

    // Pressing Save, after a fresh start of the form (another page, then back).
    await visit(page, '/');
    await visit(page, '/my-account');
    await firstName.fill('');
    expect(await required.count()).toBe(0);
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/Account/Update')) updates.push(r.url());
    });
    await profile.getByRole('button', { name: 'Save' }).click();
    await required.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(updates).toEqual([]);
    await shots(page, 'account-modes-profile-required');
    await expectClean(shopper);

    // A new password asks for its confirmation, which must match.
    await firstName.fill('Augusta');
    await profile.getByLabel('New Password').fill('analytical-1843');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Password Confirmation is required').waitFor();
    await profile.getByLabel('Password Confirmation').fill('analytical-1842');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Password Confirmation must match Password').waitFor();
    expect(updates).toEqual([]);
    await expectClean(shopper);

    await profile.getByLabel('Password Confirmation').fill('analytical-1843');
    await profile.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile updated!').waitFor();
    expect(updates).toHaveLength(1);
    expect(await profile.getByLabel('New Password').inputValue()).toBe('');
    expect(await profile.getByLabel('Password Confirmation').inputValue()).toBe('');
    expect(await account(page)).toMatchObject({ profile: { firstName: 'Augusta', lastName: 'Lovelace' } });
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('navigation', { name: 'My Account' }).getByText('Hi, Augusta').waitFor();
    await shots(page, 'account-modes-profile-saved');
    await expectClean(shopper);
    // The new password is the account's now.
    expect((await apiClient().account.login('ada@example.com', 'analytical-1843'))._tag).toBe('Right');
    await shopper.close();
  });
});

describe('the verification modal (cafe)', () => {
  /** Grace registers elsewhere without verifying (no code sent yet). */
  async function graceUnverified(): Promise<void> {
    await registerGraceUnverified(storefront.origin);
    expect(await codesSent(storefront, 'grace@example.com')).toEqual([]);
  }

  /** Records the paths where the page showed the modal (a MutationObserver sees it open, however briefly). */
  async function watchModal(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { modalSeenOn: string[] }).modalSeenOn = seen;
      new MutationObserver(() => {
        const open = [...document.querySelectorAll('dialog[open]')].some((d) => d.textContent?.includes('Verify your account'));
        if (open && seen.at(-1) !== window.location.pathname) seen.push(window.location.pathname);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    });
  }
  const modalSeenOn = (page: Page) => page.evaluate(() => (window as unknown as { modalSeenOn: string[] }).modalSeenOn);

  it("appears once signed in (not on /sign-in), stays on Escape; Continue, the code, 'Account verified!' and it is gone", async () => {
    await graceUnverified();
    const shopper = await openStore({ prepare: watchModal });
    const { page } = shopper;
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', 'grace@example.com', 'cobol-1959');
    const modal = page.getByRole('dialog', { name: 'Verify your account' });
    await modal.waitFor();
    expect(path(page)).toBe('/my-account');
    expect(await modalSeenOn(page)).toEqual(['/my-account']);
    expect(await account(page)).toMatchObject({ profile: { email: 'grace@example.com' }, verified: false });

    // A new visit signed in from the stored session: the modal is on the home page.
    await page.goto(storefront.origin);
    await modal.waitFor();
    expect(path(page)).toBe('/');
    expect(await modalSeenOn(page)).toEqual(['/']);
    await modal.getByText('We will send a code to grace@example.com to verify it.').waitFor();
    await shots(page, 'account-modes-verify-modal');
    await expectClean(shopper);
    // It must be answered: Escape (twice: the browser closes a modal on a repeated Escape) leaves it open.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // A browser that closes the dialog anyway queues its 'close' event as a task; let queued tasks run, so the check
    // sees the page's answer to it (reopening) rather than the moment in between.
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done))));
    expect(await modal.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector('dialog[open]') !== null)).toBe(true);
    expect(await modal.getByRole('button', { name: 'Close' }).count()).toBe(0);

    expect(await answerTo(page, 'ResendRegisterCode', () => modal.getByRole('button', { name: 'Continue' }).click())).toBe(200);
    const step = modal.getByRole('form', { name: 'Enter your code' });
    await step.waitFor();
    expect(await step.getByRole('button', { name: /^Resend code in \d+ s$/ }).isDisabled()).toBe(true);
    await shots(page, 'account-modes-verify-code');
    await expectClean(shopper);
    const code = await lastCode(storefront, 'grace@example.com');
    await step.getByLabel('Code').fill(wrongCode(code));
    await step.getByRole('alert').filter({ hasText: 'The code is invalid or has expired.' }).waitFor();
    await step.getByLabel('Code').fill(code);
    await toast(page, 'Account verified!').waitFor();
    await modal.waitFor({ state: 'hidden' });
    expect(await account(page)).toMatchObject({ profile: { email: 'grace@example.com' }, verified: true });
    await expectClean(shopper, refused('Verify'));
    // Verified for good: a new visit shows no modal.
    await page.reload();
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await expect.poll(async () => (await account(page)).verified).toBe(true);
    expect(await modalSeenOn(page)).toEqual([]);
    await shopper.close();
  });

  it("'Sign Out' signs out and keeps the bag, in the first step and in the code step", async () => {
    await graceUnverified();
    const shopper = await openStore();
    const { page } = shopper;
    expect((await runCommand(page, 'addToBag', { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' }))._tag).toBe('Right');
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', 'grace@example.com', 'cobol-1959');
    const modal = page.getByRole('dialog', { name: 'Verify your account' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Sign Out' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => path(page)).toBe('/');
    await page.getByRole('link', { name: 'My Account' }).waitFor();
    const state = (await stateOf(page)) as State;
    expect(state.account.profile).toBeNull();
    expect(state.bag.lines.map((l) => l.itemId)).toEqual(['drip']);
    expect(await page.getByRole('link', { name: 'Bag, 1 item' }).isVisible()).toBe(true);
    // The session is gone, not only the page's view of it.
    await page.reload();
    await page.getByRole('link', { name: 'My Account' }).waitFor();
    expect(((await stateOf(page)) as State).account.profile).toBeNull();
    await expectClean(shopper);

    // The code step does not hold a shopper whose code does not come: Sign Out is there too.
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', 'grace@example.com', 'cobol-1959');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.getByRole('form', { name: 'Enter your code' }).waitFor();
    await modal.getByRole('button', { name: 'Sign Out' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'My Account' }).waitFor();
    const after = (await stateOf(page)) as State;
    expect(after.account.profile).toBeNull();
    expect(after.bag.lines.map((l) => l.itemId)).toEqual(['drip']);
    await expectClean(shopper);
    await shopper.close();
  });
});

/** Grace registers and verifies elsewhere, saying nothing about texts (as another app might): no choice is made yet. */
async function graceWithNoTextChoice(): Promise<void> {
  const post = (call: string, body: unknown) =>
    fetch(`${storefront.origin}/api/Account/${call}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'countertop-sandbox' },
      body: JSON.stringify(body),
    });
  // GRACE names no textNotificationOptIn.
  expect((await post('Register', GRACE)).status).toBe(200);
  expect((await post('Verify', { email: GRACE.email, code: await lastCode(storefront, GRACE.email) })).status).toBe(200);
}

describe('the text-notification prompt (cafe)', () => {
  it('shows once to a verified shopper who has made no choice yet, and not again after reloads or signing out and in', async () => {
    await graceWithNoTextChoice();
    const shopper = await openStore({ prepare: watchToastsAndRegions });
    const { page } = shopper;
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', GRACE.email, GRACE.password);
    await onMyAccount(page);
    await toast(page, TEXT_PROMPT).waitFor();
    expect(((await stateOf(page)) as State).prompts.textNotifications).toBe(true);
    expect(await page.getByRole('form', { name: 'Your profile' }).getByRole('checkbox').isChecked()).toBe(false);
    await shots(page, 'account-modes-text-prompt');
    await expectClean(shopper);

    // Each later page shows a toast of its own after start-up; the prompt, due at start-up, would have come first.
    const saveAndCheck = async () => {
      await onMyAccount(page);
      await page.getByRole('form', { name: 'Your profile' }).getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toastsSeen(page)).toContain('Profile updated!');
      expect(await toastsSeen(page)).not.toContain(TEXT_PROMPT);
    };
    // A reload starts the next look from no toasts seen.
    await page.reload();
    await saveAndCheck();
    await page.reload();
    await saveAndCheck();
    // Signing out and in keeps the page: the toast gone before the next look, which starts from no toasts seen.
    await toast(page, 'Profile updated!').waitFor({ state: 'detached' });
    await page.evaluate(() => {
      (window as unknown as { toastsSeen: string[] }).toastsSeen.length = 0;
    });

    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('navigation', { name: 'My Account' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'My Account' }).waitFor();
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', GRACE.email, GRACE.password);
    await saveAndCheck();
    expect(((await stateOf(page)) as State).account.textNotificationOptIn).toBe(false);
    await expectClean(shopper);
    await shopper.close();
  });

  it('never asks a shopper who said no to texts', async () => {
    // Ada opts out elsewhere: a choice made (account-and-session.md section 4: "no opt-in choice has been made yet").
    const api = apiClient();
    expect((await api.account.login('ada@example.com', 'countertop'))._tag).toBe('Right');
    const optedOut = await api.account.update({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '(212) 555-0100',
      textNotificationOptIn: false,
    });
    expect(optedOut._tag).toBe('Right');
    const shopper = await openStore({ prepare: watchToastsAndRegions });
    const { page } = shopper;
    await toSignIn(page);
    await signInWithPassword(page, 'Email Address', 'ada@example.com', 'countertop');
    await onMyAccount(page);
    expect(await page.getByRole('form', { name: 'Your profile' }).getByRole('checkbox').isChecked()).toBe(false);
    // The prompt is due at start-up, before any toast of a page: 'Profile updated!' after it shows it never came.
    await page.getByRole('form', { name: 'Your profile' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastsSeen(page)).toContain('Profile updated!');
    expect(await toastsSeen(page)).not.toContain(TEXT_PROMPT);
    expect(((await stateOf(page)) as State).prompts.textNotifications).toBe(false);
    await expectClean(shopper);
    await shopper.close();
  });

  it('never asks where the business offers no text notifications, and no form asks for the opt-in there', async () => {
    await storefront.control('reset', { catalog: 'retail-phone' });
    const shopper = await openStore({ prepare: watchToastsAndRegions });
    const { page } = shopper;
    await toSignIn(page);
    // The sign-in page's "I'm a new customer" tab registers without the box too.
    await page.getByRole('tab', { name: "I'm a new customer" }).click();
    await page.getByRole('form', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('form', { name: 'Create your account' }).getByRole('checkbox').count()).toBe(0);
    await page.getByRole('tab', { name: 'Already a customer' }).click();
    // Mei has made no choice (her seed says nothing), is verified, and would be asked anywhere texts are offered.
    await signInWithPassword(page, 'Phone Number', '5035550148', 'countertop');
    await onMyAccount(page);
    expect((await account(page)).textNotificationOptIn).toBeNull();
    await page.getByRole('form', { name: 'Your profile' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastsSeen(page)).toContain('Profile updated!');
    expect(await toastsSeen(page)).not.toContain(TEXT_PROMPT);
    expect(((await stateOf(page)) as State).prompts.textNotifications).toBe(false);
    expect(await page.getByRole('form', { name: 'Your profile' }).getByRole('checkbox').count()).toBe(0);
    await shots(page, 'account-modes-no-texts');
    await expectClean(shopper);
    await shopper.close();
  });
});

describe('guessing passwords (cafe)', () => {
  it('ten wrong passwords lock the account: the right one is refused too until 15 minutes have passed', async () => {
    const shopper = await openStore();
    const { page } = shopper;
    await toSignIn(page);
    const form = page.getByRole('form', { name: 'Sign in' });
    const alert = form.getByRole('alert');
    const signIn = (password: string) =>
      answerTo(page, 'Login', async () => {
        await form.getByLabel('Email Address').fill('ada@example.com');
        await form.getByLabel('Password').fill(password);
        await form.getByRole('button', { name: 'Sign In' }).click();
      });
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect(await signIn(`wrong-${attempt}`)).toBe(400);
      await expect.poll(() => alert.textContent()).toBe('Invalid email address or password!');
      // The button is ready for the next try.
      await expect.poll(() => form.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    }
    expect(await signIn('wrong-10')).toBe(429);
    await expect.poll(() => alert.textContent()).toBe(TOO_MANY);
    await shots(page, 'account-modes-locked');
    await expectClean(shopper, refused('Login', '400|429'));

    // Locked: the right password too, with no hint that it was right.
    expect(await signIn('countertop')).toBe(429);
    await expect.poll(() => alert.textContent()).toBe(TOO_MANY);
    expect(await account(page)).toMatchObject({ profile: null });
    await sandboxAhead(14 * 60_000);
    expect(await signIn('countertop')).toBe(429);
    await expect.poll(() => alert.textContent()).toBe(TOO_MANY);

    await sandboxAhead(15 * 60_000 + 5_000);
    expect(await signIn('countertop')).toBe(200);
    await onMyAccount(page);
    expect(await account(page)).toMatchObject({ profile: { email: 'ada@example.com' } });
    await expectClean(shopper, refused('Login', '400|429'));
    await shopper.close();
  });
});
