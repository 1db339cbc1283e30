// A part's code fetched while the browser is offline (a first visit, before the offline worker keeps the build) waits
// for the network and is fetched again once it is back, rather than failing: a failed part reaches no error boundary
// and would take the whole page with it (the sign-in form vanished under its waiting message). A failure with a
// network is the failure it is.

/** What of the window this needs: whether it is online, its `online` event, and the page's stylesheet links. */
export interface NetworkWindow {
  readonly navigator: { readonly onLine: boolean };
  readonly location: { readonly origin: string };
  addEventListener(type: 'online', listener: () => void, options: { once: true }): void;
  readonly document: { querySelectorAll(selector: 'link[rel="stylesheet"]'): Iterable<StylesheetLink> };
}

interface StylesheetLink {
  readonly href: string;
  readonly sheet: { readonly cssRules: { readonly length: number } } | null;
  cloneNode(): unknown;
  replaceWith(node: never): void;
}

/**
 * A stylesheet of the storefront's own that did not load: Chromium gives it a sheet whose rules cannot be read (or an
 * empty one). Another origin's rules can never be read, so those are left alone.
 */
function failed(link: StylesheetLink, origin: string): boolean {
  if (new URL(link.href, origin).origin !== origin) return false;
  try {
    return link.sheet === null || link.sheet.cssRules.length === 0;
  } catch {
    return true;
  }
}

const browserWindow = (): NetworkWindow | null => (typeof window === 'undefined' ? null : window);

export async function whenOnline<M>(load: () => Promise<M>, win: NetworkWindow | null = browserWindow()): Promise<M> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (win === null || win.navigator.onLine) throw error;
      await new Promise<void>((resolve) => win.addEventListener('online', resolve, { once: true }));
      // A part's stylesheet that failed offline stays in the page without its rules, and the build's loader never asks
      // for a stylesheet twice: each such link is put back anew, which fetches it again.
      for (const link of win.document.querySelectorAll('link[rel="stylesheet"]'))
        if (failed(link, win.location.origin)) link.replaceWith(link.cloneNode() as never);
    }
  }
}
