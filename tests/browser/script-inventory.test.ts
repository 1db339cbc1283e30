// The tamper check (PCI DSS 4.0 11.6.1), in npm test rather than weekly: the built storefront as preview serves it,
// compared with the script inventory the build wrote beside it (script-inventory.json, PCI DSS 6.4.3): the page's
// headers, the HTML the browser receives, and every script the browser runs on the way through the shop. And a page
// changed after the build runs none of its changed scripts, and reports them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../src/sandbox/createSandbox';
import { readPolicyConfig } from '../../src/sandbox/builtStorefront';
import { pageHeaders, SCRIPT_INVENTORY_FILE, type ScriptInventory } from '../../src/sandbox/pagePolicy';
import { buildDir, useStorefront, type Shopper } from './support/storefront';

const storefront = useStorefront('cafe', { offlineWorker: true });
let inventory: ScriptInventory;
beforeAll(async () => {
  inventory = JSON.parse(readFileSync(join(await buildDir(), SCRIPT_INVENTORY_FILE), 'utf8')) as ScriptInventory;
});

/** The addresses a shopper and support staff reach, each answered with the page. */
const PAGES = ['/', '/categories/coffee', '/cart', '/checkout', '/about', '/account/sign-in', '/support'];

const digest = (algorithm: 'sha256' | 'sha384', bytes: string | Buffer) => createHash(algorithm).update(bytes).digest('base64');
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => ({ attributes: attributes!, text: text! }));
const directivesOf = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...sources]) => [name, sources]),
  );

/** What differs between the page as the browser received it and the inventory: one line per difference. */
function pageDifferences(html: string, headers: Record<string, string>): string[] {
  const differences: string[] = [];
  if (digest('sha256', html) !== inventory.page.sha256) differences.push('the page is not the page built');
  const scripts = inlineScripts(html);
  for (const script of scripts) {
    if (/\bsrc=/.test(script.attributes)) differences.push(`a script file the inventory does not list in the page: ${script.attributes.trim()}`);
    else if (!inventory.inline.some((listed) => listed.hash === `sha256-${digest('sha256', script.text)}`))
      differences.push(`an inline script the inventory does not list: ${script.text.trim().slice(0, 60)}`);
  }
  const expected = pageHeaders(inventory, readPolicyConfig(join(DEFAULT_FIXTURES_DIR, 'config.json')), { tls: false });
  for (const [name, value] of Object.entries(expected)) {
    if (headers[name.toLowerCase()] !== value) differences.push(`${name}: ${headers[name.toLowerCase()] ?? 'missing'}`);
  }
  return differences;
}

/** What differs between the scripts the browser ran and the inventory's files. */
function scriptDifferences(seen: ReadonlyMap<string, Buffer>): string[] {
  return [...seen].flatMap(([url, body]) => {
    const { origin, pathname } = new URL(url);
    if (origin !== storefront.origin) return [`a script from another origin: ${url}`];
    const listed = inventory.files.find((file) => file.path === pathname);
    if (listed === undefined) return [`a script the inventory does not list: ${pathname}`];
    const integrity = `sha384-${digest('sha384', body)}`;
    return integrity === listed.integrity ? [] : [`${pathname}: ${integrity}, built as ${listed.integrity}`];
  });
}

/**
 * Every script the page asks for from now on, by address, with the bytes it received (`change` may alter them on
 * the way, as a tampered server would).
 */
async function scriptsOf(page: Page, change?: (path: string, body: Buffer) => Buffer): Promise<Map<string, Buffer>> {
  const seen = new Map<string, Buffer>();
  await page.route('**/*', async (route: Route) => {
    const request = route.request();
    if (request.resourceType() !== 'script' && !new URL(request.url()).pathname.endsWith('.js')) return route.fallback();
    const response = await route.fetch();
    const received = await response.body();
    const body = change ? change(new URL(request.url()).pathname, received) : received;
    if (response.status() === 200) seen.set(request.url(), body);
    await route.fulfill({ response, body });
  });
  return seen;
}

/**
 * Closes a shopper whose page `scriptsOf` watches: a part the page fetches in the background may still be on its
 * way, and its fetch, cut short by the close, is no failure of the page.
 */
async function closeRouted(shopper: Shopper): Promise<void> {
  await shopper.page.unrouteAll({ behavior: 'ignoreErrors' });
  await shopper.close();
}

describe('the tamper check', () => {
  it('the page and its headers at every address are those the inventory and config.json make', async () => {
    const shopper = await storefront.newShopper();
    for (const path of PAGES) {
      const response = (await shopper.page.goto(`${storefront.origin}${path}`))!;
      const html = await response.text();
      expect(pageDifferences(html, response.headers()), path).toEqual([]);
      // What the policy must say, whatever made it.
      const policy = directivesOf(response.headers()['content-security-policy']!);
      expect(policy.get('script-src')).toEqual([...inventory.inline.map((script) => `'${script.hash}'`), "'strict-dynamic'", "'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
      expect(policy.get('trusted-types')).toEqual(['countertop']);
      expect(policy.get('report-to')).toEqual(['csp']);
      expect(inlineScripts(html)).toHaveLength(inventory.inline.length);
    }
    await shopper.close();
  });

  it('every script the browser runs through the shop and the console is one the build made, byte for byte', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const seen = await scriptsOf(page);
    for (const path of PAGES) await page.goto(`${storefront.origin}${path}`, { waitUntil: 'networkidle' });
    // The first page, what follows it, and pages and parts loaded on demand.
    expect(seen.size).toBeGreaterThan(10);
    expect(scriptDifferences(seen)).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await closeRouted(shopper);
  });

  it("the offline worker's script is the one the build made, byte for byte, and the page's policy allows only it", async () => {
    const listed = inventory.files.find((file) => file.path === '/sw.js');
    expect(listed?.why).toMatch(/^the offline worker/);
    const body = Buffer.from(await (await fetch(`${storefront.origin}/sw.js`)).arrayBuffer());
    expect(`sha384-${digest('sha384', body)}`).toBe(listed!.integrity);
    const policy = directivesOf((await fetch(storefront.origin)).headers.get('content-security-policy')!);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
  });

  it('tells a script file changed after the build from the one built', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    const entry = inventory.files.find((file) => file.why.startsWith("the app's entry"))!;
    const seen = await scriptsOf(page, (path, body) => (path === entry.path ? Buffer.concat([body, Buffer.from('\n;window.__skimmed = true;')]) : body));
    await page.goto(storefront.origin);
    await page.locator('#main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scriptDifferences(seen)).toEqual([
      expect.stringMatching(new RegExp(`^${entry.path}: sha384-.*, built as ${entry.integrity.replace(/[+/]/g, '\\$&')}$`)),
    ]);
    await closeRouted(shopper);
  });

  it('a page changed after the build runs none of its changed or added scripts, and reports each to the endpoint', async () => {
    const shopper = await storefront.newShopper();
    const { page } = shopper;
    // The reports the browser queues for the page's report endpoint (it sends them in its own time).
    const reports: { destination: string; type: string; body: Record<string, unknown> }[] = [];
    const devtools = await page.context().newCDPSession(page);
    devtools.on('Network.reportingApiReportAdded', ({ report }) => void reports.push(report as (typeof reports)[number]));
    await devtools.send('Network.enable');
    await devtools.send('Network.enableReportingApi', { enable: true });
    let changed: { html: string; headers: Record<string, string> } | undefined;
    await page.route(`${storefront.origin}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace('window.__countertopPageCopy = null;', 'window.__countertopPageCopy = null; window.__changed = true;')
        .replace('</body>', '<script>window.__added = true</script><img src="/nowhere.png" onerror="window.__handler = true"></body>');
      changed = { html, headers: response.headers() };
      await route.fulfill({ response, body: html });
    });
    await page.goto(storefront.origin);
    await page.locator('#main').waitFor();
    // The check tells it from the page built.
    expect(pageDifferences(changed!.html, changed!.headers)).toEqual([
      'the page is not the page built',
      expect.stringMatching(/^an inline script the inventory does not list: \/\/ The page's one Trusted Types policy/),
      'an inline script the inventory does not list: window.__added = true',
    ]);
    // And the browser runs none of it.
    expect(await page.evaluate(() => [window.__changed, window.__added, window.__handler].map(Boolean))).toEqual([false, false, false]);
    await expect.poll(() => shopper.policyViolations.length).toBe(3);
    expect(storefront.takePolicyViolations()).toEqual([
      expect.stringMatching(/script-src-elem blocked inline/),
      expect.stringMatching(/script-src-elem blocked inline/),
      expect.stringMatching(/script-src-attr blocked inline/),
    ]);
    await expect.poll(() => reports.length).toBe(3);
    expect(reports.map((report) => [report.destination, report.type, report.body.effectiveDirective])).toEqual([
      ['csp', 'csp-violation', 'script-src-elem'],
      ['csp', 'csp-violation', 'script-src-elem'],
      ['csp', 'csp-violation', 'script-src-attr'],
    ]);
    await shopper.close();
  });
});

declare global {
  interface Window {
    __changed?: boolean;
    __added?: boolean;
    __handler?: boolean;
  }
}
