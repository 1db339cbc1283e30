// Following a shared visit: the console reads the inbox's stream with the staff token, hands on each line once and in
// order, opens a dropped stream again after the last event it holds, and ends when the shopper stops or the token is
// refused. The inbox here is a fake fetch that answers with the streams the test writes.
import { describe, expect, it } from 'vitest';
import { followShare, type FollowStatus } from '../../src/app/features/support/followShare';

interface Asked {
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** A fetch answering each call with the next of `answers`: a status, or a stream's pieces (it ends after the last). */
function fakeInbox(answers: readonly (number | readonly string[])[]) {
  const asked: Asked[] = [];
  let next = 0;
  const send = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    asked.push({ url: String(url), headers: init?.headers as Record<string, string> });
    const answer = answers[next++] ?? 500;
    if (typeof answer === 'number') return new Response(null, { status: answer });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of answer) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  return { send: send as typeof fetch, asked };
}

/** Follows until the follower says it is over; resolves with what it was given and said. */
function follow(answers: readonly (number | readonly string[])[], after = 3) {
  const inbox = fakeInbox(answers);
  const lines: string[] = [];
  const statuses: FollowStatus['kind'][] = [];
  const waits: number[] = [];
  const over = new Promise<void>((resolve) => {
    followShare({
      shareId: 'sh_1',
      after,
      token: 'cts_staff',
      fetch: inbox.send,
      wait: async (ms) => void waits.push(ms),
      onLines: async (more) => void lines.push(...more),
      onStatus: (status) => {
        statuses.push(status.kind);
        if (status.kind !== 'live' && status.kind !== 'connecting') resolve();
      },
    });
  });
  return over.then(() => ({ lines, statuses, waits, asked: inbox.asked }));
}

const event = (seq: number) => `id: ${seq}\nevent: event\ndata: {"seq":${seq}}\n\n`;
const STOPPED = 'event: stopped\ndata: {"shareId":"sh_1"}\n\n';

describe('following a shared visit', () => {
  it('asks for the events after the last one held, with the staff token, and hands on catalogs and events in order', async () => {
    const { lines, statuses, asked } = await follow([[': following\n\n', 'event: catalog\ndata: {"hash":"h"}\n\n', event(4), event(5), STOPPED]]);
    expect(asked).toEqual([
      { url: '/inbox/shares/sh_1/events?after=3', headers: { Authorization: 'Bearer cts_staff', Accept: 'text/event-stream', 'Last-Event-ID': '3' } },
    ]);
    expect(lines).toEqual(['{"hash":"h"}', '{"seq":4}', '{"seq":5}']);
    expect(statuses).toEqual(['live', 'stopped']);
  });

  it('opens a dropped stream again after the last event it holds, waiting longer each time nothing came', async () => {
    const { lines, statuses, waits, asked } = await follow([[event(4), event(5).slice(0, 12)], 503, [], [event(5), STOPPED]]);
    expect(asked.map((a) => [a.url.split('?')[1], a.headers['Last-Event-ID']])).toEqual([
      ['after=3', '3'],
      ['after=4', '4'],
      ['after=4', '4'],
      ['after=4', '4'],
    ]);
    expect(lines).toEqual(['{"seq":4}', '{"seq":5}']);
    expect(statuses).toEqual(['live', 'connecting', 'connecting', 'live', 'connecting', 'live', 'stopped']);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('hands on no event twice, should a stream repeat one', async () => {
    const { lines } = await follow([[event(4), event(4), event(3), event(5), STOPPED]]);
    expect(lines).toEqual(['{"seq":4}', '{"seq":5}']);
  });

  it('ends, saying why, when the token is refused or the share is gone', async () => {
    const refused = await follow([401]);
    expect(refused.statuses).toEqual(['refused']);
    const gone = await follow([[event(4), 'event: gone\ndata: {"shareId":"sh_1"}\n\n']]);
    expect(gone.statuses).toEqual(['live', 'gone']);
    expect((await follow([404])).statuses).toEqual(['gone']);
  });
});
