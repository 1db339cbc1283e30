import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { parseCatalog } from '../src/domain/catalog/catalogIndex';
import { decode } from '../src/domain/codec';
import { ConfigCodec } from '../src/domain/config';

const read = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const catalogs = readdirSync(new URL('../fixtures', import.meta.url)).filter((f) => f.endsWith('.json') && !f.endsWith('.seed.json') && f !== 'config.json');

describe('fixture catalogs', () => {
  it.each(catalogs)('%s decodes and passes the cross-reference checks', (file) => {
    const result = parseCatalog(read(file));
    expect(E.isLeft(result) ? result.left : []).toEqual([]);
  });

  it('the pizza chain has locations in several time zones, one open past midnight, inclusive and Total-phase taxes', () => {
    const result = parseCatalog(read('pizza-chain.json'));
    if (E.isLeft(result)) throw new Error(result.left.join('\n'));
    const locations = result.right.locations;
    expect(new Set(locations.map((l) => l.Timezone)).size).toBeGreaterThanOrEqual(3);
    expect(locations.some((l) => l.Hours.some((h) => h.Closes <= h.Opens))).toBe(true);
    expect(locations.some((l) => l.Taxes?.some((t) => t.InclusionType === 'Inclusive'))).toBe(true);
    expect(locations.some((l) => l.Taxes?.some((t) => t.CalculationPhase === 'Total'))).toBe(true);
    expect(new Set(locations.map((l) => l.ShowTipping)).size).toBe(2);
  });

  it('config.json decodes', () => {
    expect(E.isRight(decode(ConfigCodec, JSON.parse(read('config.json'))))).toBe(true);
  });
});

describe('broken catalogs', () => {
  it('name the path and the value of every problem', () => {
    const result = parseCatalog(read('broken/wrong-types.json'));
    expect(E.isLeft(result) && result.left).toEqual([
      'Locations[0].Timezone: expected IANA time zone, got undefined',
      'Locations[0].PrepTime: expected ISO-8601 duration, got "10 minutes"',
      'Locations[0].ModifierLists[0].SelectionType: expected "Single" | "Multiple" | 0 | 1, got 2',
      'Locations[0].Categories[0].Items[0].Variations[1].Price: expected integer minor units, got "4.95"',
    ]);
  });

  it('report dangling references after the shape checks pass', () => {
    const result = parseCatalog(read('broken/dangling-references.json'));
    expect(E.isLeft(result) && result.left).toEqual([
      'Locations[0].Categories[0].Items[1].Taxes[1]: expected a tax id of location cafe-hudson, got "nyc-hotel"',
      'Locations[0].Categories[2].Items[2].ModifierLists[0].Id: expected a modifier list id of location cafe-hudson, got "toppings"',
    ]);
  });

  it('report a JSON syntax error with its line and column instead of throwing', () => {
    const result = parseCatalog(read('broken/not-json.json'));
    expect(E.isLeft(result) && result.left[0]).toMatch(/^\(root\): expected JSON, got a syntax error at line 2, column 1/);
  });
});
