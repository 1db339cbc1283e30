// Reading a chunk a shopper's tab uploads: catalog and event lines of the log file format (src/store/logFile.ts).
// Everything is checked before anything is stored, and each refusal names its line and field: an event of a type or
// version this inbox does not know, a field its schema does not declare, or a personal field that is not a redaction
// placeholder (the device redacts before sending; the server checks, with the same schemas and declarations).
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { decodeCatalog } from '../domain/catalog/catalogIndex';
import { decode } from '../domain/codec';
import { CURRENT_VERSION, EventData, PRIVACY, isEventType } from '../events/catalogue';
import { IsoInstant } from '../events/envelope';
import { mapAtPath, undeclaredFields } from '../events/fields';
import { upcastData } from '../events/upcast';
import { readLogLine, splitLines } from '../store/logFile';
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

/** Reads and checks a chunk's text; Left with one line per problem, each naming its line. */
export function readChunk(text: string, name: ChunkName): E.Either<string[], Chunk> {
  const problems: string[] = [];
  const catalogs = new Map<string, string>();
  const events: ChunkEvent[] = [];
  const named = new Set<string>();
  const lines = splitLines(text);
  let lastSeq = 0;
  for (let i = 0; i < lines.length && problems.length < 20; i++) {
    const line = i + 1;
    const item = readLogLine(lines[i]!, line, false);
    if (E.isLeft(item)) {
      problems.push(item.left);
      continue;
    }
    const read = item.right;
    if (read === null || read.kind === 'header') continue;
    if (read.kind === 'catalog') {
      const catalogText = JSON.stringify(read.catalog);
      if (catalogHash(catalogText) !== read.hash) problems.push(`line ${line}: catalog content does not match its hash ${read.hash}`);
      else if (E.isLeft(decodeCatalog(read.catalog))) problems.push(`line ${line}: catalog ${read.hash} is not a catalog`);
      else catalogs.set(read.hash, catalogText);
      continue;
    }
    const { seq, raw } = read;
    if (!Number.isSafeInteger(seq) || seq < name.first || seq > name.last)
      problems.push(`line ${line}: seq ${seq} is outside the chunk ${name.first}-${name.last}`);
    else if (seq <= lastSeq) problems.push(`line ${line}: seq ${seq} is not after ${lastSeq}`);
    lastSeq = Math.max(lastSeq, seq);
    const refused = eventProblems(raw, lines[i]!);
    problems.push(...refused.map((problem) => `line ${line}: ${problem}`));
    if (refused.length > 0) continue;
    if (raw.type === 'CatalogLoaded') named.add((raw.data as { hash: string }).hash);
    events.push({ seq, ...raw, bytes: Buffer.byteLength(lines[i]!, 'utf8') });
  }
  if (problems.length === 0 && events.length === 0) problems.push('the chunk holds no event line');
  if (problems.length === 0 && (events[0]!.seq !== name.first || events.at(-1)!.seq !== name.last)) {
    problems.push(`the chunk is named ${name.first}-${name.last} but holds events ${events[0]!.seq} to ${events.at(-1)!.seq}`);
  }
  return problems.length > 0 ? E.left(problems) : E.right({ catalogs, events, catalogsNamed: [...named] });
}

/** Why an event may not be stored: unknown, newer, undeclared fields, data that does not decode, personal data in clear. */
function eventProblems(raw: { id: string; type: string; v: number; at: string; data: unknown }, text: string): string[] {
  const { type, v } = raw;
  if (!isEventType(type)) return [`${type} is not an event type this inbox knows`];
  if (v > CURRENT_VERSION[type]) return [`${type} v${v} is newer than this inbox knows (v${CURRENT_VERSION[type]})`];
  if (!IsoInstant.is(raw.at)) return [`${type}: at "${String(raw.at).slice(0, 40)}" is not an ISO-8601 UTC instant`];
  if (raw.id === '' || raw.id.length > 200) return [`${type}: id must be 1 to 200 characters`];
  const data = v < CURRENT_VERSION[type] ? upcastData(type, v, CURRENT_VERSION[type], raw.data) : raw.data;
  if (data === undefined) return [`${type} v${v} cannot be brought up to v${CURRENT_VERSION[type]}`];
  const codec: t.Mixed = EventData[type];
  const undeclared = undeclaredFields(codec, data);
  if (undeclared.length > 0) return undeclared.map((path) => `${type}: data.${path} is not a field of ${type}`);
  const decoded = decode(codec, data);
  if (E.isLeft(decoded)) return decoded.left.map((problem) => `${type}: data.${problem}`);
  const inClear = Object.entries(PRIVACY[type].personal ?? {}).flatMap(([path, kind]) =>
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
