// A served storefront for one test file: `vite preview` of the built app with the sandbox mounted, Debian's headless
// Chromium driven by Playwright, and the checks every screen test shares (console errors, foreign requests, axe).
// The page is served with its Content-Security-Policy, and every test fails on a CSP or Trusted Types violation in
// any page it opened (useStorefront's afterEach).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type {} from './globalSetup';
import { seriousRuleIds } from './axeRules';

/** The built app: COUNTERTOP_BUILD_DIR when set (benchmarks), else the directory the test run's global setup built. */
export async function buildDir(): Promise<string> {
  const fromEnv = process.env.COUNTERTOP_BUILD_DIR;
  if (fromEnv) return fromEnv;
  const { inject } = await import('vitest');
  return inject('buildDir');
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ARTIFACTS = `${ROOT}tests/artifacts/`;
/**
 * Which of Debian's Chromiums drives a file. 'shell' (the tests' default) is `chromium-headless-shell`: the same
 * Chromium build without the full browser's window, display and UI layers, which spends about 40% less processor
 * time on the same test file (measured on bag.test.ts: 114 s against 66 s of CPU), and the suite is bound by
 * Chromium's processor time. 'full' is `chromium` itself, for what only the full browser has (the back/forward cache,
 * notifications) and for the benchmarks, which measure what a shopper's browser does. COUNTERTOP_FULL_CHROMIUM=1
 * runs every file on the full browser; CHROMIUM_PATH and CHROMIUM_SHELL_PATH name other binaries.
 */
export type ChromiumKind = 'shell' | 'full';
export function chromiumPath(kind: ChromiumKind): string {
  const full = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (kind === 'full' || process.env.COUNTERTOP_FULL_CHROMIUM === '1') return full;
  return process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
}

/** The app's entry as built (the chunk group 'first-page', named index-[hash].js in vite.config.ts). */
export const APP_CODE = /\/assets\/index-[^/]+\.js$/;
/** A phone's screen (390 x 844, as an iPhone 12 to 14 reports it) and a desktop's: the two widths the browser tests walk. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

export interface Storefront {
  readonly origin: string;
  readonly browser: Browser;
  /** Calls the sandbox control surface (/__sandbox/...). */
  control(path: string, body?: unknown): Promise<unknown>;
  /** A fresh browser profile (its own IndexedDB): a new shopper. */
  newShopper(viewport?: { width: number; height: number }): Promise<Shopper>;
  /**
   * The CSP and Trusted Types violations any page of this browser reported since the last call ('{page}: {directive}
   * blocked {what} at {where}'), taken: a test that causes one on purpose takes it, and useStorefront fails the test
   * on any left.
   */
  takePolicyViolations(): string[];
  close(): Promise<void>;
}

export interface Shopper {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
  /** Requests to any host but the storefront's own. */
  readonly foreignRequests: string[];
  /** CSP and Trusted Types violations its pages reported (the storefront's list has them too). */
  readonly policyViolations: string[];
  /** Another tab of the same browser profile. */
  newTab(): Promise<Page>;
  close(): Promise<void>;
}

// Test catalogs a reset may name by path (the sandbox reads no other file a control call names).
process.env.COUNTERTOP_CATALOG_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

const VIOLATION_BINDING = '__countertopPolicyViolation';

/** Runs in every page before its own scripts: the browser is one without service workers. */
function withoutServiceWorkers(): void {
  delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
}

/** Runs in every page before its own scripts: each securitypolicyviolation event, as one line, to the binding. */
function reportViolations(binding: string): void {
  window.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      const sample = event.sample ? ` (${event.sample})` : '';
      void (window as unknown as Record<string, (text: string) => Promise<void>>)[binding]!(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}${sample}`,
      );
    },
    true,
  );
}

/**
 * `offlineWorker`: the browser offers service workers, so the storefront registers its offline worker. Off, the
 * browser is one without them (the app works the same, minus the offline copy): each new shopper would otherwise
 * install the worker and download the whole build into its cache, and a route would not see what the worker answers.
 * The files that test the worker, its offline copy and its script turn it on.
 */
export async function startStorefront(
  options: { catalog?: string; build?: string; offlineWorker?: boolean; backForwardCache?: boolean; chromium?: ChromiumKind } = {},
): Promise<Storefront> {
  // The embedded inbox of this file's storefront, in a folder of its own: files run side by side, and a developer's
  // .countertop/inbox/ is left alone.
  const inboxDir = mkdtempSync(join(tmpdir(), 'countertop-test-inbox-'));
  process.env.COUNTERTOP_INBOX_DIR = inboxDir;
  const server: PreviewServer = await preview({
    root: ROOT,
    configFile: `${ROOT}vite.config.ts`,
    preview: { port: 0, strictPort: false, host: '127.0.0.1' },
    build: { outDir: options.build ?? (await buildDir()) },
    logLevel: 'silent',
  });
  const address = server.httpServer.address() as AddressInfo;
  const origin = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath(options.chromium ?? 'shell'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
    // Playwright turns the back/forward cache off; the file that tests it keeps Chromium's own behaviour.
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
  const offlineWorker = options.offlineWorker === true;
  // Every context any test opens, through newShopper or the browser itself, reports its pages' violations.
  const violations: string[] = [];
  const byContext = new Map<BrowserContext, string[]>();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const own: string[] = [];
    byContext.set(context, own);
    context.once('close', () => byContext.delete(context));
    await context.exposeBinding(VIOLATION_BINDING, ({ page }, text: string) => {
      const line = `${page?.url() ?? 'a worker'}: ${text}`;
      violations.push(line);
      own.push(line);
    });
    await context.addInitScript(reportViolations, VIOLATION_BINDING);
    if (!offlineWorker) await context.addInitScript(withoutServiceWorkers);
    return context;
  };
  const control = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${origin}/__sandbox/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json();
    if (!response.ok) throw new Error(`control ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  if (options.catalog) await control('reset', { catalog: options.catalog });

  return {
    origin,
    browser,
    control,
    async newShopper(viewport: { width: number; height: number } = DESKTOP) {
      const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/New_York', acceptDownloads: true });
      const errors: string[] = [];
      const foreignRequests: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          // A resource that failed to load is named: Chromium's message alone does not say which.
          if (message.type() === 'error')
            errors.push(message.text().startsWith('Failed to load resource') ? `${message.text()}: ${message.location().url}` : message.text());
        });
        page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
        page.on('request', (request) => {
          if (!request.url().startsWith(origin) && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
            foreignRequests.push(request.url());
        });
      };
      context.on('page', watch);
      const page = await context.newPage();
      return {
        context,
        page,
        errors,
        foreignRequests,
        policyViolations: byContext.get(context) ?? [],
        newTab: () => context.newPage(),
        close: () => context.close(),
      };
    },
    takePolicyViolations: () => violations.splice(0),
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      rmSync(inboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a storefront on `catalog` before the tests of the file and closes it after them; unless `resetEach` is false,
 * resets the sandbox to that catalog before every test. `build` serves another build than the run's (a copy a test
 * changes); `offlineWorker` gives its shoppers a browser with service workers (see startStorefront); `backForwardCache`
 * keeps Chromium's back/forward cache, which Playwright turns off; `chromium: 'full'` drives the full browser (see
 * chromiumPath). Use what it returns inside hooks and tests, once started.
 */
export function useStorefront(
  catalog: string,
  {
    resetEach = true,
    build,
    offlineWorker = false,
    backForwardCache = false,
    chromium = 'shell',
  }: { resetEach?: boolean; build?: () => Promise<string>; offlineWorker?: boolean; backForwardCache?: boolean; chromium?: ChromiumKind } = {},
): Storefront {
  let current: Storefront | undefined;
  const started = (): Storefront => {
    if (!current) throw new Error('the storefront is not running: use it inside a hook or a test');
    return current;
  };
  const storefront: Storefront = {
    get origin() {
      return started().origin;
    },
    get browser() {
      return started().browser;
    },
    control: (path, body) => started().control(path, body),
    newShopper: (viewport) => started().newShopper(viewport),
    takePolicyViolations: () => started().takePolicyViolations(),
    close: () => started().close(),
  };
  beforeAll(async () => {
    current = await startStorefront({ catalog, offlineWorker, backForwardCache, chromium, ...(build ? { build: await build() } : {}) });
  });
  // Registered first, so it runs after the file's own afterEach hooks (which may close the shoppers' pages).
  afterEach(() => {
    expect(current?.takePolicyViolations() ?? [], 'CSP or Trusted Types violations').toEqual([]);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  if (resetEach) {
    beforeEach(async () => {
      await storefront.control('reset', { catalog });
    });
  }
  return storefront;
}

/**
 * Whether the browser tests keep screenshots of what they walk through (`npm run screenshots`): pictures for a person
 * to look at, which no test compares, so `npm test` spends no time on them. A test that compares pixels takes its own.
 */
export const KEEP_SCREENSHOTS = process.env.COUNTERTOP_SCREENSHOTS === '1';

/** Saves a screenshot as a test artifact, tests/artifacts/screenshots/{name}-{width}.png, when they are kept. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  const dir = `${ARTIFACTS}screenshots/`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
let AXE_SOURCE: string | undefined;
let SERIOUS_RULES: readonly string[] | undefined;

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

/** Serious and critical accessibility violations axe-core finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // The page as a shopper reads it, once its transitions have ended (a toast fading in has no contrast yet), not a
  // frame of them; endless ones (a spinner) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated rather than added as a script tag, which the page's policy would refuse; once per document (an in-app
  // navigation keeps it), as parsing its half a megabyte again costs more than many a check.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${(AXE_SOURCE ??= readFileSync(AXE, 'utf8'))};0`);
  const rules = (SERIOUS_RULES ??= seriousRuleIds());
  const violations = await page.evaluate(async (values) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, rules);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The host serves config.json with `settings` on top of the fixture's until the next reset, and the page's policy
 * made from it (POST /__sandbox/config): a business configured otherwise, as its host would serve it.
 */
export async function hostConfig(storefront: Pick<Storefront, 'control'>, settings: Record<string, unknown>): Promise<void> {
  await storefront.control('config', { settings });
}

/** How many calls of `path` the sandbox holds unanswered now (POST /__sandbox/hold). */
export async function heldCalls(storefront: Pick<Storefront, 'control'>, path: string): Promise<number> {
  return ((await storefront.control('')) as { faults: { held: Record<string, number> } }).faults.held[path] ?? 0;
}

/**
 * Lets the held calls of `path` run once the sandbox holds `count` of them: a page's request can be on its way (the
 * button already busy) while the sandbox has not yet seen it, and a release before it arrives would stop holding and
 * let it through unheld.
 */
export async function releaseHeld(storefront: Pick<Storefront, 'control'>, path: string, count = 1): Promise<void> {
  await expect.poll(() => heldCalls(storefront, path)).toBe(count);
  expect(await storefront.control('release', { path })).toEqual({ released: count });
}

/**
 * Sends every request of `page` to the network, never to the storefront's offline worker, as Playwright's
 * `serviceWorkers: 'block'` does for a whole context: a route sees nothing a worker answers, and the worker takes the
 * page a moment after its first paint and answers its page, code and config.json from then on. For a test that
 * changes what the server sends (config.json, a held chunk); tests/browser/offline.test.ts tests the worker itself.
 */
export async function withoutOfflineWorker(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setBypassServiceWorker', { bypass: true });
}

/**
 * The toasts shown and the page's heading, as boxes on screen; the bottom of the header, where toasts would start; and
 * whether any toast covers the heading.
 */
export const toastsAndHeading = (page: Page) =>
  page.evaluate(() => {
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const heading = box(document.querySelector('main h1')!);
    const toasts = [...document.querySelectorAll('.toast-layer [data-rht-toaster] > *')].map(box).filter((toast) => toast.height > 0);
    const covers = toasts.some(
      (t) => t.x < heading.x + heading.width && heading.x < t.x + t.width && t.y < heading.y + heading.height && heading.y < t.y + t.height,
    );
    return { heading, toasts, covers, headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom };
  });
