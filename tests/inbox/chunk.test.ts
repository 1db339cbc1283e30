// A chunk a shopper's tab uploads is read by the log's one line reader (src/store/logCheck.ts): cut by the same
// splitter, numbered alike, and refused with the words a log file's same line gets, each naming its line.
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { readChunk } from '../../src/inbox/chunk';
import { checkLog } from '../../src/store/logCheck';
import { eventLine, headerLine, splitLines } from '../../src/store/logFile';
import { redactedVisit, type Visit } from './support';

const EVENTS = 12;
let visit: Visit;
beforeAll(async () => {
  visit = await redactedVisit(EVENTS);
});

/** The chunk's lines: the catalog, then its events 1 to EVENTS. */
const chunkLines = () => [visit.catalogLine, ...visit.events.map(eventLine)];

/** Ways a line goes wrong, given the line before it. */
const DAMAGES: Record<string, (line: string, before: string) => string> = {
  'cut short': (line) => line.slice(0, Math.floor(line.length / 2)),
  'not an object': () => '[1,2]',
  'of no kind the format has': () => '{"kind":"note","text":"hi"}',
  'with a field its event does not declare': (line) => line.replace('"data":{', '"data":{"colour":"red",'),
  'the line before it again': (_line, before) => before,
};

/** What the log reader says of each line of a log file holding these lines after its header, numbered as in a chunk. */
async function fileProblems(lines: readonly string[]): Promise<string[]> {
  const check = checkLog();
  const problems: string[] = [];
  for (const line of [headerLine('test', '2026-11-18T15:00:00.000Z', true), ...lines]) {
    const item = await check.line(line);
    if (E.isLeft(item)) problems.push(...item.left);
  }
  return problems.map((problem) => problem.replace(/^line (\d+):/, (_, n: string) => `line ${Number(n) - 1}:`));
}

describe('an inbox chunk', () => {
  it('reads a redacted visit: its catalog, every event and the catalogs they name', async () => {
    const read = await readChunk(`${chunkLines().join('\n')}\n`, { first: 1, last: EVENTS });
    expect(E.isRight(read) && read.right.events.map((event) => event.seq)).toEqual(visit.events.map((event) => event.seq));
    expect(E.isRight(read) && [...read.right.catalogs.keys()]).toEqual([visit.hash]);
    expect(E.isRight(read) && read.right.catalogsNamed).toEqual([visit.hash]);
  });

  it('names the line of a bad line, LF or CRLF, blank lines counted, with the words a log file gets for it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: EVENTS + 1 }),
        fc.constantFrom(...Object.keys(DAMAGES)),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        async (at, damage, newline, blank) => {
          const lines = chunkLines();
          lines[at - 1] = DAMAGES[damage]!(lines[at - 1]!, lines[at - 2]!);
          // A blank line before the catalog is allowed and counted: the bad line is one further down.
          if (blank) lines.unshift('');
          const line = blank ? at + 1 : at;
          const read = await readChunk(`${lines.join(newline)}${newline}`, { first: 1, last: EVENTS });
          expect(E.isLeft(read)).toBe(true);
          const problems = E.isLeft(read) ? read.left : [];
          expect(problems.length).toBeGreaterThan(0);
          expect(problems.every((problem) => problem.startsWith(`line ${line}: `))).toBe(true);
          expect(problems).toEqual(await fileProblems(splitLines(lines.join(newline))));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a header: a chunk is a piece of a log after its header', async () => {
    const text = [headerLine('test', '2026-11-18T15:00:00.000Z', true), ...chunkLines()].join('\n');
    const read = await readChunk(text, { first: 1, last: EVENTS });
    expect(E.isLeft(read) && read.left).toEqual(['line 1: expected kind "catalog" or "event", got undefined']);
  });

  it('takes a CatalogLoaded whose catalog an earlier chunk sent, and names it for the inbox to find', async () => {
    const read = await readChunk(`${visit.events.map(eventLine).join('\n')}\n`, { first: 1, last: EVENTS });
    expect(E.isRight(read) && read.right.catalogs.size).toBe(0);
    expect(E.isRight(read) && read.right.catalogsNamed).toEqual([visit.hash]);
  });
});
