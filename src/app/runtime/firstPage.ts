// What waits for the first page: the hub, the time rules, the toaster and the phone formatter are
// not needed to show it, and on a phone each is a task of 50-250 ms. They start a moment after the first page is on
// screen (the shell says when: firstPageShown), not a fixed time after start-up: on a first visit to a chain the
// chooser (the page's first words) comes one step later than the page under it, and work started on a timer ran
// before it and held it back. A page that never says so (an error page) lets them start after a longer wait.

/** How long after the first page is on screen the work waiting for it starts. */
export const AFTER_FIRST_PAGE_MS = 300;
/** When no first page has said it is up by then, the work starts anyway (ms after it was asked for). */
export const FIRST_PAGE_DEADLINE_MS = 4000;

export interface FirstPage {
  /** Runs `run` AFTER_FIRST_PAGE_MS after the first page is shown (or at the deadline); returns a cancel. */
  readonly after: (run: () => void) => () => void;
  /** The shell calls this once the first page, and any dialog it opens with, has painted. */
  readonly shown: () => void;
  /** Whether the first page has been shown. */
  readonly isShown: () => boolean;
}

export function createFirstPage(timers: Pick<Window, 'setTimeout' | 'clearTimeout'> = globalThis as unknown as Window): FirstPage {
  let shownYet = false;
  const waiting = new Set<() => void>();
  return {
    after(run) {
      let timer: number | undefined;
      let done = false;
      const start = () => {
        if (done) return;
        waiting.delete(start);
        timers.clearTimeout(timer);
        timer = timers.setTimeout(() => {
          done = true;
          run();
        }, AFTER_FIRST_PAGE_MS);
      };
      if (shownYet) start();
      else {
        waiting.add(start);
        timer = timers.setTimeout(start, FIRST_PAGE_DEADLINE_MS);
      }
      return () => {
        done = true;
        waiting.delete(start);
        timers.clearTimeout(timer);
      };
    },
    shown() {
      if (shownYet) return;
      shownYet = true;
      // For profiles and benchmarks: when the page said it was up.
      globalThis.performance?.mark?.('countertop:first-page-shown');
      for (const start of [...waiting]) start();
    },
    isShown: () => shownYet,
  };
}

/** The storefront's own: one first page per page load. */
export const firstPage = createFirstPage();
