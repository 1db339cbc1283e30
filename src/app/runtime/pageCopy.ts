// A returning guest's page, painted before the app's code has loaded: when the shopper leaves a menu page, its HTML
// is kept (localStorage, beside the state the next visit starts from, see store/paintSnapshot.ts), and index.html
// shows it at once on the next visit to that address, marked busy, while the app starts unseen behind it. The app's
// own page takes its place once it has painted (`revealPage`), as it would have appeared without the copy: the same
// state, the same menu. On a phone the copy is up a second or more sooner.
//
// Kept only for a guest (a signed-in shopper's page names them), only for the pages the first page's own code draws
// (the home and a category: their styles are all in the first style sheet), without what is live or loaded later
// (the open status, the footer, dialogs such as an open item panel, which the app opens again from its address with
// the shopper's choices, messages), with its ids made its own (the app's page, behind it, has the
// same ones: `copy-` before each, and the labels that name them to match), and only by the same build (its entry
// script's address, hashed by content: the markup is that build's).
//
// Nor does it show a price or what is in stock: both may have changed since (a croissant at another price, or sold
// out), and a shopper should never read one the app would not charge. Each price in the copy is a loading bar of
// its own width (`price-pending`), stock badges and sold-out shading are left out. A tap on a link or button of the
// copy waits for the app's page and is replayed there (copyTaps.ts); its form fields are not live (nothing can be
// typed into a page that is about to be replaced).

import { TOKEN_STORAGE_KEY } from '../../api/tokenStore';

/** Where the copy is kept (index.html reads the same key and the same fields). */
export const PAGE_COPY_KEY = 'countertop.page-copy';
/** What the copy leaves out: live, personal or drawn by code that loads after the first page. */
export const LEFT_OUT = 'footer, .open-status, dialog, [role="dialog"], [role="status"], [role="alert"], [aria-live], .skip-link';
/** What may be stale by the next visit: prices (blanked to a loading bar) and stock (left out). */
const PRICES = '.price';
const STOCK = '.item-card-badge, .item-option-stock';
const SOLD_OUT_CLASS = 'item-card-sold-out';
/** Form fields, which the copy shows but does not let anyone type into. */
const FIELDS = 'input, select, textarea, [contenteditable]';
/** The attributes that name other elements by id. */
const ID_REFERENCES = [
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-activedescendant',
  'aria-details',
  'aria-errormessage',
  'for',
];
/** Before each id of the copy: the app's page, hidden behind it, has the same ones. */
const COPY_ID = 'copy-';
/** Pages drawn by the first page's own code. */
const COPIED_PATH = /^\/(categories\/[^/]+)?$/;
/** However the start goes, the app's page shows by then. */
export const REVEAL_DEADLINE_MS = 4000;

export interface PageCopy {
  readonly path: string;
  /** The address of the entry script of the build that drew it. */
  readonly build: string;
  readonly html: string;
}

/** This page's build: its entry's address, which index.html names (none with `npm start`). */
export function currentBuild(): string {
  return document.querySelector('meta[name="countertop-build"]')?.getAttribute('content') ?? '';
}

/** The copy to keep of `root` at `path`, or null when this page is not one to copy. */
export function copyOfPage(root: Element, path: string, build: string): PageCopy | null {
  if (!COPIED_PATH.test(path) || root.querySelector('[role="dialog"], .spinner, .startup-failed') !== null) return null;
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll(LEFT_OUT).forEach((element) => element.remove());
  ownIds(copy);
  copy.querySelectorAll(FIELDS).forEach((field) => field.setAttribute('inert', ''));
  copy.querySelectorAll(STOCK).forEach((element) => element.remove());
  // A sold-out card's 'Add to Bag', disabled, would say so too: in the copy it takes a tap like any other, and the
  // app's page, which shows today's stock, answers it.
  copy.querySelectorAll(`.${SOLD_OUT_CLASS}`).forEach((element) => {
    element.classList.remove(SOLD_OUT_CLASS);
    element.querySelectorAll('button[disabled]').forEach((button) => button.removeAttribute('disabled'));
  });
  copy.querySelectorAll(PRICES).forEach((element) => {
    element.textContent = '';
    element.classList.add('price-pending');
  });
  const html = copy.innerHTML.trim();
  return html === '' ? null : { path, build, html };
}

/** Makes the copy's ids its own (`copy-` before each), and the references to them; a reference to nothing goes. */
function ownIds(copy: Element): void {
  const ids = new Set<string>();
  copy.querySelectorAll('[id]').forEach((element) => {
    ids.add(element.id);
    element.id = COPY_ID + element.id;
  });
  for (const name of ID_REFERENCES) {
    copy.querySelectorAll(`[${name}]`).forEach((element) => {
      const kept = (element.getAttribute(name) ?? '').split(/\s+/).filter((id) => ids.has(id));
      if (kept.length === 0) element.removeAttribute(name);
      else element.setAttribute(name, kept.map((id) => COPY_ID + id).join(' '));
    });
  }
}

/** Keeps the page's copy whenever the shopper leaves or hides it. Returns a stop. */
export function keepPageCopy(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, root: Element): () => void {
  const write = () => {
    try {
      if (storage.getItem(TOKEN_STORAGE_KEY) !== null) {
        storage.removeItem(PAGE_COPY_KEY);
        return;
      }
      const build = currentBuild();
      const copy = build === '' ? null : copyOfPage(root, window.location.pathname, build);
      if (copy !== null) storage.setItem(PAGE_COPY_KEY, JSON.stringify(copy));
    } catch {
      // A full storage: the next visit paints when the app has started, as without the copy.
    }
  };
  const onVisibility = () => document.visibilityState === 'hidden' && write();
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', write);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Takes away the copy index.html showed, if any, and shows the app's page. */
export function revealPage(): void {
  document.getElementById('page-copy')?.remove();
  const root = document.getElementById('root');
  if (root?.hidden) root.hidden = false;
}
