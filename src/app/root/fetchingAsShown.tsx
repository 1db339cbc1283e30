// A page or a part that fetches others once it shows (its own code in, and rendered): a press on it then never waits
// for their code, and a visit that never reaches it never fetches them. A failed fetch is tried again by the part's
// first use. The routes wrap a page with its entry's `fetches`; a page with a part for a bag with items (checkout's
// form) has that part do it instead, with the page that follows: an empty bag's checkout fetches no order code.
import { useEffect, type ComponentType } from 'react';
import { PAGES_ON_DEMAND, type PageLoadedOnDemand } from './lazyParts';
import { PARTS, type PageEntry } from './parts';

export function fetchingAsShown<P extends object>(Shown: ComponentType<P>, loads: readonly (() => Promise<unknown>)[]): ComponentType<P> {
  if (loads.length === 0) return Shown;
  function FetchingParts(props: P) {
    useEffect(() => {
      for (const load of loads) void load().catch(() => undefined);
    }, []);
    return <Shown {...props} />;
  }
  return FetchingParts;
}

/** What a page's entry fetches as it shows (or as its part for a bag with items shows): its `fetches`, then its `next` page when that part holds them. */
export function fetchedAsShown(entry: PageEntry): readonly (() => Promise<unknown>)[] {
  const fetches = (entry.fetches ?? []).map((name) => PARTS[name].load);
  const next = entry.next !== undefined && Object.hasOwn(PAGES_ON_DEMAND, entry.next) ? [PAGES_ON_DEMAND[entry.next as PageLoadedOnDemand].load] : [];
  return [...fetches, ...next];
}
