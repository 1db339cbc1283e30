// Drafts of what forms hold but have not saved, kept for this tab only (session storage) so a reload finds them: the
// item panel's choices while it is open (domain/items/panelDraft.ts) and checkout's Personal Info and billing street
// (domain/forms/checkoutDraft.ts), each read back through its domain's exact shape. They are never in the event log,
// and never hold a card's details. Storage can be refused (private modes): a form then starts as it would have.

/** The item panel's draft: its target and choices. */
export const PANEL_DRAFT = 'countertop.draft.panel';
/** Checkout's draft: Personal Info and the billing street, for one order. */
export const CHECKOUT_DRAFT = 'countertop.draft.checkout';

export type DraftName = typeof PANEL_DRAFT | typeof CHECKOUT_DRAFT;

/** What is kept under `name`, undecoded (null when nothing is). */
export function readDraft(name: DraftName): unknown {
  try {
    const text = window.sessionStorage.getItem(name);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function keepDraft(name: DraftName, value: unknown): void {
  try {
    window.sessionStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Refused storage loses the draft, never the form.
  }
}

export function forgetDraft(name: DraftName): void {
  try {
    window.sessionStorage.removeItem(name);
  } catch {
    // Nothing was kept.
  }
}

/** Forgets the panel's draft when it is this target's (a closed panel's; another may have opened meanwhile). */
export function forgetPanelDraft(target: string): void {
  const kept = readDraft(PANEL_DRAFT);
  if (typeof kept === 'object' && kept !== null && (kept as { readonly target?: unknown }).target === target) forgetDraft(PANEL_DRAFT);
}
