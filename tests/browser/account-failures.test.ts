// The account's failures and refusals as shoppers meet them (account-and-session.md sections 5 and 8), each made to
// happen by the sandbox: a send that fails, in both username modes; a resend that fails; a registration the API
// refuses with its own reason and one it refuses without any; a verification that fails; a profile the API will not
// save, with and without a reason, and one it answers 401 for ('Not Logged In'); and the forms' own rules on /sign-up
// and /reset-password, shown only once the shopper has tried. At 390 and 1280 px, with axe-core.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { GRACE, lastCode } from './support/account';
import { expectClean, shots, stateOf, visit } from './support/checkout';
import { enableDebugHook, runCommand } from './support/debug';
import { DESKTOP, PHONE, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe');
const WIDTHS = [PHONE, DESKTOP] as const;
/** What the browser and the error reporter log for a call a test makes fail. */
const failed = (call: string, statuses = '500') => new RegExp(`${call}: HTTP (${statuses})|status of (${statuses})`);

let shoppers: Shopper[] = [];
afterEach(async () => {
  await Promise.all(shoppers.map((s) => s.close()));
  shoppers = [];
  await storefront.control('clock', { at: null });
});

/** A new shopper on the store's home page (at the chain, Brooklyn chosen), its clock installed so time can be moved on. */
async function openStore(viewport: { width: number; height: number }): Promise<Shopper> {
  const shopper = await storefront.newShopper(viewport);
  shoppers.push(shopper);
  await enableDebugHook(shopper.context);
  await shopper.page.clock.install({ time: new Date() });
  await shopper.page.goto(storefront.origin);
  await shopper.page.waitForFunction(() => 'countertop' in window);
  if ((await stateOf(shopper.page)).catalog.locationIds.length > 1) {
    expect((await runCommand(shopper.page, 'selectLocation', 'chain-brooklyn'))._tag).toBe('Right');
  }
  await shopper.page.getByRole('link', { name: 'My Account' }).waitFor();
  return shopper;
}

const alertIn = (page: Page, form: string, text: string) => page.getByRole('form', { name: form }).getByRole('alert').filter({ hasText: text });

describe('sending a sign-in code', () => {
  for (const viewport of WIDTHS) {
    it(`fails in each mode's words, by email and by phone; a resend that fails says so, at ${viewport.width} px`, async () => {
      // Email with codes (retail).
      await storefront.control('reset', { catalog: 'retail' });
      const june = await openStore(viewport);
      await june.page.getByRole('link', { name: 'My Account' }).click();
      const byEmail = june.page.getByRole('form', { name: 'Sign in' });
      await byEmail.getByLabel('Email Address').fill('june@example.com');
      await storefront.control('fail', { path: '/api/Account/SendLoginCode', times: 1, status: 500 });
      await byEmail.getByRole('button', { name: 'Send Code' }).click();
      await alertIn(june.page, 'Sign in', 'Error during email address login. Please try again.').waitFor();
      await shots(june.page, 'account-failures-send-email');
      await expectClean(june, failed('Account/SendLoginCode'));

      // Phone with codes (pizza-chain): the send fails, then succeeds; the resend, once it may, fails.
      await storefront.control('reset', { catalog: 'pizza-chain' });
      const tony = await openStore(viewport);
      const { page } = tony;
      await page.getByRole('link', { name: 'My Account' }).click();
      const byPhone = page.getByRole('form', { name: 'Sign in' });
      await byPhone.getByLabel('Phone Number').fill('7185550123');
      await storefront.control('fail', { path: '/api/Account/SendLoginCode', times: 1, status: 500 });
      await byPhone.getByRole('button', { name: 'Send Code' }).click();
      await alertIn(page, 'Sign in', 'Error during phone number login. Please try again.').waitFor();
      await byPhone.getByRole('button', { name: 'Send Code' }).click();
      const step = page.getByRole('form', { name: 'Enter your code' });
      await step.waitFor();
      // An empty code is refused by the form, not sent.
      await step.getByRole('button', { name: 'Sign In' }).click();
      await step.getByText('Code is required').waitFor();
      await page.clock.fastForward(31_000);
      const resend = step.getByRole('button', { name: 'Resend code' });
      await resend.waitFor();
      await storefront.control('fail', { path: '/api/Account/SendLoginCode', times: 1, status: 500 });
      await resend.click();
      await page.getByRole('status').filter({ hasText: 'Unable to resend code!' }).waitFor();
      await shots(page, 'account-failures-resend');
      // Moving the page's clock 31 s on also tells the live inventory connection it heard nothing for that long.
      await expectClean(tony, new RegExp(`${failed('Account/SendLoginCode').source}|InventoryHub/Reconnecting`));
    });
  }
});

describe('registering', () => {
  for (const viewport of WIDTHS) {
    it(`says the API's own reason, or 'Unable to complete registration!', and a failed verification 'Unable to verify account', at ${viewport.width} px`, async () => {
      const shopper = await openStore(viewport);
      const { page } = shopper;
      await visit(page, '/sign-up');
      const form = page.getByRole('form', { name: 'Create your account' });
      await form.waitFor();
      // Nothing is said before the shopper tries; then every field the sign-up page needs (section 5).
      expect(await form.getByRole('alert').count()).toBe(0);
      await form.getByRole('button', { name: 'Create Account' }).click();
      for (const message of [
        'First Name is required',
        'Last Name is required',
        'Email Address is required',
        'Phone Number is required',
        'Password is required',
        'Password Confirmation is required',
      ]) {
        await form.getByText(message).waitFor();
      }
      await shots(page, 'account-failures-sign-up-required');
      await expectClean(shopper);
      await form.getByLabel('First Name').fill('Grace');
      await form.getByLabel('Last Name').fill('Hopper');
      await form.getByLabel('Email Address').fill('ada@example.com');
      await form.getByLabel('Phone Number').fill('2125550177');
      await form.getByLabel('Password', { exact: true }).fill(GRACE.password);
      await form.getByLabel('Password Confirmation').fill(GRACE.password);
      // The API's first error: the email is taken.
      await form.getByRole('button', { name: 'Create Account' }).click();
      await form.getByRole('alert').filter({ hasText: "Email 'ada@example.com' is already taken." }).waitFor();
      // No reason at all: the spec's fallback.
      await form.getByLabel('Email Address').fill(GRACE.email);
      await storefront.control('fail', { path: '/api/Account/Register', times: 1, status: 500 });
      await form.getByRole('button', { name: 'Create Account' }).click();
      await form.getByRole('alert').filter({ hasText: 'Unable to complete registration!' }).waitFor();
      await shots(page, 'account-failures-register');
      await expectClean(shopper, failed('Account/Register', '400|500'));

      await form.getByRole('button', { name: 'Create Account' }).click();
      const step = page.getByRole('form', { name: 'Enter your code' });
      await step.waitFor();
      await storefront.control('fail', { path: '/api/Account/Verify', times: 1, status: 500 });
      await step.getByLabel('Code').fill(await lastCode(storefront, GRACE.email));
      await step.getByRole('alert').filter({ hasText: 'Unable to verify account' }).waitFor();
      await expectClean(shopper, failed('Account/(Register|Verify)', '400|500'));
      // The same code again, and it is accepted.
      await step.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    });
  }
});

describe('the profile', () => {
  for (const viewport of WIDTHS) {
    it(`says the API's reason, 'Could not update profile!' without one, and 'Not Logged In' for a 401, at ${viewport.width} px`, async () => {
      // Grace's phone belongs to her account, made elsewhere.
      const registered = await fetch(`${storefront.origin}/api/Account/Register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'countertop-sandbox' },
        body: JSON.stringify({ ...GRACE, skipVerify: true }),
      });
      expect(registered.status).toBe(200);
      const shopper = await openStore(viewport);
      const { page } = shopper;
      await page.getByRole('link', { name: 'My Account' }).click();
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Email Address').fill('ada@example.com');
      await signIn.getByLabel('Password').fill('countertop');
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      const profile = page.getByRole('form', { name: 'Your profile' });
      await profile.waitFor();
      await profile.getByLabel('Phone Number').fill('2125550177');
      await profile.getByRole('button', { name: 'Save' }).click();
      await profile.getByRole('alert').filter({ hasText: "Phone number '212-555-0177' is already taken." }).waitFor();
      await profile.getByLabel('Phone Number').fill('2125550100');
      await storefront.control('fail', { path: '/api/Account/Update', times: 1, status: 500 });
      await profile.getByRole('button', { name: 'Save' }).click();
      await profile.getByRole('alert').filter({ hasText: 'Could not update profile!' }).waitFor();
      await shots(page, 'account-failures-profile');
      await expectClean(shopper, failed('Account/Update', '400|500'));
      // The API no longer knows the session, even after a refresh.
      await storefront.control('fail', { path: '/api/Account/Update', times: 2, status: 401 });
      await profile.getByRole('button', { name: 'Save' }).click();
      await profile.getByRole('alert').filter({ hasText: 'Not Logged In' }).waitFor();
      // What was typed stays, for the next try.
      expect(await profile.getByLabel('Phone Number').inputValue()).toBe('212-555-0100');
      await expectClean(shopper, new RegExp(`${failed('Account/Update', '400|401|500').source}|Account/Update: not signed in`));
    });
  }
});

describe('resetting a password', () => {
  for (const viewport of WIDTHS) {
    it(`asks for the code, an email in the reset page's words, a password and its confirmation, at ${viewport.width} px`, async () => {
      const shopper = await openStore(viewport);
      const { page } = shopper;
      await visit(page, '/reset-password?email=ada%40example.com');
      const form = page.getByRole('form', { name: 'Reset password' });
      await form.waitFor();
      expect(await form.getByLabel('Email Address').inputValue()).toBe('ada@example.com');
      expect(await form.getByRole('alert').count()).toBe(0);
      await form.getByLabel('Email Address').fill('ada@example');
      await form.getByRole('button', { name: 'Reset Password' }).click();
      await form.getByText('Code is required').waitFor();
      await form.getByText('Email address is not valid!').waitFor();
      await form.getByText('Password is required').waitFor();
      await form.getByText('Password Confirmation is required').waitFor();
      await form.getByLabel('Email Address').fill('');
      await form.getByText('Email Address is required').waitFor();
      await shots(page, 'account-failures-reset');
      await expectClean(shopper);
    });
  }
});
