import fc from 'fast-check';
import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { watchReachability } from '../../src/app/runtime/reachability';

const answered = () => Promise.resolve(new Response('{}', { status: 503 }));
const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
const aborted = () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));

describe('reachability', () => {
  it('is unreachable after a call with no answer, and reachable again after any answer (a 503 too)', async () => {
    const outcomes = [noAnswer, answered];
    const watched = watchReachability(() => outcomes.shift()!());
    const seen = firstValueFrom(watched.unreachable$.pipe(take(3), toArray()));
    await expect(watched.fetch('/api/Catalog')).rejects.toThrow('Failed to fetch');
    expect(watched.unreachable()).toBe(true);
    expect((await watched.fetch('/api/Catalog')).status).toBe(503);
    expect(watched.unreachable()).toBe(false);
    expect(await seen).toEqual([false, true, false]);
  });

  it('forgets an unanswered call when told the browser is back online', async () => {
    const watched = watchReachability(noAnswer);
    await watched.fetch('/api/Catalog').catch(() => undefined);
    expect(watched.unreachable()).toBe(true);
    watched.forget();
    expect(watched.unreachable()).toBe(false);
  });

  it('is the last call’s outcome whatever came before, and an aborted call changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('answer', 'none', 'abort'), { maxLength: 12 }), async (calls) => {
        const watched = watchReachability(() => ({ answer: answered, none: noAnswer, abort: aborted })[calls.shift()!]());
        const expected = [...calls].filter((call) => call !== 'abort').pop() === 'none';
        const all = calls.length;
        for (let i = 0; i < all; i++) await watched.fetch('/api/x').catch(() => undefined);
        expect(watched.unreachable()).toBe(expected);
      }),
    );
  });

  it("with a check of the API's host: a call whose answer was lost while the host answers leaves the store reachable", async () => {
    const asked: { url: string; method: string | undefined; mode: string | undefined }[] = [];
    const hostUp = (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), method: init?.method, mode: init?.mode });
      return String(input) === 'https://api.example/' ? Promise.resolve(new Response(null, { status: 404 })) : noAnswer();
    };
    const watched = watchReachability(hostUp, 'https://api.example/');
    await expect(watched.fetch('https://api.example/api/Order/GuestPlace', { method: 'POST' })).rejects.toThrow('Failed to fetch');
    expect(watched.unreachable()).toBe(false);
    expect(asked.at(-1)).toEqual({ url: 'https://api.example/', method: 'HEAD', mode: 'no-cors' });
  });

  it("with a check of the API's host: unreachable when the host gives no answer either, before the call's error comes", async () => {
    const watched = watchReachability(noAnswer, 'https://api.example/');
    let settled: boolean | null = null;
    await watched.fetch('https://api.example/api/Catalog').catch(() => (settled = watched.unreachable()));
    expect(settled).toBe(true);
  });

  it('with a check: unreachable exactly when the last unaborted call and its check both got no answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ call: fc.constantFrom('answer', 'none', 'abort'), host: fc.boolean() }), { maxLength: 10 }), async (calls) => {
        let current = calls[0];
        const watched = watchReachability(
          (input) =>
            String(input) === '/probe' ? (current!.host ? answered() : noAnswer()) : { answer: answered, none: noAnswer, abort: aborted }[current!.call](),
          '/probe',
        );
        for (const call of calls) {
          current = call;
          await watched.fetch('/api/x').catch(() => undefined);
        }
        const last = calls.filter((call) => call.call !== 'abort').pop();
        expect(watched.unreachable()).toBe(last !== undefined && last.call === 'none' && !last.host);
      }),
    );
  });
});
