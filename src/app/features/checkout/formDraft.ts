// Checkout's draft of forms not saved yet (domain/forms/checkoutDraft.ts: Personal Info as typed, the billing street),
// kept for this tab (shell/formDrafts.ts) so a reload finds them, for this order by this shopper only.
import { checkoutDraftAnchor, checkoutDraftFor, storedCheckoutDraft, type CheckoutDraft } from '../../../domain/forms/checkoutDraft';
import { useStateSlice } from '../../hooks/useStateSlice';
import { CHECKOUT_DRAFT, keepDraft, readDraft } from '../../shell/formDrafts';

/** Whose order a draft is for, now: a new order placed, or another shopper signed in, starts another. */
export function useDraftAnchor(): string {
  return useStateSlice((s) => checkoutDraftAnchor(s.account.profile?.userId ?? null, s.orders.history[0]?.orderId ?? null));
}

/** This order's draft (empty when none is kept). */
export function readCheckoutDraft(anchor: string): CheckoutDraft {
  return checkoutDraftFor(readDraft(CHECKOUT_DRAFT), anchor);
}

/** Changes this order's draft; another order's is replaced. */
export function keepCheckoutDraft(anchor: string, change: (draft: CheckoutDraft) => CheckoutDraft): void {
  keepDraft(CHECKOUT_DRAFT, storedCheckoutDraft(change(readCheckoutDraft(anchor))));
}
