// A View is an observable with a current value, the shape React's useSyncExternalStore reads: `get` is synchronous
// and returns the same object until the value changes, `subscribe` reports changes.
import { BehaviorSubject, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';

export interface View<T> {
  readonly get: () => T;
  readonly subscribe: (listener: () => void) => () => void;
  readonly value$: Observable<T>;
}

/** Keeps the latest value of `source` (starting from `initial`); equal values do not notify. */
export function toView<T>(source: Observable<T>, initial: T, equal: (a: T, b: T) => boolean = Object.is): View<T> & { readonly stop: () => void } {
  const subject = new BehaviorSubject<T>(initial);
  const subscription: Subscription = source.pipe(distinctUntilChanged(equal)).subscribe((value) => {
    if (!equal(subject.getValue(), value)) subject.next(value);
  });
  return {
    get: () => subject.getValue(),
    subscribe: (listener) => {
      const inner = subject.subscribe({ next: () => listener() });
      return () => inner.unsubscribe();
    },
    value$: subject.asObservable(),
    stop: () => subscription.unsubscribe(),
  };
}

/** Shallow equality of arrays and plain records: enough for view models built from shared immutable parts. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
