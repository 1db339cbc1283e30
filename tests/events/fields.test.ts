import * as fc from 'fast-check';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { opt } from '../../src/domain/codec';
import { decodes } from '../../src/domain/fastDecode';
import { EventData } from '../../src/events/catalogue';
import { eachAtPath, mapAtPath, undeclaredFields } from '../../src/events/fields';
import { PRIVACY, type EventType } from '../../src/events/catalogue';
import { damage, simulatedData, typedDataArb } from './eventValues';

type Walkable = t.Mixed & { readonly inner?: t.Mixed };
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** The declared fields of an object codec, or null: interface, partial, intersection, exact, readonly, refinement. */
function objectProps(c: Walkable): Record<string, t.Mixed> | null {
  if (c instanceof t.InterfaceType || c instanceof t.PartialType) return c.props as Record<string, t.Mixed>;
  if (c instanceof t.ExactType || c instanceof t.ReadonlyType || c instanceof t.RefinementType) return objectProps(c.type as Walkable);
  if (c instanceof t.IntersectionType) {
    const merged: Record<string, t.Mixed> = {};
    for (const member of c.types as Walkable[]) {
      const props = objectProps(member);
      if (props === null) return null;
      for (const [key, inner] of Object.entries(props)) merged[key] = key in merged ? t.intersection([merged[key]!, inner]) : inner;
    }
    return merged;
  }
  return null;
}

/** The definition, in its plainest form: every field of the value that its codec does not declare, depth first. */
function reference(codec: t.Mixed, value: unknown, path = ''): string[] {
  const c = codec as Walkable;
  if (value === null || value === undefined || typeof value !== 'object') return [];
  if (c.inner) return reference(c.inner, value, path);
  const props = objectProps(c);
  if (props !== null) {
    if (Array.isArray(value)) return [];
    return Object.entries(value).flatMap(([key, inner]) =>
      Object.prototype.hasOwnProperty.call(props, key) ? reference(props[key]!, inner, join(path, key)) : [join(path, key)],
    );
  }
  if ((c instanceof t.ArrayType || c instanceof t.ReadonlyArrayType) && Array.isArray(value)) {
    return value.flatMap((inner, i) => reference(c.type as t.Mixed, inner, `${path}[${i}]`));
  }
  if (c instanceof t.DictionaryType) return Object.entries(value).flatMap(([key, inner]) => reference(c.codomain as t.Mixed, inner, join(path, key)));
  if (c instanceof t.UnionType) {
    const member = (c.types as t.Mixed[]).find((m) => m.decode(value)._tag === 'Right');
    return member ? reference(member, value, path) : [];
  }
  if (c instanceof t.ExactType || c instanceof t.ReadonlyType || c instanceof t.RefinementType) return reference(c.type as t.Mixed, value, path);
  return [];
}

describe('undeclared fields', () => {
  it('agree with the plain definition for every event type, on real, damaged and arbitrary data', () => {
    fc.assert(
      fc.property(typedDataArb, ({ codec, value }) => {
        const expected = reference(codec, value);
        expect(undeclaredFields(codec, value)).toEqual(expected);
        // A replay picks a union's member with the quick decoder: the same member, the same answer.
        expect(undeclaredFields(codec, value, '', decodes)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('agree with the plain definition on codecs of every shape the walk knows', () => {
    const Line = t.type({ key: t.string, modifiers: t.record(t.string, t.readonlyArray(t.string)) });
    const codecs: t.Mixed[] = [
      t.intersection([t.type({ a: t.string, both: t.type({ x: t.number }) }), t.partial({ b: opt(t.type({ c: t.string })), both: t.type({ y: t.number }) })]),
      t.union([t.type({ kind: t.literal('one'), one: t.string }), t.type({ kind: t.literal('two'), two: t.array(Line) }), t.null]),
      t.readonly(t.type({ lines: t.array(Line), note: opt(t.string) })),
      t.exact(t.type({ a: t.type({ b: t.string }) })),
      t.brand(t.type({ n: t.number }), (v): v is t.Branded<{ n: number }, { readonly Positive: unique symbol }> => v.n > 0, 'Positive'),
      t.record(t.string, t.union([t.type({ a: t.string }), t.array(t.type({ b: t.number }))])),
    ];
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.anything({ maxDepth: 4, withNullPrototype: true }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c', 'kind', 'one', 'two', 'both', 'lines', 'note', 'n', 'x', 'y', 'constructor'), fc.jsonValue({ maxDepth: 3 })),
    );
    fc.assert(
      fc.property(fc.constantFrom(...codecs), value, (codec, v) => {
        const expected = reference(codec, v);
        expect(undeclaredFields(codec, v)).toEqual(expected);
        expect(undeclaredFields(codec, v, '', decodes)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('name a field the schema does not declare even when it is called like something every object has', () => {
    const tip = JSON.parse('{"amount":100,"percent":null,"idempotencyKey":"k","constructor":1,"toString":"x","__proto__":{"a":1}}') as unknown;
    expect(undeclaredFields(EventData.TipSet, tip)).toEqual(['constructor', 'toString', '__proto__']);
  });

  it('find nothing in the data simulated shoppers write', () => {
    const types = Object.keys(EventData) as (keyof typeof EventData)[];
    const checked = types.filter((type) => simulatedData(type).length > 0);
    expect(checked.length).toBeGreaterThan(20);
    for (const type of checked) for (const data of simulatedData(type)) expect(undeclaredFields(EventData[type] as t.Mixed, data)).toEqual([]);
  });

  it('name each undeclared field by its path, inside arrays, records and the member of a union the value decodes as', () => {
    const codec = t.type({
      lines: t.array(t.type({ key: t.string })),
      counts: t.record(t.string, t.type({ n: t.number })),
      order: t.union([t.null, t.type({ id: t.string })]),
    });
    const value = { lines: [{ key: 'a' }, { key: 'b', colour: 'red' }], counts: { x: { n: 1, pin: 2 } }, order: { id: 'o', cvv: '123' }, extra: true };
    expect(undeclaredFields(codec, value)).toEqual(['lines[1].colour', 'counts.x.pin', 'order.cvv', 'extra']);
  });

  it('are tried on damaged data that leaves every other object alone', () => {
    // Wrapping the missing `__proto__` of an empty object once wrapped Object.prototype itself, and the next damage
    // then gave every object in the process a field: a later codec built from `{}` failed at random.
    const damaged = damage({}, [
      { at: 0, how: 'wrap', key: '__proto__', value: {} },
      { at: 2, how: 'add', key: 'stray', value: null },
    ]);
    expect('stray' in {}).toBe(false);
    expect(Object.getOwnPropertyDescriptor(damaged, '__proto__')?.value).toEqual([undefined]);
    expect(Object.keys(damaged as object)).toEqual(['__proto__', 'stray']);
  });
});

describe('walking a declared path without copying', () => {
  /** The leaves a walk visits, in order. */
  const visited = (walk: (visit: (leaf: unknown) => void) => void) => {
    const leaves: unknown[] = [];
    walk((leaf) => leaves.push(leaf));
    return leaves;
  };

  it('visits the leaves the copying walk visits, in the same order, for every personal path of every event', () => {
    fc.assert(
      fc.property(typedDataArb, ({ type, value }) => {
        for (const path of Object.keys(PRIVACY[type as EventType].personal ?? {})) {
          const copying = visited((visit) => mapAtPath(value, path, (leaf) => (visit(leaf), leaf)));
          expect(visited((visit) => eachAtPath(value, path, visit))).toEqual(copying);
        }
      }),
    );
  });

  it('walks records, arrays and nested paths, and skips values of another shape', () => {
    const value = { a: [{ b: 'x' }, { b: 'y' }, 3], c: { k1: 'p', k2: 'q' }, d: 'not a record' };
    expect(visited((visit) => eachAtPath(value, 'a[].b', visit))).toEqual(['x', 'y']);
    expect(visited((visit) => eachAtPath(value, 'c{}', visit))).toEqual(['p', 'q']);
    expect(visited((visit) => eachAtPath(value, 'd.e', visit))).toEqual([]);
    expect(visited((visit) => eachAtPath(value, 'missing', visit))).toEqual([]);
  });
});
