// Walking an event's io-ts schema: which fields it declares (so a field it does not declare is refused, never stored)
// and which of its leaves hold text or numbers (so each is declared personal or safe beside the event).
//
// Paths name fields the way the declarations write them: `guest.firstName`, `cards[].billing.city`, `counts{}`.
import * as t from 'io-ts';

/** The kinds of personal data an event may hold; redaction gives each kind its own placeholder. */
export type PersonalKind =
  'first' | 'last' | 'name' | 'email' | 'phone' | 'address' | 'city' | 'postal' | 'nickname' | 'instructions' | 'coordinate' | 'giftCard';

/** Beside each event: its personal fields by kind, and every other text or number field, named as safe. */
export interface Privacy {
  readonly personal?: Readonly<Record<string, PersonalKind>>;
  readonly safe?: readonly string[];
}

type Walkable = t.Mixed & { readonly _tag?: string; readonly inner?: t.Mixed; readonly enumeration?: true };

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

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
  const c = codec as Walkable;
  if (c.inner) return leafPaths(c.inner, path);
  if (c.enumeration || c instanceof t.BooleanType || c instanceof t.NullType || c instanceof t.UndefinedType) return [];
  if (c instanceof t.LiteralType || c instanceof t.KeyofType || c instanceof t.UnknownType) return [];
  const props = objectProps(c);
  if (props !== null) return Object.entries(props).flatMap(([key, inner]) => leafPaths(inner, join(path, key)));
  if (c instanceof t.ArrayType || c instanceof t.ReadonlyArrayType) return leafPaths(c.type, `${path}[]`);
  if (c instanceof t.DictionaryType) return leafPaths(c.codomain, `${path}{}`);
  if (c instanceof t.UnionType || c instanceof t.IntersectionType) return [...new Set((c.types as t.Mixed[]).flatMap((m) => leafPaths(m, path)))];
  if (c instanceof t.ExactType || c instanceof t.ReadonlyType || c instanceof t.RefinementType) return leafPaths(c.type, path);
  return [path];
}

/** Fields present in a value that its schema does not declare, as paths (`line.colour`, `cards[2].pin`). */
export function undeclaredFields(codec: t.Mixed, value: unknown, path = ''): string[] {
  const c = codec as Walkable;
  if (value === null || value === undefined || typeof value !== 'object') return [];
  if (c.inner) return undeclaredFields(c.inner, value, path);
  const props = objectProps(c);
  if (props !== null) {
    if (Array.isArray(value)) return [];
    return Object.entries(value).flatMap(([key, inner]) => {
      const field = props[key];
      return field === undefined ? [join(path, key)] : undeclaredFields(field, inner, join(path, key));
    });
  }
  if ((c instanceof t.ArrayType || c instanceof t.ReadonlyArrayType) && Array.isArray(value)) {
    return value.flatMap((inner, i) => undeclaredFields(c.type, inner, `${path}[${i}]`));
  }
  if (c instanceof t.DictionaryType) return Object.entries(value).flatMap(([key, inner]) => undeclaredFields(c.codomain, inner, join(path, key)));
  if (c instanceof t.UnionType) {
    // The member the value decodes as is the one whose fields count.
    const member = (c.types as t.Mixed[]).find((m) => m.decode(value)._tag === 'Right');
    return member ? undeclaredFields(member, value, path) : [];
  }
  if (c instanceof t.ExactType || c instanceof t.ReadonlyType || c instanceof t.RefinementType) return undeclaredFields(c.type, value, path);
  return [];
}

/**
 * Calls `visit` for every value at a declared path (`a.b`, `a[].b`, `a{}`), letting it replace the value.
 * Used by redaction; values of the wrong shape are left as they are.
 */
export function mapAtPath(value: unknown, path: string, visit: (leaf: unknown) => unknown): unknown {
  const match = /^([^.[{]+)?(\[\]|\{\})?(?:\.(.*))?$/.exec(path);
  if (!match) return value;
  const [, key, collection, rest] = match;
  const step = (inner: unknown): unknown => {
    if (collection === '[]') return Array.isArray(inner) ? inner.map((el) => (rest ? mapAtPath(el, rest, visit) : visit(el))) : inner;
    if (collection === '{}') {
      if (typeof inner !== 'object' || inner === null) return inner;
      return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, rest ? mapAtPath(v, rest, visit) : visit(v)]));
    }
    return rest ? mapAtPath(inner, rest, visit) : visit(inner);
  };
  if (key === undefined) return step(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !(key in value)) return value;
  return { ...(value as Record<string, unknown>), [key]: step((value as Record<string, unknown>)[key]) };
}
