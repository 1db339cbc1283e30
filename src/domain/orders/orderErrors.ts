// What the shopper reads when an order fails (ordering.md section 8): the API lists failures as 'prefix - CODE'
// and the first code in the spec's priority order decides the message, word for word (including 'miniumum').

const ORDER_FAILED_MESSAGE = 'Could not place order!';
export const ORDER_PLACED_MESSAGE = 'Order was placed!';
/** Shown when a tokenized card cannot be registered (ordering.md and account-and-session.md section 8). */
export const CARD_REGISTRATION_FAILED_MESSAGE = 'There was a problem adding this card. Please try again or try a different card.';
/** The failure of a queued order whose status never settled within the polling attempts (ordering.md section 4). */
export const ORDER_STATUS_TIMEOUT_MESSAGE = 'Timeout';
/**
 * Said under 'Placing Order…' while a queued order waits for the store (ours: the spec is silent). The queue's first
 * status check is after 3 s and most orders settle by the second or third, so "about 10 seconds" is what it usually takes.
 */
export const queuedOrderWords = (locationName: string): string => `We're sending your order to ${locationName}. This usually takes about 10 seconds.`;

/** A saved gift card's balance changed between the page reading it and the order (issue 34): nothing was charged. */
export const GIFT_CARD_BALANCE_CHANGED =
  "Your gift card's balance changed since you chose it, so nothing was charged. Check what it pays now and place your order again.";

/** Ours: shown when the page reloaded while an order was in flight (the key makes a second try safe). */
export const INTERRUPTED_ORDER_MESSAGE = 'We could not confirm your last order. Place it again: you will not be charged twice.';
/** Ours: a card entered before a reload, whose one-use token is gone (it is never stored): the order cannot go with it. */
export const CARD_AGAIN_MESSAGE = 'Please enter your card again.';

/**
 * A gift card paid part of an order and the card's part was below the card provider's least charge, so the provider
 * refused it (VALUE_TOO_LOW; src/sandbox/README.md, "A gift card paying at checkout"). The spec's words for that code
 * speak of a processor; with a gift card beside the card, the shopper needs to hear what happened and what to do.
 */
export const giftCardRestTooLow = (least: string): string =>
  `Your card can't be charged less than ${least}, and this order left less than that for it after your gift card, so nothing was charged. Check what your gift card pays now and place your order again.`;

/** The priority table of ordering.md section 8: earlier rows win when several codes are present. */
export const ORDER_FAILURE_MESSAGES: readonly { readonly codes: readonly string[]; readonly message: string }[] = [
  { codes: ['VARIATION_OUT_OF_STOCK'], message: 'One or more items are no longer available.' },
  { codes: ['CVV_FAILURE'], message: 'The credit card CVV is invalid.' },
  { codes: ['BAD_EXPIRATION'], message: 'The expiration date is missing or malformed.' },
  { codes: ['EXPIRATION_FAILURE', 'INVALID_EXPIRATION'], message: 'The credit card expiration date is invalid.' },
  { codes: ['CARD_EXPIRED'], message: 'The credit card is expired.' },
  { codes: ['ADDRESS_VERIFICATION_FAILURE'], message: 'The postal code is invalid.' },
  { codes: ['INVALID_POSTAL_CODE'], message: 'The postal code is missing or malformed.' },
  { codes: ['INSUFFICIENT_FUNDS', 'TRANSACTION_LIMIT'], message: 'There are insufficient funds to complete this order.' },
  { codes: ['VALUE_TOO_LOW'], message: 'The charge amount is below the miniumum for this processor.' },
  { codes: ['GENERIC_DECLINE'], message: 'The credit card was declined.' },
  // Ours, after the spec's rows: the gift card extension's refusal (src/sandbox/README.md).
  { codes: ['BALANCE_CHANGED'], message: GIFT_CARD_BALANCE_CHANGED },
];

/** Why an order was not placed: the words the shopper reads and the codes behind them. */
export interface OrderFailure {
  /** What the error toast says. */
  readonly message: string;
  /** Every code found in the body, upper-cased, first occurrence first: for support, not for the shopper. */
  readonly codes: string[];
}

const CODE = /^[A-Z][A-Z0-9_]*$/i;

/** The code of one 'prefix - CODE' value (or a bare CODE); undefined when the value names none. */
export function failureCode(value: string): string | undefined {
  const trimmed = value.trim();
  const dash = trimmed.lastIndexOf('-');
  const tail = dash < 0 ? trimmed : trimmed.slice(dash + 1).trim();
  return CODE.test(tail) ? tail.toUpperCase() : undefined;
}

/** How the refused order was paid, where that changes the words: a gift card beside the card. */
export interface OrderPayment {
  /** A gift card paid part of it, and the least a card can be charged (formatted, '$0.50'). */
  readonly giftCardBeside?: { readonly leastCardCharge: string } | undefined;
}

/**
 * The message for a failed order's values: the first row of the priority table any value names, else the default.
 * When that row is the processor's minimum (VALUE_TOO_LOW) and a gift card paid part of the order, the shopper hears
 * it in those terms (giftCardRestTooLow); the spec's words stay for a card paying alone.
 */
export function orderFailureMessage(values: readonly string[], payment: OrderPayment = {}): OrderFailure {
  const codes = [...new Set(values.flatMap((v) => failureCode(v) ?? []))];
  const row = ORDER_FAILURE_MESSAGES.find((r) => r.codes.some((c) => codes.includes(c)));
  if (row?.codes.includes('VALUE_TOO_LOW') && payment.giftCardBeside) return { message: giftCardRestTooLow(payment.giftCardBeside.leastCardCharge), codes };
  return { message: row?.message ?? ORDER_FAILED_MESSAGE, codes };
}

const MAX_DEPTH = 4;

/** One {Code, Detail} error object as 'Detail - Code', the same form as the string values. */
function errorObjectValue(error: Record<string, unknown>): string | undefined {
  const code = error.Code ?? error.code;
  const detail = error.Detail ?? error.detail;
  if (typeof code === 'string' && code !== '') return typeof detail === 'string' && detail !== '' ? `${detail} - ${code}` : code;
  return typeof detail === 'string' && detail !== '' ? detail : undefined;
}

function collect(body: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH || body === null || body === undefined) return [];
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap((entry) => collect(entry, depth + 1));
  if (typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const errors = record.Errors ?? record.errors;
  if (errors !== undefined && errors !== null) {
    // ASP.NET validation problems key the lists by field: { errors: { Card: ['... - CVV_FAILURE'] } }.
    const lists = Array.isArray(errors) || typeof errors !== 'object' ? [errors] : Object.values(errors);
    return lists.flatMap((list) => collect(list, depth + 1));
  }
  const value = errorObjectValue(record);
  return value === undefined ? [] : [value];
}

/**
 * The failure values of a response body in any form the API sends: a list of strings, an object with an
 * Errors/errors list of strings or of {Code, Detail} objects, a list of such objects, or the body's JSON text.
 * Never throws: a body it cannot read has no values.
 */
export function orderFailureValues(body: unknown): string[] {
  try {
    if (typeof body === 'string') {
      const text = body.trim();
      if (text.startsWith('[') || text.startsWith('{')) {
        try {
          return collect(JSON.parse(text) as unknown, 0);
        } catch {
          // Not JSON after all: the text itself is the one value.
        }
      }
      return text === '' ? [] : [text];
    }
    return collect(body, 0);
  } catch {
    return [];
  }
}

/** The toast message and codes for a failed order's response body, whatever its form. */
export function parseOrderFailure(body: unknown): OrderFailure {
  return orderFailureMessage(orderFailureValues(body));
}
