// Sharing this visit with support (the support inbox, src/inbox/README.md): once the shopper agrees, the visit's
// events go to the inbox, redacted exactly as the exported file is, in chunks named by their first and last sequence
// numbers (a retry after a lost answer stores nothing twice), gzip on the wire. While the tab stays open the share
// keeps growing: each later event goes in the next chunk. The log records the share and how far it was sent
// (VisitShared, VisitShareSent, through the commands' client events), so a reload resumes where the inbox stopped; the
// share's code and the upload's secret stay in this tab's session storage, never in the log. Offline, nothing is lost:
// it sends when back online. The runtime makes the tab's one sharing the first time it is wanted (its `visitSharing`,
// the manifest's part of that name): the pages start it, stop it and read its status, and never reach the log.
import { BehaviorSubject } from 'rxjs';
import type { Commands } from '../../commands/commands';
import type { EventDataOf } from '../../events/catalogue';
import type { ShareState } from '../../events/reducers/client';
import type { EventStore } from '../../store/eventStore';
import { canGzip, gzip } from '../../store/gzip';
import { catalogLine, eventLine, type RawEvent } from '../../store/logFile';
import { createRedactor } from '../../store/redact';
import { toView, type View } from '../../store/view';
import { SHARE_STORAGE_KEY } from '../shell/ShareVisitContext';

/** At most this many events in one chunk: a large visit goes in several, each a modest request. */
const CHUNK_EVENTS = 400;
/** After a failed send (not offline), the next try waits this long, doubling up to a minute. */
const RETRY_MS = 2_000;
/** The events that record the upload itself do not, alone, call for another chunk (they go with the next one). */
const BOOKKEEPING = new Set(['VisitShareSent']);

export type SendingState = 'sending' | 'sent' | 'offline' | 'retrying';

export interface ShareStatus {
  /** No share, one being made, one growing, or one stopped. */
  readonly phase: 'none' | 'starting' | 'sharing' | 'stopped';
  /** The code to read to support (`K7Q4-PD2M`), while this tab knows it. */
  readonly code: string | null;
  readonly sending: SendingState;
  /** Why sharing stopped or could not start, in the shopper's words; null otherwise. */
  readonly problem: string | null;
}

export interface VisitSharing {
  readonly status: View<ShareStatus>;
  /** Makes the share and starts sending; answers the code, or what went wrong. */
  start(): Promise<{ readonly code: string } | { readonly problem: string }>;
  /** Stops sending; the log records it. */
  stop(): Promise<void>;
  close(): void;
}

export interface VisitSharingDeps {
  /** The visit's log as stored (what is sent), the catalogs its events name, and each change (the next chunk). */
  readonly log: Pick<EventStore, 'storedEvents' | 'catalogs' | 'state$'>;
  /** Records the share's steps (VisitShared, VisitShareSent, VisitShareStopped): the commands' client events. */
  readonly record: Commands['recordClientEvent'];
  readonly appVersion: string;
  /** The business the shopper orders from (the catalog's name), which the inbox lists shares by. */
  readonly business: () => string;
  readonly inbox?: string;
  readonly fetch?: typeof fetch;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> & { readonly navigator: Pick<Navigator, 'onLine'> };
  /** What the inbox may know of the device: browser, system, size, language, zone, network (never more). */
  readonly device: () => Readonly<Record<string, string | number | boolean>>;
}

interface Kept {
  readonly shareId: string;
  readonly code: string;
  readonly secret: string;
}

export const SHARE_WORDS = {
  startFailed: 'We could not start sharing. Check your connection and try again.',
  tooLarge: 'This visit is too long to share in full. Support has what was sent.',
  refused: 'Support could not take this visit. Download it instead and send the file.',
} as const;

function readKept(storage: VisitSharingDeps['storage']): Kept | null {
  try {
    const kept = JSON.parse(storage.getItem(SHARE_STORAGE_KEY) ?? 'null') as Kept | null;
    return kept && typeof kept.shareId === 'string' && typeof kept.code === 'string' && typeof kept.secret === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** The body's bytes, gzipped where the browser can (the inbox reads both). */
async function gzipped(text: string): Promise<{ body: BodyInit; encoding: string | null }> {
  return canGzip ? { body: await gzip(text), encoding: 'gzip' } : { body: text, encoding: null };
}

type ShareEvent = { readonly type: string; readonly data: unknown };

/** One step of a share's record: VisitShared starts it, VisitShareSent moves it on (never back), VisitShareStopped ends it. */
function shareStep(held: ShareState | null, event: ShareEvent, shareId: string): ShareState | null {
  const data = event.data as { shareId?: unknown; throughSeq?: unknown; reason?: unknown };
  if (data.shareId !== shareId) return held;
  if (event.type === 'VisitShared') return { shareId, sentThrough: 0, stopped: null };
  if (held && event.type === 'VisitShareSent' && typeof data.throughSeq === 'number')
    return { ...held, sentThrough: Math.max(held.sentThrough, data.throughSeq) };
  if (held && event.type === 'VisitShareStopped') return { ...held, stopped: data.reason as ShareState['stopped'] };
  return held;
}

/** A share as the log records it (the client fold's VisitShared, VisitShareSent and VisitShareStopped), by its id. */
export function shareInLog(events: readonly ShareEvent[], shareId: string): ShareState | null {
  let held: ShareState | null = null;
  for (const event of events) held = shareStep(held, event, shareId);
  return held;
}

export function createVisitSharing(deps: VisitSharingDeps): VisitSharing {
  const inbox = deps.inbox ?? '/inbox';
  const send = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let kept = readKept(deps.storage);
  /** This tab's share as the log records it; read from the log at start (a reload resumes it), then kept here. */
  let held: ShareState | null = null;
  const share = () => held;
  const status$ = new BehaviorSubject<ShareStatus>({ phase: 'none', code: null, sending: 'sent', problem: null });
  const status = toView(status$, status$.getValue());
  const set = (next: Partial<ShareStatus>) => status$.next({ ...status$.getValue(), ...next });

  const append = async <T extends 'VisitShared' | 'VisitShareSent' | 'VisitShareStopped'>(type: T, data: EventDataOf<T>) => {
    // The share's steps are recorded before the shopper is told of them.
    await deps.record(type, data);
    held = shareStep(held, { type, data }, data.shareId);
  };
  const resumed = (async () => {
    if (kept === null) return;
    held = shareInLog(await deps.log.storedEvents(), kept.shareId);
    if (held === null) {
      // A code kept from a share this log never recorded (another visit's): forget it.
      kept = null;
      deps.storage.removeItem(SHARE_STORAGE_KEY);
      return;
    }
    set({ phase: held.stopped ? 'stopped' : 'sharing', code: kept.code });
    if (!held.stopped) void pump();
  })();

  let running = false;
  let again = false;
  let timer: number | undefined;
  let retryMs = RETRY_MS;

  /** The chunk after what the inbox holds: catalog lines its events name, then the events, redacted as the export is. */
  // The redactor numbers each person's details in order of appearance, so it reads the visit once, from its start,
  // and goes on from where it stopped: the same shopper is 'Shopper1' in every chunk, and a tap costs the reading of
  // the events after the last one read, not of the whole log. A reload reads it from the start once more.
  const redactor = createRedactor();
  let readThrough = 0;
  /** The events read and redacted but not yet held by the inbox, in order. */
  let unsent: { readonly seq: number; readonly type: string; readonly line: string; readonly catalog: string | null }[] = [];

  async function nextChunk(from: number): Promise<{ first: number; last: number; text: string } | null> {
    for (const doc of await deps.log.storedEvents(readThrough)) {
      const raw: RawEvent = { seq: Number(doc.seq), id: doc.id, type: doc.type, v: doc.v, at: doc.at, data: doc.data };
      const hash = raw.type === 'CatalogLoaded' ? (raw.data as { hash?: unknown }).hash : undefined;
      unsent.push({ seq: raw.seq, type: raw.type, line: eventLine(redactor.event(raw)), catalog: typeof hash === 'string' ? hash : null });
      readThrough = raw.seq;
    }
    unsent = unsent.filter((event) => event.seq > from);
    const chunk = unsent.filter((event) => event.seq - (unsent[0]?.seq ?? 0) < CHUNK_EVENTS);
    if (!chunk.some((event) => !BOOKKEEPING.has(event.type))) return null;
    const catalogs: string[] = [];
    for (const hash of new Set(chunk.flatMap((event) => (event.catalog === null ? [] : [event.catalog])))) {
      const text = await deps.log.catalogs.text(hash);
      if (text !== undefined) catalogs.push(catalogLine(hash, text));
    }
    return { first: chunk[0]!.seq, last: chunk.at(-1)!.seq, text: `${[...catalogs, ...chunk.map((event) => event.line)].join('\n')}\n` };
  }

  /** Sends what the inbox does not hold yet, chunk by chunk; one run at a time, another after it if asked. */
  async function pump(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      for (;;) {
        const current = share();
        if (kept === null || current === null || current.shareId !== kept.shareId || current.stopped) return;
        if (!deps.window.navigator.onLine) {
          set({ sending: 'offline' });
          return;
        }
        const chunk = await nextChunk(current.sentThrough);
        if (chunk === null) {
          set({ sending: 'sent' });
          if (!again) return;
          again = false;
          continue;
        }
        set({ sending: 'sending' });
        const { body, encoding } = await gzipped(chunk.text);
        let answer: Response;
        try {
          answer = await send(`${inbox}/shares/${encodeURIComponent(kept.shareId)}/chunks/${chunk.first}-${chunk.last}`, {
            method: 'PUT',
            headers: {
              Authorization: `Bearer ${kept.secret}`,
              'Content-Type': 'application/x-ndjson',
              ...(encoding ? { 'Content-Encoding': encoding } : {}),
            },
            body,
          });
        } catch {
          // No answer (offline, or the answer lost): the same chunk goes again; the inbox stores nothing twice.
          set({ sending: deps.window.navigator.onLine ? 'retrying' : 'offline' });
          if (deps.window.navigator.onLine) later();
          return;
        }
        if (answer.status === 413 || answer.status === 409 || answer.status === 400 || answer.status === 403 || answer.status === 401) {
          const reason = answer.status === 413 ? 'full' : answer.status === 409 ? 'shopper' : 'refused';
          held = { ...current, stopped: reason };
          await append('VisitShareStopped', { shareId: kept.shareId, reason });
          set({ phase: 'stopped', problem: reason === 'full' ? SHARE_WORDS.tooLarge : reason === 'refused' ? SHARE_WORDS.refused : null });
          return;
        }
        if (!answer.ok) {
          set({ sending: 'retrying' });
          later();
          return;
        }
        const { highestSeq } = (await answer.json()) as { highestSeq: number };
        retryMs = RETRY_MS;
        await append('VisitShareSent', { shareId: kept.shareId, throughSeq: Math.max(highestSeq, chunk.last) });
      }
    } finally {
      running = false;
    }
  }

  function later() {
    deps.window.clearTimeout(timer);
    timer = deps.window.setTimeout(() => void pump(), retryMs);
    retryMs = Math.min(retryMs * 2, 60_000);
  }

  const online = () => void pump();
  deps.window.addEventListener('online', online);
  const offline = () => set({ sending: 'offline' });
  deps.window.addEventListener('offline', offline);
  // Every new event of the visit goes in the next chunk.
  const subscription = deps.log.state$.subscribe(() => {
    if (status$.getValue().phase === 'sharing') void pump();
  });

  return {
    status,
    async start() {
      await resumed;
      if (status$.getValue().phase === 'sharing' && kept) return { code: kept.code };
      set({ phase: 'starting', problem: null });
      let made: Kept;
      try {
        const answer = await send(`${inbox}/shares`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ business: deps.business(), appVersion: deps.appVersion, device: deps.device() }),
        });
        if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
        const body = (await answer.json()) as { shareId: string; code: string; uploadSecret: string };
        made = { shareId: body.shareId, code: body.code, secret: body.uploadSecret };
      } catch {
        set({ phase: 'none', problem: SHARE_WORDS.startFailed });
        return { problem: SHARE_WORDS.startFailed };
      }
      kept = made;
      deps.storage.setItem(SHARE_STORAGE_KEY, JSON.stringify(made));
      await append('VisitShared', { shareId: made.shareId });
      set({ phase: 'sharing', code: made.code, sending: 'sending' });
      void pump();
      return { code: made.code };
    },
    async stop() {
      const current: ShareState | null = share();
      if (kept === null || current === null || current.stopped) return;
      // Stopped from this moment: no chunk leaves after the press, not even the one its own record would call for.
      held = { ...current, stopped: 'shopper' };
      await append('VisitShareStopped', { shareId: kept.shareId, reason: 'shopper' });
      set({ phase: 'stopped' });
      // The inbox hears it too; if the call fails, the share simply stops growing.
      await send(`${inbox}/shares/${encodeURIComponent(kept.shareId)}/stop`, { method: 'POST', headers: { Authorization: `Bearer ${kept.secret}` } }).catch(
        () => undefined,
      );
    },
    close() {
      subscription.unsubscribe();
      status.stop();
      deps.window.removeEventListener('online', online);
      deps.window.removeEventListener('offline', offline);
      deps.window.clearTimeout(timer);
    },
  };
}
