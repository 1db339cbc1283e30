// The background prefetch fetches nothing while the browser is offline (each fetch could only fail, a failed load on
// the shopper's console) or while the page is put away for Back (a part evaluated then would drop the page from the
// back/forward cache), and carries on from the same part once the network or the page is back; stopped, it fetches
// nothing more.
import { describe, expect, it } from 'vitest';
import { prefetchWhenIdle, type IdleWindow } from '../../src/app/root/prefetch';

type Event = 'online' | 'pageshow' | 'pagehide';

function fakeWindow(onLine: boolean) {
  const listeners = new Map<Event, Set<() => void>>();
  const of = (type: Event) => listeners.get(type) ?? listeners.set(type, new Set()).get(type)!;
  const timers: (() => void)[] = [];
  const win = {
    navigator: { onLine },
    setTimeout: (run: () => void) => timers.push(run),
    clearTimeout: () => undefined,
    addEventListener: (type: Event, listener: () => void) => void of(type).add(listener),
    removeEventListener: (type: Event, listener: () => void) => void of(type).delete(listener),
  };
  const fire = (type: Event) => [...of(type)].forEach((listener) => listener());
  return {
    win: win as IdleWindow,
    waitingFor: (type: Event) => of(type).size,
    /** Runs every timer due (the start's delay and each idle period), as many rounds as there are. */
    async runTimers() {
      for (let round = 0; round < 20 && timers.length > 0; round++) {
        timers.splice(0).forEach((run) => run());
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
    goOffline: () => (win.navigator.onLine = false),
    backOnline() {
      win.navigator.onLine = true;
      fire('online');
    },
    fire,
  };
}

/** Three parts; `after` runs once the first one is fetched. */
function recorder(after: () => void = () => undefined) {
  const fetched: string[] = [];
  const loads = ['menu', 'checkout', 'account'].map((name, i) => async () => {
    fetched.push(name);
    if (i === 0) after();
  });
  return { fetched, loads };
}

describe('prefetchWhenIdle', () => {
  it('online, fetches every part in order, one idle period after another', async () => {
    const fake = fakeWindow(true);
    const { fetched, loads } = recorder();
    prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fetched).toEqual(['menu', 'checkout', 'account']);
  });

  it('says when it is done, after the last part and not before: what waits for the rest of start-up', async () => {
    const fake = fakeWindow(true);
    const { fetched, loads } = recorder();
    const done: string[][] = [];
    prefetchWhenIdle(loads, 2000, fake.win, () => done.push([...fetched]));
    await fake.runTimers();
    expect(done).toEqual([['menu', 'checkout', 'account']]);
  });

  it('never says it is done once stopped, nor while the network is away', async () => {
    const fake = fakeWindow(true);
    const { loads } = recorder(fake.goOffline);
    let done = 0;
    const stop = prefetchWhenIdle(loads, 2000, fake.win, () => done++);
    await fake.runTimers();
    expect(done).toBe(0);
    stop();
    fake.backOnline();
    await fake.runTimers();
    expect(done).toBe(0);
  });

  it('offline, fetches nothing, and carries on from the same part when the network is back', async () => {
    const fake = fakeWindow(true);
    const { fetched, loads } = recorder(fake.goOffline);
    prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fetched).toEqual(['menu']);
    expect(fake.waitingFor('online')).toBe(1);
    fake.backOnline();
    await fake.runTimers();
    expect(fetched).toEqual(['menu', 'checkout', 'account']);
  });

  it('put away for Back, fetches nothing, and carries on when the page is shown again', async () => {
    const fake = fakeWindow(true);
    const { fetched, loads } = recorder(() => fake.fire('pagehide'));
    prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fetched).toEqual(['menu']);
    fake.fire('pageshow');
    await fake.runTimers();
    expect(fetched).toEqual(['menu', 'checkout', 'account']);
  });

  it('stopped while waiting, fetches nothing more once the network is back, and listens to nothing', async () => {
    const fake = fakeWindow(false);
    const { fetched, loads } = recorder();
    const stop = prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fake.waitingFor('online')).toBe(1);
    stop();
    expect(['online', 'pagehide', 'pageshow'].map((type) => fake.waitingFor(type as Event))).toEqual([0, 0, 0]);
    fake.backOnline();
    await fake.runTimers();
    expect(fetched).toEqual([]);
  });
});
