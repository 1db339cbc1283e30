// Coupons and rewards as the cafe's demo shopper and a new member (account-and-session.md sections 2, 4 and 8): a
// coupon redeemed into the bag ('Coupon was added!') and priced there; a reward redeemed with enough points; a new
// member enrolls with the code from the sandbox outbox; a phone already enrolled is refused. Every screen is checked
// with axe-core, and each test's exported log replays to what the page showed, with no secret in it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/events/state';
import type { OutboxMessage } from '../../src/sandbox/state';
import { GRACE } from './support/account';
import { expectClean, expectReplayMatches, shots, stateOf, visit } from './support/checkout';
import { enableDebugHook, runCommand } from './support/debug';
import { DESKTOP, PHONE, useStorefront } from './support/storefront';

const storefront = useStorefront('cafe');

async function signedInAs(email: string, password: string, viewport: { width: number; height: number } = DESKTOP) {
  const shopper = await storefront.newShopper(viewport);
  await enableDebugHook(shopper.context);
  await shopper.page.goto(`${storefront.origin}/sign-in`);
  const form = shopper.page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await shopper.page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
  return shopper;
}

const discountOf = async (page: Page) => ((await stateOf(page)) as State).bag.discount;

describe('coupons and rewards', () => {
  it("redeems a coupon into the bag, then a reward in its place, from the account menu's pages", async () => {
    const shopper = await signedInAs('ada@example.com', 'countertop');
    const { page } = shopper;
    await runCommand(page, 'addToBag', { itemId: 'drip', variationId: 'drip-regular', quantity: 2, modifiers: {}, note: '' });
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'My Coupons' }).click();
    await page.getByRole('heading', { name: 'My Coupons', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Redeem Welcome' }).click();
    await page.getByText('Coupon was added!').first().waitFor();
    await expect.poll(async () => (await discountOf(page))?.kind).toBe('coupon');
    await shots(page, 'my-coupons');
    await expectClean(shopper);
    // Priced at checkout: 10% of the two drips ($5.50).
    await visit(page, '/checkout');
    const totals = page.locator('.checkout-aside');
    await totals.getByText('Discount').first().waitFor();
    expect(await totals.innerText()).toMatch(/Discount\s*-\$0\.55/);
    await page.goBack();

    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'My Rewards' }).click();
    await page.getByText('Your balance:').waitFor();
    expect(await page.getByText('120 Points').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Redeem Free drip coffee' }).click();
    // One discount per order: the reward takes the coupon's place, and the toast says so.
    await page.getByText('Only one discount applies to an order: Free drip coffee now replaces Welcome.').first().waitFor();
    await expect.poll(async () => (await discountOf(page))?.kind).toBe('reward');
    await shots(page, 'my-rewards');
    await expectClean(shopper);

    await visit(page, '/cart');
    await page.getByText('Free drip coffee').first().waitFor();
    await expectReplayMatches(page);
    // The bag's reward row has its own Remove: the reward goes, the drips stay, and no points are held for it.
    await page.getByRole('button', { name: 'Remove reward Free drip coffee' }).click();
    await expect.poll(async () => (await discountOf(page)) ?? null).toBeNull();
    expect(await page.locator('#main').getByText('Free drip coffee').count()).toBe(0);
    expect(((await stateOf(page)) as State).bag.lines.map((l) => l.quantity)).toEqual([2]);
    await expectClean(shopper);
    await expectReplayMatches(page);
    await shopper.close();
  });

  it('a new member joins rewards with the texted code; a phone already enrolled is refused', async () => {
    // Grace registers and verifies her email elsewhere (the sign-up page is tested in account.test.ts).
    const post = (path: string, body: unknown) =>
      fetch(`${storefront.origin}/api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'countertop-sandbox' },
        body: JSON.stringify(body),
      });
    expect((await post('Account/Register', GRACE)).status).toBe(200);
    const code = ((await storefront.control('outbox?to=grace%40example.com')) as OutboxMessage[]).at(-1)!.code;
    expect((await post('Account/Verify', { email: 'grace@example.com', code })).status).toBe(200);
    const shopper = await signedInAs('grace@example.com', 'cobol-1959');
    const { page } = shopper;
    await visit(page, '/my-rewards');
    const join = page.getByRole('form', { name: 'Join rewards' });
    await join.waitFor();
    await join.getByLabel('Phone Number').fill('2125550100');
    await join.getByRole('button', { name: 'Join Rewards' }).click();
    // The spec's resend error for a failed enroll (section 8), with the API's reason.
    await join
      .getByRole('alert')
      .filter({ hasText: 'We could not send a code to that phone number. That phone number is already enrolled in rewards.' })
      .waitFor();
    await join.getByLabel('Phone Number').fill('2125550177');
    await join.getByRole('button', { name: 'Join Rewards' }).click();
    const verify = page.getByRole('form', { name: 'Confirm your phone' });
    await verify.waitFor();
    await expectClean(shopper, /Loyalty\/Enroll: HTTP 409|status of 409/);
    const sent = ((await storefront.control('outbox')) as OutboxMessage[]).at(-1)!;
    // The status read after the code fails: the verified event alone makes Grace a member (account-and-session.md
    // section 4, "the enrolled flag is forced true by a verified event"), so the page shows her rewards.
    await storefront.control('fail', { path: '/api/Loyalty/Status', times: 1, status: 503 });
    // The sixth digit submits by itself.
    await verify.getByLabel('Code').fill(sent.code);
    await page.getByText('Your balance:').waitFor();
    expect(((await stateOf(page)) as State).account.loyalty).toMatchObject({ enrolled: true, balance: 0 });
    await expectClean(shopper, /Loyalty\/Enroll: HTTP 409|Loyalty\/Status: HTTP 503|status of (409|503)/);
    // A reward out of reach says how many more points it takes, and the bag keeps no discount.
    await runCommand(page, 'addToBag', { itemId: 'drip', variationId: 'drip-regular', quantity: 1, modifiers: {}, note: '' });
    await page.getByRole('button', { name: 'Redeem Free drip coffee' }).click();
    await page.getByText('You need 50 Points more for this reward.').first().waitFor();
    expect(await discountOf(page)).toBeNull();
    await expectReplayMatches(page);
    await shopper.close();
  });
});

describe('joining rewards when it goes wrong', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`asks for a valid phone and the code, says a wrong code, a failed resend and a phone another member took, at ${viewport.width} px`, async () => {
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${storefront.origin}/api/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Client-Id': 'countertop-sandbox', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      expect((await post('Account/Register', GRACE)).status).toBe(200);
      const code = ((await storefront.control('outbox?to=grace%40example.com')) as OutboxMessage[]).at(-1)!.code;
      expect((await post('Account/Verify', { email: GRACE.email, code })).status).toBe(200);
      const shopper = await signedInAs(GRACE.email, GRACE.password, viewport);
      const { page } = shopper;
      await visit(page, '/my-rewards');
      const join = page.getByRole('form', { name: 'Join rewards' });
      await join.waitFor();
      // The form's own rules (section 5), said only once the shopper tries. The account's phone is offered first.
      expect(await join.getByLabel('Phone Number').inputValue()).toBe('(212) 555-0177');
      await join.getByLabel('Phone Number').fill('');
      expect(await join.getByText('Phone Number is required').count()).toBe(0);
      await join.getByRole('button', { name: 'Join Rewards' }).click();
      await join.getByText('Phone Number is required').waitFor();
      await join.getByLabel('Phone Number').fill('212555');
      await join.getByRole('button', { name: 'Join Rewards' }).click();
      await join.getByText('Phone Number is not valid').waitFor();
      await shots(page, 'rewards-join-rules');
      await expectClean(shopper);
      await join.getByLabel('Phone Number').fill('2125550177');
      await join.getByRole('button', { name: 'Join Rewards' }).click();

      const verify = page.getByRole('form', { name: 'Confirm your phone' });
      await verify.waitFor();
      await verify.getByRole('button', { name: 'Verify' }).click();
      await verify.getByText('Code is required').waitFor();
      await verify.getByLabel('Code').fill('000000');
      await verify.getByRole('alert').filter({ hasText: 'We could not verify that code. Please check it and try again.' }).waitFor();
      // A resend the API cannot send: the spec's resend error.
      await storefront.control('fail', { path: '/api/Loyalty/ResendEnrollCode', times: 1, status: 500 });
      await verify.getByRole('button', { name: 'Resend code' }).click();
      await page.getByRole('status').filter({ hasText: 'We could not send a code to that phone number. Please try again in a moment.' }).first().waitFor();
      await shots(page, 'rewards-verify-failures');
      await expectClean(shopper, /Loyalty\/(Verify|ResendEnrollCode): HTTP (400|500)|status of (400|500)/);

      // Meanwhile another account joins with the same phone, first (half a minute later, as the API spaces codes).
      await storefront.control('clock', { at: new Date(Date.now() + 31_000).toISOString() });
      const alan = {
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        phoneNumber: '(212) 555-0188',
        password: 'enigma-1912',
        confirmPassword: 'enigma-1912',
        skipVerify: true,
      };
      expect((await post('Account/Register', alan)).status).toBe(200);
      const form = new FormData();
      for (const [key, value] of Object.entries({ client_id: 'countertop-sandbox', grant_type: 'password', username: alan.email, password: alan.password }))
        form.append(key, value);
      const login = (await (
        await fetch(`${storefront.origin}/api/Account/Login`, { method: 'POST', body: form, headers: { 'X-Client-Id': 'countertop-sandbox' } })
      ).json()) as {
        access_token: string;
      };
      expect((await post('Loyalty/Enroll', { phoneNumber: '(212) 555-0177' }, login.access_token)).status).toBe(200);
      const alansCode = ((await storefront.control('outbox?to=2125550177')) as OutboxMessage[]).at(-1)!.code;
      expect((await post('Loyalty/Verify', { phoneNumber: '(212) 555-0177', code: alansCode }, login.access_token)).status).toBe(200);
      // Grace's own code, once he is a member: 409, which says so and reloads her rewards.
      const gracesCode = ((await storefront.control('outbox?to=2125550177')) as OutboxMessage[]).at(-2)!.code;
      const statusRead = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Loyalty/Status');
      await verify.getByLabel('Code').fill(gracesCode);
      await page.getByText('This phone number is already a rewards member. We have refreshed your rewards.').first().waitFor();
      await statusRead;
      await expectClean(shopper, /Loyalty\/(Verify|ResendEnrollCode): HTTP (400|409|500)|status of (400|409|500)/);
      await storefront.control('clock', { at: null });
      await shopper.close();
    });
  }
});
