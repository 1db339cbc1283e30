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

/** The loads of the parts a page's entry names in `fetches`. */
export const fetchesOf = (entry: PageEntry): readonly (() => Promise<unknown>)[] => (entry.fetches ?? []).map((name) => PARTS[name].load);

/** What a page's part for a bag with items fetches as it shows: the entry's `fetches`, then its `next` page. */
export function fetchedAsShown(entry: PageEntry): readonly (() => Promise<unknown>)[] {
  const fetches = fetchesOf(entry);
  const next = entry.next !== undefined && Object.hasOwn(PAGES_ON_DEMAND, entry.next) ? [PAGES_ON_DEMAND[entry.next as PageLoadedOnDemand].load] : [];
  return [...fetches, ...next];
}
