// The inbox's one storage interface: PostgreSQL (postgres.ts) and PGlite (pglite.ts) run the same SQL and migrations
// behind it, so what is tested on one is what runs on the other.

/** Queries inside or outside a transaction; `$1`-style parameters, rows as plain objects. */
export interface Queries {
  query<R extends object>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Several statements without parameters (a migration). */
  script(sql: string): Promise<void>;
}

export interface InboxDatabase extends Queries {
  /** 'postgres' or 'pglite': said in start-up lines and figures, never branched on by the SQL. */
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
  /** Tells every follower (in any process on PostgreSQL) that a share has new events or stopped; call after commit. */
  announce(shareId: string): Promise<void>;
  /** Calls `listener` with a share's id each time one is announced; returns the function that stops it. */
  onAnnounced(listener: (shareId: string) => void): () => void;
  close(): Promise<void>;
}

/** A timestamp column as an ISO instant, whichever driver read it. */
export function instant(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** A nullable timestamp column as an ISO instant or null. */
export function instantOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : instant(value);
}
