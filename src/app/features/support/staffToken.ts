// The staff token the console sends to the support inbox: kept in this tab's session storage (gone when the tab
// closes), never in the address, a log or local storage.
const KEY = 'countertop.support.staffToken';

export function readStaffToken(storage: Pick<Storage, 'getItem'> = window.sessionStorage): string {
  try {
    return storage.getItem(KEY) ?? '';
  } catch {
    // Storage turned off: the token lasts as long as the page.
    return '';
  }
}

export function keepStaffToken(token: string, storage: Pick<Storage, 'setItem' | 'removeItem'> = window.sessionStorage): void {
  try {
    if (token === '') storage.removeItem(KEY);
    else storage.setItem(KEY, token);
  } catch {
    // As above: nothing kept.
  }
}
