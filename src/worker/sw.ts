// The storefront's offline worker (README, "Installable and offline"), built by vite-plugin-pwa (Workbox's
// injectManifest) into /sw.js. It keeps the page and the build's code (the precache the build lists in
// __WB_MANIFEST), the host's content folder and the pictures the shopper has seen, so a returning shopper opens the
// storefront without the network and the menu and bag come from the log. The API and the hub are never answered
// here (rules.ts). A new build installs beside the old one and waits: the page asks it to take over at a navigation,
// and it does only while no window of the storefront is mid-checkout (each holds a Web Lock while it is).
import { setCacheNameDetails } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { contentFolder } from '../domain/content';
import { CACHES, CHECKOUT_LOCK, CONTENT_FILES, KEEP_PICTURES, PICTURES_KEPT, picturesToKeep, SHELL, TAKE_OVER, workerAnswer } from './rules';

// The few parts of the worker's global scope used here (the DOM's types, which the project compiles with, lack them).
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  readonly __WB_MANIFEST: (string | PrecacheEntry)[];
  readonly location: Location;
  readonly registration: { readonly active: unknown };
  readonly clients: { claim(): Promise<void> };
  readonly navigator: { readonly locks?: LockManager };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerEvent & { readonly data: unknown; readonly ports: readonly MessagePort[] }) => void): void;
}
declare const self: WorkerScope;

setCacheNameDetails({ prefix: 'countertop' });
precache(self.__WB_MANIFEST);
addRoute();

const answers = (kind: ReturnType<typeof workerAnswer>) => (options: { request: Request }) => workerAnswer(options.request, self.location.origin) === kind;

// The page: always the network's (its policy follows config.json, which the host may change without a build); the
// kept shell only when there is no network. No answer of the network is kept here.
registerRoute(answers('page'), async ({ request }) => {
  try {
    return await fetch(request);
  } catch (error) {
    return (await matchPrecache(SHELL)) ?? Response.error();
  }
});

// The build's files the precache does not hold: their names change with their content, so a kept one is right.
registerRoute(
  answers('code'),
  new CacheFirst({ cacheName: CACHES.code, plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 100 })] }),
);

// config.json and the theme say what the store is now: the network first, the last answer without it. The theme's
// address carries its version (the hour), so the last answer is found whatever version it was asked under.
registerRoute(
  answers('content'),
  new NetworkFirst({
    cacheName: CACHES.content,
    networkTimeoutSeconds: 5,
    matchOptions: { ignoreSearch: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20 })],
  }),
);

// Pictures as they are seen: shown from the cache at once, refreshed behind it.
registerRoute(
  answers('picture'),
  new StaleWhileRevalidate({
    cacheName: CACHES.pictures,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ ...PICTURES_KEPT, purgeOnQuotaError: true })],
  }),
);

// The first worker a browser installs takes the page that registered it at once: nothing older controls it, and the
// pictures and code it asks for from then on are kept. A later build waits (see the message below).
let firstInstall = false;
self.addEventListener('install', (event) => {
  firstInstall = self.registration.active === null;
  event.waitUntil(keepContentFolder());
});

/**
 * The host's content folder as it is now: the page asked for config.json and the theme before there was a worker to
 * keep them, and without config.json the next visit without the network could not start. A file that fails is left
 * to the next visit.
 */
async function keepContentFolder(): Promise<void> {
  const folder = contentFolder(self.location.hostname);
  const cache = await caches.open(CACHES.content);
  await Promise.allSettled(
    CONTENT_FILES.map(async (file) => {
      const response = await fetch(`${folder}${file}`, { cache: 'no-cache' });
      if (response.ok) await cache.put(`${folder}${file}`, response);
    }),
  );
}
self.addEventListener('activate', (event) => {
  if (firstInstall) event.waitUntil(self.clients.claim());
});

// A page asks the waiting build to take over at a navigation; it does unless a window is at checkout, and answers
// whether it did on the port the asking page sent, if any. A page the first worker has just taken names the pictures
// it showed before.
self.addEventListener('message', (event) => {
  const data = event.data as Partial<{ type: unknown; urls: unknown }> | null;
  if (typeof data === 'object' && data !== null && data.type === KEEP_PICTURES && Array.isArray(data.urls)) {
    event.waitUntil(keepPictures(picturesToKeep(data.urls, self.location.origin)));
    return;
  }
  if (event.data !== TAKE_OVER) return;
  event.waitUntil(takeOverUnlessMidCheckout().then((took) => event.ports[0]?.postMessage(took)));
});

/**
 * How long a waiting build, asked to take over, waits for the checkout lock to be free. A window leaving checkout lets
 * its lock go just before it asks, but the release reaches the browser's lock manager on a channel of its own, which
 * a busy browser may serve after the worker's request: a worker that only looked at the locks held then could see the
 * lock still held and never take over. A window really mid-checkout keeps it past this, and the answer is no.
 */
const RELEASE_GRACE_MS = 2_000;

/**
 * Takes over, unless a window holds the checkout lock (or there are no locks to tell: then it waits for the next
 * visit); answers whether it did. It takes the lock exclusively to do it, so no window can enter checkout between the
 * check and the take-over (one that tries waits for the lock until the new build is in).
 */
async function takeOverUnlessMidCheckout(): Promise<boolean> {
  const locks = self.navigator.locks;
  if (locks === undefined) return false;
  try {
    return await locks.request(CHECKOUT_LOCK, { mode: 'exclusive', signal: AbortSignal.timeout(RELEASE_GRACE_MS) }, async () => {
      await self.skipWaiting();
      return true;
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return false;
    throw error;
  }
}

/** Pictures fetched as the page fetched them (no-cors), kept unless one is already. */
async function keepPictures(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(CACHES.pictures);
  await Promise.allSettled(
    urls.map(async (url) => {
      const request = new Request(url, { mode: 'no-cors' });
      if ((await cache.match(request)) !== undefined) return;
      const response = await fetch(request);
      if (response.ok || response.type === 'opaque') await cache.put(request, response);
    }),
  );
}
