// The inbox's schema as numbered steps, applied in order at start and by `countertop support migrate`, each recorded
// in schema_migrations. A step is never edited once released: a change is a new step. Both databases run them as
// written. Events are one table for now; once they are many, they are partitioned by month (README, "Support inbox").
import type { InboxDatabase } from './database';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'shares, their events and the catalogs they name',
    sql: `
      CREATE TABLE shares (
        id text PRIMARY KEY,
        code_hash text NOT NULL UNIQUE,
        upload_secret_hash text NOT NULL,
        business text NOT NULL,
        app_version text NOT NULL,
        device jsonb,
        created_at timestamptz NOT NULL,
        -- When the share last grew (its creation until an event arrives): what "recent" sorts by.
        last_event_at timestamptz NOT NULL,
        size_bytes bigint NOT NULL DEFAULT 0,
        event_count integer NOT NULL DEFAULT 0,
        last_seq integer NOT NULL DEFAULT 0,
        stopped_at timestamptz
      );
      CREATE INDEX shares_by_recency ON shares (last_event_at DESC);
      CREATE INDEX shares_by_business ON shares (business, last_event_at DESC);
      CREATE INDEX shares_by_age ON shares (created_at);

      CREATE TABLE events (
        share_id text NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        id text NOT NULL,
        type text NOT NULL,
        v integer NOT NULL,
        -- The event's time as the device wrote it, kept as text so a share reads back as it was sent.
        at text NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (share_id, seq)
      );
      CREATE INDEX events_by_type ON events (type, share_id, seq);
      CREATE INDEX events_by_order_id ON events ((data->>'orderId')) WHERE data ? 'orderId';
      CREATE INDEX events_by_error_code ON events USING gin ((data->'codes')) WHERE data ? 'codes';
      CREATE INDEX events_by_catalog ON events ((data->>'hash')) WHERE type = 'CatalogLoaded';

      -- Content-addressed and shared by every share that names them; the text is kept as hashed.
      CREATE TABLE catalogs (
        hash text PRIMARY KEY,
        json text NOT NULL,
        stored_at timestamptz NOT NULL
      );`,
  },
  {
    version: 2,
    name: 'staff tokens',
    sql: `
      CREATE TABLE staff_tokens (
        id text PRIMARY KEY,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );`,
  },
  {
    version: 3,
    name: 'wrong share codes and the look-ups they lock',
    sql: `
      CREATE TABLE lookup_attempts (
        key text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX lookup_attempts_by_key ON lookup_attempts (key, at);
      CREATE TABLE lookup_locks (
        key text PRIMARY KEY,
        locked_until timestamptz NOT NULL
      );`,
  },
  {
    version: 4,
    name: 'content security policy reports',
    sql: `
      CREATE TABLE csp_reports (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        document_uri text NOT NULL,
        blocked_uri text NOT NULL,
        directive text NOT NULL,
        details jsonb NOT NULL
      );
      CREATE INDEX csp_reports_by_time ON csp_reports (received_at DESC);`,
  },
  {
    version: 5,
    name: "each event's line as text, what a look-up answers",
    // A look-up answers the stored lines joined: turning 10,000 jsonb rows back into objects and lines took three
    // quarters of opening a big share. The jsonb stays for the indexes and the filters. Events stored before this
    // step get a line built from their columns (json keeps the key order given; the data's keys are in jsonb's order).
    sql: `
      ALTER TABLE events ADD COLUMN line text;
      UPDATE events SET line = json_build_object('kind', 'event', 'seq', seq, 'id', id, 'type', type, 'v', v, 'at', at, 'data', data)::text;
      ALTER TABLE events ALTER COLUMN line SET NOT NULL;`,
  },
];

/**
 * Applies the steps not yet recorded, in one transaction that holds an advisory lock: two servers starting at once
 * apply each step once. Returns the steps applied now.
 */
export async function migrate(db: InboxDatabase, now: () => number = Date.now, steps: readonly Migration[] = MIGRATIONS): Promise<Migration[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('countertop inbox migrations'))");
    await tx.script('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)');
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    const pending = steps.filter((step) => !applied.has(step.version)).sort((a, b) => a.version - b.version);
    for (const step of pending) {
      await tx.script(step.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [step.version, step.name, new Date(now()).toISOString()]);
    }
    return pending;
  });
}
