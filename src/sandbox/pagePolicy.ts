// The built page's response headers (README, "Content Security Policy"; PCI DSS 4.0 6.4.3, OWASP ASVS 5.0 V3.4): a
// strict Content-Security-Policy made from the build's script inventory and the storefront's config.json, and the
// headers every answer carries. Pure, so `npm run preview`, `countertop serve --build` and `countertop headers` send
// the same policy, and a test can read it.
//
// The policy's script hashes come from the inventory the build wrote, never from the page being served: a page whose
// inline scripts were changed after the build runs none of them.
import type { Config } from '../domain/config';

/** Every script the built page may run, its hash and why it is there: `script-inventory.json` beside the build. */
export interface ScriptInventory {
  /** The page itself (index.html), so a check can tell the page served is the page built. */
  readonly page: { readonly path: string; readonly sha256: string };
  /** The page's inline scripts: the CSP hash of each (`sha256-...`). */
  readonly inline: readonly InventoryEntry<{ readonly hash: string }>[];
  /** The build's script files, each with its SRI hash (`sha384-...`): the offline worker's script among them. */
  readonly files: readonly InventoryEntry<{ readonly path: string; readonly integrity: string }>[];
  /** Scripts the configuration names, not the build: allowed by their origin, through the Trusted Types policy. */
  readonly configured: readonly InventoryEntry<{ readonly source: string }>[];
}
type InventoryEntry<T> = T & { readonly why: string };

export const SCRIPT_INVENTORY_FILE = 'script-inventory.json';
/** The offline worker's script (src/worker/sw.ts, built by vite-plugin-pwa), at the root: its scope is the site. */
export const WORKER_SCRIPT_PATH = '/sw.js';
/** The page's one Trusted Types policy (made by index.html's first script). */
export const TRUSTED_TYPES_POLICY = 'countertop';
/** Where browsers send violation reports: the support inbox (src/inbox/README.md). */
export const CSP_REPORT_PATH = '/inbox/csp-reports';
const CSP_REPORT_GROUP = 'csp';

/** What a card provider's script needs beyond its own origin, by directive. */
export interface CardProviderHosts {
  readonly script: readonly string[];
  readonly frame: readonly string[];
  readonly connect: readonly string[];
  readonly style: readonly string[];
  readonly font: readonly string[];
  readonly img: readonly string[];
}

/**
 * Square's Web Payments SDK, production and sandbox: the hosts Square's CSP page and its developer forum name
 * (developer.squareup.com/docs/web-payments/content-security-policy), chosen by the script's origin. The 3-D Secure
 * issuer frames (Cardinal Commerce) are Square's verification step; check Square's page when upgrading the SDK.
 */
export const SQUARE: Readonly<Record<'production' | 'sandbox', CardProviderHosts>> = {
  production: {
    script: ['https://web.squarecdn.com', 'https://js.squareup.com'],
    frame: ['https://web.squarecdn.com', 'https://api.squareup.com', 'https://connect.squareup.com', 'https://geoissuer.cardinalcommerce.com'],
    connect: ['https://web.squarecdn.com', 'https://pci-connect.squareup.com', 'https://connect.squareup.com'],
    style: ['https://web.squarecdn.com'],
    font: ['https://square-fonts-production-f.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'],
    img: ['https://web.squarecdn.com'],
  },
  sandbox: {
    script: ['https://sandbox.web.squarecdn.com', 'https://js.squareupsandbox.com'],
    frame: [
      'https://sandbox.web.squarecdn.com',
      'https://api.squareupsandbox.com',
      'https://connect.squareupsandbox.com',
      'https://geostag.cardinalcommerce.com',
    ],
    connect: ['https://sandbox.web.squarecdn.com', 'https://pci-connect.squareupsandbox.com', 'https://connect.squareupsandbox.com'],
    style: ['https://sandbox.web.squarecdn.com'],
    font: ['https://square-fonts-production-f.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'],
    img: ['https://sandbox.web.squarecdn.com'],
  },
};

const NONE: CardProviderHosts = { script: [], frame: [], connect: [], style: [], font: [], img: [] };

/**
 * The origin of an absolute http(s) or ws(s) URL, as a CSP source; null for a path on the page's own origin. A
 * template's placeholder in the host's first label ('https://{a-c}.tile.example/{z}/{x}/{y}.png') becomes '*.'.
 * Anything else is left out (null), so the configuration can never write another directive into the policy.
 */
export function sourceOf(url: string | undefined): string | null {
  const match = /^(https?|wss?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase().replace(/^\{[^}]*\}\./, '*.');
  return /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host) ? `${scheme}://${host}` : null;
}

/** The hub's source and its WebSocket twin (SignalR negotiates over https, then upgrades to wss). */
function hubSources(url: string | undefined): string[] {
  const source = sourceOf(url);
  if (source === null) return [];
  const [scheme, host] = source.split('://') as [string, string];
  const secure = scheme === 'https' || scheme === 'wss';
  return [`${secure ? 'https' : 'http'}://${host}`, `${secure ? 'wss' : 'ws'}://${host}`];
}

/** The card provider's hosts: Square's lists when the script is Square's, else the script's own origin. */
export function cardProviderHosts(paymentScriptUrl: string | undefined): CardProviderHosts {
  const source = sourceOf(paymentScriptUrl);
  if (source === null) return NONE;
  if (SQUARE.production.script.includes(source)) return SQUARE.production;
  if (SQUARE.sandbox.script.includes(source)) return SQUARE.sandbox;
  return { ...NONE, script: [source], frame: [source], connect: [source] };
}

/** The settings of config.json the policy reads. */
export type PolicyConfig = Pick<
  Config,
  'ApiBasePath' | 'MessagingUrlBasePath' | 'MapTileUrl' | 'ErrorReportingDsn' | 'PaymentScriptUrl' | 'CardCaptureUrl' | 'PushServiceUrl'
>;

/**
 * Where the business's card-capture page comes from, as a frame source: its origin, or 'self' for a path on the page's
 * own origin; none when no page is configured or its address is neither.
 */
function captureSource(url: string | undefined): string | null {
  const address = url?.trim() ?? '';
  if (address === '') return null;
  // A path (no scheme, not protocol-relative) resolves against the page's own origin, as cardCaptureUrl does.
  if (!/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(address)) return "'self'";
  return sourceOf(address);
}

const list = (...sources: readonly (string | null | readonly string[])[]) => [
  ...new Set(sources.flatMap((source) => (source === null ? [] : typeof source === 'string' ? [source] : source))),
];

/** The built page's Content-Security-Policy, directive by directive, for the build's inventory and config.json. */
export function policyDirectives(inventory: Pick<ScriptInventory, 'inline'>, config: PolicyConfig): [string, string[]][] {
  const provider = cardProviderHosts(config.PaymentScriptUrl);
  const api = sourceOf(config.ApiBasePath);
  const tiles = sourceOf(config.MapTileUrl);
  // The card provider's frames, and the business's card-capture page shown inside 'Card Info' when it has one.
  const frames = list(provider.frame, captureSource(config.CardCaptureUrl));
  return [
    ['default-src', ["'self'"]],
    // The inline scripts by hash; what they load (the app's chunks, the card provider's script) is trusted through
    // them ('strict-dynamic'), which makes browsers that know it ignore 'self' and hosts: those are for older ones.
    ['script-src', list(...inventory.inline.map((script) => `'${script.hash}'`), "'strict-dynamic'", "'self'", provider.script)],
    // Toasts' styles are a <style> their library writes at run time, and the page copy carries style attributes.
    ['style-src', list("'self'", "'unsafe-inline'", provider.style)],
    ['img-src', list("'self'", 'data:', 'blob:', api, tiles, provider.img)],
    ['font-src', list("'self'", provider.font)],
    [
      'connect-src',
      list(
        "'self'",
        api,
        hubSources(config.MessagingUrlBasePath),
        tiles,
        sourceOf(config.ErrorReportingDsn),
        sourceOf(config.PushServiceUrl),
        provider.connect,
      ),
    ],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    // The offline worker, the one worker script the build makes (WORKER_SCRIPT_PATH), from the page's own origin.
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', [TRUSTED_TYPES_POLICY]],
    ['report-uri', [CSP_REPORT_PATH]],
    ['report-to', [CSP_REPORT_GROUP]],
  ];
}

export function contentSecurityPolicy(inventory: Pick<ScriptInventory, 'inline'>, config: PolicyConfig): string {
  return policyDirectives(inventory, config)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers on every answer: no type sniffing, no full address to other sites, and HTTPS from now on over TLS. */
export function everyAnswerHeaders({ tls }: { readonly tls: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(tls ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

/** The policy of every answer that is not the page (the API's JSON, pictures, scripts): nothing, nowhere. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The offline worker's own policy (a worker's script answer carries the policy it runs under, not the page's): it
 * runs no other script and fetches only what it keeps (src/worker/rules.ts): the page, the build and the content
 * folder on the page's own origin, and the pictures the page's img-src allows it to show (the API's, the tiles').
 */
export function workerPolicy(config: PolicyConfig): string {
  const provider = cardProviderHosts(config.PaymentScriptUrl);
  return [
    "default-src 'none'",
    `connect-src ${list("'self'", sourceOf(config.ApiBasePath), sourceOf(config.MapTileUrl), provider.img).join(' ')}`,
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ');
}

/**
 * The worker script's headers: its policy, and never kept by a cache (the browser then finds a new build at the next
 * visit). At the root, its scope is the whole site without Service-Worker-Allowed.
 */
export function workerHeaders(config: PolicyConfig, { tls }: { readonly tls: boolean }): Record<string, string> {
  return {
    ...everyAnswerHeaders({ tls }),
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': workerPolicy(config),
  };
}

/** The page's headers: its policy, where reports go, and the answer-wide ones. */
export function pageHeaders(inventory: Pick<ScriptInventory, 'inline'>, config: PolicyConfig, { tls }: { readonly tls: boolean }): Record<string, string> {
  return {
    ...everyAnswerHeaders({ tls }),
    'Content-Security-Policy': contentSecurityPolicy(inventory, config),
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    // frame-ancestors' older twin.
    'X-Frame-Options': 'DENY',
  };
}
