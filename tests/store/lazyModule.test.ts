import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../src/store/lazyModule';

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
