// The one reader of a log's lines that every reader shares (`replay`, `log validate`, `log redact`, the support
// console, the browser's import, the inbox's chunks): it numbers the lines as they come (cut by logFile's one
// splitter), and checks a header first, catalogs that decode and match their hash, events in strictly increasing order
// that decode, and every catalog an event names present in the file. Each problem names its line. A chunk of a shared
// visit (src/inbox/chunk.ts) is read with the same checks, less the header and the catalogs held elsewhere.
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex } from '../domain/catalog/catalogIndex';
import { jsonDepthExceeds } from '../domain/codec';
import { decodeFast, decodes, fastDecoderOf } from '../domain/fastDecode';
import { decodeEvent, eventDecoder, IsoInstant, type DataDecoder, type Decoded } from '../events/envelope';
import { catalogText, hashText } from './catalogRepository';
import { eventLineOf, readLogLine, type LogHeader, type LogItem } from './logFile';

export type CheckedLine =
  | { readonly kind: 'header'; readonly header: LogHeader }
  | { readonly kind: 'catalog'; readonly hash: string; readonly index: CatalogIndex; readonly catalog: Record<string, unknown> }
  | {
      readonly kind: 'event';
      readonly seq: number;
      readonly raw: { id: string; type: string; v: number; at: string; data: unknown };
      readonly decoded: Decoded;
    };

/** What checking a line gives: its problems, or what it holds (null for a blank line). */
export type Checked = E.Either<string[], CheckedLine | null>;

export interface LogCheck {
  /** Checks the next line (numbered here, from 1, in the order given); null for a blank line. */
  line(text: string): Promise<Checked>;
  /**
   * The same check, answered at once for every line but a catalog (whose hash is computed asynchronously): a long
   * replay need not wait a turn of the event loop per event. Await a promise before checking the next line.
   */
  lineNow(text: string): Checked | Promise<Checked>;
  /** The number of the last line checked (0 before the first): what its problems and entries name. */
  readonly lineNumber: () => number;
  /** What is wrong with the file as a whole once every line was read (an empty file, a log without events). */
  finish(): string[];
  readonly header: () => LogHeader | undefined;
}

/** Every event of a log is decoded: with the quick decoder, which gives io-ts' answers sooner. */
const quickly: DataDecoder = { decode: decodeFast, decodes, prepare: fastDecoderOf };
const decodeQuickly = eventDecoder(quickly);

export interface LogCheckOptions {
  /** False: catalogs are taken without their hash checked (a replay of a file already checked). */
  readonly verifyHashes?: boolean;
  /** True: the text is a piece of a log with no header line (an inbox chunk): its first line is a catalog or an event. */
  readonly headerless?: boolean;
  /**
   * True: a CatalogLoaded may name a catalog the text does not hold, since the reader holds it from an earlier piece
   * (the inbox, a chunk after the one that sent the catalog).
   */
  readonly catalogsElsewhere?: boolean;
}

export function checkLog(options: LogCheckOptions = {}): LogCheck {
  let header: LogHeader | undefined;
  let sawHeaderLine = options.headerless === true;
  let lastSeq = 0;
  let lastLine = 0;
  let sawEvent = false;
  // A file whose lines were already refused is not also told it has no events.
  let refusedLine = false;
  const hashes = new Set<string>();
  const catalogHeld = (hash: string) => options.catalogsElsewhere === true || hashes.has(hash);
  const catalogLine = async (read: Extract<LogItem, { kind: 'catalog' }>, line: number): Promise<Checked> => {
    const decoded = decodeCatalog(read.catalog);
    if (E.isLeft(decoded)) {
      refusedLine = true;
      return E.left([`line ${line}: catalog ${read.hash} does not decode: ${decoded.left.slice(0, 3).join('; ')}`]);
    }
    if (options.verifyHashes !== false && (await hashText(catalogText(read.catalog))) !== read.hash) {
      refusedLine = true;
      return E.left([`line ${line}: catalog content does not match its hash ${read.hash}`]);
    }
    hashes.add(read.hash);
    return E.right({ kind: 'catalog', hash: read.hash, index: decoded.right, catalog: read.catalog });
  };
  /**
   * An event line that is as it should be, checked in one pass: its fields read as `readLogLine` reads them
   * (`eventLineOf`), its time as the envelope wants it, its data decoded, and nothing built but the result. Anything
   * else (a header, a catalog, a blank or damaged line, an event out of order) gives undefined, and the general path
   * reads the line with `readLogLine` to say what it is.
   */
  const eventNow = (text: string, line: number): Checked | undefined => {
    // No depth bound before parsing: JSON.parse nests without recursion, and the decoders walk only what the event's
    // schema declares, which nests a few levels and holds nothing of unknown shape (tests/store/logCheck.test.ts).
    // So an event that decodes in full cannot be nested deeper than the bound; one that is skipped unread is bounded.
    if (!sawHeaderLine || line === 1 || text.charCodeAt(0) !== 123) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const event = eventLineOf(json);
    if (event === null || event.seq <= lastSeq || !IsoInstant.is(event.raw.at)) return undefined;
    const { seq, raw } = event;
    const decoded = decodeQuickly(seq, raw.id, raw.type, raw.v, raw.at, raw.data);
    if (E.isLeft(decoded)) return undefined;
    const read = decoded.right;
    if (read.kind === 'skipped' ? jsonDepthExceeds(text) : read.event.type === 'CatalogLoaded' && !catalogHeld(read.event.data.hash)) return undefined;
    lastSeq = seq;
    return E.right({ kind: 'event', seq, raw, decoded: read });
  };
  const lineNow = (text: string): Checked | Promise<Checked> => {
    const line = ++lastLine;
    const quick = eventNow(text, line);
    if (quick !== undefined) {
      sawEvent = true;
      return quick;
    }
    const item = readLogLine(text, line, !sawHeaderLine);
    if (E.isLeft(item)) {
      sawHeaderLine = true;
      refusedLine = true;
      return E.left([item.left]);
    }
    const read = item.right;
    if (read === null) return E.right(null);
    if (read.kind === 'header') {
      sawHeaderLine = true;
      header = read.header;
      return E.right({ kind: 'header', header: read.header });
    }
    if (read.kind === 'catalog') return catalogLine(read, line);
    sawEvent = true;
    const problems: string[] = [];
    if (read.seq <= lastSeq) problems.push(`line ${line}: event seq ${read.seq} is not after ${lastSeq}`);
    lastSeq = Math.max(lastSeq, read.seq);
    const decoded = decodeEvent(read.raw, read.seq, quickly);
    if (E.isLeft(decoded)) problems.push(`line ${line}: ${read.raw.type}: ${decoded.left.join('; ')}`);
    else if (decoded.right.kind === 'event' && decoded.right.event.type === 'CatalogLoaded' && !catalogHeld(decoded.right.event.data.hash)) {
      problems.push(`line ${line}: CatalogLoaded names catalog ${decoded.right.event.data.hash}, which the file does not hold`);
    }
    if (problems.length > 0 || E.isLeft(decoded)) return E.left(problems);
    return E.right({ kind: 'event', seq: read.seq, raw: read.raw, decoded: decoded.right });
  };
  return {
    header: () => header,
    line: async (text) => lineNow(text),
    lineNow,
    lineNumber: () => lastLine,
    finish: () => {
      if (!sawHeaderLine) return ['line 1: the file is empty; expected a countertop-log header'];
      // A header alone replays to an empty state that looks like a shopper who did nothing: say there is nothing.
      return sawEvent || refusedLine ? [] : [`line ${lastLine + 1}: expected an event; the log ends without one`];
    },
  };
}
