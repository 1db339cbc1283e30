// Node http plumbing for the inbox: bodies read with a size limit (gzip undone, within the same limit), JSON answers,
// refusals in one shape ({error, message, problems?}), bearer tokens and CORS for a storefront on another origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import * as E from 'fp-ts/lib/Either.js';
import { refusal, type Refusal } from './refusal';

/** The body's bytes, gunzipped when it says `Content-Encoding: gzip`; Left 413 past `maxBytes` either way. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<E.Either<Refusal, Buffer>> {
  const tooLarge = refusal(413, 'body_too_large', `the body is larger than ${(maxBytes / 1e6).toLocaleString('en-US')} MB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return E.left(tooLarge);
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity' || raw.length === 0) return E.right(raw);
  if (encoding !== 'gzip') return E.left(refusal(415, 'unsupported_encoding', `Content-Encoding ${encoding.slice(0, 40)}: send gzip or nothing`));
  try {
    return E.right(gunzipSync(raw, { maxOutputLength: maxBytes }));
  } catch (error) {
    return E.left((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge : refusal(400, 'invalid_gzip', 'the body is not valid gzip'));
  }
}

/** The body as JSON; Left 400 when it is not. */
export function parseJsonBody(raw: Buffer): E.Either<Refusal, unknown> {
  try {
    return E.right(JSON.parse(raw.toString('utf8')) as unknown);
  } catch (error) {
    return E.left(refusal(400, 'invalid_json', `the body is not JSON: ${(error as Error).message}`));
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function sendRefusal(res: ServerResponse, refused: Refusal, headers: Readonly<Record<string, string>> = {}): void {
  const { status, retryAfterSeconds, ...body } = refused;
  const extra: Record<string, string> = { ...headers };
  if (retryAfterSeconds !== undefined) extra['Retry-After'] = String(retryAfterSeconds);
  if (status === 401) extra['WWW-Authenticate'] = 'Bearer';
  sendJson(res, status, body, extra);
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
  return match ? match[1]! : null;
}

/** The address a request came from, as the socket says (a proxy in front is one address for all). */
export function remoteAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * CORS for a storefront or console served from another origin the inbox was told about; any other origin gets
 * nothing. No credentials: every call carries its token in Authorization.
 */
export function corsHeaders(req: IncomingMessage, allowed: readonly string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined || !allowed.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Content-Encoding, Last-Event-ID',
    'Access-Control-Expose-Headers': 'Retry-After, X-Share-Id, X-Share-Stopped',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}
