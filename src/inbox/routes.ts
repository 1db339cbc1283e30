// The inbox's calls, one line each in ROUTES: who may make it (anyone, the share's upload secret, or staff) and what
// answers it. README.md beside this file documents each.
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import { readChunk } from './chunk';
import type { InboxContext } from './context';
import { recentCspReports, storeCspReports, violationsOf } from './cspReports';
import { followShare } from './follow';
import { bearer, parseJsonBody, readBody, remoteAddress, sendJson, sendRefusal } from './http';
import { lookupKeys, lookupLocked, wrongCode } from './lookupLimits';
import { refusal } from './refusal';
import { appendChunk } from './shareEvents';
import { sendShareLog } from './shareLog';
import { createShare, recentShares, shareById, shareByCode, shareForUpload, stopShare } from './shares';
import { normaliseShareCode } from './secrets';
import { staffMember, type StaffMember } from './staffTokens';

interface Call {
  readonly ctx: InboxContext;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  /** The path's parts the route's pattern captured. */
  readonly params: readonly string[];
  readonly cors: Record<string, string>;
  readonly streams: Set<() => void>;
}

type Who = 'anyone' | 'shopper' | 'staff';
type Answer = (call: Call, staff: StaffMember | null) => Promise<void>;

const ROUTES: readonly { method: string; path: RegExp; who: Who; answer: Answer }[] = [
  { method: 'POST', path: /^\/inbox\/shares$/, who: 'anyone', answer: openShare },
  { method: 'PUT', path: /^\/inbox\/shares\/([\w-]+)\/chunks\/(\d+)-(\d+)$/, who: 'shopper', answer: appendToShare },
  { method: 'POST', path: /^\/inbox\/shares\/([\w-]+)\/stop$/, who: 'shopper', answer: stopSharing },
  { method: 'GET', path: /^\/inbox\/shares$/, who: 'staff', answer: listShares },
  // The code goes in the body, never the path: addresses end up in access logs and proxies' logs.
  { method: 'POST', path: /^\/inbox\/shares\/lookup$/, who: 'staff', answer: shareLogByCode },
  { method: 'GET', path: /^\/inbox\/shares\/([\w-]+)\/log$/, who: 'staff', answer: shareLogById },
  { method: 'GET', path: /^\/inbox\/shares\/([\w-]+)\/events$/, who: 'staff', answer: followEvents },
  { method: 'POST', path: /^\/inbox\/csp-reports$/, who: 'anyone', answer: receiveCspReport },
  { method: 'GET', path: /^\/inbox\/csp-reports$/, who: 'staff', answer: listCspReports },
];

export async function route(ctx: InboxContext, req: IncomingMessage, res: ServerResponse, url: URL, cors: Record<string, string>, streams: Set<() => void>) {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  const matches = ROUTES.map((r) => ({ r, found: r.path.exec(url.pathname) })).filter(({ found }) => found !== null);
  const match = matches.find(({ r }) => r.method === method);
  if (match === undefined) {
    const refused =
      matches.length > 0
        ? refusal(405, 'method_not_allowed', `${method} ${url.pathname}: use ${matches.map(({ r }) => r.method).join(' or ')}`)
        : refusal(404, 'not_found', `no inbox call ${method} ${url.pathname}`);
    return sendRefusal(res, refused, cors);
  }
  const call: Call = { ctx, req, res, url, params: match.found!.slice(1).map(decodedOrAsIs), cors, streams };
  let staff: StaffMember | null = null;
  if (match.r.who === 'staff') {
    staff = await staffMember(ctx, bearer(req));
    if (staff === null)
      return sendRefusal(
        res,
        refusal(401, 'staff_token_required', 'send a live staff token as Authorization: Bearer <token> (countertop support token create)'),
        cors,
      );
  }
  await match.r.answer(call, staff);
}

/** A path part with its %-escapes undone; as it is when they are not valid (it then names nothing). */
function decodedOrAsIs(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The largest seq the database's integer column holds. */
const MAX_SEQ = 2_147_483_647;

/** A limit from the query: a whole number within bounds, else the default. */
function listLimit(ctx: InboxContext, url: URL): number {
  const asked = Number(url.searchParams.get('limit') ?? NaN);
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, ctx.limits.maxListLimit) : ctx.limits.defaultListLimit;
}

async function openShare({ ctx, req, res, cors }: Call): Promise<void> {
  const body = await readBody(req, 10_000);
  const json = E.isRight(body) ? parseJsonBody(body.right) : body;
  const made = E.isRight(json) ? await createShare(ctx, json.right) : json;
  if (E.isLeft(made)) return sendRefusal(res, made.left, cors);
  sendJson(res, 201, made.right, cors);
}

async function appendToShare({ ctx, req, res, params, cors }: Call): Promise<void> {
  const [shareId, first, last] = [params[0]!, Number(params[1]), Number(params[2])];
  const share = await shareForUpload(ctx, shareId, bearer(req));
  if (E.isLeft(share)) return sendRefusal(res, share.left, cors);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 1 || last < first || last > MAX_SEQ) {
    return sendRefusal(res, refusal(400, 'invalid_chunk_name', `a chunk is named by its first and last seq (1-50), got ${first}-${last}`), cors);
  }
  const body = await readBody(req, ctx.limits.maxChunkBytes);
  if (E.isLeft(body)) return sendRefusal(res, body.left, cors);
  const chunk = await readChunk(body.right.toString('utf8'), { first, last });
  if (E.isLeft(chunk)) return sendRefusal(res, refusal(400, 'chunk_refused', 'nothing of this chunk was stored', { problems: chunk.left }), cors);
  const appended = await appendChunk(ctx, shareId, chunk.right);
  if (E.isLeft(appended)) return sendRefusal(res, appended.left, cors);
  sendJson(res, 200, appended.right, cors);
}

async function stopSharing({ ctx, req, res, params, cors }: Call): Promise<void> {
  const share = await shareForUpload(ctx, params[0]!, bearer(req));
  if (E.isLeft(share)) return sendRefusal(res, share.left, cors);
  sendJson(res, 200, await stopShare(ctx, share.right.id), cors);
}

async function listShares({ ctx, res, url, cors }: Call): Promise<void> {
  const text = (name: string) => url.searchParams.get(name) || undefined;
  const filter = { business: text('business'), orderId: text('orderId'), errorCode: text('errorCode'), limit: listLimit(ctx, url) };
  sendJson(res, 200, { shares: await recentShares(ctx, filter) }, cors);
}

async function shareLogByCode({ ctx, req, res, cors }: Call, staff: StaffMember | null): Promise<void> {
  const keys = lookupKeys(staff!.id, remoteAddress(req));
  const locked = await lookupLocked(ctx, keys);
  if (locked !== null) return sendRefusal(res, locked, cors);
  const body = await readBody(req, 1_000);
  const json = E.isRight(body) ? parseJsonBody(body.right) : body;
  if (E.isLeft(json)) return sendRefusal(res, json.left, cors);
  const code: unknown = (json.right as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || normaliseShareCode(code) === null) {
    return sendRefusal(res, refusal(400, 'invalid_code', 'a share code is eight letters and digits, such as K7Q4-PD2M'), cors);
  }
  const share = await shareByCode(ctx, code);
  if (share === null) {
    const refused = await wrongCode(ctx, keys);
    return sendRefusal(res, refused ?? refusal(404, 'no_such_code', 'no share has that code; check it with the shopper'), cors);
  }
  await sendShareLog(ctx, req, res, share, cors);
}

async function shareLogById({ ctx, req, res, params, cors }: Call): Promise<void> {
  const share = await shareById(ctx, params[0]!);
  if (share === null) return sendRefusal(res, refusal(404, 'no_such_share', `no share ${params[0]}`), cors);
  await sendShareLog(ctx, req, res, share, cors);
}

async function followEvents({ ctx, req, res, url, params, cors, streams }: Call): Promise<void> {
  const share = await shareById(ctx, params[0]!);
  if (share === null) return sendRefusal(res, refusal(404, 'no_such_share', `no share ${params[0]}`), cors);
  const after = Number(url.searchParams.get('after') ?? req.headers['last-event-id'] ?? 0);
  if (!Number.isSafeInteger(after) || after < 0 || after > MAX_SEQ)
    return sendRefusal(res, refusal(400, 'invalid_after', 'after is the last seq you hold (0 for all)'), cors);
  await followShare(ctx, req, res, share.id, after, cors, streams);
}

async function receiveCspReport({ ctx, req, res, cors }: Call): Promise<void> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!/^application\/(reports\+json|csp-report|json)\b/.test(type)) {
    return sendRefusal(res, refusal(415, 'not_a_report', 'send application/reports+json or application/csp-report'), cors);
  }
  const body = await readBody(req, ctx.limits.maxCspReportBytes);
  const json = E.isRight(body) ? parseJsonBody(body.right) : body;
  if (E.isLeft(json)) return sendRefusal(res, json.left, cors);
  await storeCspReports(ctx, violationsOf(json.right));
  res.writeHead(204, cors);
  res.end();
}

async function listCspReports({ ctx, res, url, cors }: Call): Promise<void> {
  sendJson(res, 200, { reports: await recentCspReports(ctx, listLimit(ctx, url)) }, cors);
}
