// A view derived on demand (checkout's readiness, payment split and totals): nothing is computed while no one reads
// it, a read computes again only when an input changed, readers hear of a change only when the value changed, and
// whatever the inputs did, a read is the computation over the inputs as they are.
import { BehaviorSubject } from 'rxjs';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedView, toView } from '../../src/store/view';

function inputs() {
  const a$ = new BehaviorSubject(1);
  const b$ = new BehaviorSubject('x');
  return { a$, b$, a: toView(a$, 1), b: toView(b$, 'x') };
}

describe('derivedView', () => {
  it('computes nothing while no one reads it, however often its inputs change', () => {
    const { a$, a, b } = inputs();
    let runs = 0;
    const view = derivedView([a, b] as const, (n, s) => (runs++, `${s}${n}`));
    for (let n = 2; n < 100; n++) a$.next(n);
    expect(runs).toBe(0);
    expect(view.get()).toBe('x99');
    expect(view.get()).toBe('x99');
    expect(runs).toBe(1);
  });

  it('tells a reader only when the value changed, and keeps the same object for an equal value', () => {
    const { a$, b$, a, b } = inputs();
    const view = derivedView(
      [a, b] as const,
      (n, s) => ({ parity: n % 2, s }),
      (x, y) => x.parity === y.parity && x.s === y.s,
    );
    const first = view.get();
    let heard = 0;
    const stop = view.subscribe(() => heard++);
    a$.next(3);
    expect(heard).toBe(0);
    expect(view.get()).toBe(first);
    a$.next(4);
    expect(heard).toBe(1);
    expect(view.get()).toEqual({ parity: 0, s: 'x' });
    b$.next('y');
    expect(heard).toBe(2);
    stop();
    b$.next('z');
    expect(heard).toBe(2);
  });

  it('its value$ emits the value now and each change', () => {
    const { a$, a, b } = inputs();
    const seen: string[] = [];
    const subscription = derivedView([a, b] as const, (n, s) => `${s}${n}`).value$.subscribe((v) => seen.push(v));
    a$.next(2);
    a$.next(2);
    a$.next(5);
    subscription.unsubscribe();
    a$.next(6);
    expect(seen).toEqual(['x1', 'x2', 'x5']);
  });

  it('reads, read or not in between, the computation over the inputs as they are', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 5 }), fc.boolean()), { maxLength: 40 }), (steps) => {
        const { a$, b$, a, b } = inputs();
        const view = derivedView([a, b] as const, (n, s) => `${s}${n}`);
        for (const [onA, value, read] of steps) {
          if (onA) a$.next(value);
          else b$.next(String.fromCharCode(97 + value));
          if (read) expect(view.get()).toBe(`${b$.getValue()}${a$.getValue()}`);
        }
        expect(view.get()).toBe(`${b$.getValue()}${a$.getValue()}`);
      }),
    );
  });
});
