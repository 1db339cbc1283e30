// What checkout keeps of forms not yet saved, so a reload finds them (issue: a reload lost partly typed Personal Info
// and the billing street): Personal Info as typed, and the billing address's street, second line, city and state.
// Never the card: its number, expiry, CVV and postal code go to the card provider and nowhere else. A draft belongs
// to one order by one shopper (`anchor`): once that order is placed, or another shopper signs in, it is no draft.
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { BillingAddressValues } from './billingAddress';
import type { GuestValues } from './guest';

const GuestDraftCodec = t.exact(t.type({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string }));
const BillingDraftCodec = t.exact(t.type({ addressLine1: t.string, addressLine2: t.string, city: t.string, state: t.string }));

/** An exact shape: a field it does not name is dropped on the way in and on the way out, never kept. */
const CheckoutDraftCodec = t.exact(t.type({ anchor: t.string, guest: t.union([GuestDraftCodec, t.null]), billing: t.union([BillingDraftCodec, t.null]) }));
export type CheckoutDraft = t.TypeOf<typeof CheckoutDraftCodec>;
export type BillingDraft = t.TypeOf<typeof BillingDraftCodec>;

/** Whose order a draft is for: the shopper (a guest, or an account) and the last order they placed before it. */
export function checkoutDraftAnchor(accountId: string | null, lastOrderId: string | null): string {
  return `${accountId ?? 'guest'} after ${lastOrderId ?? 'none'}`;
}

/** The draft for this anchor, from what was stored: nothing stored, something else, or another order's is empty. */
export function checkoutDraftFor(stored: unknown, anchor: string): CheckoutDraft {
  const decoded = CheckoutDraftCodec.decode(stored);
  return E.isRight(decoded) && decoded.right.anchor === anchor ? decoded.right : { anchor, guest: null, billing: null };
}

/** Personal Info as typed; null forgets it. */
export function withGuestDraft(draft: CheckoutDraft, values: GuestValues | null): CheckoutDraft {
  const guest = values === null ? null : { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone };
  return { ...draft, guest };
}

/** The billing address as typed, but its postal code (the card's own, given again with the card). */
export function withBillingDraft(draft: CheckoutDraft, values: BillingAddressValues): CheckoutDraft {
  return { ...draft, billing: { addressLine1: values.addressLine1, addressLine2: values.addressLine2, city: values.city, state: values.state } };
}

/** The draft as stored: its exact fields only. */
export function storedCheckoutDraft(draft: CheckoutDraft): unknown {
  return CheckoutDraftCodec.encode(draft);
}
