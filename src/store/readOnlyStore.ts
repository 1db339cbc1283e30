// A store over a log already read, for readers that show it and change nothing: the support console's replayed pages
// read the storefront's own views from it. It holds what it is shown, and refuses every append.
import * as E from 'fp-ts/lib/Either.js';
import { of, type BehaviorSubject } from 'rxjs';
import type { ReduceContext } from '../events/context';
import type { State } from '../events/state';
import type { EventStore, StartStats } from './eventStore';

/** Said to a caller that appends to a read-only store: a replay appends nothing. */
export const READ_ONLY = 'the support console replays a log: it appends nothing';

/** Nothing was read from a database: the log was read before. */
const NOT_STARTED: StartStats = { fromSnapshot: false, replayed: 0, millis: 0 };

/**
 * A read-only store whose state is `state$` (its holder moves it from one moment of the log to another) and whose
 * catalogs are the log's, through `context`. Appends and catalog writes are refused; nothing is stored or exported.
 */
export function readOnlyStore(state$: BehaviorSubject<State>, context: ReduceContext): EventStore {
  return {
    state$,
    getState: () => state$.getValue(),
    catalogs: {
      put: async () => E.left([READ_ONLY]),
      get: (hash) => context.catalog(hash),
      load: async (hash) => context.catalog(hash) !== undefined,
      text: async () => undefined,
    },
    context,
    started: NOT_STARTED,
    append: async () => E.left([READ_ONLY]),
    saved: async () => undefined,
    paintPoint: () => null,
    importEvents: async () => 0,
    storedEvents: async () => [],
    snapshot: async () => undefined,
    letGo: () => false,
    comeBack: async () => undefined,
    storageProblem$: of(null),
    close: async () => undefined,
  };
}
