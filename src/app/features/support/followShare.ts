// Following a shared visit live: the inbox's `GET /inbox/shares/:id/events?after=SEQ` stream, read with fetch (the
// staff token goes in a header, which EventSource cannot send) and cut into frames by sseFrames.ts. Each catalog and
// event line goes to the console in order; a dropped stream is opened again after the last event held (after= and
// Last-Event-ID), waiting longer each time, until the shopper stops, the share is purged or the token is refused.
import { INBOX, INBOX_WORDS, windowFetch } from './inboxClient';
import { sseParser } from './sseFrames';

export type FollowStatus =
  | { readonly kind: 'live' }
  | { readonly kind: 'connecting' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'gone' }
  | { readonly kind: 'refused'; readonly message: string };

export interface FollowOptions {
  readonly shareId: string;
  /** The last seq the console holds: the stream starts after it. */
  readonly after: number;
  readonly token: string;
  /** Catalog and event lines, in the stream's order; the next ones wait until these are taken. */
  readonly onLines: (lines: readonly string[]) => Promise<void>;
  readonly onStatus: (status: FollowStatus) => void;
  readonly fetch?: typeof fetch;
  readonly wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The first wait before opening a dropped stream again, doubled each time to at most MAX_WAIT_MS. */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Starts following; the function it returns stops (the stream is closed at once). */
export function followShare(options: FollowOptions): () => void {
  const send = options.fetch ?? windowFetch;
  const wait = options.wait ?? pause;
  const control = new AbortController();
  const { signal } = control;
  let after = options.after;
  // The server may ask for another first wait (`retry:`).
  let firstWaitMs = FIRST_WAIT_MS;
  let waitMs = firstWaitMs;

  /** Reads one stream to its end: 'done' when following is over, 'again' when it dropped. */
  const readStream = async (): Promise<'done' | 'again'> => {
    const res = await send(`${INBOX}/shares/${encodeURIComponent(options.shareId)}/events?after=${after}`, {
      headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream', 'Last-Event-ID': String(after) },
      cache: 'no-store',
      signal,
    });
    if (res.status === 401) return finish({ kind: 'refused', message: INBOX_WORDS.unauthorized });
    if (res.status === 404) return finish({ kind: 'gone' });
    if (!res.ok || res.body === null) return 'again';
    options.onStatus({ kind: 'live' });
    const parser = sseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'again';
      const lines: string[] = [];
      let ending: FollowStatus | null = null;
      for (const message of parser.push(value)) {
        if (message.event === 'catalog') lines.push(message.data);
        else if (message.event === 'event' && Number(message.id) > after) {
          lines.push(message.data);
          after = Number(message.id);
        } else if (message.event === 'stopped') ending = { kind: 'stopped' };
        else if (message.event === 'gone') ending = { kind: 'gone' };
      }
      firstWaitMs = parser.retry ?? firstWaitMs;
      if (lines.length > 0) {
        // A stream that delivers is a sound one: the next drop waits the shortest time again.
        waitMs = firstWaitMs;
        await options.onLines(lines);
      }
      if (ending !== null) {
        await reader.cancel().catch(() => undefined);
        return finish(ending);
      }
      if (signal.aborted) return 'done';
    }
  };
  const finish = (status: FollowStatus): 'done' => {
    options.onStatus(status);
    return 'done';
  };

  void (async () => {
    while (!signal.aborted) {
      const read = await readStream().catch(() => 'again' as const);
      if (read === 'done' || signal.aborted) return;
      options.onStatus({ kind: 'connecting' });
      await wait(waitMs, signal);
      waitMs = Math.min(waitMs * 2, MAX_WAIT_MS);
    }
  })();
  return () => control.abort();
}
