import { describe, expect, it } from 'vitest';
import { lazyModule, madeOnDemand } from '../../src/store/lazyModule';

describe('a module loaded on demand', () => {
  it('is fetched once however many callers ask, and is there synchronously afterwards', async () => {
    let fetches = 0;
    const module = lazyModule(async () => {
      fetches++;
      return { answer: 42 };
    });
    expect(module.ifLoaded()).toBeNull();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect(a).toBe(b);
    expect(fetches).toBe(1);
    expect(module.ifLoaded()).toBe(a);
    await module.load();
    expect(fetches).toBe(1);
  });

  it('forgets a failed fetch, so the next caller tries again', async () => {
    let fetches = 0;
    const module = lazyModule(async () => {
      fetches++;
      if (fetches === 1) throw new Error('offline');
      return 'loaded';
    });
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.ifLoaded()).toBeNull();
    await expect(module.load()).resolves.toBe('loaded');
    expect(fetches).toBe(2);
  });
});

describe('what is made from a module loaded on demand', () => {
  it('is made once, whether first asked for by load or, with the module in, by ifLoaded', async () => {
    let made = 0;
    const code = lazyModule(async () => ({ make: () => ({ n: ++made }) }));
    const thing = madeOnDemand(code, (module) => module.make());
    expect(thing.ifLoaded()).toBeNull();
    expect(made).toBe(0);
    await code.load();
    const now = thing.ifLoaded();
    expect(now).toEqual({ n: 1 });
    expect(await thing.load()).toBe(now);
    expect(thing.ifLoaded()).toBe(now);
    expect(made).toBe(1);
  });

  it('answers the same promise to every caller (a component may wait on it), and tries again after a failure', async () => {
    let fetches = 0;
    const code = lazyModule(async () => {
      fetches++;
      if (fetches === 1) throw new Error('offline');
      return { value: 'made' };
    });
    const thing = madeOnDemand(code, (module) => module.value);
    const first = thing.load();
    expect(thing.load()).toBe(first);
    await expect(first).rejects.toThrow('offline');
    const second = thing.load();
    expect(thing.load()).toBe(second);
    await expect(second).resolves.toBe('made');
    expect(thing.ifLoaded()).toBe('made');
  });
});
