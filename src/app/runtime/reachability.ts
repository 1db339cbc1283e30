// Whether the API answers, as the storefront's own calls find it: a browser that says it is online may still reach
// nothing (a captive portal, a network that dropped without the browser noticing, the API's host down). A fetch that
// throws (no answer at all) marks the API unreachable, unless its host still answers a check (the call's own answer
// was lost); any answer, whatever its status, marks it reachable again. An aborted call (the storefront's own
// time-out or a page that went) says nothing either way.
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

/** How long the check of the API's host waits for any answer. */
export const PROBE_TIMEOUT_MS = 3000;

/**
 * `probe`, when given, is an address on the API's host asked (HEAD, no-cors: any answer counts, an opaque one too)
 * when a call gets no answer: the call's own connection may have dropped while the host answers, and one lost answer
 * (a dropped Place Order) is not 'we can't reach the store'. Only when the host does not answer either is the API
 * unreachable. The failed call's error comes once the check is done, so its caller reads the settled state.
 */
export function watchReachability(fetchFn: typeof fetch, probe?: string): Reachability {
  const unreachable = new BehaviorSubject(false);
  const hostAnswers = async (): Promise<boolean> => {
    if (probe === undefined) return false;
    try {
      await fetchFn(probe, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return true;
    } catch {
      return false;
    }
  };
  return {
    fetch: async (input, init) => {
      try {
        const response = await fetchFn(input, init);
        unreachable.next(false);
        return response;
      } catch (error) {
        if (!(error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'))) unreachable.next(!(await hostAnswers()));
        throw error;
      }
    },
    unreachable$: unreachable.pipe(distinctUntilChanged()),
    unreachable: () => unreachable.getValue(),
    forget: () => unreachable.next(false),
  };
}
