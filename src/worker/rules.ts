// What the offline worker (sw.ts) does with each request, and when a new build may take over. Pure, so the
// rules are read and tested here, not in a worker.
//
// The worker answers only what it can keep without becoming a second store: the page, the build's code, the host's
// content folder (config.json, the theme, the web manifest and its icons) and pictures. Everything else, the API and
// the hub above all, goes to the network as if there were no worker: the event log is the storefront's store, and an
// API answer kept by a worker would be a copy of the world the log does not know about.

/** The caches the worker keeps beside its precache (the build's own files, named by Workbox). */
export const CACHES = {
  /** The build's code and styles the precache does not hold (large or support's own), as they are fetched. */
  code: 'countertop-code',
  /** The host's content folder: its latest answer, for a visit without the network. */
  content: 'countertop-content',
  /** Catalog pictures (and the logo), as the shopper sees them. */
  pictures: 'countertop-pictures',
} as const;

/** Pictures kept at most (the least recently cached go first), and for how long. */
export const PICTURES_KEPT = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } as const;

/** The page itself, as the worker keeps it for a visit without the network. */
export const SHELL = '/index.html';

/** The request as the worker sees it: the parts of a Request the rules read. */
export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  /** Request.mode: 'navigate' for the page itself. */
  readonly mode: string;
  /** Request.destination: 'image' for a picture. */
  readonly destination: string;
}

/**
 * How the worker answers a request:
 * - `page`: from the network, the kept page (the precached shell) when there is none;
 * - `code`: the build's files, from the precache, else as fetched (kept for later: their names change with them);
 * - `content`: from the network, the content folder's last answer when there is none;
 * - `picture`: the kept picture at once, refreshed from the network behind it;
 * - `network`: not at all (the browser fetches it as without a worker).
 */
export type WorkerAnswer = 'page' | 'code' | 'content' | 'picture' | 'network';

/** The content folder's files the worker keeps from its install on, so the first visit without the network starts. */
export const CONTENT_FILES = ['config.json', 'theme.css', 'manifest.webmanifest', 'icon.svg', 'icon-maskable.svg'] as const;

/** Paths on the storefront's own origin that are never the page, whatever they look like. */
const NEVER_THE_PAGE = /^\/(api|hubs|__sandbox|inbox)(\/|$)/;
/** The host's content folder: / on localhost, /content/{host}/ elsewhere (src/domain/content.ts). */
const CONTENT = /^(\/content\/[^/]+)?\/(config\.json|theme\.css|manifest\.webmanifest|icon(-[a-z]+)?\.svg|favicon\.png)$/;

/**
 * The answer for `request` made by a page of `origin`. Only GETs are ever answered: the API's calls are POSTs, and no
 * worker could make a POST safe to replay.
 */
export function workerAnswer(request: SeenRequest, origin: string): WorkerAnswer {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'network';
  const own = url.origin === origin;
  if (own && NEVER_THE_PAGE.test(url.pathname) && request.destination !== 'image') return 'network';
  if (request.mode === 'navigate') return own ? 'page' : 'network';
  if (own && /^\/assets\/[\w.-]+\.(js|css)$/.test(url.pathname)) return 'code';
  if (own && CONTENT.test(url.pathname)) return 'content';
  // A picture from the storefront's own origin or any the page's policy lets it show (the API's): the worker's own
  // policy (workerHeaders in src/sandbox/pagePolicy.ts) allows it to fetch no other.
  if (request.destination === 'image') return 'picture';
  return 'network';
}

/** The pages a shopper is in the middle of an order on: a new build never takes over under them. */
const MID_CHECKOUT = /^\/(checkout|order-confirmation)(\/|$)/;

/** Whether the shopper is mid-checkout at `path` (a page's address). */
export function midCheckout(path: string): boolean {
  return MID_CHECKOUT.test(path);
}

/**
 * The Web Lock every window of the storefront holds (shared) while it is mid-checkout (src/app/runtime/checkoutLock.ts).
 * The worker reads the locks rather than the windows' addresses: a window's address as a worker sees it stays the one
 * the page was loaded at, whatever the app's navigations since.
 */
export const CHECKOUT_LOCK = 'countertop:mid-checkout';

/**
 * The message a page sends a waiting build to ask it to take over: it does once it holds CHECKOUT_LOCK exclusively,
 * that is once no window is mid-checkout (sw.ts).
 */
export const TAKE_OVER = 'countertop:take-over';

/**
 * The message a page sends the worker that has just taken it (the first one a browser installs): the pictures it
 * showed before there was a worker to keep them.
 */
export interface KeepPictures {
  readonly type: 'countertop:keep-pictures';
  readonly urls: readonly string[];
}
export const KEEP_PICTURES: KeepPictures['type'] = 'countertop:keep-pictures';

/** The pictures of `urls` the worker keeps: those it would keep had it seen them (at most the cache's size). */
export function picturesToKeep(urls: readonly unknown[], origin: string): string[] {
  const kept = urls.filter(
    (url): url is string => typeof url === 'string' && workerAnswer({ url, method: 'GET', mode: 'no-cors', destination: 'image' }, origin) === 'picture',
  );
  return [...new Set(kept)].slice(0, PICTURES_KEPT.maxEntries);
}
