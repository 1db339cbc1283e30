// Walking an event's io-ts schema: which fields it declares (so a field it does not declare is refused, never stored)
// and which of its leaves hold text or numbers (so each is declared personal or safe beside the event).
//
// Paths name fields the way the declarations write them: `guest.firstName`, `cards[].billing.city`, `counts{}`.
import * as t from 'io-ts';

/** The kinds of personal data an event may hold; redaction gives each kind its own placeholder. */
export type PersonalKind =
  'first' | 'last' | 'name' | 'email' | 'phone' | 'address' | 'city' | 'postal' | 'nickname' | 'instructions' | 'coordinate' | 'giftCard' | 'vehicle';

/** Beside each event: its personal fields by kind, and every other text or number field, named as safe. */
export interface Privacy {
  readonly personal?: Readonly<Record<string, PersonalKind>>;
  readonly safe?: readonly string[];
}

type Walkable = t.Mixed & { readonly _tag?: string; readonly inner?: t.Mixed; readonly enumeration?: true };

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * What the walkers below see of a schema. This is the one place that knows io-ts' classes: the leaf list, the
 * undeclared-field walk and its quick check all go by these kinds, so they cannot read a schema differently.
 */
type Shape =
  | { readonly kind: 'object'; readonly props: Readonly<Record<string, t.Mixed>> }
  | { readonly kind: 'array'; readonly item: t.Mixed }
  | { readonly kind: 'record'; readonly entry: t.Mixed }
  /** A value decodes as one of the members: the first it decodes as is the one whose fields count. */
  | { readonly kind: 'union'; readonly members: readonly t.Mixed[] }
  /** Members that are not all objects (`t.intersection([t.string, ...])`): leaves of each, no fields of their own. */
  | { readonly kind: 'intersection'; readonly members: readonly t.Mixed[] }
  /** Booleans, nulls, literals and closed enumerations: no free text, no fields. */
  | { readonly kind: 'closed' }
  /** Text, numbers and anything else that holds no declared fields. */
  | { readonly kind: 'leaf' };

const CLOSED: Shape = { kind: 'closed' };
const LEAF: Shape = { kind: 'leaf' };

/** Each schema's shape, worked out once: every event of a replay is checked against its schema's. */
const shapes = new WeakMap<t.Mixed, Shape>();

function shapeOf(codec: t.Mixed): Shape {
  let shape = shapes.get(codec);
  if (shape === undefined) shapes.set(codec, (shape = readShape(codec as Walkable)));
  return shape;
}

function readShape(c: Walkable): Shape {
  if (c.inner) return shapeOf(c.inner);
  if (c.enumeration || c instanceof t.BooleanType || c instanceof t.NullType || c instanceof t.UndefinedType) return CLOSED;
  if (c instanceof t.LiteralType || c instanceof t.KeyofType || c instanceof t.UnknownType) return CLOSED;
  const props = objectProps(c);
  if (props !== null) return { kind: 'object', props };
  if (c instanceof t.ArrayType || c instanceof t.ReadonlyArrayType) return { kind: 'array', item: c.type as t.Mixed };
  if (c instanceof t.DictionaryType) return { kind: 'record', entry: c.codomain as t.Mixed };
  if (c instanceof t.UnionType) return { kind: 'union', members: c.types as t.Mixed[] };
  if (c instanceof t.IntersectionType) return { kind: 'intersection', members: c.types as t.Mixed[] };
  if (c instanceof t.ExactType || c instanceof t.ReadonlyType || c instanceof t.RefinementType) return shapeOf(c.type as t.Mixed);
  return LEAF;
}

/** The declared fields of an object codec (interface, partial, intersection, exact), or null for anything else. */
function objectProps(codec: Walkable): Record<string, t.Mixed> | null {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return codec.props as Record<string, t.Mixed>;
  if (codec instanceof t.ExactType || codec instanceof t.ReadonlyType || codec instanceof t.RefinementType) return objectProps(codec.type as Walkable);
  if (codec instanceof t.IntersectionType) {
    const merged: Record<string, t.Mixed> = {};
    for (const member of codec.types as Walkable[]) {
      const props = objectProps(member);
      if (props === null) return null;
      for (const [key, inner] of Object.entries(props)) merged[key] = key in merged ? t.intersection([merged[key]!, inner]) : inner;
    }
    return merged;
  }
  return null;
}

/** Every text or number leaf of a schema, by path. Booleans, nulls, literals and closed enumerations hold no free text. */
export function leafPaths(codec: t.Mixed, path = ''): string[] {
  const shape = shapeOf(codec);
  switch (shape.kind) {
    case 'closed':
      return [];
    case 'object':
      return Object.entries(shape.props).flatMap(([key, inner]) => leafPaths(inner, join(path, key)));
    case 'array':
      return leafPaths(shape.item, `${path}[]`);
    case 'record':
      return leafPaths(shape.entry, `${path}{}`);
    case 'union':
    case 'intersection':
      return [...new Set(shape.members.flatMap((member) => leafPaths(member, path)))];
    case 'leaf':
      return [path];
  }
}

/** Whether a value decodes as a codec: io-ts unless a caller (a replay) brings a quicker decoder. */
export type Decodes = (codec: t.Mixed, value: unknown) => boolean;
const decodesWithIoTs: Decodes = (codec, value) => codec.decode(value)._tag === 'Right';

/**
 * Fields present in a value that its schema does not declare, as paths (`line.colour`, `cards[2].pin`). A union's
 * value is checked against the first member it decodes as.
 */
export function undeclaredFields(codec: t.Mixed, value: unknown, path = '', decodes: Decodes = decodesWithIoTs): string[] {
  return [...undeclaredFieldsOf(codec, decodes)(value, path)];
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * `undeclaredFields` for one schema, worked out once: a replay checks every event of a type against the same schema.
 * Nearly every value declares all it holds: a check made once per schema says so without naming any path, and only
 * a value it refuses is walked again to name them.
 */
export function undeclaredFieldsOf(codec: t.Mixed, decodes: Decodes = decodesWithIoTs): (value: unknown, path?: string) => readonly string[] {
  const check = checkOf(codec, decodes);
  return (value, path = '') => {
    if (!isObject(value) || check(value)) return NONE;
    const found: string[] = [];
    collectUndeclared(codec, value, path, decodes, found);
    return found;
  };
}

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

/** Adds to `found` the undeclared fields of an object or array, depth first in the order it holds them. */
function collectUndeclared(codec: t.Mixed, value: object, path: string, decodes: Decodes, found: string[]): void {
  const shape = shapeOf(codec);
  if (shape.kind === 'object') {
    if (Array.isArray(value)) return;
    const { props } = shape;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      // Own fields only: a field called `constructor` or `__proto__` is not declared by every object.
      if (!Object.prototype.hasOwnProperty.call(props, key)) found.push(join(path, key));
      else if (isObject(record[key])) collectUndeclared(props[key]!, record[key], join(path, key), decodes, found);
    }
  } else if (shape.kind === 'array' && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (isObject(value[i])) collectUndeclared(shape.item, value[i] as object, `${path}[${i}]`, decodes, found);
  } else if (shape.kind === 'record') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) if (isObject(record[key])) collectUndeclared(shape.entry, record[key], join(path, key), decodes, found);
  } else if (shape.kind === 'union') {
    for (const member of shape.members) if (decodes(member, value)) return collectUndeclared(member, value, path, decodes, found);
  }
}

/** Whether an object holds only declared fields: `collectUndeclared` finding nothing, without building paths. */
type Check = (value: object) => boolean;
const checks = new WeakMap<Decodes, WeakMap<t.Mixed, Check>>();
const allDeclared: Check = () => true;

function checkOf(codec: t.Mixed, decodes: Decodes): Check {
  let byCodec = checks.get(decodes);
  if (byCodec === undefined) checks.set(decodes, (byCodec = new WeakMap()));
  let check = byCodec.get(codec);
  if (check === undefined) {
    // Set before the parts are built, so a schema met again inside itself finds its check.
    const late: { check?: Check } = {};
    byCodec.set(codec, (value) => late.check!(value));
    check = buildCheck(shapeOf(codec), decodes);
    late.check = check;
    byCodec.set(codec, check);
  }
  return check;
}

/** The check of one shape, its parts' checks made once. */
function buildCheck(shape: Shape, decodes: Decodes): Check {
  switch (shape.kind) {
    case 'object': {
      const fields = new Map<string, Check>();
      for (const key of Object.keys(shape.props)) fields.set(key, checkOf(shape.props[key]!, decodes));
      return (value) => {
        if (Array.isArray(value)) return true;
        const record = value as Record<string, unknown>;
        // `for...in` lists no array of keys. A field it finds on the prototype is not declared either; at worst the
        // value is walked again, and the walk reads own fields only.
        for (const key in record) {
          const field = fields.get(key);
          if (field === undefined) return false;
          const inner = record[key];
          if (isObject(inner) && !field(inner)) return false;
        }
        return true;
      };
    }
    case 'array': {
      const item = checkOf(shape.item, decodes);
      return (value) => {
        if (!Array.isArray(value)) return true;
        for (let i = 0; i < value.length; i++) if (isObject(value[i]) && !item(value[i] as object)) return false;
        return true;
      };
    }
    case 'record': {
      const entry = checkOf(shape.entry, decodes);
      return (value) => {
        const record = value as Record<string, unknown>;
        for (const key in record) if (isObject(record[key]) && !entry(record[key])) return false;
        return true;
      };
    }
    case 'union': {
      const { members } = shape;
      const memberChecks = members.map((member) => checkOf(member, decodes));
      return (value) => {
        for (let i = 0; i < members.length; i++) if (decodes(members[i]!, value)) return memberChecks[i]!(value);
        return true;
      };
    }
    default:
      return allDeclared;
  }
}

/** A declared path cut into its steps, once per path: the key, the collection mark, and the path inside. */
const pathSteps = new Map<string, readonly [key: string | undefined, collection: string | undefined, rest: string | undefined] | null>();
function stepsOf(path: string) {
  let steps = pathSteps.get(path);
  if (steps === undefined) {
    const match = /^([^.[{]+)?(\[\]|\{\})?(?:\.(.*))?$/.exec(path);
    steps = match ? [match[1], match[2], match[3]] : null;
    pathSteps.set(path, steps);
  }
  return steps;
}

/**
 * The one walk of a declared path (`a.b`, `a[].b`, `a{}`): `visit` is called for every value the path names, in arrays
 * and records too, in the order the value holds them; values of another shape are left as they are. Copying, the
 * values `visit` returns take the leaves' places in a copy; not copying, the value is only looked at and returned.
 * Redaction, the inbox's check of a shared event and what the console says a visit held all walk here, so what one
 * finds at a path is what the others find.
 */
function walkPath(value: unknown, path: string, visit: (leaf: unknown) => unknown, copy: boolean): unknown {
  const steps = stepsOf(path);
  if (steps === null) return value;
  const [key, collection, rest] = steps;
  const each = (inner: unknown) => (rest ? walkPath(inner, rest, visit, copy) : visit(inner));
  const step = (inner: unknown): unknown => {
    if (collection === '[]') {
      if (!Array.isArray(inner)) return inner;
      if (copy) return inner.map(each);
      inner.forEach(each);
      return inner;
    }
    if (collection === '{}') {
      if (typeof inner !== 'object' || inner === null) return inner;
      if (copy) return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, each(v)]));
      Object.values(inner).forEach(each);
      return inner;
    }
    return each(inner);
  };
  if (key === undefined) return step(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !(key in value)) return value;
  const stepped = step((value as Record<string, unknown>)[key]);
  return copy ? { ...(value as Record<string, unknown>), [key]: stepped } : value;
}

/** Calls `visit` for every value at a declared path, letting it replace the value in a copy (redaction). */
export function mapAtPath(value: unknown, path: string, visit: (leaf: unknown) => unknown): unknown {
  return walkPath(value, path, visit, true);
}

/**
 * Calls `visit` for every value at a declared path, as `mapAtPath` walks it, copying nothing: for readers that only
 * look (what the support console says a visit held, over every event of a long log).
 */
export function eachAtPath(value: unknown, path: string, visit: (leaf: unknown) => void): void {
  walkPath(value, path, visit, false);
}
