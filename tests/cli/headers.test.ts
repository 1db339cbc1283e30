// `countertop headers`: the headers a host elsewhere sends with the built page, from its script inventory and the
// storefront's config.json, one `Name: value` a line; one clear line and exit 1 for a folder that is not a build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, SCRIPT_INVENTORY_FILE } from '../../src/sandbox/pagePolicy';
import { countertop } from './support';

const build = mkdtempSync(join(tmpdir(), 'countertop-headers-'));
const INVENTORY = { page: { path: '/index.html', sha256: '' }, inline: [{ hash: 'sha256-TEST', why: 'a test' }], files: [], configured: [] };
const CONFIG = { ClientId: 'shop', ApiBasePath: 'https://api.shop.example', PaymentScriptUrl: 'https://web.squarecdn.com/v1/square.js' };
writeFileSync(join(build, SCRIPT_INVENTORY_FILE), JSON.stringify(INVENTORY));
writeFileSync(join(build, 'config.json'), JSON.stringify(CONFIG));
afterAll(() => rmSync(build, { recursive: true, force: true }));

describe('countertop headers', () => {
  it("prints the page's policy for the build and config.json, with HSTS when served over TLS", () => {
    const run = countertop(['headers', '--build', build, '--config', join(build, 'config.json'), '--https']);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(`Content-Security-Policy: ${contentSecurityPolicy(INVENTORY, CONFIG)}`);
    expect(lines).toContain('Strict-Transport-Security: max-age=31536000');
    expect(lines).toContain('Reporting-Endpoints: csp="/inbox/csp-reports"');
    expect(lines).toContain('X-Content-Type-Options: nosniff');
  });

  it('says in one line when the folder has no script inventory or config.json is not one', () => {
    const missing = countertop(['headers', '--build', join(build, 'nowhere')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^--build: .*script-inventory\.json: no such file; build the storefront with npm run build$/);
    const wrong = countertop(['headers', '--build', build, '--config', join(build, SCRIPT_INVENTORY_FILE)]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
  });
});
