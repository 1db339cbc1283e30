// The support inbox: shoppers' tabs open shares and append their redacted events; support staff list recent shares,
// open one by its code as a log file, and follow one live. One handler, mounted under /inbox/ beside the sandbox
// (`npm start`) or alone (`countertop support serve`); it answers false for any path it does not own. The API is
// documented in README.md beside this file.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import type { InboxContext } from './context';
import type { InboxDatabase } from './database';
import { corsHeaders } from './http';
import { INBOX_LIMITS, type InboxLimits } from './limits';
import { migrate } from './migrations';
import { purge } from './retention';
import { route } from './routes';
import type { RandomBytes } from './secrets';

export const INBOX_PREFIX = '/inbox/';

export interface InboxOptions {
  /** An open database (openInboxDatabase); the inbox migrates it before its first answer, and closes it with itself. */
  readonly database: InboxDatabase;
  /** Epoch milliseconds; the real clock by default. */
  readonly now?: () => number;
  readonly randomBytes?: RandomBytes;
  readonly limits?: Partial<InboxLimits>;
  /** Origins of a storefront or console on another origin that may call the inbox (CORS); none by default. */
  readonly allowedOrigins?: readonly string[];
  readonly log?: (line: string) => void;
}

export interface Inbox {
  /** Answers the request when its path is under /inbox/; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Resolves once the schema is migrated and old shares are purged (the first answer waits for it too). */
  readonly ready: Promise<void>;
  readonly context: InboxContext;
  /** Ends live streams and closes the database. */
  close(): Promise<void>;
}

/** What the inbox's parts are handed, from its options: the CLI's commands use the same without serving. */
export function inboxContext(options: Omit<InboxOptions, 'allowedOrigins'>): InboxContext {
  return {
    db: options.database,
    now: options.now ?? Date.now,
    randomBytes: options.randomBytes ?? ((size) => nodeRandomBytes(size)),
    limits: { ...INBOX_LIMITS, ...options.limits },
    log: options.log ?? ((line) => console.warn(`[inbox] ${line}`)),
  };
}

export function createInbox(options: InboxOptions): Inbox {
  const context = inboxContext(options);
  const streams = new Set<() => void>();
  const ready = (async () => {
    const applied = await migrate(context.db, context.now);
    for (const step of applied) context.log(`migrated: ${step.version} ${step.name}`);
    const purged = await purge(context, context.limits.retentionMs);
    if (purged.shares > 0) context.log(`purged ${purged.shares} shares older than ${context.limits.retentionMs / 86_400_000} days`);
  })();
  // Awaited by each request; a failure is said once here and answered 503 there.
  ready.catch((error: Error) => context.log(`cannot start: ${error.message}`));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://inbox');
    if (!url.pathname.startsWith(INBOX_PREFIX)) return false;
    const cors = corsHeaders(req, options.allowedOrigins ?? []);
    try {
      await ready;
    } catch (error) {
      res.writeHead(503, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'inbox_unavailable', message: `the support inbox could not start: ${(error as Error).message}` }));
      return true;
    }
    try {
      await route(context, req, res, url, cors, streams);
    } catch (error) {
      context.log(`${req.method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) {
        res.writeHead(500, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'internal_error', message: 'the inbox failed to answer; it said why in its log' }));
      } else res.end();
    }
    return true;
  }

  return {
    handle,
    ready,
    context,
    async close() {
      for (const end of [...streams]) end();
      await ready.catch(() => undefined);
      await context.db.close();
    },
  };
}

/** `createInbox` once its start-up is done: Left with the reason it could not start (the database closed again). */
export async function startInbox(options: InboxOptions): Promise<E.Either<string, Inbox>> {
  const inbox = createInbox(options);
  try {
    await inbox.ready;
    return E.right(inbox);
  } catch (error) {
    await options.database.close().catch(() => undefined);
    return E.left((error as Error).message);
  }
}
