// The pictures each page showed first, remembered for the next visit: index.html asks for those of the address it
// opens with the page itself, before the app's code has loaded and run (a second or more on a phone), so a returning
// shopper's largest paint, often one of these pictures, does not wait for that code. Catalog picture addresses are
// not personal; one that is no longer shown costs a request.

/** Where the pictures are kept (index.html reads the same key). */
export const FIRST_PICTURES_KEY = 'countertop.first-pictures';
/** Pages remembered, the most recently seen kept. */
export const MAX_PAGES = 8;
/** Pictures per page: the few a phone shows without scrolling. */
export const MAX_PER_PAGE = 4;
/** Pictures come in with a page's render: they are written once it has settled. */
export const WRITE_AFTER_MS = 1000;

type Pages = Record<string, readonly string[]>;

export interface FirstPictures {
  /** A picture the page at `path` shows first. */
  note(path: string, src: string): void;
}

export function keepFirstPictures(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  timers: Pick<Window, 'setTimeout'> = globalThis as unknown as Window,
): FirstPictures {
  /** What this visit's pages showed, by path, in the order seen. */
  const seen = new Map<string, string[]>();
  let pending = false;
  const write = () => {
    pending = false;
    let pages: Pages = {};
    try {
      const stored = JSON.parse(storage.getItem(FIRST_PICTURES_KEY) ?? '{}') as unknown;
      if (stored !== null && typeof stored === 'object' && !Array.isArray(stored)) pages = stored as Pages;
    } catch {
      // Unreadable: written again from this visit.
    }
    const kept = Object.entries(pages).filter(([path]) => !seen.has(path));
    const all = [...kept, ...seen].slice(-MAX_PAGES);
    try {
      storage.setItem(FIRST_PICTURES_KEY, JSON.stringify(Object.fromEntries(all)));
    } catch {
      // A full storage: the next visit asks for its pictures when the page renders them, as without this.
    }
  };
  return {
    note(path, src) {
      // The support console replays a shopper's pages: their pictures are not this browser's to remember.
      if (path.startsWith('/support')) return;
      let pictures = seen.get(path);
      if (pictures === undefined) {
        pictures = [];
        seen.set(path, pictures);
      } else {
        // Most recently seen last.
        seen.delete(path);
        seen.set(path, pictures);
      }
      if (pictures.includes(src) || pictures.length >= MAX_PER_PAGE) return;
      pictures.push(src);
      if (!pending) {
        pending = true;
        timers.setTimeout(write, WRITE_AFTER_MS);
      }
    },
  };
}

/** The storefront's own, on this browser's storage (none without it, e.g. in a private window that refuses it). */
export const firstPictures: FirstPictures = (() => {
  try {
    return keepFirstPictures(window.localStorage);
  } catch {
    return { note: () => undefined };
  }
})();
