// A page or a part whose code loads on demand, shown at once when that code is already in. React.lazy alone suspends
// on a first render even when the module has loaded (the import's promise settles a microtask later), and React then
// keeps the fallback on screen for at least 300 ms before it reveals what loaded: checkout opened from a link, its
// code preloaded by index.html, showed 'Loading the page' for that long, and the chain's chooser (the first words of
// its home page) appeared 300 ms after its code was in.
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { whenOnline } from '../runtime/whenOnline';

export interface PageOnDemand {
  readonly Page: ComponentType;
  /** Fetches and evaluates the page's code once; the page renders at once after it has. A failure may be retried. */
  readonly load: () => Promise<ComponentType>;
}

/** The module's component once loaded, and its one load (offline, it waits for the network; a failed one may be tried again). */
function loader<M, P extends object>(importModule: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const state: { ready?: ComponentType<P>; loading?: Promise<ComponentType<P>> } = {};
  const load = () => {
    if (state.loading === undefined) {
      const attempt = whenOnline(importModule).then((module) => (state.ready = pick(module)));
      state.loading = attempt;
      attempt.catch(() => {
        if (state.loading === attempt) state.loading = undefined;
      });
    }
    return state.loading;
  };
  return { state, load };
}

export function pageOnDemand<M>(importPage: () => Promise<M>, pick: (module: M) => ComponentType): PageOnDemand {
  const { state, load } = loader(importPage, pick);
  const Lazy = lazy(async () => ({ default: await load() }));
  function Page() {
    // Chosen once per mount: swapping the component later would remount the page and lose what it holds.
    const [Shown] = useState<ComponentType>(() => state.ready ?? Lazy);
    return <Shown />;
  }
  return { Page, load };
}

export interface PartOnDemand<P extends object> {
  readonly Part: ComponentType<P>;
  readonly load: () => Promise<ComponentType<P>>;
  /** Settles once the part has first rendered itself (committed, not yet painted). */
  readonly rendered: Promise<void>;
}

/**
 * A part with nothing to show while its code loads (a dialog): it renders nothing until the code is in and then
 * itself, with no Suspense boundary to hold it back. A failed load reaches the nearest error boundary, as
 * React.lazy's would.
 */
export function partOnDemand<M, P extends object>(importPart: () => Promise<M>, pick: (module: M) => ComponentType<P>): PartOnDemand<P> {
  const { state, load } = loader(importPart, pick);
  let markRendered: () => void = () => undefined;
  const rendered = new Promise<void>((resolve) => (markRendered = resolve));
  function Part(props: P) {
    const [Shown, setShown] = useState<ComponentType<P> | undefined>(() => state.ready);
    const [failure, setFailure] = useState<unknown>(undefined);
    useEffect(() => {
      if (Shown !== undefined) return markRendered();
      let live = true;
      load().then(
        (component) => live && setShown(() => component),
        (error: unknown) => live && setFailure(() => error ?? new Error('the part could not load')),
      );
      return () => {
        live = false;
      };
    }, [Shown]);
    if (failure !== undefined) throw failure;
    return Shown === undefined ? null : <Shown {...props} />;
  }
  return { Part, load, rendered };
}
