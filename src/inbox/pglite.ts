// The inbox on PGlite (PostgreSQL compiled to WebAssembly) in a folder: the embedded default, with the same SQL as the
// server. One process owns the folder, so followers are told in process rather than by LISTEN/NOTIFY.
import type { PGlite as PGliteType, Transaction } from '@electric-sql/pglite';
import type { InboxDatabase, Queries } from './database';

// Named through a variable so the CLI's bundler leaves PGlite a package of its own: it finds its WebAssembly and data
// files beside its own module, which a bundle would move.
const PGLITE_PACKAGE = '@electric-sql/pglite';

/** Opens (creating when new) the database in `dir`, or in memory when `dir` is absent. */
export async function openPGlite(dir?: string): Promise<InboxDatabase> {
  const { PGlite } = (await import(/* @vite-ignore */ PGLITE_PACKAGE)) as { PGlite: typeof PGliteType };
  const db = dir === undefined ? new PGlite() : new PGlite(dir);
  await db.waitReady;
  const listeners = new Set<(shareId: string) => void>();
  let closing: Promise<void> | undefined;
  const queriesOf = (client: PGliteType | Transaction): Queries => ({
    query: async <R extends object>(sql: string, params: readonly unknown[] = []) => (await client.query<R>(sql, [...params])).rows,
    script: async (sql: string) => {
      await client.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...queriesOf(db),
    transaction: (work) => db.transaction((tx) => work(queriesOf(tx))),
    async announce(shareId) {
      for (const listener of listeners) listener(shareId);
    },
    onAnnounced(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closing ??= db.close();
      return closing;
    },
  };
}
