// A module the first page does without, fetched once on demand (a dynamic import). A failed fetch (offline, a chunk
// replaced by a deploy) is forgotten, so the next caller tries again instead of failing for the rest of the session.
export interface LazyModule<M> {
  /** The module, fetching it the first time (and again after a failure). */
  load(): Promise<M>;
  /** The module when already loaded; nothing is fetched. */
  ifLoaded(): M | null;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    ifLoaded: () => loaded,
  };
}

/** A module already at hand (the command line, the tests): loaded from the start. */
export function loadedModule<M>(module: M): LazyModule<M> {
  return { load: () => Promise.resolve(module), ifLoaded: () => module };
}

/**
 * What is made from a module fetched on demand, made once: when first asked for, or at once by `ifLoaded` when the
 * module is already in (the runtime's visit sharing, whose code comes with the share dialog's).
 */
export function madeOnDemand<M, T>(module: LazyModule<M>, make: (module: M) => T): LazyModule<T> {
  let made: T | null = null;
  const once = (loaded: M) => (made ??= make(loaded));
  const loading = lazyModule(async () => once(await module.load()));
  return {
    load: loading.load,
    ifLoaded() {
      if (made !== null) return made;
      const loaded = module.ifLoaded();
      return loaded === null ? null : once(loaded);
    },
  };
}
