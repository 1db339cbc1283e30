// The pictures each page showed first, kept for the next visit's index.html: which are kept, how many, and that a
// storage that is full or holds something else loses nothing else.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIRST_PICTURES_KEY, MAX_PAGES, MAX_PER_PAGE, keepFirstPictures } from '../../src/app/runtime/firstPictures';

class MemoryStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  };
}

/** Timers run when the test says. */
function manualTimers() {
  const due: (() => void)[] = [];
  return {
    setTimeout: ((run: () => void) => due.push(run)) as unknown as Window['setTimeout'],
    runAll: () => due.splice(0).forEach((run) => run()),
    get waiting() {
      return due.length;
    },
  };
}

const stored = (storage: MemoryStorage) => JSON.parse(storage.getItem(FIRST_PICTURES_KEY) ?? 'null') as Record<string, string[]> | null;

describe('the pictures a page showed first', () => {
  it('are written once the page has settled, by page, each once, in the order shown', () => {
    const storage = new MemoryStorage();
    const timers = manualTimers();
    const pictures = keepFirstPictures(storage, timers);
    pictures.note('/', '/img/coffee.svg');
    pictures.note('/', '/img/chai.svg');
    pictures.note('/', '/img/coffee.svg');
    expect(stored(storage)).toBeNull();
    expect(timers.waiting).toBe(1);
    timers.runAll();
    expect(stored(storage)).toEqual({ '/': ['/img/coffee.svg', '/img/chai.svg'] });
    pictures.note('/categories/coffee', '/img/latte.svg');
    timers.runAll();
    expect(stored(storage)).toEqual({ '/': ['/img/coffee.svg', '/img/chai.svg'], '/categories/coffee': ['/img/latte.svg'] });
  });

  it("keep other pages from earlier visits, and replace a page's list with this visit's", () => {
    const storage = new MemoryStorage();
    storage.setItem(FIRST_PICTURES_KEY, JSON.stringify({ '/': ['/img/old.svg'], '/about': ['/img/shop.svg'] }));
    const timers = manualTimers();
    const pictures = keepFirstPictures(storage, timers);
    pictures.note('/', '/img/coffee.svg');
    timers.runAll();
    expect(stored(storage)).toEqual({ '/about': ['/img/shop.svg'], '/': ['/img/coffee.svg'] });
  });

  it('are never those of the support console, which replays a shopper\u2019s pages', () => {
    const storage = new MemoryStorage();
    const timers = manualTimers();
    keepFirstPictures(storage, timers).note('/support', '/img/coffee.svg');
    timers.runAll();
    expect(stored(storage)).toBeNull();
  });

  it('survive an unreadable entry and a full storage without throwing', () => {
    const storage = new MemoryStorage();
    storage.setItem(FIRST_PICTURES_KEY, '{not json');
    const timers = manualTimers();
    const pictures = keepFirstPictures(storage, timers);
    pictures.note('/', '/img/coffee.svg');
    timers.runAll();
    expect(stored(storage)).toEqual({ '/': ['/img/coffee.svg'] });
    storage.full = true;
    pictures.note('/', '/img/chai.svg');
    expect(() => timers.runAll()).not.toThrow();
  });

  it('property: whatever the pages show, at most MAX_PAGES pages of at most MAX_PER_PAGE pictures, the most recent pages kept', () => {
    const path = fc.constantFrom('/', '/about', '/cart', '/checkout', ...Array.from({ length: 10 }, (_, i) => `/categories/c${i}`));
    const picture = fc.integer({ min: 0, max: 9 }).map((n) => `/img/p${n}.svg`);
    fc.assert(
      fc.property(fc.array(fc.tuple(path, picture), { maxLength: 60 }), (shown) => {
        const storage = new MemoryStorage();
        const timers = manualTimers();
        const pictures = keepFirstPictures(storage, timers);
        for (const [at, src] of shown) pictures.note(at, src);
        timers.runAll();
        const pages = stored(storage) ?? {};
        expect(Object.keys(pages).length).toBeLessThanOrEqual(MAX_PAGES);
        for (const [at, list] of Object.entries(pages)) {
          expect(list.length).toBeLessThanOrEqual(MAX_PER_PAGE);
          expect(new Set(list).size).toBe(list.length);
          // The first pictures that page showed, in order.
          const firsts = [...new Set(shown.filter(([p]) => p === at).map(([, src]) => src))].slice(0, MAX_PER_PAGE);
          expect(list).toEqual(firsts);
        }
        // The pages kept are the ones seen last.
        const recency = [...new Set([...shown].reverse().map(([p]) => p))].slice(0, MAX_PAGES);
        expect(Object.keys(pages).sort()).toEqual([...recency].sort());
      }),
    );
  });
});
