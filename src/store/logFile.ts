// Session logs as NDJSON files, self-contained so support staff can replay them with nothing else:
//   line 1    {"format":"countertop-log","version":1,"appVersion":..,"createdAt":..,"redacted":bool}
//   then      {"kind":"catalog","hash":..,"catalog":{...}}   every catalog snapshot the events refer to
//   then      {"kind":"event","seq":..,"id":..,"type":..,"v":..,"at":..,"data":{...}}
// Reading validates every line and reports a bad one with its line number; nothing is dropped silently.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode, parseJson } from '../domain/codec';
import { IsoInstant } from '../events/envelope';

const LOG_FORMAT = 'countertop-log';
const LOG_FORMAT_VERSION = 1;

const HeaderCodec = t.intersection([
  t.type({ format: t.literal(LOG_FORMAT), version: t.number, appVersion: t.string, createdAt: IsoInstant }),
  t.partial({ redacted: t.boolean }),
]);
export type LogHeader = t.TypeOf<typeof HeaderCodec>;

const CatalogLineCodec = t.type({ kind: t.literal('catalog'), hash: t.string, catalog: t.UnknownRecord });
/** Versions start at 1: a 0 or a negative version is a damaged line, not an event from a newer app. */
const Version = new t.Type<number, number, unknown>(
  'a version number of 1 or more',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 1,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 1 ? t.success(u) : t.failure(u, c)),
  t.identity,
);
/** A whole number from 1 that counts exactly: 1e300 or 2.5 is a damaged line, not an event far along the log. */
const Seq = new t.Type<number, number, unknown>(
  'a sequence number (a whole number from 1 to 2^53 - 1)',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 1,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 1 ? t.success(u) : t.failure(u, c)),
  t.identity,
);
const EventLineCodec = t.type({ kind: t.literal('event'), seq: Seq, id: t.string, type: t.string, v: Version, at: t.string, data: t.unknown });

/** An event as its line holds it, before its data is decoded. */
export interface EventLine {
  readonly seq: number;
  readonly raw: { id: string; type: string; v: number; at: string; data: unknown };
}

export type LogItem =
  | { readonly kind: 'header'; readonly line: number; readonly header: LogHeader }
  | { readonly kind: 'catalog'; readonly line: number; readonly hash: string; readonly catalog: Record<string, unknown> }
  | ({ readonly kind: 'event'; readonly line: number } & EventLine);

/**
 * A parsed line's event fields, when each is as the format says (what `EventLineCodec` accepts); null for anything
 * else, which decoding the line then names. The one reading of an event line: `readLogLine` and a replay's quick
 * path (src/store/logCheck.ts) both take an event line's fields from here.
 */
export function eventLineOf(json: unknown): EventLine | null {
  if (typeof json !== 'object' || json === null) return null;
  const { kind, seq, id, type, v, at, data } = json as Partial<Record<'kind' | 'seq' | 'id' | 'type' | 'v' | 'at' | 'data', unknown>>;
  if (kind !== 'event' || !Seq.is(seq) || typeof id !== 'string' || typeof type !== 'string' || !Version.is(v) || typeof at !== 'string') return null;
  return { seq, raw: { id, type, v, at, data } };
}

export interface RawEvent {
  readonly seq: number;
  readonly id: string;
  readonly type: string;
  readonly v: number;
  readonly at: string;
  readonly data: unknown;
}

export function headerLine(appVersion: string, createdAt: string, redacted: boolean): string {
  return JSON.stringify({ format: LOG_FORMAT, version: LOG_FORMAT_VERSION, appVersion, createdAt, redacted });
}

export function catalogLine(hash: string, catalogJson: string): string {
  return `{"kind":"catalog","hash":${JSON.stringify(hash)},"catalog":${catalogJson}}`;
}

export function eventLine(event: RawEvent): string {
  return JSON.stringify({ kind: 'event', seq: event.seq, id: event.id, type: event.type, v: event.v, at: event.at, data: event.data });
}

/** Reads one line (1-based `line`); the failure names the line. Blank lines are allowed and give nothing. */
export function readLogLine(text: string, line: number, expectHeader: boolean): E.Either<string, LogItem | null> {
  // A byte-order mark before the header is an editor's habit, not a problem.
  const body = line === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') return E.right(null);
  let json: unknown;
  try {
    json = parseJson(body);
  } catch (error) {
    return E.left(`line ${line}: not valid JSON (${(error as Error).message})`);
  }
  // Anything but an object is said in one line, not as the whole schema it failed.
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return E.left(`line ${line}: expected a JSON object, got ${Array.isArray(json) ? 'an array' : json === null ? 'null' : typeof json}`);
  }
  if (expectHeader) {
    const header = decode(HeaderCodec, json);
    if (E.isLeft(header)) return E.left(`line ${line}: not a ${LOG_FORMAT} header: ${header.left.join('; ')}`);
    if (header.right.version > LOG_FORMAT_VERSION)
      return E.left(`line ${line}: log format version ${header.right.version} is newer than this app reads (${LOG_FORMAT_VERSION})`);
    return E.right({ kind: 'header', line, header: header.right });
  }
  const kind = (json as { kind?: unknown } | null)?.kind;
  if (kind === 'catalog') {
    const item = decode(CatalogLineCodec, json);
    return E.isLeft(item)
      ? E.left(`line ${line}: ${item.left.join('; ')}`)
      : E.right({ kind: 'catalog', line, hash: item.right.hash, catalog: item.right.catalog });
  }
  if (kind === 'event') {
    // A line whose fields are as they should be (nearly every line) is taken without building its decode; any other
    // line is decoded, for the problems it names.
    const event = eventLineOf(json);
    if (event !== null) return E.right({ kind: 'event', line, ...event });
    const item = decode(EventLineCodec, json);
    if (E.isLeft(item)) return E.left(`line ${line}: ${item.left.join('; ')}`);
    const { seq, id, type, v, at, data } = item.right;
    return E.right({ kind: 'event', line, seq, raw: { id, type, v, at, data } });
  }
  return E.left(`line ${line}: expected kind "catalog" or "event", got ${JSON.stringify(kind)}`);
}

/** The lines of a log's text, as `lineSplitter` cuts them: every reader of a log numbers its lines alike. */
export function splitLines(text: string): string[] {
  const lines = lineSplitter();
  return [...lines.push(text), ...lines.end()];
}

/**
 * Cuts pieces of text into the lines of their whole, as Node's readline does: at `\n`, `\r\n` or a lone `\r` (also
 * when a `\r\n` is cut between two pieces), with a last line only if it holds something. The one line splitter: the
 * CLI's files, a replay's stream, the console's dropped file and the inbox's chunks all cut their lines here.
 */
export function lineSplitter(): { push(piece: string): string[]; end(): string[] } {
  let partial = '';
  let afterReturn = false;
  return {
    push(piece) {
      const lines: string[] = [];
      if (piece === '') return lines;
      let start = 0;
      if (afterReturn && piece.charCodeAt(0) === 10) start = 1;
      afterReturn = false;
      // Searched with indexOf (a log has no `\r` at all, as a rule), not character by character. The piece is searched
      // as it came: the last piece's unfinished line is joined to its first line only, since joining it to the whole
      // piece made the engine copy every piece of the file once more (most of this function's time).
      let newline = piece.indexOf('\n', start);
      let ret = piece.indexOf('\r', start);
      while (newline !== -1 || ret !== -1) {
        if (ret === -1 || (newline !== -1 && newline < ret)) {
          lines.push(partial + piece.slice(start, newline));
          partial = '';
          start = newline + 1;
          newline = piece.indexOf('\n', start);
          continue;
        }
        lines.push(partial + piece.slice(start, ret));
        partial = '';
        if (ret + 1 === piece.length) afterReturn = true;
        start = piece.charCodeAt(ret + 1) === 10 ? ret + 2 : ret + 1;
        ret = piece.indexOf('\r', start);
        if (newline !== -1 && newline < start) newline = piece.indexOf('\n', start);
      }
      partial += piece.slice(start);
      return lines;
    },
    end() {
      const last = partial;
      partial = '';
      return last === '' ? [] : [last];
    },
  };
}
