// The menu request index.html made for a device with no session, handed to the API client as the answer to its first
// catalog call (the same request: POST {ApiBasePath}/Catalog with the client id and no token). Any other call, a
// catalog call with a token, a retry, or an early request that failed goes to the network as usual.
type EarlyCatalog = Promise<Response | null>;

/** A fetch that answers the first unauthenticated catalog call from index.html's request, once. */
export function withEarlyCatalog(fetchFn: typeof fetch, holder: { __countertopCatalog?: EarlyCatalog } = window as never): typeof fetch {
  let early = holder.__countertopCatalog;
  delete holder.__countertopCatalog;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    const taken = early;
    if (taken === undefined || !url.endsWith('/Catalog') || init?.method !== 'POST' || headers.has('Authorization')) return fetchFn(input, init);
    early = undefined;
    const signal = init.signal;
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError')), {
        once: true,
      }),
    );
    const answer = await Promise.race([taken, aborted]);
    return answer ?? fetchFn(input, init);
  };
}
