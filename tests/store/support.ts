// What the store tests share: databases and stores opened in a test are closed after it, newest first.
import { afterEach } from 'vitest';

type Closable = { close(): Promise<unknown> };

/**
 * Registers the closing. `keep` marks what a test opened and gives it back; `closingWithin` runs a piece of a test
 * (one run of a property) and closes what it kept, leaving the rest to the end of the test.
 */
export function closedAfterEach(): { keep: <S extends Closable>(item: S) => S; closingWithin: <T>(work: () => Promise<T>) => Promise<T> } {
  const closing: Closable[] = [];
  const closeKept = async () => {
    for (const item of closing.splice(0)) await item.close();
  };
  afterEach(closeKept);
  return {
    keep: (item) => {
      closing.unshift(item);
      return item;
    },
    async closingWithin(work) {
      const outer = closing.splice(0);
      try {
        return await work();
      } finally {
        await closeKept();
        closing.push(...outer);
      }
    },
  };
}
