// Decoding a value the way io-ts decodes it, without io-ts' cost on the way: io-ts builds a context (the path to
// each field) for every field of every value, which only a failure needs. A replay decodes every event of a log,
// nearly all of them valid, so each codec is turned once into a plain function that gives what io-ts would give,
// value for value (the same copies, the same keys), and io-ts itself is asked only when a value does not decode, to
// name its problems.
// It follows io-ts 2.2.22's combinators step for step, so package.json pins that release exactly; a test fails when the
// installed io-ts is another (tests/domain/fastDecode.test.ts says what to re-read before moving it).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode, decodesToItself, isOptional } from './codec';

/** What a quick decoder gives for a value its codec refuses. */
const REFUSED: unique symbol = Symbol('refused');
type Quick = (u: unknown) => unknown;

const decoders = new WeakMap<t.Mixed, Quick>();

/** The same answer as `decode` (the value io-ts decodes to, or its problems), sooner. */
export function decodeFast<A, O>(codec: t.Type<A, O, unknown>, input: unknown): E.Either<string[], A> {
  const value = quickDecoder(codec as t.Mixed)(input);
  return value === REFUSED ? decode(codec, input) : E.right(value as A);
}

/** `decodeFast` for one codec, its decoder found once: for a caller that decodes many values of the same codec. */
export function fastDecoderOf<A, O>(codec: t.Type<A, O, unknown>): (input: unknown) => E.Either<string[], A> {
  const quick = quickDecoder(codec as t.Mixed);
  return (input) => {
    const value = quick(input);
    return value === REFUSED ? decode(codec, input) : E.right(value as A);
  };
}

/** Whether io-ts would decode the value (its problems, if any, are not worked out). */
export function decodes(codec: t.Mixed, input: unknown): boolean {
  return quickDecoder(codec)(input) !== REFUSED;
}

function quickDecoder(codec: t.Mixed): Quick {
  let quick = decoders.get(codec);
  if (quick === undefined) {
    // Set before the members are built, so a codec met again inside itself finds its decoder.
    const late: { quick?: Quick } = {};
    decoders.set(codec, (u) => late.quick!(u));
    quick = build(codec);
    late.quick = quick;
    decoders.set(codec, quick);
  }
  return quick;
}

const isRecord = (u: unknown): u is Record<string, unknown> => u !== null && typeof u === 'object' && !Array.isArray(u);
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Each case follows the `validate` of the io-ts 2.2 combinator it names; anything else runs its own `validate`. */
function build(codec: t.Mixed): Quick {
  if (isOptional(codec)) {
    const inner = quickDecoder(codec.inner);
    return (u) => (u === null || u === undefined ? undefined : inner(u));
  }
  if (
    codec instanceof t.StringType ||
    codec instanceof t.NumberType ||
    codec instanceof t.BooleanType ||
    codec instanceof t.NullType ||
    codec instanceof t.UndefinedType ||
    codec instanceof t.UnknownType ||
    codec instanceof t.KeyofType ||
    codec instanceof t.AnyDictionaryType ||
    codec instanceof t.AnyArrayType ||
    decodesToItself(codec)
  ) {
    // These succeed with the value itself exactly when `is` holds (a pattern, an amount in cents: the custom codecs
    // marked so are most fields of an event).
    const is = codec.is.bind(codec);
    return (u) => (is(u) ? u : REFUSED);
  }
  if (codec instanceof t.LiteralType) {
    const value: unknown = codec.value;
    return (u) => (u === value ? value : REFUSED);
  }
  if (codec instanceof t.InterfaceType) return interfaceDecoder(codec.props as Record<string, t.Mixed>);
  if (codec instanceof t.PartialType) return partialDecoder(codec.props as Record<string, t.Mixed>);
  if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType) return arrayDecoder(codec.type as t.Mixed);
  if (codec instanceof t.DictionaryType && codec.domain instanceof t.StringType && !(codec.codomain instanceof t.AnyType)) {
    return dictionaryDecoder(codec.codomain as t.Mixed);
  }
  if (codec instanceof t.UnionType) {
    const members = (codec.types as t.Mixed[]).map(quickDecoder);
    return (u) => {
      for (const member of members) {
        const value = member(u);
        if (value !== REFUSED) return value;
      }
      return REFUSED;
    };
  }
  if (codec instanceof t.IntersectionType && (codec.types as t.Mixed[]).length > 0) {
    const members = (codec.types as t.Mixed[]).map(quickDecoder);
    return (u) => {
      const values: unknown[] = [];
      for (const member of members) {
        const value = member(u);
        if (value === REFUSED) return REFUSED;
        values.push(value);
      }
      return mergeAll(u, values);
    };
  }
  if (codec instanceof t.RefinementType) {
    const inner = quickDecoder(codec.type as t.Mixed);
    const predicate = codec.predicate as (a: unknown) => boolean;
    return (u) => {
      const value = inner(u);
      return value !== REFUSED && predicate(value) ? value : REFUSED;
    };
  }
  if (codec instanceof t.ReadonlyType) return quickDecoder(codec.type as t.Mixed);
  // Custom types (a pattern, an amount, a spelling) and anything rarer: their own validate, with a context that only
  // a failure would read.
  const context: t.Context = [{ key: '', type: codec, actual: undefined }];
  return (u) => {
    const result = codec.validate(u, context);
    return result._tag === 'Right' ? result.right : REFUSED;
  };
}

/**
 * The `typeof` that `t.string`, `t.number` and `t.boolean` check (their `is`, which decodes a value to itself): the
 * fields, items and entries of these kinds are checked in place, without a call each (a replay decodes about a
 * million of them; the calls were a fifth of its decoding).
 */
type Primitive = 'string' | 'number' | 'boolean';

function primitiveOf(codec: t.Mixed): Primitive | undefined {
  if (codec instanceof t.StringType) return 'string';
  if (codec instanceof t.NumberType) return 'number';
  if (codec instanceof t.BooleanType) return 'boolean';
  return undefined;
}

/** `t.type`: every field decodes; the value is copied once a field decodes to something else, or is absent. */
function interfaceDecoder(props: Record<string, t.Mixed>): Quick {
  const keys = Object.keys(props);
  const fields = keys.map((key) => quickDecoder(props[key]!));
  const primitives = keys.map((key) => primitiveOf(props[key]!));
  return (u) => {
    if (!isRecord(u)) return REFUSED;
    let a = u;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const ak = a[k];
      const primitive = primitives[i];
      if (primitive !== undefined) {
        if (typeof ak !== primitive) return REFUSED;
        continue;
      }
      const vak = fields[i]!(ak);
      if (vak === REFUSED) return REFUSED;
      if (vak !== ak || (vak === undefined && !hasOwn(a, k))) {
        if (a === u) a = Object.assign({}, u);
        a[k] = vak;
      }
    }
    return a;
  };
}

/** `t.partial`: a field decodes or is undefined; the value is copied once a field decodes to something else. */
function partialDecoder(props: Record<string, t.Mixed>): Quick {
  const keys = Object.keys(props);
  const fields = keys.map((key) => quickDecoder(props[key]!));
  const primitives = keys.map((key) => primitiveOf(props[key]!));
  return (u) => {
    if (!isRecord(u)) return REFUSED;
    let a = u;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const ak = a[k];
      const primitive = primitives[i];
      if (primitive !== undefined) {
        if (typeof ak !== primitive && ak !== undefined) return REFUSED;
        continue;
      }
      const vak = fields[i]!(ak);
      if (vak === REFUSED) {
        if (ak !== undefined) return REFUSED;
        continue;
      }
      if (vak !== ak) {
        if (a === u) a = Object.assign({}, u);
        a[k] = vak;
      }
    }
    return a;
  };
}

/** `t.array`, `t.readonlyArray`: every item decodes; the array is copied once an item decodes to something else. */
function arrayDecoder(item: t.Mixed): Quick {
  const quick = quickDecoder(item);
  const primitive = primitiveOf(item);
  return (u) => {
    if (!Array.isArray(u)) return REFUSED;
    if (primitive !== undefined) {
      for (let i = 0; i < u.length; i++) if (typeof u[i] !== primitive) return REFUSED;
      return u;
    }
    let as: unknown[] = u;
    for (let i = 0; i < u.length; i++) {
      const ui: unknown = u[i];
      const ai = quick(ui);
      if (ai === REFUSED) return REFUSED;
      if (ai !== ui) {
        if (as === u) as = u.slice();
        as[i] = ai;
      }
    }
    return as;
  };
}

/** `t.record(t.string, X)`: every value decodes; a new record when one decodes to something else. */
function dictionaryDecoder(codomain: t.Mixed): Quick {
  const quick = quickDecoder(codomain);
  const primitive = primitiveOf(codomain);
  return (u) => {
    if (!isRecord(u)) return REFUSED;
    if (primitive !== undefined) {
      for (const k of Object.keys(u)) if (typeof u[k] !== primitive) return REFUSED;
      return u;
    }
    const a: Record<string, unknown> = {};
    let changed = false;
    for (const k of Object.keys(u)) {
      const ok = u[k];
      const vok = quick(ok);
      if (vok === REFUSED) return REFUSED;
      changed = changed || vok !== ok;
      a[k] = vok;
    }
    return changed ? a : u;
  };
}

/** io-ts' merge of what the members of an intersection decoded to (its `mergeAll`, step for step). */
function mergeAll(base: unknown, us: readonly unknown[]): unknown {
  let equal = true;
  let primitive = true;
  const baseIsNotADictionary = !isRecord(base);
  for (const u of us) {
    if (u !== base) equal = false;
    if (isRecord(u)) primitive = false;
  }
  if (equal) return base;
  if (primitive) return us[us.length - 1];
  const r: Record<string, unknown> = {};
  for (const u of us) {
    const record = u as Record<string, unknown>;
    for (const k in record) {
      if (!hasOwn(r, k) || baseIsNotADictionary || record[k] !== (base as Record<string, unknown>)[k]) r[k] = record[k];
    }
  }
  return r;
}
