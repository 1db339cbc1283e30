// The console's timeline rows: a page load's bookkeeping folds into one row that opens on demand, and playing
// waits the shopper's own time between events, within bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntryInfo, LogEntry, Marker } from '../../src/app/runtime/replayRuntime';
import { containerCondition } from '../../src/app/features/support/shopperWidth';
import {
  PLAY_MAX_MS,
  PLAY_MIN_MS,
  playDelay,
  rowHolds,
  rowOf,
  entriesOfType,
  searchedEntries,
  timelineRows,
  foldedSummary,
} from '../../src/app/features/support/timelineRows';
import type { DomainEvent } from '../../src/events/catalogue';
import { textSearch } from '../../src/store/textSearch';

type Spec = readonly [type: string, marker?: 'failure' | 'warning' | null, path?: string];

/** A log of `specs`, each entry's summary '' unless `summaries` gives one by index. */
function log(
  specs: readonly Spec[],
  summaries: Readonly<Record<number, string>> = {},
): { entries: LogEntry[]; markers: Marker[]; summaries: string[]; info: (index: number) => EntryInfo } {
  const entries = specs.map(([type, , path], i): LogEntry => {
    const at = new Date(Date.UTC(2026, 10, 28, 15, 0, i)).toISOString();
    const data = type === 'PageViewed' ? { path: path ?? '/' } : {};
    return { seq: i + 1, line: i + 2, type, v: 1, at, event: { seq: i + 1, id: `e${i}`, type, v: 1, at, data } as unknown as DomainEvent };
  });
  const infos = specs.map(([, marker], i): EntryInfo => ({ summary: summaries[i] ?? '', marker: marker ?? null, zone: 'UTC' }));
  return { entries, markers: infos.map((info) => info.marker), summaries: infos.map((info) => info.summary), info: (index) => infos[index]! };
}

const all = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('folding a page load', () => {
  const load: Spec[] = [
    ['SessionStarted'],
    ['CatalogLoaded'],
    ['FooterLinksLoaded'],
    ['DeviceSeen'],
    ['PageViewed', null, '/'],
    ['InventoryCounted'],
    ['PageViewed', null, '/'],
    ['BagLineAdded'],
    ['PickupTimeAdjusted', 'warning'],
    ['PageViewed', null, '/checkout'],
  ];

  it('folds the load into rows around what the shopper did, and a warning stays a row of its own', () => {
    const { entries, markers } = log(load);
    const rows = timelineRows(entries, markers, all(load.length), new Set());
    expect(rows).toEqual([0, { kind: 'folded', indexes: [1, 2, 3] }, 4, { kind: 'folded', indexes: [5, 6] }, 7, 8, 9]);
    expect(foldedSummary(entries, [1, 2, 3])).toBe('Page bookkeeping: 3 events (CatalogLoaded, FooterLinksLoaded, DeviceSeen)');
  });

  it('opens a folded row when asked, by its first event', () => {
    const { entries, markers } = log(load);
    const rows = timelineRows(entries, markers, all(load.length), new Set([1]));
    expect(rows.slice(1, 4)).toEqual([1, 2, 3]);
    expect(rows[5]).toEqual({ kind: 'folded', indexes: [5, 6] });
  });

  it('never folds one event alone', () => {
    const { entries, markers } = log([['BagLineAdded'], ['InventoryCounted'], ['BagLineRemoved']]);
    expect(timelineRows(entries, markers, [0, 1, 2], new Set()).every((row) => typeof row === 'number')).toBe(true);
  });

  const specArb: fc.Arbitrary<Spec> = fc.tuple(
    fc.constantFrom('PageViewed', 'InventoryCounted', 'FooterLinksLoaded', 'DeviceSeen', 'BagLineAdded', 'OrderPlaced', 'PickupTimeAdjusted'),
    fc.constantFrom(null, null, null, 'warning' as const, 'failure' as const),
    fc.constantFrom('/', '/checkout'),
  );

  it('over any log and filter: every shown event is in exactly one row, in order; folded rows hold two or more unmarked events', () => {
    fc.assert(
      fc.property(fc.array(specArb, { maxLength: 40 }), fc.func(fc.boolean()), fc.array(fc.nat(40)), (specs, keep, opened) => {
        const { entries, markers } = log(specs);
        const shown = all(specs.length).filter((i) => keep(i));
        const rows = timelineRows(entries, markers, shown, new Set(opened));
        expect(rows.flatMap((row) => (typeof row === 'number' ? [row] : row.indexes))).toEqual(shown);
        for (const row of rows) {
          if (typeof row === 'number') continue;
          expect(row.indexes.length).toBeGreaterThanOrEqual(2);
          expect(opened).not.toContain(row.indexes[0]);
          for (const index of row.indexes) expect(markers[index]).toBeNull();
        }
      }),
    );
  });

  it('finds the row holding any event as a look at every row does, and none for an event no row holds', () => {
    fc.assert(
      fc.property(
        fc.array(specArb, { maxLength: 40 }),
        fc.func(fc.boolean()),
        fc.array(fc.nat(40)),
        fc.integer({ min: -1, max: 41 }),
        (specs, keep, opened, index) => {
          const { entries, markers } = log(specs);
          const rows = timelineRows(
            entries,
            markers,
            all(specs.length).filter((i) => keep(i)),
            new Set(opened),
          );
          expect(rowOf(rows, index)).toBe(rows.findIndex((row) => rowHolds(row, index)));
        },
      ),
    );
  });
});

describe('playing', () => {
  it("waits the shopper's gap between two events, never less than the minimum nor more than the maximum", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (gapMs) => {
        const from = { at: '2026-11-28T15:00:00.000Z' } as LogEntry;
        const to = { at: new Date(Date.parse(from.at) + gapMs).toISOString() } as LogEntry;
        const delay = playDelay(from, to);
        expect(delay).toBeGreaterThanOrEqual(PLAY_MIN_MS);
        expect(delay).toBeLessThanOrEqual(PLAY_MAX_MS);
        if (gapMs >= PLAY_MIN_MS && gapMs <= PLAY_MAX_MS) expect(delay).toBe(gapMs);
      }),
    );
  });
});

describe("the page at the shopper's width", () => {
  it('asks the frame what the storefront asked the window, when it asks only about width', () => {
    expect(containerCondition('(max-width: 600px)')).toBe('(max-width: 600px)');
    expect(containerCondition('screen and (min-width: 40rem)')).toBe('(min-width: 40rem)');
    expect(containerCondition('(min-width: 480px) and (max-width: 899px)')).toBe('(min-width: 480px) and (max-width: 899px)');
    expect(containerCondition('(width <= 1100px)')).toBe('(width <= 1100px)');
    expect(containerCondition('(prefers-reduced-motion: reduce)')).toBeNull();
    expect(containerCondition('print')).toBeNull();
    expect(containerCondition('(max-width: 600px) and (hover: none)')).toBeNull();
    expect(containerCondition('(orientation: portrait)')).toBeNull();
  });
});

describe('the entries a type and a search keep', () => {
  const { entries, summaries } = log([['SessionStarted'], ['BagLineAdded'], ['PageViewed'], ['BagLineAdded', 'warning']], { 1: 'Added Margherita Pizza' });
  /** What the timeline shows for a type and a search, the search's text made as the fold makes it. */
  const shown = (made: { entries: LogEntry[]; summaries: string[] }, type: string, search: string) => {
    const ofType = entriesOfType(made.entries, type);
    const texts = textSearch(
      made.entries.map((e, i) => `${e.seq} ${e.type} ${made.summaries[i]}`),
      2,
    );
    return search.trim() === '' ? ofType : searchedEntries(ofType, texts.find(search));
  };

  it('keeps every entry with neither, the type asked for, and a search in any case of the seq, type or summary', () => {
    const made = { entries, summaries };
    expect(shown(made, '', '  ')).toEqual([0, 1, 2, 3]);
    expect(shown(made, 'BagLineAdded', '')).toEqual([1, 3]);
    expect(shown(made, '', ' MARGHERITA ')).toEqual([1]);
    expect(shown(made, '', 'pageviewed')).toEqual([2]);
    expect(shown(made, '', '4 BagLine')).toEqual([3]);
    expect(shown(made, 'PageViewed', 'margherita')).toEqual([]);
  });

  it('keeps, in order, exactly the entries of the type whose text holds the search', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('A', 'B', 'C'), { maxLength: 30 }),
        fc.constantFrom('', 'A', 'B'),
        fc.constantFrom('', 'a', '1', 'x'),
        (types, type, search) => {
          const made = log(types.map((t) => [t] as const));
          const kept = shown(made, type, search);
          const expected = all(types.length).filter((i) => (type === '' || types[i] === type) && `${i + 1} ${types[i]} `.toLowerCase().includes(search));
          expect(kept).toEqual(expected);
        },
      ),
    );
  });

  it('of two lists in order, keeps those in both', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(60)), fc.uniqueArray(fc.nat(60)), (a, b) => {
        const [among, found] = [a.sort((x, y) => x - y), b.sort((x, y) => x - y)];
        expect(searchedEntries(among, found)).toEqual(among.filter((i) => found.includes(i)));
        // Among every entry of a log, what the search found is the answer as it is.
        const log = all(61);
        expect(searchedEntries(log, found, log.length)).toBe(found);
        expect(searchedEntries(among, found, log.length)).toEqual(among.length === log.length ? found : among.filter((i) => found.includes(i)));
      }),
    );
  });
});
