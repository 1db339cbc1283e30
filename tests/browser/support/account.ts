// Signing in as the cafe's demo shopper, as a shopper does: My Account in the header, the password form, then the
// account page. For tests whose subject comes after signing in (the sign-in itself is tested in account*.test.ts).
import type { Page } from 'playwright-core';
import { createApiClient } from '../../../src/api/apiClient';
import { memoryTokenStore } from '../../../src/api/tokenStore';
import type { OutboxMessage } from '../../../src/sandbox/state';
import type { Storefront } from './storefront';

/** Ada signs in on /sign-in from the header's My Account (cafe: email and password). */
export async function signInAsAda(page: Page): Promise<void> {
  // The header's My Account comes back to the page it was pressed on; from home it lands on the account page.
  const from = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'My Account' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Password').fill('countertop');
  await form.getByRole('button', { name: 'Sign In' }).click();
  if (from === '/') await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
  else {
    await page.getByRole('button', { name: 'My Account' }).waitFor();
    await page.waitForURL((url) => url.pathname === from);
  }
}

/** Grace, a shopper the tests register through the API (the sign-up page is tested in account.test.ts). */
export const GRACE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phoneNumber: '(212) 555-0177',
  password: 'cobol-1959',
  confirmPassword: 'cobol-1959',
} as const;

/** Grace registers through the API (elsewhere, not on the page) without verifying: no code is sent yet. */
export async function registerGraceUnverified(origin: string): Promise<void> {
  const api = createApiClient({ baseUrl: `${origin}/api`, clientId: 'countertop-sandbox', tokens: memoryTokenStore(), reportError: () => undefined });
  const registered = await api.account.register({ ...GRACE, textNotificationOptIn: true, skipVerify: true });
  if (registered._tag !== 'Right') throw new Error(`Grace could not register: ${JSON.stringify(registered.left)}`);
}

/** Signs in on /sign-in with an email and a password, as the page's form takes them, and waits for the account page. */
export async function signInWithPassword(page: Page, origin: string, email = 'ada@example.com', password = 'countertop'): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
}

/** The API signed in as someone elsewhere (another device), for what a test sets up or reads back. */
export async function apiSignedIn(origin: string, email = 'ada@example.com', password = 'countertop') {
  const api = createApiClient({ baseUrl: `${origin}/api`, clientId: 'countertop-sandbox', tokens: memoryTokenStore(), reportError: () => undefined });
  const signedIn = await api.account.login(email, password);
  if (signedIn._tag === 'Left') throw new Error(`${email} could not sign in: ${JSON.stringify(signedIn.left)}`);
  return api;
}

/** The codes the sandbox has "sent" to `to` (its outbox: verification, login, reset and enrollment), oldest first. */
export async function codesSent(storefront: Pick<Storefront, 'control'>, to: string): Promise<string[]> {
  return ((await storefront.control(`outbox?to=${encodeURIComponent(to)}`)) as OutboxMessage[]).map((message) => message.code);
}

/** The last code the sandbox sent to `to`; a test that expected one fails here, naming who got none. */
export async function lastCode(storefront: Pick<Storefront, 'control'>, to: string): Promise<string> {
  const last = (await codesSent(storefront, to)).at(-1);
  if (last === undefined) throw new Error(`no message to ${to}`);
  return last;
}
