// The offline worker's side in the page (README, "Installable and offline"; the worker is src/worker/sw.ts): its
// registration, made once the first page is up (startStorefront, through the manifest's part), and the new build's
// take-over. A new build installs behind the page and waits; at the shopper's next navigation away from checkout the
// page asks it to take over and loads the address anew with it, without asking the shopper anything. Under a window
// mid-checkout it never takes over (each such window holds a Web Lock the worker reads: checkoutLock.ts). A visit
// after every window was closed starts with the new build anyway.
import type { ReportError } from '../../api/errorReporter';
import { KEEP_PICTURES, midCheckout, TAKE_OVER, type KeepPictures } from '../../worker/rules';
import { pagePolicy, trustedScriptUrl } from './trustedTypes';

/** The worker's script, at the site's root so its scope is the whole storefront (no Service-Worker-Allowed). */
export const WORKER_SCRIPT = '/sw.js';

/** The parts of the browser the registration uses. */
export interface WorkerHost {
  readonly container: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;
  readonly path: () => string;
  readonly reload: () => void;
  /** The addresses of the pictures on the page now. */
  readonly pictures: () => readonly string[];
}

export interface OfflineWorker {
  /** The page is now at `path` (a navigation in the app): a waiting build takes over here unless at checkout. */
  navigated(path: string): void;
}

/** Registers the worker; what the page does at each navigation with the build that waits. */
export function registerOfflineWorker(host: WorkerHost, reportError: ReportError): OfflineWorker {
  let registration: ServiceWorkerRegistration | null = null;
  // The worker this page's build came with (none on a first visit: the first worker then takes the page, same build).
  let controlling = host.container.controller;
  let newBuild = false;
  let asked = false;
  host.container.addEventListener('controllerchange', () => {
    const before = controlling;
    controlling = host.container.controller;
    if (before === null) {
      // The first worker took this page: it keeps the pictures the page showed before it was there.
      const keep: KeepPictures = { type: KEEP_PICTURES, urls: host.pictures() };
      controlling?.postMessage(keep);
      return;
    }
    newBuild = true;
    if (asked && !midCheckout(host.path())) host.reload();
  });
  // A string would be refused under the page's Trusted Types: the address goes through the page's policy.
  host.container
    .register(trustedScriptUrl(WORKER_SCRIPT) as string, { scope: '/', updateViaCache: 'none' })
    .then((registered) => void (registration = registered))
    .catch((error: unknown) => reportError({ call: 'offline worker', message: (error as Error).message }));
  return {
    navigated(path) {
      if (midCheckout(path)) return;
      // Another window let a new build take over: this page's code is the old build's, so it loads anew.
      if (newBuild) return host.reload();
      const waiting = registration?.waiting;
      if (!waiting) return;
      asked = true;
      waiting.postMessage(TAKE_OVER);
    },
  };
}

let current: OfflineWorker | null = null;

/**
 * The storefront's worker, registered once per page of a build (`npm start` makes none): nothing where the browser
 * has no workers, nor where it has Trusted Types but the page's policy was never made (index.html's first script did
 * not run: not the page built).
 */
export function startOfflineWorker(reportError: ReportError): void {
  if (!import.meta.env.PROD || current !== null || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if ('trustedTypes' in window && pagePolicy === null) return;
  current = registerOfflineWorker(
    {
      container: navigator.serviceWorker,
      path: () => window.location.pathname,
      reload: () => window.location.reload(),
      pictures: () => Array.from(document.images, (image) => image.currentSrc || image.src),
    },
    reportError,
  );
}

/** The app's router calls this at each navigation. */
export function offlineWorkerNavigated(path: string): void {
  current?.navigated(path);
}
