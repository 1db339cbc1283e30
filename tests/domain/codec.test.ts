import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog } from '../../src/domain/catalog/catalogIndex';
import { jsonDepthExceeds, MAX_JSON_DEPTH, parseJson, TimeZoneName } from '../../src/domain/codec';
import { TEST_LOCATION } from '../support/fixtureCatalog';

const location = { ...TEST_LOCATION, Hours: [{ DayOfWeek: 'MON', Opens: '07:00:00', Closes: '21:00:00' }] };

describe('catalog decoding', () => {
  it('reports a bad hour as path, expectation and value', () => {
    const bad = {
      Name: 'X',
      Locations: [{ ...location, Hours: [location.Hours[0], location.Hours[0], { DayOfWeek: 'MON', Opens: '25:00', Closes: '21:00:00' }] }],
    };
    const result = decodeCatalog(bad);
    expect(E.isLeft(result) && result.left).toEqual(['Locations[0].Hours[2].Opens: expected HH:mm:ss, got "25:00"']);
  });

  it('names the union of accepted spellings for SelectionType', () => {
    const bad = { Name: 'X', Locations: [{ ...location, ModifierLists: [{ Id: 'm', Name: 'Milk', SelectionType: 2, Modifiers: [] }] }] };
    const result = decodeCatalog(bad);
    expect(E.isLeft(result) && result.left).toEqual(['Locations[0].ModifierLists[0].SelectionType: expected "Single" | "Multiple" | 0 | 1, got 2']);
  });

  it('reports every problem, not just the first', () => {
    const bad = { Locations: [{ ...location, Timezone: 'Mars/Base', PrepTime: '20 minutes' }] };
    const result = decodeCatalog(bad);
    expect(E.isLeft(result) && result.left).toEqual([
      'Name: expected string, got undefined',
      'Locations[0].Timezone: expected IANA time zone, got "Mars/Base"',
      'Locations[0].PrepTime: expected ISO-8601 duration, got "20 minutes"',
    ]);
  });

  it('knows a time zone exactly when Intl does, canonical names and aliases alike', () => {
    const accepted = (zone: string) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return zone !== '';
      } catch {
        return false;
      }
    };
    const canonical = Intl.supportedValuesOf('timeZone');
    const aliases = ['US/Eastern', 'Asia/Calcutta', 'UTC', 'Etc/GMT+5', 'utc', 'america/chicago'];
    const wrong = ['Mars/Base', '', 'America/Springfield', 'America/', '/Chicago'];
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...canonical, ...aliases, ...wrong), fc.string()), (zone) => {
        expect(TimeZoneName.is(zone)).toBe(accepted(zone));
      }),
    );
    for (const zone of [...aliases, 'America/Chicago']) expect(TimeZoneName.is(zone)).toBe(true);
    for (const zone of wrong) expect(TimeZoneName.is(zone)).toBe(false);
  });

  it('accepts 0/1 selection types and normalises them', () => {
    const ok = { Name: 'X', Locations: [{ ...location, ModifierLists: [{ Id: 'm', Name: 'Milk', SelectionType: 0, Modifiers: [] }] }] };
    const result = decodeCatalog(ok);
    expect(E.isRight(result) && result.right.byLocation.get('L1')?.modifierLists.get('m')?.SelectionType).toBe('Single');
  });

  it('flags a tax id the location does not have', () => {
    const bad = {
      Name: 'X',
      Locations: [
        { ...location, Categories: [{ Id: 'c', Name: 'C', Items: [{ Id: 'i', Name: 'I', Taxes: ['t9'], Variations: [{ Id: 'v', Name: 'R', Price: 100 }] }] }] },
      ],
    };
    const result = decodeCatalog(bad);
    expect(E.isLeft(result) && result.left).toEqual(['Locations[0].Categories[0].Items[0].Taxes[0]: expected a tax id of location L1, got "t9"']);
  });
});

/** The definition: one pass over every character, strings skipped with their escapes, brackets counted outside them. */
function depthExceedsReference(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > limit) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

describe('JSON nesting bound', () => {
  const jsonish = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ':', ','), maxLength: 80 });

  it('agrees with the one-pass definition on any text made of brackets, quotes and backslashes, at any limit', () => {
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.string(), fc.json()), fc.integer({ min: 0, max: 8 }), (text, limit) => {
        expect(jsonDepthExceeds(text, limit)).toBe(depthExceedsReference(text, limit));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the definition on deep text, whether its brackets sit in strings or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 80 }), fc.boolean(), (open, quoted, escaped) => {
        const text = `${'['.repeat(open)}"${escaped ? '\\"' : ''}${'{'.repeat(quoted)}"${']'.repeat(open)}`;
        expect(jsonDepthExceeds(text)).toBe(depthExceedsReference(text, MAX_JSON_DEPTH));
      }),
    );
  });

  it('refuses text nested past the limit and lets through text at it, or with the brackets inside strings', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(`["${'['.repeat(100)}"]`)).toBe(false);
    expect(jsonDepthExceeds(`["\\\\"${'['.repeat(100)}`)).toBe(true);
    expect(jsonDepthExceeds(`["\\"${'['.repeat(100)}"]`)).toBe(false);
    expect(() => parseJson(nested(MAX_JSON_DEPTH + 1))).toThrow(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  });
});
