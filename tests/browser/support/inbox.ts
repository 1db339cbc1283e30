// The support inbox behind a test storefront, and shoppers' visits shared into it. The storefront opens its inbox on
// the first /inbox/ request (src/sandbox/vitePlugin.ts, src/inbox/lazyInbox.ts) on COUNTERTOP_SUPPORT_DATABASE when
// set: here a PostgreSQL of the file's own (as the inbox's contract tests start one), so the test can make and revoke
// staff tokens beside the running storefront, as `countertop support token` does, and a developer's
// .countertop/inbox/ is left alone. A visit is shared as a shopper's tab shares it: redacted on the page, then sent as
// chunks named by their first and last seq (the tab's own upload is tested with the share dialog).
import * as E from 'fp-ts/lib/Either.js';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createInbox, type Inbox } from '../../../src/inbox/createInbox';
import type { InboxDatabase } from '../../../src/inbox/database';
import { openPostgres } from '../../../src/inbox/postgres';
import { createStaffToken, revokeStaffToken } from '../../../src/inbox/staffTokens';
import { startPostgres, type PostgresServer } from '../../inbox/postgresServer';

export interface TestInbox {
  /** A live staff token, made as `countertop support token create --name` makes one. */
  staffToken(name?: string): Promise<{ readonly id: string; readonly token: string }>;
  /** Revokes a staff token, as `countertop support token revoke` does. */
  revoke(id: string): Promise<void>;
}

/** Starts the file's inbox database before its tests and removes it after them. */
export function useInbox(): TestInbox {
  let server: PostgresServer | undefined;
  let db: InboxDatabase | undefined;
  let inbox: Inbox | undefined;
  const schema = `inbox_browser_${process.pid}_${Date.now()}`;
  const before = process.env.COUNTERTOP_SUPPORT_DATABASE;
  beforeAll(async () => {
    server = await startPostgres();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.end();
    // Read when the storefront's inbox opens, on the first /inbox/ request of the file.
    process.env.COUNTERTOP_SUPPORT_DATABASE = `${server.url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    db = await openPostgres({ url: server.url, schema, log: () => undefined });
    inbox = createInbox({ database: { ...db, close: async () => undefined }, log: () => undefined });
    await inbox.ready;
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.COUNTERTOP_SUPPORT_DATABASE;
    else process.env.COUNTERTOP_SUPPORT_DATABASE = before;
    await inbox?.close();
    await db?.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
    await db?.close();
    await server?.stop();
  });
  const started = (): Inbox => {
    if (!inbox) throw new Error('the inbox is not running: use it inside a hook or a test');
    return inbox;
  };
  return {
    async staffToken(name = 'Sam at support') {
      const made = await createStaffToken(started().context, name);
      if (E.isLeft(made)) throw new Error(made.left.message);
      return made.right;
    },
    async revoke(id) {
      const revoked = await revokeStaffToken(started().context, id);
      if (E.isLeft(revoked)) throw new Error(revoked.left.message);
    },
  };
}

export interface SharedVisit {
  readonly shareId: string;
  readonly code: string;
  readonly uploadSecret: string;
  /** The last seq the inbox holds. */
  sent: number;
}

/** The page's session log, redacted as it is before it leaves the device. */
async function redactedLog(page: Page): Promise<string> {
  await page.waitForFunction(() => 'countertop' in window);
  return page.evaluate(() => (window as unknown as { countertop: { sessionLog: (redact: boolean) => Promise<string> } }).countertop.sessionLog(true));
}

/** Opens a share of the shopper's visit and sends everything it holds so far. */
export async function shareVisit(origin: string, page: Page, business = 'Bluebird Coffee'): Promise<SharedVisit> {
  const header = JSON.parse((await redactedLog(page)).split('\n')[0]!) as { appVersion: string };
  const res = await fetch(`${origin}/inbox/shares`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business, appVersion: header.appVersion, device: { viewport: '1280x900', language: 'en-US' } }),
  });
  if (res.status !== 201) throw new Error(`opening a share answered ${res.status}: ${await res.text()}`);
  const share: SharedVisit = { ...((await res.json()) as Omit<SharedVisit, 'sent'>), sent: 0 };
  await sendMore(origin, share, page);
  return share;
}

/**
 * Sends the shopper's next events, once their log holds one after the last sent: what a tap records may come a moment
 * after what the test waited for (a navigation's PageViewed is appended once the new page has rendered, after the
 * address has changed). Answers the last sent.
 */
export async function sendNext(origin: string, share: SharedVisit, page: Page): Promise<number> {
  const before = share.sent;
  await expect.poll(() => sendMore(origin, share, page)).toBeGreaterThan(before);
  return share.sent;
}

/** Sends the events the shopper's log holds after the last one sent (with the catalogs, which the inbox keeps once). */
export async function sendMore(origin: string, share: SharedVisit, page: Page): Promise<number> {
  // Read when the page has written what it folded, so the chunk ends where the page's state does.
  await page.evaluate(() => (window as unknown as { countertop: { saved: () => Promise<void> } }).countertop.saved());
  const lines = (await redactedLog(page)).split('\n').filter((line) => line !== '');
  const catalogs = lines.filter((line) => line.startsWith('{"kind":"catalog"'));
  const events = lines.filter((line) => line.startsWith('{"kind":"event"')).filter((line) => (JSON.parse(line) as { seq: number }).seq > share.sent);
  if (events.length === 0) return share.sent;
  const seqOf = (line: string) => (JSON.parse(line) as { seq: number }).seq;
  const [first, last] = [seqOf(events[0]!), seqOf(events.at(-1)!)];
  const res = await fetch(`${origin}/inbox/shares/${share.shareId}/chunks/${first}-${last}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${share.uploadSecret}`, 'Content-Type': 'application/x-ndjson' },
    body: `${[...catalogs, ...events].join('\n')}\n`,
  });
  if (res.status !== 200) throw new Error(`a chunk answered ${res.status}: ${await res.text()}`);
  share.sent = last;
  return last;
}

/** The shopper stops sharing. */
export async function stopSharing(origin: string, share: SharedVisit): Promise<void> {
  const res = await fetch(`${origin}/inbox/shares/${share.shareId}/stop`, { method: 'POST', headers: { Authorization: `Bearer ${share.uploadSecret}` } });
  if (res.status !== 200) throw new Error(`stopping answered ${res.status}`);
}
