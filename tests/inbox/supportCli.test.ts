// The operator's and support's commands against a real PostgreSQL server: `countertop support migrate`, staff tokens
// made, listed and revoked, `purge`, and `countertop replay --share` reading a shared visit from a running inbox.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxDatabase } from '../../src/inbox/database';
import { openPostgres } from '../../src/inbox/postgres';
import { eventLine, headerLine } from '../../src/store/logFile';
import { ROOT } from '../cli/support';
import { startPostgres, type PostgresServer } from './postgresServer';
import { openShare, putChunk, redactedVisit, serveInbox, staffGet, type RunningInbox } from './support';
import { tempDir } from '../support/tempDir';

/** The CLI as a process, without blocking this one (the inbox it reads from is served here). */
function countertop(args: readonly string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [`${ROOT}cli/bin.mjs`, ...args], { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('countertop support and replay --share, on PostgreSQL', () => {
  let server: PostgresServer;
  let db: InboxDatabase;
  let running: RunningInbox;
  let env: Record<string, string>;
  const schema = `inbox_cli_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    server = await startPostgres();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.end();
    // The commands take a URL only; a schema of its own rides in it, as it can for an operator's shared server.
    env = { COUNTERTOP_SUPPORT_DATABASE: `${server.url}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
    db = await openPostgres({ url: server.url, schema, log: () => undefined });
    running = await serveInbox(db);
  });
  afterAll(async () => {
    try {
      await running?.stop();
      await db?.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
      await db?.close();
    } finally {
      await server?.stop();
    }
  });

  it('migrates, makes a staff token that is printed once and works, lists it without the token, and revokes it', async () => {
    const migrated = await countertop(['support', 'migrate'], env);
    expect(migrated.stdout).toMatch(/schema at step 5/);
    const made = await countertop(['support', 'token', 'create', '--name', 'Sam at support'], env);
    expect(made.code).toBe(0);
    const token = /^cts_\w+$/m.exec(made.stdout)![0];
    const id = /st_\w+/.exec(made.stdout)![0];
    expect((await staffGet(running.origin, '/inbox/shares', token)).status).toBe(200);
    const listed = await countertop(['support', 'token', 'list'], env);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+Sam at support\\s+created `, 'm'));
    expect(listed.stdout).not.toContain(token);
    expect((await countertop(['support', 'token', 'revoke', id], env)).stdout).toMatch(`Revoked ${id} (Sam at support)`);
    expect((await staffGet(running.origin, '/inbox/shares', token)).status).toBe(401);
    expect(await countertop(['support', 'token', 'revoke', 'st_nobody'], env)).toMatchObject({
      code: 1,
      stderr: 'no staff token st_nobody (see token list)\n',
    });
  }, 60_000);

  it('replays a shared visit by its code as it replays the same log from a file', async () => {
    const made = await countertop(['support', 'token', 'create', '--name', 'Replayer'], env);
    const token = /^cts_\w+$/m.exec(made.stdout)![0];
    const visit = await redactedVisit(80, 11);
    const share = await openShare(running.origin);
    await putChunk(running.origin, share, visit.events, { catalogs: [visit.catalogLine] });
    const file = join(tempDir('countertop-share-'), 'visit.log');
    writeFileSync(file, [headerLine('0.1.0-test', '2026-11-18T15:00:00.000Z', true), visit.catalogLine, ...visit.events.map(eventLine)].join('\n'));
    const [fromFile, fromShare] = await Promise.all([
      countertop(['replay', file, '--why'], {}),
      countertop(['replay', '--share', share.code.toLowerCase(), '--token', token, '--inbox', running.origin, '--why'], {}),
    ]);
    expect(fromShare.stderr).toBe('');
    // The first line names the source and when the log was written; the rest is the replay.
    expect(fromShare.stdout.split('\n').slice(1)).toEqual(fromFile.stdout.split('\n').slice(1));
    expect(fromShare.stdout.split('\n')[0]).toMatch(`share ${share.code.toLowerCase()}: 80 events`);
    const wrong = await countertop(['replay', '--share', 'ZZZZ-ZZZZ', '--token', token, '--inbox', running.origin], {});
    expect(wrong).toMatchObject({ code: 1, stderr: 'share ZZZZ-ZZZZ: the inbox answered 404: no share has that code; check it with the shopper\n' });
  }, 60_000);

  it('purges by an age the operator writes', async () => {
    expect((await countertop(['support', 'purge', '--older-than', '30d'], env)).stdout).toMatch(/^Purged \d+ shares \(\d+ events\)/);
    expect(await countertop(['support', 'purge', '--older-than', 'a month'], env)).toMatchObject({ code: 2 });
  }, 60_000);
});
