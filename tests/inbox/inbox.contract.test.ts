// The support inbox's contract, run against PGlite (the embedded default) and a real PostgreSQL server (started by
// the test, or COUNTERTOP_TEST_DATABASE): the same calls must give the same answers on both.
import { gunzipSync } from 'node:zlib';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_LIMITS } from '../../src/inbox/limits';
import { purge } from '../../src/inbox/retention';
import { revokeStaffToken } from '../../src/inbox/staffTokens';
import type { InboxDatabase } from '../../src/inbox/database';
import { eventLine, headerLine, splitLines } from '../../src/store/logFile';
import { checkLog } from '../../src/store/logCheck';
import { replayText } from '../../src/store/replay';
import {
  BACKENDS,
  openShare,
  putChunk,
  readEvents,
  redactedVisit,
  serveInbox,
  lookupCode,
  staffGet,
  staffToken,
  testClock,
  type RunningInbox,
  type Visit,
} from './support';

const DAY = 24 * 60 * 60_000;

describe.each(BACKENDS)('the support inbox on $name', (backend) => {
  let opened: Awaited<ReturnType<typeof backend.open>>;
  let db: InboxDatabase;
  let running: RunningInbox;
  let origin: string;
  let staff: { id: string; token: string };
  let visit: Visit;
  const clock = testClock();

  beforeAll(async () => {
    [opened, visit] = await Promise.all([backend.open(), redactedVisit(150)]);
    db = opened.db;
    running = await serveInbox(db, { now: clock.now });
    origin = running.origin;
    staff = await staffToken(running.inbox);
  });
  afterAll(async () => {
    await running?.stop();
    await opened?.close();
  });

  it('opens a share with a code to read aloud and an upload secret, and keeps neither in clear', async () => {
    const share = await openShare(origin);
    expect(share.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(share.uploadSecret.length).toBeGreaterThan(40);
    const rows = await db.query<Record<string, unknown>>('SELECT * FROM shares WHERE id = $1', [share.shareId]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(share.code.replace('-', ''));
    expect(stored).not.toContain(share.uploadSecret);
    expect(rows[0]).toMatchObject({ business: 'Hudson Cafe', app_version: '0.1.0-test', device: { viewport: '390x844', language: 'en-US' } });
  });

  it('stores chunks (gzip or not), and the share read back by its code replays through the log reader to the same events', async () => {
    const share = await openShare(origin);
    const first = await putChunk(origin, share, visit.events.slice(0, 60), { catalogs: [visit.catalogLine] });
    expect(await first.json()).toEqual({ stored: 60, highestSeq: 60 });
    const second = await putChunk(origin, share, visit.events.slice(60), { gzip: true });
    expect(await second.json()).toEqual({ stored: 90, highestSeq: 150 });

    // Typed as support might: lower case, no dash.
    const res = await lookupCode(origin, share.code.toLowerCase().replace('-', ''), staff.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('x-share-id')).toBe(share.shareId);
    const text = await res.text();
    const check = checkLog();
    const events = [];
    for (const line of splitLines(text)) {
      const read = await check.line(line);
      expect(read).toMatchObject({ _tag: 'Right' });
      if (E.isRight(read) && read.right?.kind === 'header') expect(read.right.header).toMatchObject({ appVersion: '0.1.0-test', redacted: true });
      if (E.isRight(read) && read.right?.kind === 'event') events.push({ seq: read.right.seq, ...read.right.raw });
    }
    expect(events).toEqual(visit.events);
    // Each event's line is answered as the log file writes it (the data's keys in the order sent, not jsonb's).
    expect(splitLines(text).slice(-visit.events.length)).toEqual(visit.events.map(eventLine));

    const original = [headerLine('0.1.0-test', '2026-11-18T15:00:00.000Z', true), visit.catalogLine, ...visit.events.map(eventLine)].join('\n');
    const [mine, theirs] = await Promise.all([replayText([original]), replayText([text])]);
    expect(E.isRight(theirs) && theirs.right.state).toEqual(E.isRight(mine) && mine.right.state);
  });

  it('stores a chunk sent again after a lost answer once, and each answer gives the highest seq to resume from', async () => {
    const share = await openShare(origin);
    const chunk = visit.events.slice(0, 50);
    expect(await (await putChunk(origin, share, chunk, { catalogs: [visit.catalogLine] })).json()).toEqual({ stored: 50, highestSeq: 50 });
    // The answer was lost; the tab sends the same chunk again, then the next.
    expect(await (await putChunk(origin, share, chunk, { catalogs: [visit.catalogLine] })).json()).toEqual({ stored: 0, highestSeq: 50 });
    expect(await (await putChunk(origin, share, visit.events.slice(50, 80))).json()).toEqual({ stored: 30, highestSeq: 80 });
    // A reload that resends an older chunk learns where the share stands.
    expect(await (await putChunk(origin, share, visit.events.slice(40, 60))).json()).toEqual({ stored: 0, highestSeq: 80 });
    const [row] = await db.query<{ n: number; distinct_seqs: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT seq)::int AS distinct_seqs FROM events WHERE share_id = $1',
      [share.shareId],
    );
    expect(row).toEqual({ n: 80, distinct_seqs: 80 });
    const [counted] = await db.query<{ event_count: number }>('SELECT event_count FROM shares WHERE id = $1', [share.shareId]);
    expect(counted!.event_count).toBe(80);
  });

  it('refuses an undeclared field, naming the line and the field, and stores nothing of the chunk', async () => {
    const share = await openShare(origin);
    const events = visit.events.slice(0, 3);
    const withExtra = { ...events[2]!, data: { ...(events[2]!.data as object), colour: 'red' } };
    const res = await putChunk(origin, share, [events[0]!, events[1]!, withExtra], { catalogs: [visit.catalogLine] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; problems: string[] };
    expect(body.error).toBe('chunk_refused');
    expect(body.problems).toEqual([`line 4: ${withExtra.type}: data.colour: not a field of ${withExtra.type}`]);
    expect(await db.query('SELECT seq FROM events WHERE share_id = $1', [share.shareId])).toEqual([]);
  });

  it('refuses a personal field that is not a redaction placeholder, and an event type it does not know', async () => {
    const share = await openShare(origin);
    const guest = {
      seq: 1,
      id: 'evt-guest',
      type: 'GuestDetailsSaved',
      v: 2,
      at: '2026-11-18T15:01:00.000Z',
      data: { guest: { firstName: 'Shopper1', lastName: 'Redacted1', email: 'ada@example.com', phone: '555-0101' }, confirmed: true, idempotencyKey: 'k1' },
    };
    const unknown = { seq: 2, id: 'evt-x', type: 'MoodRecorded', v: 1, at: '2026-11-18T15:02:00.000Z', data: {} };
    const res = await putChunk(origin, share, [guest, unknown]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { problems: string[] }).problems).toEqual([
      'line 1: GuestDetailsSaved: data.guest.email is personal (email) and not redacted',
      'line 2: MoodRecorded is not an event type this inbox knows',
    ]);
    const redacted = { ...guest, data: { ...guest.data, guest: { ...guest.data.guest, email: 'shopper1@example.invalid' } } };
    expect((await putChunk(origin, share, [redacted])).status).toBe(200);
  });

  it('refuses an event that names a catalog neither the chunk nor the inbox holds', async () => {
    const share = await openShare(origin);
    const loaded = { ...visit.events[1]!, seq: 1, data: { ...(visit.events[1]!.data as object), hash: `sha256-${'0'.repeat(64)}` } };
    expect(loaded.type).toBe('CatalogLoaded');
    const res = await putChunk(origin, share, [loaded]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { problems: string[] }).problems[0]).toMatch(
      /CatalogLoaded names catalog sha256-0+, which neither this chunk nor the inbox holds/,
    );
  });

  it('refuses a share past its size cap with 413 and says what the cap is', async () => {
    const capped = await serveInbox(db, { now: clock.now, limits: { maxShareEvents: 100 } });
    try {
      const share = await openShare(capped.origin);
      expect((await putChunk(capped.origin, share, visit.events.slice(0, 90), { catalogs: [visit.catalogLine] })).status).toBe(200);
      const res = await putChunk(capped.origin, share, visit.events.slice(90, 120));
      expect(res.status).toBe(413);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('share_too_large');
      expect(body.message).toMatch(/at most 100 events and 5 MB/);
      expect((await putChunk(capped.origin, share, visit.events.slice(90, 100))).status).toBe(200);
    } finally {
      await capped.stop();
    }
    expect(INBOX_LIMITS).toMatchObject({ maxShareBytes: 5_000_000, maxShareEvents: 20_000 });
  });

  it('takes no more events once the shopper stops sharing, but answers a chunk it already stored', async () => {
    const share = await openShare(origin);
    await putChunk(origin, share, visit.events.slice(0, 10), { catalogs: [visit.catalogLine] });
    const stop = await fetch(`${origin}/inbox/shares/${share.shareId}/stop`, { method: 'POST', headers: { Authorization: `Bearer ${share.uploadSecret}` } });
    expect(await stop.json()).toEqual({ stoppedAt: new Date(clock.now()).toISOString(), highestSeq: 10 });
    const more = await putChunk(origin, share, visit.events.slice(10, 20));
    expect(more.status).toBe(409);
    expect(((await more.json()) as { error: string }).error).toBe('share_stopped');
    expect(await (await putChunk(origin, share, visit.events.slice(0, 10), { catalogs: [visit.catalogLine] })).json()).toEqual({ stored: 0, highestSeq: 10 });
  });

  it("lets only staff read: no token, a wrong one or a share's upload secret gets 401, and a shopper appends only to their own share", async () => {
    const share = await openShare(origin);
    const other = await openShare(origin);
    await putChunk(origin, share, visit.events.slice(0, 5), { catalogs: [visit.catalogLine] });
    for (const token of [null, 'cts_not-a-token', share.uploadSecret]) {
      expect((await lookupCode(origin, share.code, token)).status, `a look-up with ${token}`).toBe(401);
      for (const path of ['/inbox/shares', `/inbox/shares/${share.shareId}/log`, `/inbox/shares/${share.shareId}/events`]) {
        const res = await staffGet(origin, path, token);
        expect(res.status, `${path} with ${token}`).toBe(401);
      }
    }
    expect((await putChunk(origin, other, visit.events.slice(0, 5), { secret: share.uploadSecret })).status).toBe(403);
    expect((await putChunk(origin, share, visit.events.slice(5, 6), { secret: 'up_guess' })).status).toBe(403);
  });

  it('takes a code only in the body of a look-up, never in the address, and refuses a body with no code', async () => {
    const share = await openShare(origin);
    await putChunk(origin, share, visit.events.slice(0, 5), { catalogs: [visit.catalogLine] });
    expect((await staffGet(origin, `/inbox/shares/by-code/${share.code}`, staff.token)).status).toBe(404);
    expect((await staffGet(origin, `/inbox/shares/lookup?code=${share.code}`, staff.token)).status).toBe(405);
    for (const body of ['{}', '{"code": 12345678}', 'K7Q4-PD2M', '{"code": "K7Q4"}']) {
      const res = await fetch(`${origin}/inbox/shares/lookup`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}` }, body });
      expect(res.status, body).toBe(400);
    }
    expect((await lookupCode(origin, share.code, staff.token)).status).toBe(200);
  });

  it('stops signing in a staff token once it is revoked', async () => {
    const sam = await staffToken(running.inbox, 'Sam');
    expect((await staffGet(origin, '/inbox/shares', sam.token)).status).toBe(200);
    expect(E.isRight(await revokeStaffToken(running.inbox.context, sam.id))).toBe(true);
    expect((await staffGet(origin, '/inbox/shares', sam.token)).status).toBe(401);
  });

  it('locks look-ups by code for 15 minutes after 10 wrong codes, for the token and for the address', async () => {
    const share = await openShare(origin);
    const guesser = await staffToken(running.inbox, 'Guesser');
    const wrong = share.code.startsWith('Z') ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ';
    for (let i = 1; i < INBOX_LIMITS.maxWrongCodes; i++) expect((await lookupCode(origin, wrong, guesser.token)).status).toBe(404);
    const locked = await lookupCode(origin, wrong, guesser.token);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe(String(INBOX_LIMITS.lookupLockoutMs / 1000));
    expect(((await locked.json()) as { message: string }).message).toBe('Too many wrong share codes. Try again in 15 minutes.');
    // The right code is refused too while locked, and so is another token from the same address.
    expect((await lookupCode(origin, share.code, guesser.token)).status).toBe(429);
    expect((await lookupCode(origin, share.code, staff.token)).status).toBe(429);
    clock.advance(INBOX_LIMITS.lookupLockoutMs + 1000);
    expect((await lookupCode(origin, share.code, guesser.token)).status).toBe(200);
  });

  it('lists recent shares of a business with their outcome, and finds them by order id and error code', async () => {
    const business = `Cafe ${backend.name} outcomes`;
    const placed = await openShare(origin, business);
    const failed = await openShare(origin, business);
    const at = (minute: number) => `2026-11-18T16:${String(minute).padStart(2, '0')}:00.000Z`;
    await putChunk(origin, placed, [
      { seq: 1, id: 'p1', type: 'PageViewed', v: 1, at: at(1), data: { path: '/checkout' } },
      { seq: 2, id: 'p2', type: 'OrderPlaced', v: 1, at: at(2), data: { idempotencyKey: 'k', orderId: 'order-771', order: null, nextIdempotencyKey: 'k2' } },
      { seq: 3, id: 'p3', type: 'PageViewed', v: 1, at: at(3), data: { path: '/order/order-771' } },
    ]);
    clock.advance(1000);
    await putChunk(origin, failed, [
      { seq: 1, id: 'f1', type: 'PageViewed', v: 1, at: at(4), data: { path: '/checkout' } },
      {
        seq: 2,
        id: 'f2',
        type: 'OrderPlacementFailed',
        v: 2,
        at: at(5),
        data: { idempotencyKey: 'k', codes: ['Order - CARD_DECLINED'], message: 'Declined', outcome: 'refused' },
      },
    ]);
    const res = await staffGet(origin, `/inbox/shares?business=${encodeURIComponent(business)}&limit=10`, staff.token);
    const { shares } = (await res.json()) as {
      shares: { id: string; outcome: string; orderIds: string[]; failureCodes: string[]; lastPath: string; events: number }[];
    };
    expect(shares.map(({ id, outcome, orderIds, failureCodes, lastPath, events }) => ({ id, outcome, orderIds, failureCodes, lastPath, events }))).toEqual([
      { id: failed.shareId, outcome: 'failed', orderIds: [], failureCodes: ['Order - CARD_DECLINED'], lastPath: '/checkout', events: 2 },
      { id: placed.shareId, outcome: 'placed', orderIds: ['order-771'], failureCodes: [], lastPath: '/order/order-771', events: 3 },
    ]);
    const byOrder = (await (await staffGet(origin, '/inbox/shares?orderId=order-771', staff.token)).json()) as { shares: { id: string }[] };
    expect(byOrder.shares.map((s) => s.id)).toEqual([placed.shareId]);
    const byCode = (await (await staffGet(origin, `/inbox/shares?errorCode=${encodeURIComponent('Order - CARD_DECLINED')}`, staff.token)).json()) as {
      shares: { id: string }[];
    };
    expect(byCode.shares.map((s) => s.id)).toEqual([failed.shareId]);
  });

  it('follows a share live: events stored after subscribing arrive as server-sent events, and the stream ends when sharing stops', async () => {
    const share = await openShare(origin);
    await putChunk(origin, share, visit.events.slice(0, 20), { catalogs: [visit.catalogLine] });
    // Another server process (another connection on PostgreSQL) stores what this one's follower receives.
    const secondDb = await opened.second();
    const elsewhere = await serveInbox(secondDb, { now: clock.now });
    try {
      const stream = await staffGet(origin, `/inbox/shares/${share.shareId}/events?after=18`, staff.token);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const seqs = (messages: readonly { event: string; data: string }[]) =>
        messages.filter((m) => m.event === 'event').map((m) => (JSON.parse(m.data) as { seq: number }).seq);
      const reading = readEvents(stream, (messages) => messages.some((m) => m.event === 'stopped'));
      // The two events after 18 come at once; the append and the stop below come as they happen.
      expect((await putChunk(elsewhere.origin, share, visit.events.slice(20, 23))).status).toBe(200);
      await fetch(`${elsewhere.origin}/inbox/shares/${share.shareId}/stop`, { method: 'POST', headers: { Authorization: `Bearer ${share.uploadSecret}` } });
      const messages = await reading;
      expect(seqs(messages)).toEqual([19, 20, 21, 22, 23]);
      expect(JSON.parse(messages.at(-1)!.data)).toMatchObject({ shareId: share.shareId, highestSeq: 23 });
    } finally {
      await elsewhere.stop();
      await secondDb.close();
    }
  });

  it('sends a catalog line before the first followed event that names it', async () => {
    const share = await openShare(origin);
    await putChunk(origin, share, visit.events.slice(0, 5), { catalogs: [visit.catalogLine] });
    await fetch(`${origin}/inbox/shares/${share.shareId}/stop`, { method: 'POST', headers: { Authorization: `Bearer ${share.uploadSecret}` } });
    const messages = await readEvents(await staffGet(origin, `/inbox/shares/${share.shareId}/events`, staff.token), (m) =>
      m.some((x) => x.event === 'stopped'),
    );
    expect(messages.map((m) => m.event)).toEqual(['event', 'catalog', 'event', 'event', 'event', 'event', 'stopped']);
    expect(messages[1]!.data).toBe(visit.catalogLine);
  });

  it('opens a listed share by its id as the same log file, gzip when asked', async () => {
    const share = await openShare(origin);
    await putChunk(origin, share, visit.events.slice(0, 30), { catalogs: [visit.catalogLine] });
    const plain = await (await lookupCode(origin, share.code, staff.token)).text();
    const res = await fetch(`${origin}/inbox/shares/${share.shareId}/log`, { headers: { Authorization: `Bearer ${staff.token}`, 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    // fetch undoes gzip itself; either way the text is the same file.
    const text = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    expect(text).toBe(plain);
  });

  it('purges shares older than the retention age with their events', async () => {
    const old = await openShare(origin);
    await putChunk(origin, old, visit.events.slice(0, 10), { catalogs: [visit.catalogLine] });
    clock.advance(31 * DAY);
    const recent = await openShare(origin);
    const purged = await purge(running.inbox.context, 30 * DAY);
    expect(purged.shares).toBeGreaterThanOrEqual(1);
    expect(purged.events).toBeGreaterThanOrEqual(10);
    expect(await db.query('SELECT id FROM shares WHERE id = $1', [old.shareId])).toEqual([]);
    expect(await db.query('SELECT seq FROM events WHERE share_id = $1', [old.shareId])).toEqual([]);
    expect((await lookupCode(origin, old.code, staff.token)).status).toBe(404);
    expect((await lookupCode(origin, recent.code, staff.token)).status).toBe(200);
  });

  it('keeps CSP reports in both formats, without URL queries, for staff to list', async () => {
    const legacy = {
      'csp-report': { 'document-uri': 'https://shop.example/checkout?email=a@b.c', 'blocked-uri': 'inline', 'violated-directive': 'script-src-elem' },
    };
    const modern = [
      {
        type: 'csp-violation',
        url: 'https://shop.example/',
        body: {
          documentURL: 'https://shop.example/menu#x',
          blockedURL: 'https://evil.example/x.js?y=1',
          effectiveDirective: 'script-src',
          disposition: 'enforce',
        },
      },
    ];
    for (const [type, body] of [
      ['application/csp-report', legacy],
      ['application/reports+json', modern],
    ] as const) {
      const res = await fetch(`${origin}/inbox/csp-reports`, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(body) });
      expect(res.status).toBe(204);
    }
    const { reports } = (await (await staffGet(origin, '/inbox/csp-reports?limit=2', staff.token)).json()) as {
      reports: { documentUri: string; blockedUri: string; directive: string }[];
    };
    expect(reports.map(({ documentUri, blockedUri, directive }) => ({ documentUri, blockedUri, directive }))).toEqual([
      { documentUri: 'https://shop.example/menu', blockedUri: 'https://evil.example/x.js', directive: 'script-src' },
      { documentUri: 'https://shop.example/checkout', blockedUri: 'inline', directive: 'script-src-elem' },
    ]);
  });
});
