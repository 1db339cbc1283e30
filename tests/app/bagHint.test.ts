// The flag that tells the next visit's index.html whether to ask for checkout's form with the page.
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { BAG_HINT_KEY, bagHadItems, keepBagHint } from '../../src/app/runtime/bagHint';

function memoryStorage() {
  const kept = new Map<string, string>();
  let writes = 0;
  return {
    kept,
    writes: () => writes,
    storage: {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void (writes++, kept.set(key, value)),
      removeItem: (key: string) => void (writes++, kept.delete(key)),
    },
  };
}

describe('the bag hint', () => {
  it('is set while the bag has items and gone once it is empty, written only when that changes', () => {
    const { kept, writes, storage } = memoryStorage();
    const hasItems = new Subject<boolean>();
    const kept$ = keepBagHint(hasItems, () => storage);
    hasItems.next(false);
    expect(kept.has(BAG_HINT_KEY)).toBe(false);
    expect(bagHadItems(() => storage)).toBe(false);
    hasItems.next(true);
    hasItems.next(true);
    expect(kept.get(BAG_HINT_KEY)).toBe('1');
    expect(bagHadItems(() => storage)).toBe(true);
    expect(writes()).toBe(2);
    hasItems.next(false);
    expect(kept.has(BAG_HINT_KEY)).toBe(false);
    expect(bagHadItems(() => storage)).toBe(false);
    kept$.unsubscribe();
    hasItems.next(true);
    expect(kept.has(BAG_HINT_KEY)).toBe(false);
  });

  it('costs nothing where storage is refused: no flag kept, none read', () => {
    const refused = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const hasItems = new Subject<boolean>();
    keepBagHint(hasItems, refused);
    expect(() => hasItems.next(true)).not.toThrow();
    expect(bagHadItems(refused)).toBe(false);
  });
});
