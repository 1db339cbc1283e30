// The built page's Content-Security-Policy (src/sandbox/pagePolicy.ts): the inline scripts by the inventory's hashes,
// 'strict-dynamic', nothing from another host but what config.json names, and the card provider's hosts only.
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  everyAnswerHeaders,
  pageHeaders,
  policyDirectives,
  SQUARE,
  workerHeaders,
  workerPolicy,
  type PolicyConfig,
} from '../../src/sandbox/pagePolicy';

const INVENTORY = {
  inline: [
    { hash: 'sha256-AAAA', why: 'head' },
    { hash: 'sha256-BBBB', why: 'body' },
  ],
};
const DEMO: PolicyConfig = { ApiBasePath: '/api', MessagingUrlBasePath: '/hubs' };

const directives = (config: PolicyConfig) => new Map(policyDirectives(INVENTORY, config));

describe('the page policy', () => {
  it("allows the inventory's inline scripts by hash and what they load, and nothing from another host in the demo", () => {
    const policy = directives(DEMO);
    expect(policy.get('script-src')).toEqual(["'sha256-AAAA'", "'sha256-BBBB'", "'strict-dynamic'", "'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    // The one worker script the build makes, the offline worker, from the page's own origin.
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(policy.get('trusted-types')).toEqual(['countertop']);
    expect(policy.get('report-uri')).toEqual(['/inbox/csp-reports']);
    expect(policy.get('report-to')).toEqual(['csp']);
    expect(contentSecurityPolicy(INVENTORY, DEMO)).not.toMatch(/unsafe-eval|https?:|\*/);
  });

  it('names the API, the hub with its WebSocket, the map tiles and the error reporting config.json puts elsewhere', () => {
    const policy = directives({
      ApiBasePath: 'https://api.example.com/v1',
      MessagingUrlBasePath: 'https://hub.example.com/hubs',
      MapTileUrl: 'https://{a-c}.tile.example.org/{z}/{x}/{y}.png',
      ErrorReportingDsn: 'https://errors.example.net/ingest/42',
    });
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://hub.example.com',
      'wss://hub.example.com',
      'https://*.tile.example.org',
      'https://errors.example.net',
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.example.com', 'https://*.tile.example.org']);
    expect(policy.get('script-src')).not.toContain('https://api.example.com');
  });

  it("allows Square's hosts, production or sandbox, by the script config.json names, and another provider's origin alone", () => {
    const production = directives({ ...DEMO, PaymentScriptUrl: 'https://web.squarecdn.com/v1/square.js' });
    expect(production.get('script-src')).toEqual(expect.arrayContaining([...SQUARE.production.script]));
    expect(production.get('frame-src')).toEqual(SQUARE.production.frame);
    expect(production.get('connect-src')).toContain('https://pci-connect.squareup.com');
    expect(JSON.stringify([...production])).not.toContain('sandbox');

    const sandbox = directives({ ...DEMO, PaymentScriptUrl: 'https://sandbox.web.squarecdn.com/v1/square.js' });
    expect(sandbox.get('script-src')).toEqual(expect.arrayContaining([...SQUARE.sandbox.script]));
    expect(sandbox.get('frame-src')).toEqual(SQUARE.sandbox.frame);
    expect(sandbox.get('connect-src')).toContain('https://pci-connect.squareupsandbox.com');

    const other = directives({ ...DEMO, PaymentScriptUrl: 'https://pay.example/card.js' });
    expect(other.get('script-src')?.slice(-1)).toEqual(['https://pay.example']);
    expect(other.get('frame-src')).toEqual(['https://pay.example']);
  });

  it('lets the page post to the push service config.json names, and nowhere else', () => {
    expect(directives({ ...DEMO, PushServiceUrl: 'https://push.example/v1/triggers' }).get('connect-src')).toContain('https://push.example');
    expect(directives(DEMO).get('connect-src')).not.toContain('https://push.example');
  });

  it("frames the business's card-capture page config.json names: its origin, or 'self' for a path of the page's own", () => {
    expect(directives({ ...DEMO, CardCaptureUrl: '/payments/capture?clientId={clientId}' }).get('frame-src')).toEqual(["'self'"]);
    expect(directives({ ...DEMO, CardCaptureUrl: 'https://cards.example/capture?l={locationId}' }).get('frame-src')).toEqual(['https://cards.example']);
    const both = directives({ ...DEMO, PaymentScriptUrl: 'https://web.squarecdn.com/v1/square.js', CardCaptureUrl: 'https://cards.example/c' });
    expect(both.get('frame-src')).toEqual([...SQUARE.production.frame, 'https://cards.example']);
    // A protocol-relative or scheme-less address is neither a path of the page's nor an origin: nothing is framed.
    expect(directives({ ...DEMO, CardCaptureUrl: '//cards.example/c' }).get('frame-src')).toEqual(["'none'"]);
    expect(directives({ ...DEMO, CardCaptureUrl: 'javascript:alert(1)' }).get('frame-src')).toEqual(["'none'"]);
  });

  it('never lets a value of config.json write another directive or source into the policy', () => {
    const policy = contentSecurityPolicy(INVENTORY, {
      ApiBasePath: "https://api.example.com; script-src 'unsafe-inline'",
      MapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png *',
      PaymentScriptUrl: 'javascript:alert(1)',
      ErrorReportingDsn: 'https://a.example,https://b.example',
      CardCaptureUrl: 'https://cards.example; frame-src *',
    });
    // Only the tiles' host survives, as a host alone.
    expect(policy).toBe(contentSecurityPolicy(INVENTORY, { MapTileUrl: 'https://tiles.example/' }));
  });

  it('sends HSTS only over TLS, and nosniff, a referrer policy and the report endpoint on the page', () => {
    expect(everyAnswerHeaders({ tls: false })).not.toHaveProperty('Strict-Transport-Security');
    expect(everyAnswerHeaders({ tls: true })['Strict-Transport-Security']).toBe('max-age=31536000');
    const headers = pageHeaders(INVENTORY, DEMO, { tls: false });
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Reporting-Endpoints': 'csp="/inbox/csp-reports"',
      'X-Frame-Options': 'DENY',
    });
  });

  it("gives the offline worker a policy of its own: no script, and fetches only of the page's origin and its pictures' hosts", () => {
    expect(workerPolicy(DEMO)).toBe("default-src 'none'; connect-src 'self'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types 'none'");
    const elsewhere = workerPolicy({
      ApiBasePath: 'https://api.example.com/v1',
      MessagingUrlBasePath: 'https://hub.example.com/hubs',
      MapTileUrl: 'https://{a-c}.tile.example.org/{z}/{x}/{y}.png',
    });
    expect(elsewhere).toContain("connect-src 'self' https://api.example.com https://*.tile.example.org;");
    expect(elsewhere).not.toContain('hub.example.com');
    expect(workerHeaders(DEMO, { tls: true })).toMatchObject({
      'Cache-Control': 'no-cache',
      'Content-Type': 'text/javascript; charset=utf-8',
      'Strict-Transport-Security': 'max-age=31536000',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(workerHeaders(DEMO, { tls: false })).not.toHaveProperty('Service-Worker-Allowed');
  });
});
