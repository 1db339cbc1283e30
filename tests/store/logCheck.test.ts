// The log check's one-pass reading of event lines gives, line for line, what reading each line as a line, then its
// event as an envelope and data, gives: the same events, the same skips, the same problems with the same words.
import * as fc from 'fast-check';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { decodeCatalog } from '../../src/domain/catalog/catalogIndex';
import { isOptional, MAX_JSON_DEPTH } from '../../src/domain/codec';
import { CURRENT_VERSION, EventData } from '../../src/events/catalogue';
import { decodeEvent } from '../../src/events/envelope';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { checkLog, type Checked } from '../../src/store/logCheck';
import { catalogLine, eventLine, headerLine, readLogLine } from '../../src/store/logFile';
import { eventDataArb, eventTypes } from '../events/eventValues';
import { fixtureJson } from '../support/fixtureCatalog';

/** How many objects and arrays deep a value of the schema can be; Infinity for a field of unknown shape. */
function schemaDepth(codec: t.Mixed, seen = new Set<t.Mixed>()): number {
  if (seen.has(codec)) return Infinity; // a schema inside itself could nest without end
  const inside = new Set(seen).add(codec);
  const c = codec as t.Mixed & { inner?: t.Mixed };
  if (isOptional(codec)) return schemaDepth(c.inner!, inside);
  if (c instanceof t.InterfaceType || c instanceof t.PartialType) {
    return 1 + Math.max(0, ...Object.values(c.props as Record<string, t.Mixed>).map((p) => schemaDepth(p, inside)));
  }
  if (c instanceof t.ArrayType || c instanceof t.ReadonlyArrayType) return 1 + schemaDepth(c.type as t.Mixed, inside);
  if (c instanceof t.DictionaryType) return 1 + schemaDepth(c.codomain as t.Mixed, inside);
  if (c instanceof t.UnionType || c instanceof t.IntersectionType) return Math.max(0, ...(c.types as t.Mixed[]).map((m) => schemaDepth(m, inside)));
  if (c instanceof t.ExactType || c instanceof t.ReadonlyType || c instanceof t.RefinementType) return schemaDepth(c.type as t.Mixed, inside);
  // t.unknown, t.any, t.UnknownRecord and t.UnknownArray (instances of the last two classes) take anything.
  if (c instanceof t.UnknownType || c instanceof t.AnyType || c instanceof t.AnyDictionaryType || c instanceof t.AnyArrayType || c instanceof t.TupleType) {
    return Infinity;
  }
  return 0; // a string, a number, a literal, a pattern: no nesting
}

/** The general path alone, as the log check reads a line that is not a plain in-order event: the reference. */
function referenceCheck() {
  let sawHeader = false;
  let lastSeq = 0;
  const hashes = new Set<string>();
  return (text: string, line: number): Checked => {
    const item = readLogLine(text, line, !sawHeader);
    if (E.isLeft(item)) {
      sawHeader = true;
      return E.left([item.left]);
    }
    const read = item.right;
    if (read === null) return E.right(null);
    if (read.kind === 'header') {
      sawHeader = true;
      return E.right({ kind: 'header', header: read.header });
    }
    if (read.kind === 'catalog') {
      hashes.add(read.hash);
      const index = decodeCatalog(read.catalog);
      return E.isLeft(index) ? E.left(index.left) : E.right({ kind: 'catalog', hash: read.hash, index: index.right, catalog: read.catalog });
    }
    const problems: string[] = [];
    if (read.seq <= lastSeq) problems.push(`line ${line}: event seq ${read.seq} is not after ${lastSeq}`);
    lastSeq = Math.max(lastSeq, read.seq);
    const decoded = decodeEvent(read.raw, read.seq);
    if (E.isLeft(decoded)) problems.push(`line ${line}: ${read.raw.type}: ${decoded.left.join('; ')}`);
    else if (decoded.right.kind === 'event' && decoded.right.event.type === 'CatalogLoaded' && !hashes.has(decoded.right.event.data.hash)) {
      problems.push(`line ${line}: CatalogLoaded names catalog ${decoded.right.event.data.hash}, which the file does not hold`);
    }
    if (problems.length > 0 || E.isLeft(decoded)) return E.left(problems);
    return E.right({ kind: 'event', seq: read.seq, raw: read.raw, decoded: decoded.right });
  };
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { deep: nested(depth - 1) });

/** An event line as a log holds it, or one of the ways one goes wrong. */
const eventLineArb = fc
  .record({
    type: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...eventTypes) }, { weight: 1, arbitrary: fc.constantFrom('SomethingNew', 'constructor') }),
    seqStep: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 0 }) }),
    v: fc.oneof({ weight: 8, arbitrary: fc.constant<number | null>(null) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(0, 2, 9, 1.5, '1') }),
    at: fc.oneof(
      { weight: 8, arbitrary: fc.constant('2026-11-18T15:00:00.000Z') },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('2026-11-18 15:00', 7, null) },
    ),
    deep: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(MAX_JSON_DEPTH - 4, MAX_JSON_DEPTH + 4) }),
    text: fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('', '[1]', 'null', '{"kind":"event"', ' {"kind":"event"}') },
    ),
  })
  .chain((shape) =>
    (eventTypes.includes(shape.type as never) ? eventDataArb(shape.type as (typeof eventTypes)[number]) : fc.jsonValue({ maxDepth: 2 })).map((data) => ({
      ...shape,
      data:
        shape.deep > 0 && data !== null && typeof data === 'object' && !Array.isArray(data)
          ? { ...data, extra: nested(shape.deep) }
          : shape.deep > 0
            ? nested(shape.deep)
            : data,
    })),
  );

describe('checking a log', () => {
  it('reads event lines whose schemas nest a few levels and hold nothing of unknown shape', () => {
    // What lets the one-pass reading leave the depth bound to the decoders: an event that decodes in full is no
    // deeper than its schema. A schema with a field of unknown shape, or deeper than the bound, breaks that.
    for (const type of eventTypes) expect(schemaDepth(EventData[type] as t.Mixed), type).toBeLessThan(MAX_JSON_DEPTH - 2);
  });

  it('gives each line what reading it as a line and then as an event gives: the same events, skips and problems', async () => {
    const text = catalogText(fixtureJson('cafe'));
    const hash = await hashText(text);
    await fc.assert(
      fc.asyncProperty(fc.array(eventLineArb, { minLength: 1, maxLength: 12 }), async (events) => {
        const lines = [headerLine('test', '2026-11-18T15:00:00.000Z', false), catalogLine(hash, text)];
        let seq = 0;
        for (const e of events) {
          seq += e.seqStep;
          const v = e.v ?? (e.type in CURRENT_VERSION ? CURRENT_VERSION[e.type as keyof typeof CURRENT_VERSION] : 1);
          const data =
            e.type === 'CatalogLoaded' && e.data !== null && typeof e.data === 'object' ? { ...e.data, hash: seq % 2 === 0 ? hash : 'other' } : e.data;
          lines.push(e.text ?? eventLine({ seq, id: `e${seq}`, type: e.type, v: v as number, at: e.at as string, data }));
        }
        const check = checkLog();
        const reference = referenceCheck();
        for (const [i, line] of lines.entries()) {
          const expected = reference(line, i + 1);
          const got = await check.line(line);
          // Both fail or both pass, with the same words; a catalog's index is compared by what it holds.
          if (E.isLeft(expected) || E.isLeft(got)) expect(got, line).toEqual(expected);
          else if (expected.right?.kind === 'catalog') expect(got.right?.kind).toBe('catalog');
          else expect(got, line).toEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('refuses an event nested past the bound in any field, declared or not, with the bound in its words', async () => {
    const check = checkLog();
    await check.line(headerLine('test', '2026-11-18T15:00:00.000Z', false));
    const at = '2026-11-18T15:00:00.000Z';
    const lines = [
      eventLine({ seq: 1, id: 'a', type: 'TipReset', v: 1, at, data: { idempotencyKey: nested(MAX_JSON_DEPTH + 1) } }),
      eventLine({ seq: 2, id: 'b', type: 'SomethingNew', v: 1, at, data: nested(MAX_JSON_DEPTH + 1) }),
      eventLine({ seq: 3, id: 'c', type: 'TipReset', v: 9, at, data: nested(MAX_JSON_DEPTH + 1) }),
    ];
    for (const [i, line] of lines.entries()) {
      expect(await check.line(line)).toEqual(E.left([`line ${i + 2}: not valid JSON (nested deeper than ${MAX_JSON_DEPTH} levels)`]));
    }
  });
});
