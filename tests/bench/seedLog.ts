// Bundled for the page by longSession.bench.ts: writes a log file into the storefront's own database the way an import
// does (every line checked, catalogs first), then a snapshot by the app and fold versions given, which archives the
// events before it as the storefront's own snapshots do (src/store/archive.ts), and lets go of the database. Answers
// what the database held before and after archiving: the events collection's documents and their size as JSON (with
// RxDB's own fields), the archive's chunks, and the origin's storage as the browser estimates it.
import * as E from 'fp-ts/lib/Either.js';
import { openBrowserDatabase } from '../../src/store/browserDatabase';
import type { LogDatabase } from '../../src/store/database';
import { openEventStore } from '../../src/store/eventStore';
import { importLog } from '../../src/store/transfer';

interface Held {
  readonly events: number;
  readonly chunks: number;
  /** The events' and chunks' documents as JSON, in bytes. */
  readonly bytes: number;
  /** navigator.storage.estimate()'s usage, in bytes. */
  readonly usage: number;
}

async function held(db: LogDatabase): Promise<Held> {
  const events = await db.events.find().exec();
  const archive = (db.collections as unknown as { archive?: LogDatabase['collections']['events'] }).archive;
  const chunks = archive ? await archive.find().exec() : [];
  const bytes = [...events, ...chunks].reduce((sum, doc) => sum + JSON.stringify(doc.toJSON(true)).length, 0);
  const { usage = 0 } = await navigator.storage.estimate();
  return { events: events.length, chunks: chunks.length, bytes, usage };
}

async function seedLog(
  name: string,
  text: string,
  appVersion: string,
  foldVersion: string,
): Promise<{ readonly written: number; readonly before: Held; readonly after: Held }> {
  const { db, warning } = await openBrowserDatabase(name);
  if (warning !== null) throw new Error(warning);
  const store = await openEventStore(db, { appVersion, foldVersion, snapshotEvery: 0 });
  const imported = await importLog(store, text);
  if (E.isLeft(imported)) throw new Error(imported.left.slice(0, 3).join('; '));
  const before = await held(db);
  await store.snapshot();
  const after = await held(db);
  await store.close();
  await db.close();
  return { written: imported.right, before, after };
}

(window as unknown as { seedLog: typeof seedLog }).seedLog = seedLog;
