// What is fetched ahead, from the manifest (parts.ts): the address's own page and the page that follows it while the
// store starts (index.html has already asked for their files; checkout's form too when the bag has items), and the
// parts with a prefetch rank, one per idle period once the first page is up (each chunk is evaluated as it arrives,
// and together they made one task of a quarter of a second on a phone: a tap in it waits).
import { matchPath } from 'react-router-dom';
import { PAGES_ON_DEMAND, PARTS_SHOWN_AT_ONCE, type PageLoadedOnDemand } from './lazyParts';
import { everyPart, PAGES, PARTS, type PageEntry, type PageName, type PartName } from './parts';

const onDemand = (name: string): name is PageLoadedOnDemand => Object.hasOwn(PAGES_ON_DEMAND, name);

type Load = () => Promise<unknown>;

/**
 * The page the address names, when it loads on demand, and the page that follows it (`now`); for a page with a part
 * for a bag with items (checkout's form), that part and the page that follows (`withItems`: wanted when the last visit
 * left items in the bag; an empty bag's checkout fetches none of the order's code).
 */
export function startingPages(pathname: string): { readonly now: readonly Load[]; readonly withItems: readonly Load[] } {
  const name = (Object.keys(PAGES) as PageName[]).find((page) => onDemand(page) && matchPath(PAGES[page].path, pathname) !== null);
  if (name === undefined || !onDemand(name)) return { now: [], withItems: [] };
  const { next, withItems } = PAGES[name] as PageEntry;
  const page = [PAGES_ON_DEMAND[name].load];
  const following = next !== undefined && onDemand(next) ? [PAGES_ON_DEMAND[next].load] : [];
  if (withItems === undefined) return { now: [...page, ...following], withItems: [] };
  return { now: page, withItems: [PARTS_SHOWN_AT_ONCE[withItems] ?? PARTS[withItems].load, ...following] };
}

/** The parts fetched in the background once the first page is up, in their rank's order. */
export function prefetchedLater(): readonly (() => Promise<unknown>)[] {
  return everyPart()
    .flatMap(([name, part]) => (part.prefetch === undefined ? [] : [{ name, rank: part.prefetch, load: part.load }]))
    .sort((a, b) => a.rank - b.rank)
    .map(({ name, load }) => (onDemand(name) ? PAGES_ON_DEMAND[name].load : (PARTS_SHOWN_AT_ONCE[name as PartName] ?? load)));
}

type Resumes = 'online' | 'pageshow';

/** What of the window the prefetch needs. */
export interface IdleWindow {
  readonly navigator: { readonly onLine: boolean };
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
  requestIdleCallback?(run: () => void): number;
  addEventListener(type: Resumes | 'pagehide', listener: () => void, options?: { once: true }): void;
  removeEventListener(type: Resumes | 'pagehide', listener: () => void): void;
}

/**
 * Fetches the parts one idle period after another, starting a moment after the first page, and calls `done` after the
 * last (what waits for the rest of start-up: the offline worker); returns a stop. It waits
 * without the network (a fetch then can only fail, and each failure is a failed load on the console) and while the
 * page is put away for Back (a part evaluated then runs script in a kept page, and the browser drops the page from
 * its back/forward cache), and carries on from the same part when the network or the page is back.
 */
export function prefetchWhenIdle(
  loads: readonly (() => Promise<unknown>)[],
  delayMs = 2000,
  win: IdleWindow = window,
  done: () => void = () => undefined,
): () => void {
  let stopped = false;
  let hidden = false;
  let timer: number | undefined;
  let waiting: { readonly on: Resumes; readonly resume: () => void } | undefined;
  const whenIdle = (run: () => void) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run);
    else timer = win.setTimeout(run, 50);
  };
  const onHide = () => (hidden = true);
  const onShow = () => (hidden = false);
  win.addEventListener('pagehide', onHide);
  win.addEventListener('pageshow', onShow);
  const fetchFrom = (index: number) => {
    const load = loads[index];
    if (stopped) return;
    if (load === undefined) return done();
    const on: Resumes | null = hidden ? 'pageshow' : !win.navigator.onLine ? 'online' : null;
    if (on !== null) {
      const resume = () => {
        waiting = undefined;
        whenIdle(() => fetchFrom(index));
      };
      waiting = { on, resume };
      win.addEventListener(on, resume, { once: true });
      return;
    }
    // A failed fetch is tried again when the part is wanted.
    void load()
      .catch(() => undefined)
      .then(() => whenIdle(() => fetchFrom(index + 1)));
  };
  timer = win.setTimeout(() => whenIdle(() => fetchFrom(0)), delayMs);
  return () => {
    stopped = true;
    win.clearTimeout(timer);
    win.removeEventListener('pagehide', onHide);
    win.removeEventListener('pageshow', onShow);
    if (waiting !== undefined) win.removeEventListener(waiting.on, waiting.resume);
  };
}
