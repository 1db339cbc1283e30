// What the inbox's contract tests share: the two databases the suite runs against, an inbox on a free port with a
// clock the test moves, a redacted simulated visit to share, and small HTTP helpers in the client's words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import * as E from 'fp-ts/lib/Either.js';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { createInbox, type Inbox, type InboxOptions } from '../../src/inbox/createInbox';
import type { InboxDatabase } from '../../src/inbox/database';
import { openPGlite } from '../../src/inbox/pglite';
import { openPostgres } from '../../src/inbox/postgres';
import { createStaffToken } from '../../src/inbox/staffTokens';
import { catalogLine, eventLine, type RawEvent } from '../../src/store/logFile';
import { createRedactor } from '../../src/store/redact';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';
import { startPostgres, type PostgresServer } from './postgresServer';

/** A database the suite runs against; `second` opens another connection to the same data (another server process). */
export interface Backend {
  readonly name: 'PGlite' | 'PostgreSQL';
  open(): Promise<{ db: InboxDatabase; second: () => Promise<InboxDatabase>; close: () => Promise<void> }>;
}

export const BACKENDS: readonly Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await openPGlite();
      // One process owns a PGlite database: a second inbox shares it, as two handlers in one server would.
      return { db, second: async () => ({ ...db, close: async () => undefined }), close: () => db.close() };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const server: PostgresServer = await startPostgres();
      // A schema of its own, so a run against an existing server (COUNTERTOP_TEST_DATABASE) leaves its data alone.
      const schema = `inbox_test_${process.pid}_${Date.now()}`;
      const opened: InboxDatabase[] = [];
      const connect = async () => {
        const db = await openPostgres({ url: server.url, schema, log: () => undefined });
        opened.push(db);
        return db;
      };
      const db = await connect();
      return {
        db,
        second: connect,
        async close() {
          try {
            await db.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
            for (const each of opened) await each.close().catch(() => undefined);
          } finally {
            await server.stop();
          }
        },
      };
    },
  },
];

export const START = Date.parse('2026-11-18T15:00:00.000Z');

/** The test's clock: starts at START and moves only when told. */
export function testClock() {
  let at = START;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

export interface RunningInbox {
  readonly inbox: Inbox;
  readonly origin: string;
  readonly server: Server;
  /** Stops the HTTP server; the database stays open (the suite closes it). */
  stop(): Promise<void>;
}

/** An inbox behind an HTTP server on a free port, over `db`, which it does not close. */
export async function serveInbox(db: InboxDatabase, options: Omit<InboxOptions, 'database'> = {}): Promise<RunningInbox> {
  const inbox = createInbox({ log: () => undefined, ...options, database: { ...db, close: async () => undefined } });
  await inbox.ready;
  const server = createServer((req, res) => {
    void inbox.handle(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    inbox,
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await inbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A staff token made as `countertop support token create` makes one. */
export async function staffToken(inbox: Inbox, name = 'Sam at support'): Promise<{ id: string; token: string }> {
  const made = await createStaffToken(inbox.context, name);
  if (E.isLeft(made)) throw new Error(made.left.message);
  return made.right;
}

export interface Visit {
  readonly hash: string;
  readonly catalogLine: string;
  /** The visit's events, redacted as the device redacts before sharing. */
  readonly events: readonly RawEvent[];
}

/** A simulated shopper's visit to the cafe, redacted: what a tab shares. */
export async function redactedVisit(events: number, seed = 7): Promise<Visit> {
  const json = fixtureJson('cafe');
  const hash = await hashText(catalogText(json));
  const { drafts } = simulateSession({ catalog: fixtureCatalog('cafe'), hash, events, seed });
  const redactor = createRedactor();
  return {
    hash,
    catalogLine: catalogLine(hash, catalogText(json)),
    events: drafts.map((d, i) => redactor.event({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })),
  };
}

export interface Share {
  readonly shareId: string;
  readonly code: string;
  readonly uploadSecret: string;
}

export async function openShare(origin: string, business = 'Hudson Cafe'): Promise<Share> {
  const res = await fetch(`${origin}/inbox/shares`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business, appVersion: '0.1.0-test', device: { viewport: '390x844', language: 'en-US' } }),
  });
  if (res.status !== 201) throw new Error(`opening a share answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Share;
}

/** The NDJSON of a chunk: the given catalog lines, then the events' lines. */
export function chunkText(events: readonly RawEvent[], catalogs: readonly string[] = []): string {
  return `${[...catalogs, ...events.map(eventLine)].join('\n')}\n`;
}

/** PUTs a chunk named by its events' first and last seq (or `name`). */
export function putChunk(
  origin: string,
  share: Share,
  events: readonly RawEvent[],
  options: { catalogs?: readonly string[]; gzip?: boolean; name?: string; secret?: string; text?: string } = {},
): Promise<Response> {
  const text = options.text ?? chunkText(events, options.catalogs);
  const name = options.name ?? `${events[0]!.seq}-${events.at(-1)!.seq}`;
  return fetch(`${origin}/inbox/shares/${share.shareId}/chunks/${name}`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${options.secret ?? share.uploadSecret}`,
      'Content-Type': 'application/x-ndjson',
      ...(options.gzip ? { 'Content-Encoding': 'gzip' } : {}),
    },
    body: options.gzip ? gzipSync(text) : text,
  });
}

export const staffGet = (origin: string, path: string, token: string | null): Promise<Response> =>
  fetch(`${origin}${path}`, token === null ? {} : { headers: { Authorization: `Bearer ${token}` } });

/** Asks for the share a code names, as the console does: the code in the body, never the address. */
export const lookupCode = (origin: string, code: string, token: string | null): Promise<Response> =>
  fetch(`${origin}/inbox/shares/lookup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ code }),
  });

/** Reads server-sent events from a response until `done` says so; resolves with every message read. */
export async function readEvents(res: Response, done: (messages: readonly { event: string; data: string }[]) => boolean) {
  const messages: { event: string; data: string }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  while (!done(messages)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += value;
    for (let split = buffer.indexOf('\n\n'); split >= 0; split = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event !== undefined && data !== undefined) messages.push({ event, data });
    }
  }
  await reader.cancel().catch(() => undefined);
  return messages;
}
