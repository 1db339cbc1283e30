// The inbox on a PostgreSQL server through node-postgres: a pool for queries and transactions, and one connection
// that LISTENs, so a share appended through any server process reaches the followers of every other.
import pg from 'pg';
import type { InboxDatabase, Queries } from './database';

const CHANNEL = 'countertop_inbox';

export interface PostgresOptions {
  readonly url: string;
  /** A schema of its own on a shared server (the tests use one per run); the server's default when absent. */
  readonly schema?: string;
  readonly log?: (line: string) => void;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function openPostgres(options: PostgresOptions): Promise<InboxDatabase> {
  const log = options.log ?? ((line: string) => console.warn(`[inbox] ${line}`));
  const settings = options.schema === undefined ? {} : { options: `-c search_path=${quoted(options.schema)}` };
  const pool = new pg.Pool({ connectionString: options.url, max: 10, ...settings });
  // An idle connection the server drops is replaced by the pool; saying so is enough.
  pool.on('error', (error) => log(`a PostgreSQL connection failed: ${error.message}`));
  if (options.schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoted(options.schema)}`);
  const listeners = new Set<(shareId: string) => void>();
  const listening = await listen(options.url, settings, listeners, log);
  // Closing twice (a test's and the inbox's own) closes once.
  let closing: Promise<void> | undefined;
  const queriesOf = (client: pg.Pool | pg.PoolClient): Queries => ({
    query: async <R extends object>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, [...params])).rows as R[],
    script: async (sql: string) => {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...queriesOf(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queriesOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async announce(shareId) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, shareId]);
    },
    onAnnounced(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closing ??= listening.close().then(() => pool.end());
      return closing;
    },
  };
}

/**
 * The connection that LISTENs, outside the pool (a pooled connection would be handed to a query). When the server
 * drops it, it connects again after a second; followers catch up on their next heartbeat meanwhile.
 */
async function listen(
  url: string,
  settings: { options?: string },
  listeners: ReadonlySet<(shareId: string) => void>,
  log: (line: string) => void,
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const again = () => {
    if (!closed) retry = setTimeout(() => void connect().catch((error: Error) => (log(`cannot follow shares yet: ${error.message}`), again())), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, ...settings });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || message.payload === undefined) return;
      for (const listener of listeners) listener(message.payload);
    });
    next.on('error', (error) => {
      log(`the connection that follows shares failed (${error.message}); connecting again`);
      next.end().catch(() => undefined);
      if (client === next) client = null;
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
