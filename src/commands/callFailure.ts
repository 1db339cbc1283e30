// Why a call failed, as the log records it for support (CallFailed): the reason, the status and the API's codes,
// never its messages (an account call's message may repeat what was typed). Only the calls that matter to the
// shopper are recorded: placing or queueing an order, signing in and its codes, registering, a delivery quote or
// address check, a card. Pure: the failure and whether the browser said it was online in, the event's data out.
import type { EventDataOf } from '../events/catalogue';
import type { ApiError } from '../api/apiError';
import { orderFailureValues } from '../domain/orders/orderErrors';

const MATTERS = new Set([
  'Order/Place',
  'Order/GuestPlace',
  'Order/Queue',
  'Order/GuestQueue',
  'v2/Order/Place',
  'v2/Order/GuestPlace',
  'Order/Preview',
  'v2/Order/Preview',
  'Account/Login',
  'Account/SendLoginCode',
  'Account/Register',
  'Account/Verify',
  'Account/ResendRegisterCode',
  'Account/ForgotPassword',
  'Account/ResetPassword',
  'Delivery/Quote',
  'Delivery/Address/Validate',
  'Card/Create',
  'GiftCard/Add',
]);

/** An API code: capitals, digits and underscores ('GENERIC_DECLINE'); an OAuth error code ('invalid_grant'). */
const CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
const OAUTH_CODE = /^[a-z][a-z_]{0,63}$/;

/**
 * The codes an answer's body carries, in a form that holds no free text: of each 'prefix - CODE' value (ordering.md
 * section 8, read as the order's failure is: orderFailureValues) only its code, and an OAuth answer's error code.
 */
export function failureCodes(body: unknown): string[] {
  const codes = orderFailureValues(body).flatMap((value) => {
    const tail = value.slice(value.lastIndexOf('-') + 1).trim();
    return CODE.test(tail) ? [tail] : [];
  });
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const error: unknown = (body as { error?: unknown }).error;
    if (typeof error === 'string' && OAUTH_CODE.test(error)) codes.push(error);
  }
  return [...new Set(codes)];
}

/** The CallFailed data of a failed call, or null for a call support does not need to see. */
export function callFailureOf(error: ApiError, online: boolean): EventDataOf<'CallFailed'> | null {
  if (!MATTERS.has(error.call)) return null;
  const base = { call: error.call, status: null, codes: [] };
  switch (error.kind) {
    case 'network':
      return { ...base, reason: online ? 'network' : 'offline' };
    case 'timeout':
      return { ...base, reason: 'timeout' };
    case 'unauthorized':
      return { ...base, reason: 'signedOut' };
    case 'decode':
      return { ...base, reason: 'unreadable', status: error.status };
    case 'http':
      return {
        call: error.call,
        reason: error.status >= 500 ? 'server' : error.status === 429 ? 'tooMany' : 'refused',
        status: error.status,
        codes: failureCodes(error.body),
      };
  }
}
