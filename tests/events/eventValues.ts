// Values for the decoding and exact-schema properties: real event data from simulated shoppers, the same data damaged
// in random places (a field dropped, nulled, added, renamed to `constructor`, a number made text), and any JSON.
import * as fc from 'fast-check';
import type * as t from 'io-ts';
import { EventData, type EventType } from '../../src/events/catalogue';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { fixtureCatalog } from '../support/fixtureCatalog';

export const eventTypes = Object.keys(EventData) as EventType[];

/** Data of the simulated events, by type (two shoppers, two catalogs). */
const simulated = new Map<string, unknown[]>();
for (const [name, seed] of [
  ['pizza-chain', 7],
  ['cafe', 11],
] as const) {
  for (const d of simulateSession({ catalog: fixtureCatalog(name), hash: `hash-${name}`, events: 600, seed }).drafts) {
    simulated.set(d.type, [...(simulated.get(d.type) ?? []), d.data]);
  }
}

/** Some data a shopper's session really wrote for this type (none for the types the simulator does not write). */
export function simulatedData(type: EventType): readonly unknown[] {
  return simulated.get(type) ?? [];
}

const oddKeys = fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'cvv', 'nonce', 'kind', 'line', 'data');

type Damage = {
  readonly at: number;
  readonly how: 'drop' | 'null' | 'undefined' | 'add' | 'replace' | 'text' | 'wrap';
  readonly key: string;
  readonly value: unknown;
};

const damageArb: fc.Arbitrary<Damage> = fc.record({
  at: fc.nat(),
  how: fc.constantFrom('drop', 'null', 'undefined', 'add', 'replace', 'text', 'wrap'),
  key: fc.oneof(oddKeys, fc.string({ maxLength: 6 })),
  value: fc.jsonValue({ maxDepth: 2 }),
});

/** A deep copy of JSON-like data (own keys as they are, `__proto__` included). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    Object.defineProperty(out, key, { value: copy((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Every object and array inside a value, the value first. */
function containers(value: unknown, into: object[] = []): object[] {
  if (value === null || typeof value !== 'object') return into;
  into.push(value);
  for (const inner of Object.values(value)) containers(inner, into);
  return into;
}

export function damage(value: unknown, damages: readonly Damage[]): unknown {
  const out = copy(value);
  for (const d of damages) {
    const all = containers(out);
    if (all.length === 0) return out;
    const target = all[d.at % all.length] as Record<string, unknown>;
    const keys = Object.keys(target);
    // An array gets no named fields (JSON cannot give it any); an empty one is left as it is.
    if (Array.isArray(target) && keys.length === 0) continue;
    const key = keys.length > 0 ? keys[d.at % keys.length]! : d.key;
    const set = (k: string, v: unknown) => Object.defineProperty(target, k, { value: v, enumerable: true, writable: true, configurable: true });
    // Only the target's own field: `target['__proto__']` on an empty object is Object.prototype itself, and wrapping
    // that would put it among the containers a later damage writes to.
    const current: unknown = Object.getOwnPropertyDescriptor(target, key)?.value;
    if (d.how === 'drop') delete target[key];
    else if (d.how === 'null') set(key, null);
    else if (d.how === 'undefined') set(key, undefined);
    else if (d.how === 'add' && !Array.isArray(target)) set(d.key, d.value);
    else if (d.how === 'replace') set(key, d.value);
    else if (d.how === 'text' && typeof current === 'number') set(key, String(current));
    else if (d.how === 'wrap') set(key, [current]);
  }
  return out;
}

/** A value to decode as `type`'s data: mostly real data, often damaged, sometimes anything at all. */
export function eventDataArb(type: EventType): fc.Arbitrary<unknown> {
  const real = simulatedData(type);
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }));
  if (real.length === 0) return anything;
  const sample = fc.constantFrom(...real);
  return fc.oneof(
    { weight: 2, arbitrary: sample },
    { weight: 5, arbitrary: fc.tuple(sample, fc.array(damageArb, { minLength: 1, maxLength: 3 })).map(([value, damages]) => damage(value, damages)) },
    { weight: 1, arbitrary: anything },
  );
}

/** An event type and a value to decode as its data. */
export const typedDataArb: fc.Arbitrary<{ type: EventType; codec: t.Mixed; value: unknown }> = fc
  .constantFrom(...eventTypes)
  .chain((type) => eventDataArb(type).map((value) => ({ type, codec: EventData[type] as t.Mixed, value })));
