import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { contextOf } from '../../src/events/context';
import { initialState, type State } from '../../src/events/state';
import type { TimeRules } from '../../src/events/timeRules';
import { createViews } from '../../src/store/views';

const START = Date.UTC(2026, 10, 28, 12, 30, 15, 250);

function viewsAt(now: number) {
  const clock$ = new BehaviorSubject(now);
  const views = createViews(
    new BehaviorSubject<State>(initialState),
    initialState,
    contextOf(new Map()),
    clock$,
    now,
    new BehaviorSubject<TimeRules | null>(null),
    null,
  );
  return { clock$, views };
}

describe("the minute view (what pages show of the app's clock)", () => {
  it('starts at the minute of the clock it was made with and follows the clock, not the machine', () => {
    const { clock$, views } = viewsAt(START);
    expect(views.minute.get()).toBe(Date.UTC(2026, 10, 28, 12, 30));
    clock$.next(Date.UTC(2031, 0, 1, 0, 0, 59, 999));
    expect(views.minute.get()).toBe(Date.UTC(2031, 0, 1));
    views.stop();
  });

  it('tells its readers only when the minute changes', () => {
    const { clock$, views } = viewsAt(START);
    let heard = 0;
    const stop = views.minute.subscribe(() => heard++);
    const onSubscribe = heard;
    clock$.next(START + 1_000);
    clock$.next(START + 40_000);
    expect(heard - onSubscribe).toBe(0);
    clock$.next(START + 45_000);
    expect(heard - onSubscribe).toBe(1);
    stop();
    views.stop();
  });

  it('is the start of the minute holding the time, for any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (now) => {
        const { views } = viewsAt(now);
        const minute = views.minute.get();
        expect(minute % 60_000 === 0).toBe(true);
        expect(minute <= now && now < minute + 60_000).toBe(true);
        views.stop();
      }),
    );
  });
});
