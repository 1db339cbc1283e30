// When the order's page reads its order again (src/app/features/confirmation/progressRereads.ts): once on opening,
// every minute while visible and never while hidden, on becoming visible, and when the browser is back online;
// nothing after it stops.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REREAD_EVERY_MS, watchProgressRereads, type RereadReason, type RereadTargets } from '../../src/app/features/confirmation/progressRereads';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function page() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const window = Object.assign(new EventTarget(), {
    setInterval: (task: () => void, ms: number) => setInterval(task, ms),
    clearInterval: (id: number) => clearInterval(id),
  });
  const reads: RereadReason[] = [];
  const stop = watchProgressRereads((why) => reads.push(why), { window, document } as unknown as RereadTargets);
  const show = (state: DocumentVisibilityState) => {
    document.visibilityState = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { reads, stop, show, online: () => window.dispatchEvent(new Event('online')) };
}

describe('the order page re-reads', () => {
  it('once on opening, then every minute while visible', () => {
    const { reads } = page();
    expect(reads).toEqual(['open']);
    vi.advanceTimersByTime(REREAD_EVERY_MS - 1);
    expect(reads).toEqual(['open']);
    vi.advanceTimersByTime(1);
    expect(reads).toEqual(['open', 'timer']);
    vi.advanceTimersByTime(2 * REREAD_EVERY_MS);
    expect(reads).toEqual(['open', 'timer', 'timer', 'timer']);
  });

  it('not while hidden; on becoming visible again, and when back online', () => {
    const { reads, show, online } = page();
    show('hidden');
    vi.advanceTimersByTime(3 * REREAD_EVERY_MS);
    expect(reads).toEqual(['open']);
    show('visible');
    expect(reads).toEqual(['open', 'visible']);
    online();
    expect(reads).toEqual(['open', 'visible', 'online']);
  });

  it('nothing once stopped', () => {
    const { reads, stop, show, online } = page();
    stop();
    vi.advanceTimersByTime(3 * REREAD_EVERY_MS);
    show('hidden');
    show('visible');
    online();
    expect(reads).toEqual(['open']);
  });
});
