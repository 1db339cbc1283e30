import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../src/app/runtime/nextTask';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resumes in a later task: a timer queued before it has run, promise callbacks alone have not let it through', async () => {
    const seen: string[] = [];
    setTimeout(() => seen.push('timer'), 0);
    const paused = nextTask().then(() => seen.push('resumed'));
    await Promise.resolve();
    expect(seen).toEqual([]);
    await paused;
    expect(seen).toEqual(['timer', 'resumed']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
