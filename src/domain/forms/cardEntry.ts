// The 'Card Info' form's fields and their checks before anything is sent to the card provider. The spec gives no
// wording for these; the messages follow its "{Field} is required" / "{Field} is not valid" form. Whether a card is
// expired or declined is the provider's and the charge's business (ordering.md section 8), not this form's.
import { cardBrand, cardDigits, luhnValid, type CardBrand } from '../payments/cardNumbers';
import type { CardDetails } from '../payments/cardDetails';
import { NAME_LIMIT, tooLong } from './messages';

export interface CardEntryValues {
  /**
   * The cardholder's name, optional: it goes to Card/Create with a card the shopper keeps (account-and-session.md
   * section 7, "Create takes nonce, name and address fields"); left empty, the account's name is sent.
   */
  readonly name: string;
  readonly number: string;
  /** MM/YY as typed. */
  readonly expiry: string;
  readonly cvv: string;
  readonly postalCode: string;
}

export type CardEntryErrors = Partial<Record<keyof CardEntryValues, string>>;

export const CARD_ENTRY_INITIAL: CardEntryValues = { name: '', number: '', expiry: '', cvv: '', postalCode: '' };

/** Month and four-digit year of 'MM/YY' (or 'MM/YYYY'); null when it does not read as one. */
function parseExpiry(text: string): { readonly month: number; readonly year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** American Express numbers have 4 digits in their CVV, the others 3. */
function cvvLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function validateCardEntry(values: CardEntryValues): CardEntryErrors {
  const errors: CardEntryErrors = {};
  if (values.name.trim().length > NAME_LIMIT) errors.name = tooLong('Name on Card', NAME_LIMIT);
  const digits = cardDigits(values.number);
  if (digits === '') errors.number = 'Card Number is required';
  else if (!luhnValid(digits)) errors.number = 'Card Number is not valid';
  if (values.expiry.trim() === '') errors.expiry = 'Expiration Date is required';
  else if (parseExpiry(values.expiry) === null) errors.expiry = 'Expiration Date is not valid';
  if (values.cvv.trim() === '') errors.cvv = 'CVV is required';
  else if (!new RegExp(`^\\d{${digits === '' ? '3,4' : cvvLength(cardBrand(digits))}}$`).test(values.cvv.trim())) errors.cvv = 'CVV is not valid';
  if (values.postalCode.trim() === '') errors.postalCode = 'Postal Code is required';
  else if (!/^\d{5}(-?\d{4})?$/.test(values.postalCode.trim())) errors.postalCode = 'Postal Code is not valid';
  return errors;
}

/** The details the tokenizer takes; call only with values that passed validateCardEntry. */
export function cardDetailsOf(values: CardEntryValues): CardDetails {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return { cardNumber: cardDigits(values.number), expMonth: expiry.month, expYear: expiry.year, cvv: values.cvv.trim(), postalCode: values.postalCode.trim() };
}

/** The number as the field shows it while typing: groups of four (Amex 4-6-5), at most 19 digits. */
export function formatCardNumberInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** 'MM/YY' while typing: the slash appears once the year starts, so deleting never fights the shopper. */
export function formatExpiryInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
