// `countertop support ...`: the support inbox's operator commands. `serve` runs it alone; `migrate` brings its schema
// up to date; `token create|list|revoke` manages staff tokens (a new token is printed once, and only its hash kept);
// `purge --older-than 30d` deletes old shares. The database is PostgreSQL when --database or
// COUNTERTOP_SUPPORT_DATABASE is a postgres:// URL, else PGlite in .countertop/inbox/ (or --data).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { inboxContext, startInbox } from '../../src/inbox/createInbox';
import type { InboxContext } from '../../src/inbox/context';
import { DEFAULT_INBOX_DIR, openInboxDatabase, redactUrl } from '../../src/inbox/openDatabase';
import { migrate } from '../../src/inbox/migrations';
import { parseAge, purge } from '../../src/inbox/retention';
import { createStaffToken, listStaffTokens, revokeStaffToken } from '../../src/inbox/staffTokens';
import { fail, print, warn } from '../io';

interface DatabaseOptions {
  readonly database?: string;
  readonly data?: string;
}

const withDatabase = (command: Command): Command =>
  command
    .option('--database <url>', 'a postgres:// URL (default COUNTERTOP_SUPPORT_DATABASE, else PGlite in a folder)')
    .option('--data <dir>', `PGlite's folder when no URL is given (default ${DEFAULT_INBOX_DIR})`);

/** Where the database is, in words for a start-up line. */
function databaseLabel(options: DatabaseOptions): string {
  const url = options.database ?? process.env.COUNTERTOP_SUPPORT_DATABASE;
  return url ? `PostgreSQL at ${redactUrl(url)}` : `PGlite in ${options.data ?? DEFAULT_INBOX_DIR}`;
}

/** Runs `work` on the migrated database, and closes it however `work` ends. */
async function withInbox<T>(options: DatabaseOptions, work: (ctx: InboxContext) => Promise<T>): Promise<T> {
  const opened = await openInboxDatabase({ ...(options.database ? { url: options.database } : {}), ...(options.data ? { dir: options.data } : {}) });
  if (E.isLeft(opened)) fail(`countertop support: ${opened.left}`);
  const ctx = inboxContext({ database: opened.right, log: warn });
  try {
    await migrate(ctx.db);
    return await work(ctx);
  } finally {
    await ctx.db.close();
  }
}

export function registerSupport(program: Command): void {
  const support = program.command('support').description('the support inbox: serve it, migrate its database, manage staff tokens, purge old shares');

  withDatabase(support.command('serve'))
    .description('serve the support inbox alone (shared visits under /inbox/)')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4020')
    .option('--host <address>', 'address to listen on; 0.0.0.0 lets the network reach it (as a proxy in front would)', '127.0.0.1')
    .option('--origin <url...>', 'origin of a storefront or console served elsewhere that may call the inbox (CORS)')
    .action((options: DatabaseOptions & { port: string; host: string; origin?: string[] }) => serve(options));

  withDatabase(support.command('migrate'))
    .description("apply the inbox's schema steps not applied yet")
    .action((options: DatabaseOptions) =>
      withInbox(options, async (ctx) => {
        // withInbox has migrated already; say what the database holds now.
        const rows = await ctx.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
        print(`${databaseLabel(options)}: schema at step ${rows.at(-1)?.version ?? 0}`);
        for (const row of rows) print(`  ${row.version} ${row.name}`);
      }),
    );

  const token = support.command('token').description('staff tokens: create (printed once), list, revoke');
  withDatabase(token.command('create'))
    .description('make a staff token for a support person; it is printed once and only its hash is kept')
    .requiredOption('--name <name>', 'who it is for')
    .action((options: DatabaseOptions & { name: string }) =>
      withInbox(options, async (ctx) => {
        const made = await createStaffToken(ctx, options.name);
        if (E.isLeft(made)) fail(made.left.message);
        print(`Staff token ${made.right.id} for ${made.right.name}:`);
        print(made.right.token);
        print('It is shown only now: hand it to them, it cannot be read again (revoke it and make another if it is lost).');
      }),
    );
  withDatabase(token.command('list'))
    .description('list staff tokens (never the tokens themselves)')
    .action((options: DatabaseOptions) =>
      withInbox(options, async (ctx) => {
        const tokens = await listStaffTokens(ctx);
        if (tokens.length === 0) print('No staff tokens yet: countertop support token create --name NAME');
        for (const t of tokens) print(`${t.id}  ${t.name.padEnd(24)}  created ${t.createdAt}${t.revokedAt ? `  revoked ${t.revokedAt}` : ''}`);
      }),
    );
  withDatabase(token.command('revoke'))
    .description('revoke a staff token by its id (see token list): it signs in no one from the next request on')
    .argument('<id>', 'the token id, st_...')
    .action((id: string, options: DatabaseOptions) =>
      withInbox(options, async (ctx) => {
        const revoked = await revokeStaffToken(ctx, id);
        if (E.isLeft(revoked)) fail(revoked.left.message);
        print(`Revoked ${revoked.right.id} (${revoked.right.name}) at ${revoked.right.revokedAt}`);
      }),
    );

  withDatabase(support.command('purge'))
    .description('delete shares (with their events) and CSP reports older than an age')
    .requiredOption('--older-than <age>', 'an age such as 30d, 12h or 90m')
    .action((options: DatabaseOptions & { olderThan: string }) => {
      const age = parseAge(options.olderThan);
      if (E.isLeft(age)) fail(`--older-than: ${age.left}`, 2);
      return withInbox(options, async (ctx) => {
        const purged = await purge(ctx, age.right);
        print(`Purged ${purged.shares} shares (${purged.events} events), ${purged.catalogs} catalogs no share names, ${purged.cspReports} CSP reports`);
      });
    });
}

async function serve(options: DatabaseOptions & { port: string; host: string; origin?: string[] }): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: expected a port number, got ${options.port}`, 2);
  const opened = await openInboxDatabase({ ...(options.database ? { url: options.database } : {}), ...(options.data ? { dir: options.data } : {}) });
  if (E.isLeft(opened)) fail(`countertop support serve: ${opened.left}`);
  const started = await startInbox({ database: opened.right, allowedOrigins: options.origin ?? [], log: (line) => print(`[inbox] ${line}`) });
  if (E.isLeft(started)) fail(`countertop support serve: the inbox could not start: ${started.left}`);
  const inbox = started.right;
  const server = createServer((req, res) => {
    inbox.handle(req, res).then(
      (handled) => {
        if (handled) return;
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('Not found: the support inbox answers under /inbox/ (see src/inbox/README.md)');
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      warn(`countertop support serve: cannot listen on ${options.host}:${port}: ${error.message}`);
      resolve(false);
    });
    server.listen(port, options.host, () => resolve(true));
  });
  if (!listening) {
    await inbox.close();
    process.exitCode = 1;
    return;
  }
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  print(`Countertop support inbox on ${databaseLabel(options)}`);
  print(`  Inbox:  http://${host}:${(server.address() as AddressInfo).port}/inbox/`);
  if (options.host !== '127.0.0.1' && options.host !== 'localhost') print(`  Listening on ${options.host}: reachable from the network.`);
  print('  Staff tokens: countertop support token create --name NAME');
  print('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      print('Stopping the support inbox.');
      void inbox.close().then(() => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
