// index.html's early menu request answers the API client's first catalog call without a token, once; everything else
// goes to the network.
import { describe, expect, it } from 'vitest';
import { withEarlyCatalog } from '../../src/app/runtime/earlyCatalog';

const post = { method: 'POST', headers: { Accept: 'application/json', 'X-Client-Id': 'cafe' }, body: '{}' };

function network() {
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response('"network"');
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('the early menu request', () => {
  it('answers the first catalog call, and only that one', async () => {
    const { calls, fetchFn } = network();
    const holder = { __countertopCatalog: Promise.resolve(new Response('"early"')) };
    const fetchWith = withEarlyCatalog(fetchFn, holder);
    expect('__countertopCatalog' in holder).toBe(false);
    expect(await (await fetchWith('/api/Catalog', post)).json()).toBe('early');
    expect(await (await fetchWith('/api/Catalog', post)).json()).toBe('network');
    expect(calls).toEqual(['/api/Catalog']);
  });

  it('leaves other calls, a catalog call with a token, and a failed early request to the network', async () => {
    const { calls, fetchFn } = network();
    const fetchWith = withEarlyCatalog(fetchFn, { __countertopCatalog: Promise.resolve(new Response('"early"')) });
    await fetchWith('/api/Inventory', post);
    await fetchWith('/api/Catalog', { ...post, headers: { ...post.headers, Authorization: 'Bearer t' } });
    expect(calls).toEqual(['/api/Inventory', '/api/Catalog']);
    expect(await (await fetchWith('/api/Catalog', post)).json()).toBe('early');

    const failed = network();
    const fetchFailed = withEarlyCatalog(failed.fetchFn, { __countertopCatalog: Promise.resolve(null) });
    expect(await (await fetchFailed('/api/Catalog', post)).json()).toBe('network');
    const none = network();
    expect(await (await withEarlyCatalog(none.fetchFn, {})('/api/Catalog', post)).json()).toBe('network');
  });

  it('gives up on the early request when the call times out', async () => {
    const { fetchFn } = network();
    const fetchWith = withEarlyCatalog(fetchFn, { __countertopCatalog: new Promise<Response | null>(() => undefined) });
    const controller = new AbortController();
    const answer = fetchWith('/api/Catalog', { ...post, signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toThrow();
  });
});
