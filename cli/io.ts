// What every command shares: reading files with one clear line on failure, printing text from files safely to a
// terminal, and the exit codes (0 success, 1 bad input or a failed check, 2 bad usage).
import { parseJson } from '../src/domain/codec';
import { closeSync, createReadStream, openSync, readFileSync, statSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import { parseCatalog, findLocation, type CatalogIndex, type LocationCatalog } from '../src/domain/catalog/catalogIndex';
import { lineSplitter } from '../src/store/logFile';

/** A failure the command explains in one line (or a few, one per problem) and exits with. */
export class CliError extends Error {
  constructor(
    readonly lines: readonly string[],
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(lines.join('\n'));
  }
}

export function fail(line: string, exitCode: 1 | 2 = 1): never {
  throw new CliError([line], exitCode);
}

function unreadable(path: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  return fail(`${path}: cannot read (${reason})`);
}

export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return unreadable(path, error);
  }
}

/** Parses a JSON file; a syntax error names the line and column. */
export function readJson(path: string): unknown {
  const text = readText(path);
  try {
    return parseJson(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const before = text.slice(0, offset).split('\n');
    return fail(`${path}: not valid JSON at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`);
  }
}

export function readCatalog(path: string): CatalogIndex {
  const result = parseCatalog(readText(path));
  if (E.isLeft(result)) throw new CliError(result.left.map((line) => `${path}: ${line}`));
  return result.right;
}

export function locationOf(catalog: CatalogIndex, id: string, path: string): LocationCatalog {
  const location = findLocation(catalog, id);
  if (!location) fail(`${path}: no location "${id}" (locations: ${catalog.locations.map((l) => l.Id).join(', ')})`);
  return location;
}

/** Lines of a file as a stream, so logs of any size are read without loading them whole. */
export function fileLines(path: string): AsyncIterable<string> {
  try {
    // Opening is checked up front: a stream reports a missing file only once iteration has begun.
    closeSync(openSync(path, 'r'));
    if (statSync(path).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  } catch (error) {
    return unreadable(path, error);
  }
  return linesOf(createReadStream(path, { encoding: 'utf8' }) as AsyncIterable<string>);
}

/** The lines of a stream's pieces, cut by the log format's one splitter (so `log validate` numbers lines as replay does). */
async function* linesOf(pieces: AsyncIterable<string>): AsyncIterable<string> {
  const lines = lineSplitter();
  for await (const piece of pieces) yield* lines.push(piece);
  yield* lines.end();
}

// C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that reorder what is shown.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for a terminal, with every control character written out as `\u001b` instead of obeyed: a hostile log or
 * catalog must not set the title, clear the screen or overwrite a line. Inside JSON it is the same escape JSON reads.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One line on stdout; everything a command prints goes through here or `write`. */
export function print(line = ''): void {
  process.stdout.write(`${printable(line)}\n`);
}

/** Text on stdout as it is cut (NDJSON, a generated test), made printable like `print`. */
export function write(text: string): void {
  process.stdout.write(printable(text));
}

/** One line on stderr (errors, warnings), made printable like `print`. */
export function warn(line: string): void {
  process.stderr.write(`${printable(line)}\n`);
}

/** JSON with sorted keys and two-space indentation: the same state prints the same bytes on every machine. */
export function stableJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, inner: unknown) => {
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
      return Object.fromEntries(
        Object.keys(inner)
          .sort()
          .map((k) => [k, (inner as Record<string, unknown>)[k]]),
      );
    },
    2,
  );
}
