// The support inbox's staff calls the console makes (src/inbox/README.md): a share's log by its code or its id, and
// the recent shares with their outcome. Each answer is a value; what a refusal means to support is said here once.
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { decode } from '../../../domain/codec';

/** Where the inbox answers: beside the storefront (`npm start`, and a host that proxies /inbox/ to it). */
export const INBOX = '/inbox';

const ShareSummaryCodec = t.type({
  id: t.string,
  business: t.string,
  createdAt: t.string,
  lastEventAt: t.string,
  stoppedAt: t.union([t.string, t.null]),
  events: t.number,
  outcome: t.keyof({ placed: null, failed: null, none: null }),
  orderIds: t.array(t.string),
  failureCodes: t.array(t.string),
  lastPath: t.union([t.string, t.null]),
});
export type ShareSummary = t.TypeOf<typeof ShareSummaryCodec>;
const ShareListCodec = t.type({ shares: t.array(ShareSummaryCodec) });

/** A share's log as the inbox sends it: the file's text, its id, and whether the shopper has stopped sharing. */
export interface ShareLog {
  readonly text: string;
  readonly shareId: string;
  readonly stopped: boolean;
}

/** Why the inbox gave nothing, in words support can act on. */
export interface InboxRefusal {
  readonly status: number;
  readonly message: string;
}

export const INBOX_WORDS = {
  unauthorized: 'The inbox did not accept this staff token: check it, or ask for a new one if it was revoked.',
  unauthorizedList: 'The recent shared visits show once the inbox accepts your staff token.',
  noSuchCode: 'No shared visit has that code. Check it with the shopper.',
  noSuchShare: 'That shared visit is no longer in the inbox.',
  unreachable: 'The support inbox could not be reached. Check the connection and try again.',
  locked: (wait: string) => `Too many wrong codes: look-ups by code are locked. Try again in ${wait}.`,
} as const;

/** Seconds as a person says a wait: '45 seconds', '15 minutes'. */
export function waitWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

type Fetch = typeof fetch;
/** The window's fetch, called as the window's. */
export const windowFetch: Fetch = (...args) => fetch(...args);
const staffHeaders = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What a refusal means for support: the sentence to show. */
async function refusalOf(res: Response, notFound: string): Promise<InboxRefusal> {
  if (res.status === 401) return { status: 401, message: INBOX_WORDS.unauthorized };
  if (res.status === 404) return { status: 404, message: notFound };
  if (res.status === 429) {
    const seconds = Number(res.headers.get('Retry-After'));
    return { status: 429, message: INBOX_WORDS.locked(waitWords(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 900)) };
  }
  const said = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return { status: res.status, message: typeof said?.message === 'string' ? said.message : `The inbox answered ${res.status}.` };
}

async function call(send: Fetch, path: string, token: string, body?: unknown): Promise<E.Either<InboxRefusal, Response>> {
  const post = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
  const headers = body === undefined ? staffHeaders(token) : { ...staffHeaders(token), 'Content-Type': 'application/json' };
  try {
    return E.right(await send(`${INBOX}${path}`, { headers, cache: 'no-store', ...post }));
  } catch {
    return E.left({ status: 0, message: INBOX_WORDS.unreachable });
  }
}

async function shareLog(send: Fetch, path: string, token: string, notFound: string, body?: unknown): Promise<E.Either<InboxRefusal, ShareLog>> {
  const answered = await call(send, path, token, body);
  if (E.isLeft(answered)) return answered;
  const res = answered.right;
  if (!res.ok) return E.left(await refusalOf(res, notFound));
  const text = await res.text();
  return E.right({ text, shareId: res.headers.get('X-Share-Id') ?? '', stopped: res.headers.get('X-Share-Stopped') === 'true' });
}

/** The share a code names (the code as the domain reads it: normaliseShareCode), asked in the body, never the address. */
export const shareLogByCode = (code: string, token: string, send: Fetch = windowFetch): Promise<E.Either<InboxRefusal, ShareLog>> =>
  shareLog(send, '/shares/lookup', token, INBOX_WORDS.noSuchCode, { code });

/** A share picked from the list: by its id, which no look-up limit counts. */
export const shareLogById = (id: string, token: string, send: Fetch = windowFetch): Promise<E.Either<InboxRefusal, ShareLog>> =>
  shareLog(send, `/shares/${encodeURIComponent(id)}/log`, token, INBOX_WORDS.noSuchShare);

/** The most recently active shares, newest first. */
export async function recentShares(token: string, send: Fetch = windowFetch, limit = 30): Promise<E.Either<InboxRefusal, readonly ShareSummary[]>> {
  const answered = await call(send, `/shares?limit=${limit}`, token);
  if (E.isLeft(answered)) return answered;
  const res = answered.right;
  if (!res.ok) return E.left(await refusalOf(res, INBOX_WORDS.noSuchShare));
  const list = decode(ShareListCodec, await res.json().catch(() => null));
  return E.isRight(list) ? E.right(list.right.shares) : E.left({ status: res.status, message: `The inbox's list could not be read: ${list.left[0]}` });
}
