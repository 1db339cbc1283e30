// The card form's helpers and the sandbox tokenizer adapter: brands, the Luhn check, masking, and tokens whose
// outcome the charge rules read later.
import { describe, expect, it } from 'vitest';
import { cardBrand, cardDigits, luhnValid, maskedCardNumber } from '../../src/domain/payments/cardNumbers';
import { createSandboxTokenizer } from '../../src/api/payments/sandboxTokenizer';
import { useSandbox } from '../sandbox/support';

describe('card numbers', () => {
  it('detects the brand of each provider test number', () => {
    const brands = ['4111 1111 1111 1111', '5105 1051 0510 5100', '6011 0000 0000 0004', '3056 9309 0259 04', '3569 9900 1009 5841', '3782 822463 10005'].map(
      (n) => cardBrand(cardDigits(n)),
    );
    expect(brands).toEqual(['visa', 'mastercard', 'discover', 'diners', 'jcb', 'amex']);
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('accepts Luhn-valid numbers and refuses a one-digit typo', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111')).toBe(false);
  });

  it('masks a number as 12 stars and the last four digits', () => {
    expect(maskedCardNumber('1111')).toBe('************1111');
  });
});

describe('the sandbox tokenizer', () => {
  const running = useSandbox({ catalog: 'cafe' }, { resetEach: false });
  const year = new Date().getUTCFullYear() + 1;

  it('answers a token with the brand, last four, expiry and postal code; the token names the outcome', async () => {
    const tokenizer = createSandboxTokenizer({ url: `${running.origin}/__sandbox/payments/tokenize` });
    const approved = await tokenizer.tokenize({ cardNumber: '5105 1051 0510 5100', expMonth: 4, expYear: year, cvv: '123', postalCode: '10014' });
    expect(approved).toMatchObject({ _tag: 'Right', right: { brand: 'mastercard', last4: '5100', expMonth: 4, expYear: year, postalCode: '10014' } });
    const declined = await tokenizer.tokenize({ cardNumber: '4111 1111 1111 1111', expMonth: 4, expYear: year, cvv: '911', postalCode: '10014' });
    expect(declined._tag === 'Right' && declined.right.token).toMatch(/^cnon:sandbox:cvv_failure:/);
  });

  it('rejects a Luhn-invalid number without a token', async () => {
    const tokenizer = createSandboxTokenizer({ url: `${running.origin}/__sandbox/payments/tokenize` });
    const result = await tokenizer.tokenize({ cardNumber: '4111 1111 1111 1112', expMonth: 4, expYear: year, cvv: '123', postalCode: '10014' });
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'rejected', problems: ['cardNumber: the card number is not valid'] } });
  });

  it('says the tokenizer is unavailable when it cannot be reached', async () => {
    const tokenizer = createSandboxTokenizer({ url: 'http://127.0.0.1:9/__sandbox/payments/tokenize' });
    const result = await tokenizer.tokenize({ cardNumber: '4111111111111111', expMonth: 4, expYear: year, cvv: '123', postalCode: '10014' });
    expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'unavailable' } });
  });
});
