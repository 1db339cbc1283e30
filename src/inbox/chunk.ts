// Reading a chunk a shopper's tab uploads: catalog and event lines of the log file format (src/store/logFile.ts).
// Everything is checked before anything is stored, and each refusal names its line and field: an event of a type or
// version this inbox does not know, a field its schema does not declare, or a personal field that is not a redaction
// placeholder (the device redacts before sending; the server checks, with the same schemas and declarations).
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { CURRENT_VERSION, PRIVACY, isEventType } from '../events/catalogue';
import type { Decoded } from '../events/envelope';
import { mapAtPath } from '../events/fields';
import { checkLog } from '../store/logCheck';
import { splitLines } from '../store/logFile';
import { isPlaceholder } from '../store/redact';

/** The sequence numbers a chunk's name says it holds: `PUT .../chunks/1-50`. */
export interface ChunkName {
  readonly first: number;
  readonly last: number;
}

export interface ChunkEvent {
  readonly seq: number;
  readonly id: string;
  readonly type: string;
  readonly v: number;
  readonly at: string;
  readonly data: unknown;
  /** The line's length in UTF-8 bytes: what the share's size counts. */
  readonly bytes: number;
}

export interface Chunk {
  /** Catalogs by hash, as the text their hash was computed from. */
  readonly catalogs: ReadonlyMap<string, string>;
  readonly events: readonly ChunkEvent[];
  /** Catalogs its CatalogLoaded events name: each must be in the chunk or already in the inbox. */
  readonly catalogsNamed: readonly string[];
}

/** The hash the log format gives a catalog: SHA-256 of its JSON text (src/store/catalogRepository.ts's hashText). */
export function catalogHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** At most this many problems are told of one chunk: enough to mend it, not a page of them. */
const MAX_PROBLEMS = 20;

/**
 * Reads and checks a chunk's text; Left with one line per problem, each naming its line. The lines are cut and read
 * by the log's one reader (src/store/logCheck.ts), as a piece with no header whose CatalogLoaded events may name a
 * catalog an earlier chunk sent; what only the inbox asks of an event follows (`eventProblems`).
 */
export async function readChunk(text: string, name: ChunkName): Promise<E.Either<string[], Chunk>> {
  const problems: string[] = [];
  const catalogs = new Map<string, string>();
  const events: ChunkEvent[] = [];
  const named = new Set<string>();
  const check = checkLog({ headerless: true, catalogsElsewhere: true });
  for (const lineText of splitLines(text)) {
    if (problems.length >= MAX_PROBLEMS) break;
    const item = await check.line(lineText);
    const line = check.lineNumber();
    if (E.isLeft(item)) {
      problems.push(...item.left);
      continue;
    }
    const read = item.right;
    if (read === null || read.kind === 'header') continue;
    if (read.kind === 'catalog') {
      // The text its hash was checked against (catalogText: the catalog's JSON as it came).
      catalogs.set(read.hash, JSON.stringify(read.catalog));
      continue;
    }
    const { seq, raw, decoded } = read;
    if (seq < name.first || seq > name.last) problems.push(`line ${line}: seq ${seq} is outside the chunk ${name.first}-${name.last}`);
    const refused = eventProblems(raw, decoded, lineText);
    problems.push(...refused.map((problem) => `line ${line}: ${problem}`));
    if (refused.length > 0) continue;
    if (raw.type === 'CatalogLoaded') named.add((raw.data as { hash: string }).hash);
    events.push({ seq, ...raw, bytes: Buffer.byteLength(lineText, 'utf8') });
  }
  if (problems.length === 0 && events.length === 0) problems.push('the chunk holds no event line');
  if (problems.length === 0 && (events[0]!.seq !== name.first || events.at(-1)!.seq !== name.last)) {
    problems.push(`the chunk is named ${name.first}-${name.last} but holds events ${events[0]!.seq} to ${events.at(-1)!.seq}`);
  }
  return problems.length > 0 ? E.left(problems) : E.right({ catalogs, events, catalogsNamed: [...named] });
}

/**
 * What the inbox asks of an event beyond the log's reading (which decoded it and refused undeclared fields): a type
 * and version it knows (a replay skips the others; the inbox stores only what it can check), an id of bounded length,
 * and personal data only as redaction placeholders.
 */
function eventProblems(raw: { id: string; type: string; v: number; at: string; data: unknown }, decoded: Decoded, text: string): string[] {
  const { type, v } = raw;
  if (decoded.kind === 'skipped') {
    if (!isEventType(type)) return [`${type} is not an event type this inbox knows`];
    if (v > CURRENT_VERSION[type]) return [`${type} v${v} is newer than this inbox knows (v${CURRENT_VERSION[type]})`];
    return [`${type} v${v} cannot be brought up to v${CURRENT_VERSION[type]}`];
  }
  if (raw.id === '' || raw.id.length > 200) return [`${type}: id must be 1 to 200 characters`];
  const data: unknown = decoded.event.data;
  const inClear = Object.entries(PRIVACY[decoded.event.type].personal ?? {}).flatMap(([path, kind]) =>
    leavesAt(data, path).some((leaf) => !isPlaceholder(kind, leaf)) ? [`${type}: data.${path} is personal (${kind}) and not redacted`] : [],
  );
  if (inClear.length > 0) return inClear;
  // PostgreSQL's jsonb holds no NUL character; say so rather than fail the whole chunk at the database.
  if (text.includes('\\u0000') && JSON.stringify(raw.data).includes('\\u0000'))
    return [`${type}: a text holds the NUL character, which the inbox cannot store`];
  return [];
}

/** Every value at a declared path (`cards[].billing.city`). */
function leavesAt(data: unknown, path: string): unknown[] {
  const leaves: unknown[] = [];
  mapAtPath(data, path, (leaf) => {
    leaves.push(leaf);
    return leaf;
  });
  return leaves;
}
