// Shared io-ts helpers: optional fields that may arrive as null, named refinements, and a decode reporter that
// turns io-ts errors into one line per problem: `path: expected ..., got ...` (never a stack trace).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { once } from './once';

/** A field the API may omit or send as null; decodes both to `undefined` so the model has one "absent". */
export function opt<C extends t.Mixed>(codec: C): OptionalType<C> {
  const type = new t.Type<t.TypeOf<C> | undefined, t.OutputOf<C> | undefined, unknown>(
    codec.name,
    (u): u is t.TypeOf<C> | undefined => u === undefined || codec.is(u),
    (u, c) => (u === null || u === undefined ? t.success(undefined) : codec.validate(u, c)),
    (a) => (a === undefined ? undefined : codec.encode(a)),
  );
  optionals.add(type);
  // The inner codec stays reachable, so schema walkers (exact fields, personal-data declarations) can look inside.
  return Object.assign(type, { inner: codec });
}

const optionals = new WeakSet<t.Mixed>();

/** Whether a codec was made by `opt` (null and undefined decode to undefined, anything else as its inner codec). */
export function isOptional(codec: t.Mixed): codec is OptionalType<t.Mixed> {
  return optionals.has(codec);
}

/** What `opt` returns: a codec of `C | undefined` that keeps `C` at hand. */
export type OptionalType<C extends t.Mixed> = t.Type<t.TypeOf<C> | undefined, t.OutputOf<C> | undefined, unknown> & { readonly inner: C };

/** A string that matches a pattern; `name` is what the error message says was expected. */
export function matching(name: string, pattern: RegExp): t.Type<string, string, unknown> {
  return selfDecoding(
    new t.Type<string, string, unknown>(
      name,
      (u): u is string => typeof u === 'string' && pattern.test(u),
      (u, c) => (typeof u === 'string' && pattern.test(u) ? t.success(u) : t.failure(u, c)),
      t.identity,
    ),
  );
}

const decodingToThemselves = new WeakSet<t.Mixed>();

/**
 * Marks a codec that decodes a value to the value itself exactly when its `is` holds (a pattern, an integer), so a
 * quicker decoder may ask `is` alone (src/domain/fastDecode.ts).
 */
function selfDecoding<C extends t.Mixed>(codec: C): C {
  decodingToThemselves.add(codec);
  return codec;
}

/** Whether a codec decodes a value to itself exactly when its `is` holds (see `selfDecoding`). */
export function decodesToItself(codec: t.Mixed): boolean {
  return decodingToThemselves.has(codec);
}

/** A codec that accepts several spellings of one value and decodes to the canonical one (e.g. 0 | "Single"). */
export function oneOf<A extends string>(name: string, spellings: ReadonlyArray<readonly [unknown, A]>): t.Type<A, A, unknown> {
  const canonical = new Set<unknown>(spellings.map(([, a]) => a));
  const type = new t.Type<A, A, unknown>(
    name,
    (u): u is A => canonical.has(u),
    (u, c) => {
      const hit = spellings.find(([spelling]) => spelling === u);
      return hit ? t.success(hit[1]) : t.failure(u, c);
    },
    t.identity,
  );
  // A closed set of values carries no free text: schema walkers treat it like a literal.
  return Object.assign(type, { enumeration: true as const });
}

/** Integer amount in minor units (cents), never negative. */
export const MinorUnits = selfDecoding(
  new t.Type<number, number, unknown>(
    'integer minor units',
    (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0,
    (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
);

/** A finite number of 0 or more (a radius, a percentage that is not a tax's). */
export const NonNegative = selfDecoding(
  new t.Type<number, number, unknown>(
    'a number of 0 or more',
    (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= 0,
    (u, c) => (typeof u === 'number' && Number.isFinite(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
);

/** An integer that may be negative (counts, -1 sentinels). */
export const Integer = selfDecoding(
  new t.Type<number, number, unknown>(
    'integer',
    (u): u is number => typeof u === 'number' && Number.isSafeInteger(u),
    (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
);

/**
 * Decimal percentage; the catalog sends strings ("8.875"), some calls send numbers. Decodes to the string form. A
 * percentage is between 0 and 100 with at most 6 decimals: pricing turns it into exact integers, and 5,000 digits
 * would not fit them.
 */
const PERCENTAGE_PATTERN = /^(?:100(?:\.0{1,6})?|\d{1,2}(?:\.\d{1,6})?)$/;
export const DecimalPercentage = new t.Type<string, string, unknown>(
  'decimal string from 0 to 100, at most 6 decimals',
  (u): u is string => typeof u === 'string' && PERCENTAGE_PATTERN.test(u),
  (u, c) => {
    if (typeof u === 'string' && PERCENTAGE_PATTERN.test(u.trim())) return t.success(u.trim());
    if (typeof u === 'number' && Number.isFinite(u) && PERCENTAGE_PATTERN.test(String(u))) return t.success(String(u));
    return t.failure(u, c);
  },
  t.identity,
);

/** An IANA time zone the runtime knows (checked through Intl). */
export const TimeZoneName = selfDecoding(
  new t.Type<string, string, unknown>(
    'IANA time zone',
    (u): u is string => typeof u === 'string' && isKnownTimeZone(u),
    (u, c) => (typeof u === 'string' && isKnownTimeZone(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
);

const knownZones = new Map<string, boolean>();
// The runtime's list of canonical zones answers in a few milliseconds; the first Intl.DateTimeFormat of a page loads
// the locale and zone data (25-70 ms, more on a phone) before the first paint needs any.
const canonicalZones = once(() => new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []));
function isKnownTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    // A zone outside the list (an alias such as US/Eastern) is still tried the slow way.
    known = canonicalZones().has(zone) || zoneAccepted(zone);
    knownZones.set(zone, known);
  }
  return known;
}

function zoneAccepted(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

const GOT_LIMIT = 80;

function describeValue(u: unknown): string {
  if (u === undefined) return 'undefined';
  let text: string;
  try {
    text = JSON.stringify(u) ?? String(u);
  } catch {
    text = String(u);
  }
  return text.length > GOT_LIMIT ? `${text.slice(0, GOT_LIMIT - 3)}...` : text;
}

function isTransparent(type: t.Decoder<unknown, unknown>): boolean {
  // Members of unions and intersections are pushed with their index as key; that index is not part of the path. An
  // optional field's codec hands its context to the union or intersection inside it, which then pushes the index.
  if (optionals.has(type as t.Mixed)) return isTransparent((type as OptionalType<t.Mixed>).inner);
  return type instanceof t.UnionType || type instanceof t.IntersectionType;
}

/** Renders one io-ts error as `path: expected X, got Y`. */
function describeError(error: t.ValidationError): { path: string; expected: string; got: string } {
  const ctx = error.context;
  let path = '';
  // The innermost union the value failed as a whole names the expectation better than its last member does.
  let expected = ctx.length > 0 ? ctx[ctx.length - 1]!.type.name : 'value';
  for (let i = 1; i < ctx.length; i++) {
    const parent = ctx[i - 1]!.type;
    const entry = ctx[i]!;
    if (isTransparent(parent)) continue;
    // Arrays show as [i]; the parent's value tells, whatever wrapper (opt, refinement) its codec is.
    path += Array.isArray(ctx[i - 1]!.actual) ? `[${entry.key}]` : path === '' ? entry.key : `.${entry.key}`;
  }
  for (let i = ctx.length - 1; i >= 1; i--) {
    const parent = ctx[i - 1]!.type;
    if (parent instanceof t.UnionType && ctx[i - 1]!.actual === error.value) {
      expected = parent.name;
      // Keep going outwards only while the value is the same one (nested unions of literals).
      continue;
    }
    if (!isTransparent(parent)) break;
  }
  return { path: path === '' ? '(root)' : path, expected, got: describeValue(error.value) };
}

/** Every problem of a failed decode, one line each, deduplicated, in document order. */
function formatErrors(errors: t.Errors): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const e of errors) {
    const d = describeError(e);
    const line = e.message ? `${d.path}: ${e.message}` : `${d.path}: expected ${d.expected}, got ${d.got}`;
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/** Decode with a codec; the failure is the list of problem lines. */
export function decode<A, O>(codec: t.Type<A, O, unknown>, input: unknown): E.Either<string[], A> {
  const result = codec.decode(input);
  return E.isRight(result) ? result : E.left(formatErrors(result.left));
}

/** A problem found after decoding, in the same `path: expected ..., got ...` form. */
export function problem(path: string, expected: string, got: unknown): string {
  return `${path}: expected ${expected}, got ${describeValue(got)}`;
}

/** How deeply JSON may nest before it is decoded: far beyond any catalog, log line or API body, far below a stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of JSON text, counted without parsing (strings skipped), stopping as soon as it passes `limit`:
 * deeply nested input is refused before a recursive decoder could overflow the stack on it. Every log line passes
 * here, so text with no more than `limit` brackets in all (nearly every line) is let through after counting them.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  // Depth only grows at an opening bracket, so it cannot pass `limit` unless more than `limit` of them are in the text.
  let opening = 0;
  for (let i = text.indexOf('{'); i !== -1 && opening <= limit; i = text.indexOf('{', i + 1)) opening++;
  for (let i = text.indexOf('['); i !== -1 && opening <= limit; i = text.indexOf('[', i + 1)) opening++;
  return opening > limit && nestingExceeds(text, limit);
}

/**
 * The scan itself: brackets counted outside strings. A string is jumped over to its closing quote (the first one not
 * escaped, that is after an even run of backslashes): the text of a log line is mostly strings, and finding a quote
 * with `indexOf` costs far less than reading each of their characters.
 */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = closingQuote(text, i + 1);
      // An unterminated string holds the rest of the text: no bracket after it counts.
      if (i === -1) return false;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** The index of the quote that ends a string whose text starts at `from`, or -1 when none does. */
function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/** JSON.parse, refusing text nested deeper than MAX_JSON_DEPTH with a plain message. */
export function parseJson(text: string): unknown {
  if (jsonDepthExceeds(text)) throw new SyntaxError(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  return JSON.parse(text);
}
