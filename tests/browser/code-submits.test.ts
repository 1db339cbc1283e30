// A six-digit code submits itself (issue 34): at the retail store, which signs in with email codes, June types a wrong
// code and its sixth digit sends it once; the spec's message shows and focus stays in the field with the code
// selected; the right code, whose last digit arrives as she presses Sign In, signs her in with one call. The rewards'
// verify step and the verification modal use the same field (loyalty.test.ts, account-modes.test.ts).
import { describe, expect, it } from 'vitest';
import { expectClean, shots } from './support/checkout';
import { DESKTOP, PHONE, useStorefront } from './support/storefront';
import { lastCode } from './support/account';

const storefront = useStorefront('retail');

/** Another six digits than `code`. */
const wrongCode = (code: string) => code.replace(/^./, (d) => String((Number(d) + 1) % 10));

describe('a six-digit code', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`submits itself at its sixth digit, once, and a wrong one keeps focus in the field, at ${viewport.width} px`, async () => {
      const shopper = await storefront.newShopper(viewport);
      const { page } = shopper;
      const logins: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/Account/Login') logins.push(request.method());
      });
      await page.goto(`${storefront.origin}/sign-in`);
      const login = page.getByRole('form', { name: 'Sign in' });
      await login.getByLabel('Email Address').fill('june@example.com');
      await login.getByRole('button', { name: 'Send Code' }).click();
      const step = page.getByRole('form', { name: 'Enter your code' });
      const field = step.getByLabel('Code');
      await field.waitFor();
      expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await field.getAttribute('inputmode')).toBe('numeric');
      const sent = await lastCode(storefront, 'june@example.com');

      // Five digits send nothing; the sixth sends the code.
      const wrong = wrongCode(sent);
      await field.pressSequentially(wrong.slice(0, 5));
      expect(logins).toEqual([]);
      await field.press(wrong[5]!);
      await step.getByRole('alert').filter({ hasText: 'Invalid email address or code!' }).waitFor();
      expect(logins).toHaveLength(1);
      // Still in the field, the code selected: typing again replaces it.
      await expect
        .poll(() => field.evaluate((input: HTMLInputElement) => input === document.activeElement && input.selectionStart === 0 && input.selectionEnd === 6))
        .toBe(true);
      await shots(page, 'code-submits-wrong');
      await expectClean(shopper, /Account\/Login: HTTP 400|status of 400/);

      // The right code: five digits typed, the sixth arriving (pasted) in the same moment as a press of Sign In.
      await field.pressSequentially(sent.slice(0, 5));
      expect(await field.inputValue()).toBe(sent.slice(0, 5));
      await page.evaluate((code) => {
        const form = document.querySelector<HTMLFormElement>('form[aria-label="Enter your code"]')!;
        const input = form.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, code);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      }, sent);
      await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
      expect(logins).toHaveLength(2);
      await expectClean(shopper, /Account\/Login: HTTP 400|status of 400/);
      await shopper.close();
    });
  }
});
