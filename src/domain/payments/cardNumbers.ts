// Card numbers as the card form and the sandbox tokenizer read them: digits only, the Luhn check, the brand (the six
// the saved-cards page has icons for, account-and-session.md section 9) and the masked form '************1111'.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unknown';

/** The digits of what was typed ('4111 1111-1111 1111' -> '4111111111111111'). */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number satisfies; catches most typos before anything is sent. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand by its number prefix (IIN ranges), so the form can show the icon while the shopper types. */
export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^4/.test(digits)) return 'visa';
  return 'unknown';
}

/** The saved-cards page shows a number as 12 stars and the last four digits (account-and-session.md section 2). */
export function maskedCardNumber(last4: string): string {
  return `${'*'.repeat(12)}${last4}`;
}

/** Card icon brands the storefront knows; others get the generic icon (account-and-session.md section 9). */
export const KNOWN_CARD_BRANDS: readonly CardBrand[] = ['amex', 'discover', 'diners', 'jcb', 'mastercard', 'visa'];
