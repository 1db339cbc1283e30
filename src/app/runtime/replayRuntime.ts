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
import { openGrowingLog, type GrowingLog, type OpenProgress } from '../../store/seekableLog';
import type { TimeRules } from '../../events/timeRules';
import { createViews } from '../../store/views';
import type { Runtime } from './startStorefront';

export type { EntryInfo, GrowingLog, LogEntry, Marker, Moment, OpenProgress, SeekableLog } from '../../store/seekableLog';

/**
 * Opens a log's text for the console (pictures left out: nothing is fetched): the log, which a shared visit followed
 * live grows, or every problem. A long log opens in pieces, telling how far it is, so the console paints meanwhile.
 */
export const openSupportLog = (text: string, onProgress: (progress: OpenProgress) => void): Promise<E.Either<string[], GrowingLog>> =>
  openGrowingLog(text, { pictures: false, onProgress });

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
