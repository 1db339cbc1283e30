// Gift cards as the shopper types and sees them. The spec gives no words for these; these are ours (README).

export const GIFT_CARD_NOT_FOUND = 'We could not find a gift card with that number. Please check it and try again.';
export const GIFT_CARD_TOO_MANY_TRIES = 'Too many tries. Please wait a few minutes, then try again.';
export const GIFT_CARD_NOT_ADDED = 'We could not add this gift card. Please try again.';
export const GIFT_CARD_NOT_RELOADED = 'We could not reload this gift card. Please try again.';
export const GIFT_CARD_NOT_REMOVED = 'We could not remove this gift card. Please try again.';
const GIFT_CARD_NUMBER_REQUIRED = 'Gift Card Number is required';
const GIFT_CARD_NUMBER_NOT_VALID = 'Gift Card Number is not valid';
export const NO_GIFT_CARDS = "You don't have any gift cards.";
/** Checkout's gift card choice (issue 34). */
export const GIFT_CARD_NOT_ON_ACCOUNT = 'This gift card is no longer on your account.';
export const GIFT_CARD_EMPTY = 'This gift card has no balance left.';
export const GIFT_CARD_NOT_READ = 'We could not check this gift card. Please try again.';
/** The reload amounts offered, in minor units. */
export const RELOAD_AMOUNTS = [1000, 2500, 5000, 10000] as const;

/** A gift card number: 16 digits, spaces and dashes allowed between them. */
export function validateGiftCardNumber(values: { readonly number: string }): { number?: string } {
  const digits = values.number.replace(/[\s-]/g, '');
  if (digits === '') return { number: GIFT_CARD_NUMBER_REQUIRED };
  return /^\d{16}$/.test(digits) ? {} : { number: GIFT_CARD_NUMBER_NOT_VALID };
}

/** '**** **** **** 1234'. */
export const maskedGiftCard = (last4: string): string => `**** **** **** ${last4}`;
