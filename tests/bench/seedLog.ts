// Bundled for the page by longSession.bench.ts: writes a log file into the storefront's own database the way an import
// does (every line checked, catalogs first), then a snapshot by the app and fold versions given, and lets go of the
// database.
import * as E from 'fp-ts/lib/Either.js';
import { openBrowserDatabase } from '../../src/store/browserDatabase';
import { openEventStore } from '../../src/store/eventStore';
import { importLog } from '../../src/store/transfer';

async function seedLog(name: string, text: string, appVersion: string, foldVersion: string): Promise<number> {
  const { db, warning } = await openBrowserDatabase(name);
  if (warning !== null) throw new Error(warning);
  const store = await openEventStore(db, { appVersion, foldVersion, snapshotEvery: 0 });
  const imported = await importLog(store, text);
  if (E.isLeft(imported)) throw new Error(imported.left.slice(0, 3).join('; '));
  await store.snapshot();
  await store.close();
  await db.close();
  return imported.right;
}

(window as unknown as { seedLog: typeof seedLog }).seedLog = seedLog;
