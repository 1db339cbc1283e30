// Where sign-in sends the shopper back to (account-and-session.md section 4: after login, the stored return URL, or
// /my-account when none is stored; the bag's 'Sign In / Register' stores /checkout, the header's My Account the page
// it was pressed on, unless that is home or a sign-in page). Kept for this tab only.

const RETURN_URL_KEY = 'countertop.returnUrl';
export const AFTER_SIGN_IN = '/my-account';

export function rememberReturnUrl(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_URL_KEY, path);
  } catch {
    // Storage can be refused (private modes); signing in still works, it just lands on the account page.
  }
}

/** Pages that are no place to come back to after signing in: home leads to the account, the others are sign-in's. */
const NOT_RETURNED_TO = new Set(['/', '/sign-in', '/sign-up', '/forgot-password', '/reset-password']);

/** The header's My Account, signed out: back to this page after signing in (or to the account from home). */
export function rememberPageBeforeSignIn(pathname: string, search: string): void {
  if (NOT_RETURNED_TO.has(pathname)) forgetReturnUrl();
  else rememberReturnUrl(`${pathname}${search}`);
}

function forgetReturnUrl(): void {
  try {
    window.sessionStorage.removeItem(RETURN_URL_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The stored return URL (then forgotten), or the account page. Only a path of this site is followed. */
export function takeReturnUrl(): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(RETURN_URL_KEY);
    window.sessionStorage.removeItem(RETURN_URL_KEY);
  } catch {
    stored = null;
  }
  return stored !== null && stored.startsWith('/') && !stored.startsWith('//') ? stored : AFTER_SIGN_IN;
}
