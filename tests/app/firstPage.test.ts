import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_FIRST_PAGE_MS, createFirstPage, FIRST_PAGE_DEADLINE_MS } from '../../src/app/runtime/firstPage';

describe('the work after the first page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts a moment after the first page is shown, however long that takes', () => {
    const firstPage = createFirstPage();
    const run = vi.fn();
    firstPage.after(run);
    vi.advanceTimersByTime(FIRST_PAGE_DEADLINE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    firstPage.shown();
    vi.advanceTimersByTime(AFTER_FIRST_PAGE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    // The deadline it no longer needs never runs it again.
    vi.advanceTimersByTime(FIRST_PAGE_DEADLINE_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts at the deadline when no page says it is up (an error page)', () => {
    const firstPage = createFirstPage();
    const run = vi.fn();
    firstPage.after(run);
    vi.advanceTimersByTime(FIRST_PAGE_DEADLINE_MS + AFTER_FIRST_PAGE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    firstPage.shown();
    vi.advanceTimersByTime(AFTER_FIRST_PAGE_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('asked for after the page is up, waits only the moment', () => {
    const firstPage = createFirstPage();
    firstPage.shown();
    expect(firstPage.isShown()).toBe(true);
    const run = vi.fn();
    firstPage.after(run);
    vi.advanceTimersByTime(AFTER_FIRST_PAGE_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs what was cancelled, before or after the page is shown', () => {
    const firstPage = createFirstPage();
    const before = vi.fn();
    const after = vi.fn();
    firstPage.after(before)();
    const cancelAfter = firstPage.after(after);
    firstPage.shown();
    cancelAfter();
    vi.advanceTimersByTime(FIRST_PAGE_DEADLINE_MS * 2);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
