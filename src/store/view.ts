// A View is an observable with a current value, the shape React's useSyncExternalStore reads: `get` is synchronous
// and returns the same object until the value changes, `subscribe` reports changes.
import { BehaviorSubject, distinctUntilChanged, Observable, type Subscription } from 'rxjs';

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

/**
 * A view computed from other views on demand: nothing is computed while no one reads it (a page that does not show
 * checkout's totals costs nothing per event), and a read computes again only when an input changed (by identity).
 * An equal result keeps the last one, so a reader sees the same object until the value changes.
 */
export function derivedView<A extends readonly unknown[], T>(
  inputs: { readonly [K in keyof A]: View<A[K]> },
  compute: (...args: A) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): View<T> {
  let lastInputs: readonly unknown[] | null = null;
  let last: T;
  const get = (): T => {
    const now = inputs.map((input) => input.get());
    if (lastInputs !== null && now.every((value, i) => Object.is(value, lastInputs![i]))) return last;
    const next = compute(...(now as unknown as A));
    if (lastInputs === null || !equal(last, next)) last = next;
    lastInputs = now;
    return last;
  };
  const subscribe = (listener: () => void): (() => void) => {
    let seen = get();
    const changed = () => {
      const value = get();
      if (Object.is(value, seen)) return;
      seen = value;
      listener();
    };
    const stops = inputs.map((input) => input.subscribe(changed));
    return () => stops.forEach((stop) => stop());
  };
  const value$ = new Observable<T>((subscriber) => {
    subscriber.next(get());
    return subscribe(() => subscriber.next(get()));
  });
  return { get, subscribe, value$ };
}
