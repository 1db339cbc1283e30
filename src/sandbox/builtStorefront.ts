// The built storefront as a host serves it, for `npm run preview` and `countertop serve --build DIR`: the page
// (index.html, at every address the app routes) with its Content-Security-Policy, made from the build's script
// inventory and config.json (pagePolicy.ts), compressed; the hashed assets compressed and cached; and on every answer
// the headers every answer carries, with a policy that allows nothing on answers that are not the page.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import * as E from 'fp-ts/lib/Either.js';
import { decode } from '../domain/codec';
import { ConfigCodec } from '../domain/config';
import { chosenEncoding, encodeBody, encodingHeaders } from './http';
import {
  everyAnswerHeaders,
  pageHeaders,
  RESOURCE_POLICY,
  SCRIPT_INVENTORY_FILE,
  WORKER_SCRIPT_PATH,
  workerHeaders,
  type PolicyConfig,
  type ScriptInventory,
} from './pagePolicy';

/** Over TLS, or behind a proxy that says it was (HSTS sent over plain HTTP is ignored by browsers anyway). */
const overTls = (req: IncomingMessage) => (req.socket as Partial<TLSSocket>).encrypted === true || req.headers['x-forwarded-proto'] === 'https';

/** Sets the headers every answer carries, before whichever handler answers; the page's own replace the policy. */
export function answerHeaders(req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of Object.entries(everyAnswerHeaders({ tls: overTls(req) }))) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', RESOURCE_POLICY);
}

/** The build's script inventory, or why there is none. */
export function readInventory(buildDir: string): E.Either<string, ScriptInventory> {
  const file = join(buildDir, SCRIPT_INVENTORY_FILE);
  try {
    return E.right(JSON.parse(readFileSync(file, 'utf8')) as ScriptInventory);
  } catch (error) {
    return E.left(
      `${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file; build the storefront with npm run build' : (error as Error).message}`,
    );
  }
}

/** config.json's settings the policy reads; none (the page's own origin only) when it is invalid. */
export function policyConfigOf(config: unknown): PolicyConfig {
  const decoded = decode(ConfigCodec, config);
  return E.isRight(decoded) ? decoded.right : {};
}

/** The settings the policy reads from a config.json file; none when it is missing or invalid. */
export function readPolicyConfig(configFile: string): PolicyConfig {
  try {
    return policyConfigOf(JSON.parse(readFileSync(configFile, 'utf8')));
  } catch {
    return {};
  }
}

/** A request for the page: a GET or HEAD of /index.html or of an address without a file extension, taking HTML. */
function asksForPage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split(/[?#]/)[0]!;
  const accept = req.headers.accept;
  const takesHtml = accept === undefined || accept === '' || accept.includes('text/html') || accept.includes('*/*');
  return takesHtml && (path === '/index.html' || !/\.[^/]*$/.test(path));
}

/**
 * Answers requests for the page from `buildDir` (read on each request, with its inventory, so a new build is served
 * as it is) with its headers, from the config.json the host serves at that moment (`policyConfig`). False for any
 * other request.
 */
export function builtPage(buildDir: string, policyConfig: () => PolicyConfig) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!asksForPage(req)) return false;
    const inventory = readInventory(buildDir);
    let html: Buffer;
    try {
      html = readFileSync(join(buildDir, 'index.html'));
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`the built page cannot be read: ${(error as Error).message}`);
      return true;
    }
    if (E.isLeft(inventory)) {
      // No inventory, no policy: the page is not served without one.
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`the built page has no script inventory: ${inventory.left}`);
      return true;
    }
    for (const [name, value] of Object.entries(pageHeaders(inventory.right, policyConfig(), { tls: overTls(req) }))) res.setHeader(name, value);
    // Compressed as a host compresses its pages: 14 KB of HTML (the page copy's script and the first styles) is 4 KB.
    const { body, encoding } = encodeBody(html, req.headers['accept-encoding']);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      ...encodingHeaders(encoding),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/**
 * Answers a GET or HEAD of the offline worker's script from `buildDir` with its own headers (its policy, no caching),
 * from the config.json the host serves at that moment, as for the page. False for any other request.
 */
export function builtWorker(buildDir: string, policyConfig: () => PolicyConfig) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.url ?? '/').split(/[?#]/)[0] !== WORKER_SCRIPT_PATH) return false;
    let script: Buffer;
    try {
      script = readFileSync(join(buildDir, WORKER_SCRIPT_PATH));
    } catch {
      return false;
    }
    for (const [name, value] of Object.entries(workerHeaders(policyConfig(), { tls: overTls(req) }))) res.setHeader(name, value);
    const { body, encoding } = encodeBody(script, req.headers['accept-encoding']);
    res.writeHead(200, { ...encodingHeaders(encoding), 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The compressed copy of a built file, made once and kept beside it (see compressedAssets). */
function compressedCopy(file: string, mtimeMs: number, encoding: 'br' | 'gzip'): Buffer {
  const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  try {
    if (statSync(copy).mtimeMs >= mtimeMs) return readFileSync(copy);
  } catch {
    // Not made yet.
  }
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, { level: 9 });
  try {
    // Written whole, then named: a server of the same build reading at that moment sees no half-written copy.
    const partial = `${copy}.${process.pid}.partial`;
    writeFileSync(partial, body);
    renameSync(partial, copy);
  } catch {
    // A folder that cannot be written: this server keeps it in memory alone.
  }
  return body;
}

/**
 * The build's hashed assets (/assets/*) as a CDN serves them: compressed (Brotli where the browser offers it, else
 * gzip) and cached for a year, since a changed file gets a new name. `vite preview` alone sends them uncompressed and
 * revalidates each one on every visit, which no production host does. Each compressed copy is made once per build:
 * kept beside its file (`x.js.br`, `x.js.gz`, as hosts keep precompressed files) for every later server of the same
 * build to read, since Brotli at its best quality takes about 4 s of processor time for the whole build (the browser
 * tests start a server per file), and in memory where the folder cannot be written.
 */
export function compressedAssets(outDir: string) {
  const kept = new Map<string, { readonly mtimeMs: number; readonly bodies: Map<string, Buffer> }>();
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = (req.url ?? '').split('?')[0]!;
    const type = ASSET_TYPES[extname(path)];
    if (type === undefined || !/^\/assets\/[\w.-]+$/.test(path)) return next();
    const file = join(outDir, path);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return next();
    }
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    let entry = kept.get(file);
    if (entry?.mtimeMs !== mtimeMs) kept.set(file, (entry = { mtimeMs, bodies: new Map() }));
    let body = entry.bodies.get(encoding);
    if (body === undefined) {
      body = encoding === 'identity' ? readFileSync(file) : compressedCopy(file, mtimeMs, encoding);
      entry.bodies.set(encoding, body);
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    for (const [name, value] of Object.entries(encodingHeaders(encoding === 'identity' ? undefined : encoding))) res.setHeader(name, value);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
