// A page whose code loads on demand, shown at once when that code is already in. React.lazy alone suspends on a
// page's first render even when its module has loaded (the import's promise settles a microtask later), and React
// then keeps the fallback on screen for at least 300 ms before it reveals the page: checkout opened from a link, its
// code preloaded by index.html, showed 'Loading the page' for that long.
import { lazy, useState, type ComponentType } from 'react';

export interface PageOnDemand {
  readonly Page: ComponentType;
  /** Fetches and evaluates the page's code once; the page renders at once after it has. A failure may be retried. */
  readonly load: () => Promise<ComponentType>;
}

export function pageOnDemand<M>(importPage: () => Promise<M>, pick: (module: M) => ComponentType): PageOnDemand {
  let ready: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const load = () => {
    if (loading === undefined) {
      const attempt = importPage().then((module) => (ready = pick(module)));
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
    }
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await load() }));
  function Page() {
    // Chosen once per mount: swapping the component later would remount the page and lose what it holds.
    const [Shown] = useState<ComponentType>(() => ready ?? Lazy);
    return <Shown />;
  }
  return { Page, load };
}
