// The item panel's address: what opens the panel, what opening and closing it does to the page's own address, and
// which history entries are a dialog's.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryDialog } from '../../src/app/shell/historyEntries';
import { panelTargetKey, panelTargetOf, searchWithPanel } from '../../src/app/shell/panelAddress';

describe('the item panel’s address', () => {
  it('is ?item= for an item and ?line= for a bag line, added to the page’s own query and taken off it again', () => {
    expect(searchWithPanel('', { mode: 'add', itemId: 'latte' })).toBe('?item=latte');
    expect(searchWithPanel('?email=a%40b.c', { mode: 'edit', lineKey: 'k 1' })).toBe('?email=a%40b.c&line=k+1');
    expect(searchWithPanel('?email=a%40b.c&item=latte', null)).toBe('?email=a%40b.c');
    expect(searchWithPanel('?item=latte', null)).toBe('');
    expect(searchWithPanel('?line=k1', { mode: 'add', itemId: 'tea' })).toBe('?item=tea');
  });

  it('opens what it names, an item before a line, nothing for an empty value', () => {
    expect(panelTargetOf('?item=latte')).toEqual({ mode: 'add', itemId: 'latte' });
    expect(panelTargetOf('?line=k1&item=latte')).toEqual({ mode: 'add', itemId: 'latte' });
    expect(panelTargetOf('?line=k1')).toEqual({ mode: 'edit', lineKey: 'k1' });
    expect(panelTargetOf('?item=')).toBeNull();
    expect(panelTargetOf('?x=1')).toBeNull();
  });

  it('reads back any target it was given, whatever the id holds and whatever else the query has', () => {
    const id = fc.string({ minLength: 1, maxLength: 20 });
    const target = fc.oneof(
      id.map((itemId) => ({ mode: 'add' as const, itemId })),
      id.map((lineKey) => ({ mode: 'edit' as const, lineKey })),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('email', 'q', 'page'), fc.string({ maxLength: 8 })), target, (own, open) => {
        const page = new URLSearchParams(own).toString();
        const search = searchWithPanel(page === '' ? '' : `?${page}`, open);
        expect(panelTargetOf(search)).toEqual(open);
        expect(searchWithPanel(search, null)).toBe(page === '' ? '' : `?${page}`);
        expect(panelTargetKey(panelTargetOf(search)!)).toBe(panelTargetKey(open));
      }),
    );
  });

  it('tells a dialog’s history entry from a page’s', () => {
    expect(entryDialog({ dialog: 'tip' })).toBe('tip');
    expect(entryDialog({ dialog: 'item' })).toBe('item');
    expect(entryDialog({ dialog: 'account', other: 1 })).toBe('account');
    expect(entryDialog({ dialog: 'elsewhere' })).toBeNull();
    expect(entryDialog(null)).toBeNull();
    expect(entryDialog(undefined)).toBeNull();
    expect(entryDialog({})).toBeNull();
  });
});
