// Node http plumbing shared by every sandbox route: reading JSON, urlencoded and multipart bodies, writing replies,
// and the two error body forms the API uses (see README.md, "Error bodies").
import { parseJson } from '../domain/codec';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What a route answers; `body` undefined means an empty body. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request as routes see it: already read and parsed. */
export interface Call {
  readonly method: string;
  /** Path without the query, e.g. /api/Order/Place. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  /** Parsed JSON, or the fields of a form; undefined when the body is empty. */
  readonly body: unknown;
}

export type Route = (call: Call) => Reply | Promise<Reply>;

export const ok = (body?: unknown): Reply => ({ status: 200, body });

/** Order-style failure: a JSON list of 'prefix - CODE' strings (ordering.md section 8). */
export const codes = (status: number, ...list: string[]): Reply => ({ status, body: list });

/** Account-style failure: a list whose first element's Errors hold the messages (account-and-session.md section 8). */
export const fieldErrors = (status: number, field: string, ...errors: string[]): Reply => ({ status, body: [{ Field: field, Errors: errors }] });

export const MAX_BODY_BYTES = 1_000_000;

export class BodyError extends Error {
  constructor(
    message: string,
    /** Over the size limit (413), rather than malformed (400). */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

export async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyError('request body is larger than 1 MB', true);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** JSON, application/x-www-form-urlencoded or multipart/form-data (text fields only) into a value. */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    if (!boundary) throw new BodyError('multipart body without a boundary');
    return parseMultipart(raw.toString('utf8'), boundary);
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  try {
    return parseJson(raw.toString('utf8'));
  } catch (error) {
    throw new BodyError(`the body is not JSON: ${(error as Error).message}`);
  }
}

/** The text fields of a multipart/form-data body (files are not part of the API). */
export function parseMultipart(text: string, boundary: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of text.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/** Bodies under this many bytes go as they are: compressing them saves less than its own header costs. */
export const COMPRESS_FROM_BYTES = 1_024;

/** The encoding a client's Accept-Encoding allows, Brotli before gzip; 'identity' when it offers neither. */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = acceptEncoding ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

/** The headers of a body sent in `encoding`: it varies with Accept-Encoding, and says how it was encoded. */
export function encodingHeaders(encoding: 'br' | 'gzip' | undefined): Record<string, string> {
  return { Vary: 'Accept-Encoding', ...(encoding === undefined ? {} : { 'Content-Encoding': encoding }) };
}

/**
 * A body as an API gateway sends it: Brotli where the client offers it, else gzip, else as it is. Dynamic answers
 * take Brotli's quality 5 (a few milliseconds for the largest catalog, a third larger than at 11) and gzip's level 6,
 * as CDNs compress what they cannot keep.
 */
export function encodeBody(body: Buffer, acceptEncoding: string | undefined): { readonly body: Buffer; readonly encoding?: 'br' | 'gzip' } {
  if (body.length < COMPRESS_FROM_BYTES) return { body };
  const encoding = chosenEncoding(acceptEncoding);
  if (encoding === 'br') {
    return { body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }), encoding };
  }
  if (encoding === 'gzip') return { body: gzipSync(body, { level: 6 }), encoding };
  return { body };
}

/** Text formats; images and fonts are compressed already. */
const COMPRESSIBLE = /json|text|javascript|xml/i;

/**
 * Writes a reply: JSON for a value, text/plain for a string or buffer. A body of a kilobyte or more is compressed when
 * the request's Accept-Encoding allows it, as the real API's gateway does (the catalog is 44 KB of JSON).
 */
export function send(res: ServerResponse, reply: Reply, acceptEncoding?: string): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const text = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
  const raw = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(text ? (reply.body as string) : JSON.stringify(reply.body), 'utf8');
  const type = headers['Content-Type'] ?? (text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  const { body, encoding } = COMPRESSIBLE.test(type) ? encodeBody(raw, acceptEncoding) : { body: raw, encoding: undefined };
  res.writeHead(reply.status, { ...headers, 'Content-Type': type, ...encodingHeaders(encoding), 'Content-Length': String(body.length) });
  res.end(body);
}

/**
 * CORS for a storefront served from another origin that the sandbox was told about (`countertop serve --origin`);
 * credentials allowed for SignalR. Any other origin gets nothing, so its pages can neither drive nor read the API.
 */
export function corsHeaders(req: IncomingMessage, allowed: readonly string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined || !allowed.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, X-Client-Id, X-Requested-With, X-SignalR-User-Agent',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** Whether the request says it comes from a page on another origin than the one it is sent to. */
export function crossOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * Whether the request names this host as localhost, a name under .localhost or an address: a page on a name of its
 * own that was made to resolve here (DNS rebinding) sends that name, and is its own origin to the browser, so an
 * Origin check alone lets it through (and its GETs carry no Origin at all).
 */
export function directHost(req: Pick<IncomingMessage, 'headers'>): boolean {
  const host = req.headers.host;
  if (host === undefined) return false;
  try {
    const name = new URL(`http://${host}`).hostname.replace(/^\[(.*)\]$/, '$1');
    return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0;
  } catch {
    return false;
  }
}

/**
 * Whether a request may use the hub (negotiate and the WebSocket upgrade, which CORS does not cover): no Origin (not a
 * web page), an origin the sandbox was told about (`--origin`, the API's CORS list), or the sandbox's own origin as
 * reached by localhost or an address. A page on a name of its own that resolves here (DNS rebinding) is not its own.
 */
export function originAllowed(req: Pick<IncomingMessage, 'headers'>, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || allowed.includes(origin)) return true;
  try {
    const url = new URL(origin);
    const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const direct = name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0;
    return direct && url.host === req.headers.host;
  } catch {
    return false;
  }
}

export function headerValue(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
