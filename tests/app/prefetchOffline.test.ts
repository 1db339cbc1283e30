// The background prefetch fetches nothing while the browser is offline (each fetch could only fail, a failed load on
// the shopper's console) and carries on from the same part once the network is back; stopped, it fetches nothing more.
import { describe, expect, it } from 'vitest';
import { prefetchWhenIdle, type IdleWindow } from '../../src/app/root/prefetch';

function fakeWindow(onLine: boolean) {
  const online = new Set<() => void>();
  const timers: (() => void)[] = [];
  const win = {
    navigator: { onLine },
    setTimeout: (run: () => void) => timers.push(run),
    clearTimeout: () => undefined,
    addEventListener: (_type: 'online', listener: () => void) => void online.add(listener),
    removeEventListener: (_type: 'online', listener: () => void) => void online.delete(listener),
  };
  return {
    win: win as IdleWindow,
    online,
    /** Runs every timer due (the start's delay and each idle period), as many rounds as there are. */
    async runTimers() {
      for (let round = 0; round < 20 && timers.length > 0; round++) {
        timers.splice(0).forEach((run) => run());
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
    set onLine(value: boolean) {
      win.navigator.onLine = value;
      if (value) [...online].forEach((listener) => (online.delete(listener), listener()));
    },
  };
}

const recorder = () => {
  const fetched: string[] = [];
  const loads = ['menu', 'checkout', 'account'].map((name) => async () => void fetched.push(name));
  return { fetched, loads };
};

describe('prefetchWhenIdle', () => {
  it('online, fetches every part in order, one idle period after another', async () => {
    const fake = fakeWindow(true);
    const { fetched, loads } = recorder();
    prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fetched).toEqual(['menu', 'checkout', 'account']);
  });

  it('offline, fetches nothing, and carries on from the same part when the network is back', async () => {
    const fake = fakeWindow(true);
    const { fetched, loads } = recorder();
    let first = true;
    loads[0] = async () => {
      fetched.push('menu');
      if (first) {
        first = false;
        (fake.win.navigator as { onLine: boolean }).onLine = false;
      }
    };
    prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fetched).toEqual(['menu']);
    expect(fake.online.size).toBe(1);
    fake.onLine = true;
    await fake.runTimers();
    expect(fetched).toEqual(['menu', 'checkout', 'account']);
  });

  it('stopped while waiting for the network, fetches nothing more once it is back', async () => {
    const fake = fakeWindow(false);
    const { fetched, loads } = recorder();
    const stop = prefetchWhenIdle(loads, 2000, fake.win);
    await fake.runTimers();
    expect(fake.online.size).toBe(1);
    stop();
    expect(fake.online.size).toBe(0);
    fake.onLine = true;
    await fake.runTimers();
    expect(fetched).toEqual([]);
  });
});
