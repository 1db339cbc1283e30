// A read-only runtime for the support console: the storefront's own views (createViews), fed from a replayed log
// instead of the live store, so the real pages render what the shopper saw at any event. It has no store, appends
// nothing and calls no API: every command and API call is a promise that never settles, and nothing is shared.
import type * as E from 'fp-ts/lib/Either.js';
import { BehaviorSubject, of } from 'rxjs';
import type { ApiClient } from '../../api/apiClient';
import type { CardTokenizer } from '../../api/payments/cardTokenizer';
import type { Commands } from '../../commands/commands';
import type { ReduceContext } from '../../events/context';
import type { State } from '../../events/state';
import { openLogPieces, type GrowingLog } from '../../store/seekableLog';
import type { TimeRules } from '../../events/timeRules';
import { createViews } from '../../store/views';
import type { Runtime } from './startStorefront';

export type { EntryInfo, GrowingLog, LogEntry, Marker, Moment, SeekableLog } from '../../store/seekableLog';

/**
 * How far the console's opening of a log is: the events read, the part of the file's bytes read (null for a text),
 * then the events replayed.
 */
export interface ReadingProgress {
  readonly events: number;
  readonly part: number | null;
  readonly replayed: number;
}

/**
 * A file's text a piece at a time, as the browser reads it from the disk (decoded as `Blob.text()` decodes: UTF-8, a
 * byte-order mark dropped, a damaged byte made U+FFFD), telling how many bytes it has read: `file.text()` held all of
 * a million-event file (about 350 MB) at once, beside the log made of it.
 */
export async function* textPieces(file: Blob, counted: (bytes: number) => void = () => undefined): AsyncGenerator<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      counted(bytes);
      yield decoder.decode(value, { stream: true });
    }
    yield decoder.decode();
  } finally {
    reader.releaseLock();
  }
}

/**
 * Opens a log for the console (pictures left out: nothing is fetched), a file as it is read or a text already
 * received: the log, which a shared visit followed live grows, or every problem. A long log opens in pieces, telling
 * how far it is, so the console paints meanwhile.
 */
export function openSupportLog(source: Blob | string, onProgress: (progress: ReadingProgress) => void): Promise<E.Either<string[], GrowingLog>> {
  if (typeof source === 'string') {
    return openLogPieces([source], { pictures: false, onProgress: ({ events, folded }) => onProgress({ events, part: null, replayed: folded }) });
  }
  let read = 0;
  const part = () => (source.size === 0 ? 1 : read / source.size);
  return openLogPieces(
    textPieces(source, (bytes) => (read = bytes)),
    { pictures: false, onProgress: ({ events, folded }) => onProgress({ events, part: part(), replayed: folded }) },
  );
}

/** Whatever is called, nothing happens: the promise never settles, so no page shows a made-up outcome. */
function inert<T extends object>(): T {
  const never = () => new Promise<never>(() => undefined);
  return new Proxy({} as T, { get: (_target, key) => (key === 'then' ? undefined : never) });
}

export interface ReplayedRuntime {
  readonly runtime: Runtime;
  /** Shows another moment: the state after an event, at that event's time. */
  readonly show: (state: State, now: number) => void;
  readonly stop: () => void;
}

export function replayRuntime(initial: State, context: ReduceContext, now: number, timeRules: TimeRules | null): ReplayedRuntime {
  const state$ = new BehaviorSubject(initial);
  const clock$ = new BehaviorSubject(now);
  const time$ = new BehaviorSubject<TimeRules | null>(timeRules);
  const views = createViews(state$, initial, context, clock$, now, time$, timeRules);
  const runtime: Runtime = {
    config: { ClientId: 'support-console' } as Runtime['config'],
    api: inert<ApiClient>(),
    commands: inert<Commands>(),
    views,
    tokenizer: inert<CardTokenizer>(),
    reportError: () => undefined,
    now: () => clock$.getValue(),
    recoveredOrder: null,
    connection: { unreachable$: of(false), logInPageOnly$: of(false), storageProblem$: of(null) },
    // The console has the log it replays; a replayed page saves nothing.
    downloadSessionLog: async () => undefined,
    // Nor is a replayed visit shared again: the sharing never comes.
    visitSharing: { load: () => new Promise<never>(() => undefined), ifLoaded: () => null },
    stop: async () => views.stop(),
  };
  return {
    runtime,
    show(state, at) {
      clock$.next(at);
      state$.next(state);
    },
    stop: () => views.stop(),
  };
}
