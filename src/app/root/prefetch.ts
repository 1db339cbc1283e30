// What is fetched ahead, from the manifest (parts.ts): the address's own page and the page that follows it while the
// store starts (index.html has already asked for their files), and the parts with a prefetch rank, one per idle
// period once the first page is up (each chunk is evaluated as it arrives, and together they made one task of a
// quarter of a second on a phone: a tap in it waits).
import { matchPath } from 'react-router-dom';
import { PAGES_ON_DEMAND, type PageLoadedOnDemand } from './lazyParts';
import { everyPart, PAGES, type PageEntry, type PageName } from './parts';

const onDemand = (name: string): name is PageLoadedOnDemand => Object.hasOwn(PAGES_ON_DEMAND, name);

/** The page the address names, when it loads on demand, and the page that follows it. */
export function startingPages(pathname: string): readonly (() => Promise<unknown>)[] {
  const name = (Object.keys(PAGES) as PageName[]).find((page) => onDemand(page) && matchPath(PAGES[page].path, pathname) !== null);
  if (name === undefined || !onDemand(name)) return [];
  const next = (PAGES[name] as PageEntry).next;
  const loads = [PAGES_ON_DEMAND[name].load];
  return next !== undefined && onDemand(next) ? [...loads, PAGES_ON_DEMAND[next].load] : loads;
}

/** The parts fetched in the background once the first page is up, in their rank's order. */
export function prefetchedLater(): readonly (() => Promise<unknown>)[] {
  return everyPart()
    .flatMap(([name, part]) => (part.prefetch === undefined ? [] : [{ name, rank: part.prefetch, load: part.load }]))
    .sort((a, b) => a.rank - b.rank)
    .map(({ name, load }) => (onDemand(name) ? PAGES_ON_DEMAND[name].load : load));
}

/** Fetches the parts one idle period after another, starting a moment after the first page; returns a stop. */
export function prefetchWhenIdle(loads: readonly (() => Promise<unknown>)[], delayMs = 2000): () => void {
  let stopped = false;
  let timer: number | undefined;
  const whenIdle = (run: () => void) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
    else timer = window.setTimeout(run, 50);
  };
  const fetchFrom = (index: number) => {
    const load = loads[index];
    if (stopped || load === undefined) return;
    // A failed fetch is tried again when the part is wanted.
    void load()
      .catch(() => undefined)
      .then(() => whenIdle(() => fetchFrom(index + 1)));
  };
  timer = window.setTimeout(() => whenIdle(() => fetchFrom(0)), delayMs);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
