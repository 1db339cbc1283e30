// `countertop serve --build DIR` as a process: the built storefront beside the sandbox, as a host serves it (the page
// with the policy its script inventory makes, the assets, every answer's headers), and one clear line and exit 1 for
// a folder that is not a build.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RESOURCE_POLICY, SCRIPT_INVENTORY_FILE } from '../../src/sandbox/pagePolicy';

const entry = fileURLToPath(new URL('./serveEntry.ts', import.meta.url));
const build = mkdtempSync(join(tmpdir(), 'countertop-serve-build-'));
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(build, { recursive: true, force: true });
});

const PAGE = '<!doctype html><title>Order Online</title><script>window.started = true</script>';
mkdirSync(join(build, 'assets'));
writeFileSync(join(build, 'index.html'), PAGE);
writeFileSync(join(build, 'assets', 'index-abc.js'), 'export const started = true;\n');
writeFileSync(
  join(build, SCRIPT_INVENTORY_FILE),
  JSON.stringify({ page: { path: '/index.html', sha256: '' }, inline: [{ hash: 'sha256-TEST', why: 'a test' }], files: [], configured: [] }),
);

function serve(args: string[]): { child: ChildProcessWithoutNullStreams; ready: Promise<string>; exited: Promise<{ code: number | null; text: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, 'serve', '--catalog', 'cafe', '--port', '0', ...args], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  children.push(child);
  let text = '';
  const ready = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('Press Ctrl-C')) resolve(text);
    });
  });
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; text: string }>((resolve) => child.on('exit', (code) => resolve({ code, text })));
  return { child, ready, exited };
}

describe('countertop serve --build', () => {
  it('serves the built page with its policy, the assets and the API, each answer with its headers', async () => {
    const { child, ready, exited } = serve(['--build', build]);
    const printed = await ready;
    const origin = /Storefront:\s+(http:\/\/\S+)\//.exec(printed)?.[1];
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const page = await fetch(`${origin}/checkout`, { headers: { Accept: 'text/html' } });
    expect(await page.text()).toBe(PAGE);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'sha256-TEST' 'strict-dynamic' 'self';/);
    expect(page.headers.get('content-security-policy')).toContain("require-trusted-types-for 'script'; trusted-types countertop");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const script = await fetch(`${origin}/assets/index-abc.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(await script.text()).toBe('export const started = true;\n');
    expect(script.headers.get('content-security-policy')).toBe(RESOURCE_POLICY);

    const config = await fetch(`${origin}/config.json`);
    expect(((await config.json()) as { ClientId: string }).ClientId).toBe('countertop-sandbox');
    expect(config.headers.get('content-security-policy')).toBe(RESOURCE_POLICY);
    expect(config.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    // A business configured with its own card-capture page: config.json says so and the page's policy frames it, until
    // a reset; a setting that would make config.json invalid is refused and changes neither.
    const configure = (settings: unknown) =>
      fetch(`${origin}/__sandbox/config`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ settings }) });
    const framed = async () => (await fetch(`${origin}/`, { headers: { Accept: 'text/html' } })).headers.get('content-security-policy');
    expect(await framed()).toContain("frame-src 'none'");
    expect((await configure({ CardCaptureUrl: 'https://cards.example/capture' })).status).toBe(200);
    expect(((await (await fetch(`${origin}/config.json`)).json()) as { CardCaptureUrl?: string }).CardCaptureUrl).toBe('https://cards.example/capture');
    expect(await framed()).toContain('frame-src https://cards.example;');
    const refused = await configure({ ClientId: 42 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('ClientId');
    expect(await framed()).toContain('frame-src https://cards.example;');
    await fetch(`${origin}/__sandbox/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(await framed()).toContain("frame-src 'none'");
    expect(((await (await fetch(`${origin}/config.json`)).json()) as { CardCaptureUrl?: string }).CardCaptureUrl).toBeUndefined();

    child.kill('SIGINT');
    expect((await exited).code).toBe(0);
  }, 20_000);

  it('refuses a folder without a script inventory in one line, exit 1', async () => {
    const { exited } = serve(['--build', join(build, 'assets')]);
    const { code, text } = await exited;
    expect(code).toBe(1);
    expect(text.trim()).toMatch(/^countertop serve: --build: .*script-inventory\.json: no such file; build the storefront with npm run build$/);
  }, 20_000);
});
