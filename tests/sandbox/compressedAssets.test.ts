// The build's hashed assets as `vite preview` (and so the browser tests and the Lighthouse bench) serves them with
// the sandbox: compressed as the browser offers, cached for a year, and the same bytes once decompressed.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedAssets } from '../../src/sandbox/builtStorefront';
import { rawRequest } from './rawRequest';

describe('compressed assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'countertop-assets-'));
  const script = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `item ${i}`))};\n`;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
    const serve = compressedAssets(dir);
    server = createServer((req, res) =>
      serve(req, res, () => {
        res.statusCode = 404;
        res.end('passed on');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, encoding: string) => rawRequest(`${origin}${path}`, { headers: { 'Accept-Encoding': encoding } });

  it('sends gzip to a browser that offers gzip (Chrome over http), smaller and the same once unpacked', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 2);
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('prefers Brotli when offered, and sends the file as it is when nothing is', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses each file once per build: the copy kept beside it serves the next server, and a changed file is compressed again', async () => {
    await get('/assets/index-abc123.js', 'br');
    await get('/assets/index-abc123.js', 'gzip');
    const kept = join(dir, 'assets', 'index-abc123.js.br');
    expect(existsSync(kept)).toBe(true);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc123.js.gz'))).toString()).toBe(script);
    // A later server of the same build (the next test file's) reads the copy: one marked as such is what it sends.
    writeFileSync(kept, brotliCompressSync('kept copy'));
    const next = compressedAssets(dir);
    const answer = (path: string) =>
      new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        const res = {
          statusCode: 0,
          setHeader: () => undefined,
          end: (body: Buffer) => resolve(Buffer.concat([...chunks, body])),
        };
        next({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } } as never, res as never, () => resolve(Buffer.alloc(0)));
      });
    expect(brotliDecompressSync(await answer('/assets/index-abc123.js')).toString()).toBe('kept copy');
    // The file changed after its copy was made: the copy is made again from it.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'assets', 'index-abc123.js'), later, later);
    expect(brotliDecompressSync(await answer('/assets/index-abc123.js')).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(kept)).toString()).toBe(script);
  });

  it('passes on what is not a built asset: pages, other folders, missing files, climbing out', async () => {
    for (const path of ['/', '/index.html', '/config.json', '/assets/missing-1.js', '/assets/../package.json', '/img/latte.svg']) {
      const answer = await get(path, 'gzip');
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toBe('passed on');
    }
  });
});
