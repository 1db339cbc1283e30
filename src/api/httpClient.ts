// The one HTTP client every call goes through (ordering.md section 7, account-and-session.md section 7): base path
// from config.json, 60 s time-out, bearer token on (auth) calls, the client id on every call (X-Client-Id header;
// the calls whose payload names it also carry it there), every answer decoded, every failure reported with the call
// name. A 401 on an (auth) call refreshes the session once and retries; a refused refresh signs the user out.
// Refreshes take turns across the tabs sharing the token store (see sessionLock.ts): a tab that waited its turn uses
// the tokens the tab before it stored rather than spending a refresh token that is already spent.
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode } from '../domain/codec';
import { decodeFast } from '../domain/fastDecode';
import { describeApiError, type ApiError } from './apiError';
import type { ReportError } from './errorReporter';
import { LoginResultCodec, loginForm, tokensFromLogin } from './session';
import type { RefreshHandoff, RefreshTurn } from './refreshHandoff';
import { defaultSessionLock, type SessionLock } from './sessionLock';
import type { TokenStore, Tokens } from './tokenStore';

/** Ordering.md section 9: API time-out 60000 ms. */
export const API_TIMEOUT_MS = 60_000;

export const CLIENT_ID_HEADER = 'X-Client-Id';

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** Reads a 2xx answer into the call's result, or lists what is wrong with it. */
export type ReadAnswer<A> = (answer: Answer) => E.Either<string[], A>;

export interface CallSpec<A> {
  /** The call's name in error reports, e.g. 'Order/Place'. */
  readonly name: string;
  /** Path under the base, e.g. 'Order/Place' or 'v2/Order/Place'. */
  readonly path: string;
  readonly method?: 'POST' | 'DELETE';
  readonly query?: Readonly<Record<string, string>>;
  /** JSON body. */
  readonly body?: unknown;
  /** Multipart form body instead of JSON (Account/Login). */
  readonly form?: Readonly<Record<string, string>>;
  /** The bearer token is required (the spec's "(auth)"). */
  readonly auth?: boolean;
  readonly read: ReadAnswer<A>;
  /**
   * A large answer (the catalog): its parsing and its reading each wait for `HttpClientOptions.pause`, so a phone runs
   * them as tasks of their own, not one long task with whatever answered before.
   */
  readonly large?: boolean;
}

export interface HttpClientOptions {
  /** Base URL or path of the API, e.g. '/api' (config.json ApiBasePath) or 'http://localhost:4010/api'. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly tokens: TokenStore;
  readonly reportError: ReportError;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** Every failure the client reports, as a value (the storefront records the ones support needs: callFailure.ts). */
  readonly onFailure?: (error: ApiError) => void;
  /** The refresh was refused and the tokens are gone: the caller records the sign-out. */
  readonly onSignedOut?: () => void;
  /** A pause before each step of reading a large answer (the storefront's next task); none by default. */
  readonly pause?: () => Promise<void>;
  /**
   * Held around every refresh, by every client sharing `tokens`: by default the browser's Web Locks API where it
   * exists (so the tabs of a profile take turns), else a lock in memory for this client.
   */
  readonly lock?: SessionLock;
  /** Where the lock's holder leaves what its refresh did, for the next holder (refreshHandoff.ts). */
  readonly handoff?: RefreshHandoff;
  /** How long a tab waits for tokens another tab rotated to reach its storage; 2 s by default. */
  readonly handoffWaitMs?: number;
}

export interface HttpClient {
  readonly clientId: string;
  readonly tokens: TokenStore;
  call<A>(spec: CallSpec<A>): Promise<E.Either<ApiError, A>>;
  /** Exchange the refresh token for new tokens now (start-up auto-login); false when there is no usable session. */
  refreshSession(): Promise<E.Either<ApiError, true>>;
}

/** Decode a 2xx body with a codec. */
export function decodeWith<A, O>(codec: t.Type<A, O, unknown>): ReadAnswer<A> {
  return (answer) => decodeFast(codec, answer.body);
}

/** Any 2xx answer is success; the body, if any, is not read. */
export const noContent: ReadAnswer<void> = () => E.right(undefined);

function joinUrl(base: string, path: string, query?: Readonly<Record<string, string>>): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query || Object.keys(query).length === 0) return url;
  return `${url}?${new URLSearchParams(query).toString()}`;
}

function parseText(text: string): { json: true; value: unknown } | { json: false; value: string } {
  if (text.trim() === '') return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchFn = options.fetch ?? fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const { tokens, clientId } = options;
  const lock = options.lock ?? defaultSessionLock();
  // Loaded with the first refresh: most visits never refresh, and the first page carries none of it.
  let handoff: RefreshHandoff | undefined = options.handoff;
  async function takeTurn(spending: Tokens): Promise<RefreshTurn | null> {
    try {
      const module = await import('./refreshHandoff');
      handoff ??= module.defaultRefreshHandoff();
      const storedNow = () => {
        const now = tokens.get();
        return now === null ? 'gone' : replaced(spending, now) ? 'replaced' : 'same';
      };
      return await module.takeTurn(handoff, spending.refreshToken, storedNow, options.handoffWaitMs ?? 2_000);
    } catch {
      // A page being torn down may fail to load it: the lock alone still orders the tabs.
      return null;
    }
  }
  let refreshing: Promise<E.Either<ApiError, true>> | null = null;

  /** One request, no retries: an answer (any status) or a network / time-out error. */
  async function send(spec: CallSpec<unknown>, accessToken: string | null): Promise<E.Either<ApiError, { status: number; text: string }>> {
    const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: clientId };
    if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;
    let body: string | FormData | undefined;
    if (spec.form !== undefined) {
      const form = new FormData();
      for (const [key, value] of Object.entries(spec.form)) form.append(key, value);
      body = form;
    } else if (spec.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await fetchFn(joinUrl(options.baseUrl, spec.path, spec.query), {
        method: spec.method ?? 'POST',
        headers,
        ...(body === undefined ? {} : { body }),
        signal: controller.signal,
      });
      const text = await response.text();
      return E.right({ status: response.status, text });
    } catch (error) {
      if (timedOut) return E.left({ kind: 'timeout', call: spec.name, afterMs: timeoutMs });
      return E.left({ kind: 'network', call: spec.name, message: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  function report(error: ApiError): void {
    try {
      options.onFailure?.(error);
    } catch {
      // recording must never break a call
    }
    try {
      options.reportError({ call: error.call, message: describeApiError(error), ...(error.kind === 'http' ? { status: error.status } : {}) });
    } catch {
      // reporting must never break a call
    }
  }

  function signOut(): void {
    tokens.clear();
    options.onSignedOut?.();
  }

  const unauthorized = (): E.Either<ApiError, true> => E.left({ kind: 'unauthorized', call: 'Account/Login' });

  /** Another tab refreshed (or signed in again) since `tried` was read: its tokens are the ones to use. */
  const replaced = (tried: Tokens, now: Tokens) => now.refreshToken !== tried.refreshToken || now.accessToken !== tried.accessToken;

  async function refreshNow(): Promise<E.Either<ApiError, true>> {
    const tried = tokens.get();
    if (tried === null || tried.refreshToken === '') {
      signOut();
      return unauthorized();
    }
    return lock.run(() => refreshInTurn(tried));
  }

  /** Holding the lock: `tried` is what this client saw before it waited its turn. */
  async function refreshInTurn(tried: Tokens): Promise<E.Either<ApiError, true>> {
    const current = tokens.get();
    // Signed out in another tab while this one waited.
    if (current === null || current.refreshToken === '') {
      signOut();
      return unauthorized();
    }
    if (replaced(tried, current)) return E.right(true);
    // The tab before this one may have spent this refresh token already, its new tokens not yet in this tab's storage.
    const turn = await takeTurn(current);
    if (turn?.before === 'replaced') return E.right(true);
    if (turn?.before === 'refused' || turn?.before === 'gone') {
      signOut();
      return unauthorized();
    }
    const spec: CallSpec<unknown> = {
      name: 'Account/Login',
      path: 'Account/Login',
      form: loginForm(clientId, { grant_type: 'refresh_token', refresh_token: current.refreshToken }),
      read: decodeWith(LoginResultCodec),
    };
    const sent = await send(spec, null);
    if (E.isLeft(sent)) {
      // Offline is not a refusal: keep the session and let the caller retry later.
      report(sent.left);
      return sent;
    }
    const parsed = parseText(sent.right.text);
    const decoded = sent.right.status >= 200 && sent.right.status < 300 ? decode(LoginResultCodec, parsed.value) : null;
    if (decoded === null || E.isLeft(decoded)) {
      if (sent.right.status >= 500) {
        const error: ApiError = { kind: 'http', call: spec.name, status: sent.right.status, body: parsed.value };
        report(error);
        return E.left(error);
      }
      // A tab whose write reached this one's storage only after the lock did: the refusal is of a token that tab
      // already replaced, and the shopper is still signed in.
      const after = tokens.get();
      if (after !== null && replaced(current, after)) return E.right(true);
      await turn?.record('refused');
      signOut();
      return E.left({ kind: 'unauthorized', call: spec.name });
    }
    tokens.set(tokensFromLogin(decoded.right));
    await turn?.record('rotated');
    return E.right(true);
  }

  /**
   * Concurrent 401s in this page share one refresh, and pages take turns through the lock: refresh tokens rotate, so
   * a second refresh with the old one would fail.
   */
  function refreshSession(): Promise<E.Either<ApiError, true>> {
    refreshing ??= refreshNow().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function call<A>(spec: CallSpec<A>): Promise<E.Either<ApiError, A>> {
    let accessToken: string | null = null;
    if (spec.auth === true) {
      const current = tokens.get();
      if (current === null) return E.left({ kind: 'unauthorized', call: spec.name });
      accessToken = current.accessToken;
    }
    let sent = await send(spec, accessToken);
    if (spec.auth === true && E.isRight(sent) && sent.right.status === 401) {
      // Another call may have refreshed while this one was in flight; only refresh when our token is still current.
      if (tokens.get()?.accessToken === accessToken) {
        const refreshed = await refreshSession();
        if (E.isLeft(refreshed)) {
          const error: ApiError = refreshed.left.kind === 'unauthorized' ? { kind: 'unauthorized', call: spec.name } : refreshed.left;
          if (error.kind === 'unauthorized') report(error);
          return E.left(error);
        }
      }
      const next = tokens.get();
      if (next === null) return E.left({ kind: 'unauthorized', call: spec.name });
      sent = await send(spec, next.accessToken);
    }
    const result = await interpret(spec, sent);
    if (E.isLeft(result)) report(result.left);
    return result;
  }

  async function interpret<A>(spec: CallSpec<A>, sent: E.Either<ApiError, { status: number; text: string }>): Promise<E.Either<ApiError, A>> {
    if (E.isLeft(sent)) return sent;
    const { status, text } = sent.right;
    if (spec.large === true) await options.pause?.();
    const parsed = parseText(text);
    if (spec.large === true && parsed.json && status >= 200 && status < 300) await options.pause?.();
    if (status === 401 && spec.auth === true) return E.left({ kind: 'unauthorized', call: spec.name });
    if (status < 200 || status >= 300) return E.left({ kind: 'http', call: spec.name, status, body: parsed.value });
    if (!parsed.json) return E.left({ kind: 'decode', call: spec.name, status, problems: ['(root): expected JSON, got text'] });
    const read = spec.read({ status, body: parsed.value });
    return E.isLeft(read) ? E.left({ kind: 'decode', call: spec.name, status, problems: read.left }) : E.right(read.right);
  }

  return { clientId, tokens, call, refreshSession };
}
