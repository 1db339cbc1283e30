// The support inbox's ingest: 1,000 shares of 300 events each, sent at once (each share as a tab sends it: opened,
// then six gzip chunks of 50 events one after the other), through HTTP into PGlite and into a real PostgreSQL server
// (tests/inbox/postgresServer.ts: COUNTERTOP_TEST_DATABASE, or a throwaway cluster). Figures: events stored per
// second, the time from opening a share to its last chunk stored (p95), and the bytes each stored event takes (the
// events table with its indexes, beside the event line as sent). The 1,000 tabs share 64 kept-alive connections, as
// they would through a proxy: a thousand connections at once overflow a listening socket's queue, which measures
// nothing about the inbox. BENCH_INBOX_SHARES=N sends fewer. And opening a 10,000-event share as the console does: the
// look-up by code over HTTP (the log file, gzip) and the console's reading of it (openLogText: every line checked,
// snapshots kept), p95 of ten, against a goal of 500 ms; beside it the CPU time of the whole open (the inbox runs in
// this process), which a loaded machine stretches far less than the wall time.
import { Agent, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { InboxDatabase } from '../../src/inbox/database';
import { openPGlite } from '../../src/inbox/pglite';
import { openPostgres } from '../../src/inbox/postgres';
import { eventLine } from '../../src/store/logFile';
import { startPostgres } from '../inbox/postgresServer';
import { openLogText } from '../../src/store/seekableLog';
import { lookupCode, openShare, putChunk, redactedVisit, serveInbox, staffToken, type Share } from '../inbox/support';
import { summarize, type Benchmark, type Figure } from './harness';

const SHARES = Number(process.env.BENCH_INBOX_SHARES ?? 1000);
const EVENTS = 300;
const CHUNK = 50;

/** Each chunk's gzip body and name; every share sends the same visit (the catalog with its first chunk). */
async function chunks(): Promise<{ name: string; body: Buffer; lineBytes: number }[]> {
  const visit = await redactedVisit(EVENTS, 5);
  const out = [];
  for (let first = 0; first < EVENTS; first += CHUNK) {
    const events = visit.events.slice(first, first + CHUNK);
    const lines = events.map(eventLine);
    const text = `${[...(first === 0 ? [visit.catalogLine] : []), ...lines].join('\n')}\n`;
    out.push({ name: `${events[0]!.seq}-${events.at(-1)!.seq}`, body: gzipSync(text), lineBytes: lines.reduce((n, l) => n + Buffer.byteLength(l), 0) });
  }
  return out;
}

/** One call through the shared connections; rejects unless it answers `status`. */
function call(agent: Agent, url: string, method: string, headers: Record<string, string>, body: Buffer | string, status: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('end', () => (res.statusCode === status ? resolve(text) : reject(new Error(`${method} ${url} answered ${res.statusCode}: ${text}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function ingest(label: string, db: InboxDatabase): Promise<Figure[]> {
  const running = await serveInbox(db);
  try {
    const bodies = await chunks();
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const newShare = JSON.stringify({ business: 'Hudson Cafe', appVersion: 'bench' });
    const perShare: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SHARES }, async () => {
        const began = performance.now();
        const share = JSON.parse(await call(agent, `${running.origin}/inbox/shares`, 'POST', { 'Content-Type': 'application/json' }, newShare, 201)) as Share;
        for (const chunk of bodies) {
          const headers = { Authorization: `Bearer ${share.uploadSecret}`, 'Content-Type': 'application/x-ndjson', 'Content-Encoding': 'gzip' };
          await call(agent, `${running.origin}/inbox/shares/${share.shareId}/chunks/${chunk.name}`, 'PUT', headers, chunk.body, 200);
        }
        perShare.push(performance.now() - began);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const [stored] = await db.query<{ events: number; bytes: number }>(
      "SELECT count(*)::float8 AS events, pg_total_relation_size('events')::float8 AS bytes FROM events",
    );
    const lineBytes = bodies.reduce((n, c) => n + c.lineBytes, 0) / EVENTS;
    return [
      { label: `${label}: ingest, ${SHARES} shares of ${EVENTS} events at once`, value: (SHARES * EVENTS) / seconds, unit: 'events/s' },
      { label: `${label}: one share, opened to last chunk stored (p95)`, value: summarize(perShare).p95, unit: 'ms' },
      { label: `${label}: stored per event, table and indexes`, value: stored!.bytes / stored!.events / 1024, unit: 'KB' },
      { label: `${label}: the event line as sent, for comparison`, value: lineBytes / 1024, unit: 'KB' },
    ];
  } finally {
    await running.stop();
  }
}

const LARGE = 10_000;

/** A 10,000-event share stored in the inbox, then opened by its code as the console opens it, ten times. */
async function openLargeShare(db: InboxDatabase): Promise<Figure[]> {
  const running = await serveInbox(db);
  try {
    const visit = await redactedVisit(LARGE, 9);
    const share = await openShare(running.origin);
    for (let first = 0; first < LARGE; first += 400) {
      const events = visit.events.slice(first, first + 400);
      const res = await putChunk(running.origin, share, events, { gzip: true, ...(first === 0 ? { catalogs: [visit.catalogLine] } : {}) });
      if (res.status !== 200) throw new Error(`a chunk answered ${res.status}: ${await res.text()}`);
    }
    const { token } = await staffToken(running.inbox);
    const fetching: number[] = [];
    const reading: number[] = [];
    // The reading's CPU time (the process's, with its garbage collector's threads) moves less with the machine's load.
    const readingCpu: number[] = [];
    const whole: number[] = [];
    // The whole open's CPU time: the inbox runs in this process, so it is the server's answer and the reading together.
    const wholeCpu: number[] = [];
    for (let i = 0; i <= 10; i++) {
      const began = performance.now();
      const cpuAtStart = process.cpuUsage();
      const res = await lookupCode(running.origin, share.code, token);
      if (res.status !== 200) throw new Error(`the look-up answered ${res.status}`);
      const text = await res.text();
      const fetched = performance.now();
      const cpuBefore = process.cpuUsage();
      const opened = await openLogText(text);
      const cpu = process.cpuUsage(cpuBefore);
      if (opened._tag === 'Left') throw new Error(opened.left.join('\n'));
      if (opened.right.entries.length !== LARGE) throw new Error(`opened ${opened.right.entries.length} events of ${LARGE}`);
      // The first is a warm-up.
      if (i === 0) continue;
      fetching.push(fetched - began);
      reading.push(performance.now() - fetched);
      readingCpu.push((cpu.user + cpu.system) / 1000);
      whole.push(performance.now() - began);
      const all = process.cpuUsage(cpuAtStart);
      wholeCpu.push((all.user + all.system) / 1000);
    }
    const label = `a ${LARGE.toLocaleString('en-US')}-event share`;
    return [
      { label: `${label}, fetched by code and opened as the console does (p95; goal 500 ms)`, value: summarize(whole).p95, unit: 'ms' },
      { label: `${label}, fetched and opened: CPU time, server and console (p95)`, value: summarize(wholeCpu).p95, unit: 'ms' },
      { label: `${label}: the look-up's answer, the whole file (p95)`, value: summarize(fetching).p95, unit: 'ms' },
      { label: `${label}: the console's reading of it (p95)`, value: summarize(reading).p95, unit: 'ms' },
      { label: `${label}: the console's reading of it, CPU time (p95)`, value: summarize(readingCpu).p95, unit: 'ms' },
    ];
  } finally {
    await running.stop();
  }
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'support inbox: opening a 10,000-event share (PGlite)',
    run: async () => {
      const db = await openPGlite();
      try {
        return await openLargeShare(db);
      } finally {
        await db.close();
      }
    },
  },
  {
    name: 'support inbox: ingest on PGlite (in memory)',
    run: async () => {
      const db = await openPGlite();
      try {
        return await ingest('PGlite', db);
      } finally {
        await db.close();
      }
    },
  },
  {
    name: 'support inbox: ingest on PostgreSQL',
    run: async () => {
      const server = await startPostgres();
      const schema = `inbox_bench_${process.pid}`;
      const db = await openPostgres({ url: server.url, schema, log: () => undefined });
      try {
        return await ingest('PostgreSQL', db);
      } finally {
        await db.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
        await db.close().catch(() => undefined);
        await server.stop();
      }
    },
  },
];
