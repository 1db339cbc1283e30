// The support search's text, in blocks: whatever the block size, it finds exactly, and in order, the texts that hold a
// search in any case, as each text lower-cased and searched alone would (letters that lower-case to two, a Greek
// final sigma, a search that would run from one text into the next), and gives each text back as it was added; a view
// stays as it was when more are added.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textSearch, textSearchMaker } from '../../src/store/textSearch';

/** What a search should find: each text alone, lower-cased, holding the trimmed search lower-cased. */
const plainly = (texts: readonly string[], search: string) => {
  const needle = search.trim().toLowerCase();
  return texts.flatMap((text, i) => (text.toLowerCase().includes(needle) ? [i] : []));
};

/** Texts from a few letters, so searches find some and miss some; with the letters that lower-case unusually. */
const letters = fc.constantFrom('a', 'B', 'c', ' ', '1', 'İ', 'Σ', 'ς', 'σ', 'Ä', '\u0000', 'é');
const text = fc.array(letters, { maxLength: 8 }).map((chars) => chars.join(''));

describe('the text a support search looks in', () => {
  it('finds in any case, trimmed, and every text for a blank search', () => {
    const search = textSearch(['1 SessionStarted ', '2 BagLineAdded Added Margherita Pizza', '3 PageViewed Menu'], 2);
    expect(search.count).toBe(3);
    expect(search.find(' MARGHERITA ')).toEqual([1]);
    expect(search.find('pageviewed')).toEqual([2]);
    expect(search.find('a')).toEqual([0, 1, 2]);
    expect(search.find('   ')).toEqual([0, 1, 2]);
    expect(search.find('pizza3')).toEqual([]);
  });

  it('finds exactly the texts that hold the search, in order, whatever the block size', () => {
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 40 }),
        fc.array(letters, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 9 }),
        (texts, chars, size) => {
          const search = chars.join('');
          expect(textSearch(texts, size).find(search)).toEqual(plainly(texts, search));
        },
      ),
    );
  });

  it('never finds a search that runs from the end of one text into the next', () => {
    const search = textSearch(['abc', 'def', 'xyz'], 4);
    expect(search.find('cd')).toEqual([]);
    expect(search.find('c\u0000d')).toEqual([]);
    expect(search.find('ef')).toEqual([1]);
  });

  it('keeps a view as it was when more texts are added, the last block not yet whole', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), fc.array(text, { maxLength: 30 }), fc.integer({ min: 1, max: 5 }), (first, later, size) => {
        const maker = textSearchMaker(size);
        first.forEach(maker.add);
        const before = maker.view();
        later.forEach(maker.add);
        const after = maker.view();
        expect(before.count).toBe(first.length);
        expect(after.count).toBe(first.length + later.length);
        expect(first.map((_, i) => before.text(i))).toEqual(first);
        expect(() => before.text(first.length)).toThrow(RangeError);
        for (const search of ['a', 'İ', 'σ', '1 ']) {
          expect(before.find(search)).toEqual(plainly(first, search));
          expect(after.find(search)).toEqual(plainly([...first, ...later], search));
        }
      }),
    );
  });
});
