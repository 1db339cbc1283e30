import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { lineSplitter, splitLines } from '../../src/store/logFile';
import { replayLines, replayText } from '../../src/store/replay';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';

/** The lines of a text, by definition: cut at `\r\n`, `\r` or `\n`, an empty last line left out. */
const linesOf = (text: string) => {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** A text cut into pieces at the given places. */
function cut(text: string, places: readonly number[]): string[] {
  const at = [...new Set(places.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const end of at) {
    if (end > start) pieces.push(text.slice(start, end));
    start = Math.max(start, end);
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

function split(pieces: readonly string[]): string[] {
  const lines = lineSplitter();
  return [...pieces.flatMap((piece) => lines.push(piece)), ...lines.end()];
}

async function readlineLines(pieces: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: Readable.from(pieces), crlfDelay: Infinity })) lines.push(line);
  return lines;
}

const text = fc.string({ unit: fc.constantFrom('\n', '\r', 'a', '{', '"', ' '), maxLength: 60 });
const places = fc.array(fc.nat(), { maxLength: 8 });

describe('cutting a stream into lines', () => {
  it('gives the lines of the whole text, wherever the pieces were cut', () => {
    fc.assert(
      fc.property(text, places, (t, at) => {
        expect(split(cut(t, at))).toEqual(linesOf(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("gives the lines Node's readline gives for the same pieces", async () => {
    await fc.assert(
      fc.asyncProperty(text, places, async (t, at) => {
        const pieces = cut(t, at);
        expect(split(pieces)).toEqual(await readlineLines(pieces));
      }),
      { numRuns: 500 },
    );
  });

  it('gives a whole text the lines its pieces give (splitLines, for a text read at once)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(splitLines(t)).toEqual(linesOf(t));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives back the lines written, however they end (\\n, \\r\\n or \\r, a final one or none) and however the text is cut', () => {
    const line = fc.string({ unit: fc.constantFrom('a', '{', '"', ' ', '\u00e9'), maxLength: 12 });
    const ending = fc.constantFrom('\n', '\r\n', '\r');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, ending), { minLength: 1, maxLength: 12 }), fc.boolean(), places, (written, ended, at) => {
        // Without a final line end the last line must hold something to be a line at all.
        const lines = written.map(([l]) => l);
        if (!ended && lines.at(-1) === '') lines[lines.length - 1] = 'x';
        // A lone \r before an empty line that ends in \n would be one \r\n: that \r is written as \r\n.
        const end = (i: number) => (written[i]![1] === '\r' && lines[i + 1] === '' && written[i + 1]![1] === '\n' ? '\r\n' : written[i]![1]);
        const whole = lines.map((l, i) => (i < lines.length - 1 || ended ? l + end(i) : l)).join('');
        expect(splitLines(whole)).toEqual(lines);
        expect(split(cut(whole, at))).toEqual(lines);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a \\r\\n cut between two pieces as one line end', () => {
    expect(split(['a\r', '\nb\r', '\r\n', 'c'])).toEqual(['a', 'b', '', 'c']);
  });
});

describe('replaying a log from pieces of its text', () => {
  const build = async () => {
    const json = catalogText(fixtureJson('pizza-chain'));
    const hash = await hashText(json);
    const { drafts } = simulateSession({ catalog: fixtureCatalog('pizza-chain'), hash, events: 300, seed: 5 });
    const lines = [
      headerLine('test', '2026-11-18T15:00:00.000Z', false),
      catalogLine(hash, json),
      ...drafts.map((d, i) => eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })),
    ];
    return lines;
  };

  it('reaches the state the line-by-line replay reaches, wherever the text was cut and whatever line ends it has', async () => {
    const lines = await build();
    const expected = await replayLines(lines);
    expect(E.isRight(expected)).toBe(true);
    await fc.assert(
      fc.asyncProperty(places, fc.constantFrom('\n', '\r\n'), async (at, end) => {
        const whole = `${lines.join(end)}${end}`;
        const result = await replayText(cut(whole, at));
        expect(E.isRight(result) && JSON.stringify(result.right.state)).toBe(E.isRight(expected) && JSON.stringify(expected.right.state));
        expect(E.isRight(result) && result.right.eventsRead).toBe(300);
      }),
      { numRuns: 15 },
    );
  });

  it('stops at a corrupt line, an undeclared field or JSON nested too deep, naming its line as the line-by-line replay does', async () => {
    const lines = await build();
    const broken = [
      { at: 40, line: lines[40]!.slice(0, 50), expected: /^line 41: not valid JSON/ },
      { at: 70, line: lines[70]!.replace('"data":{', '"data":{"cvv":"123",'), expected: /^line 71: \w+: data\.cvv: not a field of \w+$/ },
      {
        at: 90,
        line: lines[90]!.replace('"data":{', `"data":{"deep":${'['.repeat(70)}${']'.repeat(70)},`),
        expected: /^line 91: not valid JSON \(nested deeper than 64 levels\)/,
      },
    ];
    for (const { at, line, expected } of broken) {
      const damaged = lines.map((l, i) => (i === at ? line : l));
      const byLines = await replayLines(damaged);
      const byPieces = await replayText(cut(`${damaged.join('\n')}\n`, [1000, 5000, 20_000, 50_000]));
      expect(E.isLeft(byPieces) && byPieces.left).toMatch(expected);
      expect(byPieces).toEqual(byLines);
    }
  });
});
