// The one form state below the app may take at module level: a value worked out on first use and kept for the
// process, because it is the same whenever it is asked (the runtime's time zones, a generated table). A memo of what a
// fold saw belongs to that fold (src/events/foldMemo.ts), never here.

/** `make()`, worked out on the first call and given back on every call after. */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** `load()`, started on the first call and shared by every caller; a failed load (offline, a damaged chunk) is tried again by the next. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading === undefined) {
      const started = load();
      loading = started;
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
    }
    return loading;
  };
}
