import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fc from 'fast-check';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { CatalogCodec, ItemCodec, LocationCodec, SelectionTypeCodec } from '../../src/domain/catalog/codecs';
import { DecimalPercentage, decode, Integer, matching, MinorUnits, oneOf, opt } from '../../src/domain/codec';
import { decodeFast, decodes } from '../../src/domain/fastDecode';
import { typedDataArb } from '../events/eventValues';
import { fixtureJson } from '../support/fixtureCatalog';

/** Every object and array of a value. */
function containers(value: unknown, into = new Set<unknown>()): Set<unknown> {
  if (value === null || typeof value !== 'object' || into.has(value)) return into;
  into.add(value);
  for (const inner of Object.values(value)) containers(inner, into);
  return into;
}

/**
 * What a decoded value is, as far as anyone reading it can tell: its keys in order, the ones set to undefined, its
 * prototype, and which of its objects are the input's own (io-ts copies an object only when a field changed).
 */
function picture(value: unknown, input: Set<unknown>): unknown {
  if (value === undefined) return { undefined: true };
  if (value === null || typeof value !== 'object') return value;
  const own = input.has(value);
  if (Array.isArray(value)) return { own, items: Array.from(value, (item: unknown) => picture(item, input)) };
  const entries = Object.keys(value).map((key) => [key, picture((value as Record<string, unknown>)[key], input)]);
  return { own, nullPrototype: Object.getPrototypeOf(value) === null, entries };
}

/** Checks that the quick decoding gives exactly what io-ts gives. */
function agrees(codec: t.Mixed, value: unknown): void {
  const slow = decode(codec, value);
  const fast = decodeFast(codec, value);
  expect(decodes(codec, value)).toBe(slow._tag === 'Right');
  if (slow._tag === 'Left' || fast._tag === 'Left') {
    expect(fast).toEqual(slow);
    return;
  }
  const input = containers(value);
  expect(picture(fast.right, input)).toEqual(picture(slow.right, input));
}

const Line = t.type({ key: t.string, quantity: t.number, modifiers: t.record(t.string, t.readonlyArray(t.string)), note: opt(t.string) });
/** Codecs of every kind the quick decoder builds itself, and some it leaves to io-ts. */
const shapes: t.Mixed[] = [
  Line,
  t.partial({ a: opt(t.string), b: t.number, c: t.union([t.string, t.null]), d: opt(Line) }),
  t.intersection([t.type({ a: t.string, both: t.type({ x: t.number }) }), t.partial({ b: opt(t.number), both: t.partial({ y: opt(t.number) }) })]),
  t.intersection([t.string, t.string]),
  t.union([t.type({ kind: t.literal('one'), one: t.string }), t.type({ kind: t.literal('two'), two: t.array(Line) })]),
  t.union([t.null, t.type({ a: opt(t.string) }), t.type({ b: t.number })]),
  t.readonly(t.type({ lines: t.readonlyArray(Line), at: t.union([t.string, t.undefined]) })),
  t.array(t.union([t.number, opt(t.boolean)])),
  t.record(t.string, t.union([t.type({ a: opt(t.string) }), t.array(t.number)])),
  t.record(t.keyof({ a: null, b: null }), t.number),
  t.record(t.string, t.any),
  t.exact(t.type({ a: opt(t.string) })),
  t.tuple([t.string, opt(t.number)]),
  t.brand(t.number, (n): n is t.Branded<number, { readonly Positive: unique symbol }> => n > 0, 'Positive'),
  t.refinement(t.type({ n: opt(t.number) }), (v) => v.n !== 3),
  t.keyof({ a: null, constructor: null }),
  t.type({ kind: t.literal('x'), n: t.Int, any: t.unknown, record: t.UnknownRecord, list: t.UnknownArray, nothing: t.undefined, none: t.null, yes: t.boolean }),
  t.type({
    amount: MinorUnits,
    count: Integer,
    rate: DecimalPercentage,
    selection: SelectionTypeCodec,
    spelled: oneOf('x', [['X', 'x']]),
    code: matching('code', /^\d+$/),
  }),
];

const keys = fc.constantFrom(
  'a',
  'b',
  'c',
  'd',
  'both',
  'x',
  'y',
  'kind',
  'one',
  'two',
  'lines',
  'at',
  'n',
  'key',
  'quantity',
  'modifiers',
  'note',
  'constructor',
  '__proto__',
);
const shapeValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, undefined, 0, 1, 3, -1, 1.5, '', 'x', 'one', 'two', '8.875', ' 8.875 ', 'Single', 0, true, false),
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 5, noNullPrototype: false }),
  ),
})).value;

describe('quick decoding', () => {
  it('gives what io-ts gives, value for value, for every event type on real, damaged and arbitrary data', () => {
    fc.assert(
      fc.property(typedDataArb, ({ codec, value }) => agrees(codec, value)),
      { numRuns: 3000 },
    );
  });

  it('gives what io-ts gives for codecs of every shape', () => {
    fc.assert(
      fc.property(fc.constantFrom(...shapes), shapeValue, (codec, value) => agrees(codec, value)),
      { numRuns: 5000 },
    );
  });

  it('gives what io-ts gives for the fixture catalogs, whole and damaged', () => {
    const catalog = fixtureJson('pizza-chain') as { Locations: Record<string, unknown>[] };
    agrees(CatalogCodec, catalog);
    agrees(LocationCodec, catalog.Locations[0]);
    fc.assert(
      fc.property(fc.constantFrom(...shapes.slice(0, 3), ItemCodec), shapeValue, (codec, value) => agrees(codec, value)),
      { numRuns: 500 },
    );
  });

  it('names the problems of a value it refuses, as io-ts does', () => {
    const result = decodeFast(Line, { key: 1, quantity: 'two', modifiers: { milk: ['oat', 2] } });
    expect(result).toEqual({
      _tag: 'Left',
      left: ['key: expected string, got 1', 'quantity: expected number, got "two"', 'modifiers.milk[1]: expected string, got 2'],
    });
  });

  it('copies an object only where a field decoded to something else, as io-ts does', () => {
    const line = { key: 'k', quantity: 1, modifiers: {}, note: null };
    const fast = decodeFast(Line, line);
    expect(fast._tag === 'Right' && fast.right).not.toBe(line);
    expect(fast._tag === 'Right' && fast.right).toEqual({ key: 'k', quantity: 1, modifiers: {}, note: undefined });
    const same = { key: 'k', quantity: 1, modifiers: {}, note: 'n' };
    const decoded = decodeFast(Line, same);
    expect(decoded._tag === 'Right' && decoded.right).toBe(same);
  });

  // The quick decoder copies io-ts 2.2's combinators step for step (their classes, `mergeAll`); a newer io-ts could
  // change one without a type error, and the properties above exercise only the shapes they draw. So package.json
  // names io-ts exactly, and moving it is a change of its own: re-read the combinators' validate in
  // node_modules/io-ts/lib/index.js against src/domain/fastDecode.ts, then move the pin here and there.
  it('runs on the io-ts whose combinators it copies: the one package.json pins exactly is the one installed', () => {
    const project = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    const installed = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('io-ts/package.json'), 'utf8')) as { version: string };
    expect(project.dependencies['io-ts']).toBe(IO_TS_COPIED);
    expect(installed.version).toBe(IO_TS_COPIED);
  });
});

/** The io-ts release src/domain/fastDecode.ts follows. */
const IO_TS_COPIED = '2.2.22';
