// Opening the log's database: the browser passes a pause that yields to the page, so RxDB and Dexie's set-up is
// several short tasks on a phone rather than one long one. The pause is awaited before each collection is added.
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, type LogDatabase } from '../../src/store/database';

describe('openDatabase', () => {
  it('awaits the pause before each of its three collections, and holds them all once open', async () => {
    const waiting: (() => void)[] = [];
    let opened: LogDatabase | undefined;
    const opening = openDatabase({
      name: `pause-${process.pid}`,
      pause: () => new Promise<void>((resume) => waiting.push(resume)),
    }).then((db) => (opened = db));
    for (let step = 1; step <= 3; step++) {
      await vi.waitFor(() => expect(waiting).toHaveLength(step));
      // Held at this pause: the next collection waits for it, and the database is not handed out.
      expect(opened).toBeUndefined();
      waiting[step - 1]!();
    }
    const db = await opening;
    expect(Object.keys(db.collections).sort()).toEqual(['catalogs', 'events', 'snapshots']);
    expect(waiting).toHaveLength(3);
    await db.close();
  });
});
