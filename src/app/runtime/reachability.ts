// Whether the API answers, as the storefront's own calls find it: a browser that says it is online may still reach
// nothing (a captive portal, a network that dropped without the browser noticing, the API's host down). A fetch that
// throws (no answer at all) marks the API unreachable; any answer, whatever its status, marks it reachable again. An
// aborted call (the storefront's own time-out or a page that went) says nothing either way.
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

export interface Reachability {
  /** The fetch the API client uses: the given one, watched. */
  readonly fetch: typeof fetch;
  /** True from a call that got no answer until one that got an answer. */
  readonly unreachable$: Observable<boolean>;
  readonly unreachable: () => boolean;
  /** The browser is back online: nothing is known until the next call (no banner left from before). */
  readonly forget: () => void;
}

export function watchReachability(fetchFn: typeof fetch): Reachability {
  const unreachable = new BehaviorSubject(false);
  return {
    fetch: async (input, init) => {
      try {
        const response = await fetchFn(input, init);
        unreachable.next(false);
        return response;
      } catch (error) {
        if (!(error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'))) unreachable.next(true);
        throw error;
      }
    },
    unreachable$: unreachable.pipe(distinctUntilChanged()),
    unreachable: () => unreachable.getValue(),
    forget: () => unreachable.next(false),
  };
}
