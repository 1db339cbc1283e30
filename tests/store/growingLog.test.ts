// A log that grows after it is opened (a shared visit the console follows live): folding the new lines onto the open
// log gives what opening the whole file gives, an earlier view stays as it was, and a refused line is named. And a
// log read a piece at a time (a file's stream) opens as its whole text does, however it is cut.
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { openGrowingLog, openLogPieces, openLogText, type OpenProgress, type SeekableLog } from '../../src/store/seekableLog';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';

const LOCATIONS = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];

/** A simulated visit's lines: the header, the catalog, then 60 events. */
async function visitLines(): Promise<{ readonly head: string[]; readonly events: string[] }> {
  const json = fixtureJson('pizza-chain');
  const hash = await hashText(catalogText(json));
  const { drafts } = simulateSession({ catalog: fixtureCatalog('pizza-chain'), hash, events: 60, seed: 5, locationIds: LOCATIONS });
  return {
    head: [headerLine('test', '2026-11-18T15:00:00.000Z', true), catalogLine(hash, catalogText(json))],
    events: drafts.map((d, i) => eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })),
  };
}

const opened = <T>(either: E.Either<string[], T>): T => {
  if (E.isLeft(either)) throw new Error(either.left.join('\n'));
  return either.right;
};

/** What a reader sees of a log: each event's moment and timeline row. */
const seen = (log: SeekableLog) => log.entries.map((entry, i) => ({ seq: entry.seq, info: log.info(i), moment: log.at(i) }));

describe('a growing log', () => {
  it('gives, grown in any pieces, what the whole file gives at every event, at any snapshot spacing', async () => {
    const { head, events } = await visitLines();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 59 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 59 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 30 }),
        async (first, cuts, every) => {
          const whole = opened(await openLogText([...head, ...events].join('\n'), { every }));
          const growing = opened(await openGrowingLog([...head, ...events.slice(0, first)].join('\n'), { every }));
          const rest = events.slice(first);
          const at = [0, ...cuts.filter((c) => c < rest.length).sort((a, b) => a - b), rest.length];
          let log = growing.log;
          for (let i = 1; i < at.length; i++) {
            const grown = await growing.grow(rest.slice(at[i - 1], at[i]));
            expect(grown.problems).toEqual([]);
            log = grown.log;
          }
          expect(seen(log)).toEqual(seen(whole));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('leaves a view taken before it grew as it was', async () => {
    const { head, events } = await visitLines();
    const growing = opened(await openGrowingLog([...head, ...events.slice(0, 10)].join('\n'), { every: 4 }));
    const before = seen(growing.log);
    await growing.grow(events.slice(10));
    expect(growing.log.entries).toHaveLength(10);
    expect(seen(growing.log)).toEqual(before);
  });

  it('takes a catalog that arrives after the file, for the events that name it', async () => {
    const { head, events } = await visitLines();
    const [header, catalog] = head as [string, string];
    // The first event names no catalog; the stream sends the catalog just before the one that does.
    const growing = opened(await openGrowingLog([header, events[0]!].join('\n')));
    const grown = await growing.grow([catalog, ...events.slice(1)]);
    expect(grown.problems).toEqual([]);
    const whole = opened(await openLogText([...head, ...events].join('\n')));
    expect(seen(grown.log)).toEqual(seen(whole));
  });

  it('names a refused line by its place after the file, and keeps the lines around it', async () => {
    const { head, events } = await visitLines();
    const growing = opened(await openGrowingLog([...head, ...events.slice(0, 5)].join('\n')));
    // Line 8 repeats event 5; lines 9 and 10 are events 6 and 7.
    const grown = await growing.grow([events[4]!, events[5]!, events[6]!]);
    expect(grown.problems).toEqual(['line 8: event seq 5 is not after 5']);
    expect(grown.log.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('opens alike when it tells its progress and pauses: the lines checked and events read, then the events folded', async () => {
    const { head, events } = await visitLines();
    const text = [...head, ...events].join('\n');
    const told: OpenProgress[] = [];
    const paced = opened(await openLogText(text, { every: 7, pauseEvery: 0, onProgress: (progress) => told.push(progress) }));
    const whole = opened(await openLogText(text, { every: 7 }));
    expect(seen(paced)).toEqual(seen(whole));
    const lines = head.length + events.length;
    // Paused at every chance: before each line (the header and the catalog come before the first event), then before
    // each piece of 7 events folded.
    expect(told).toEqual([
      ...Array.from({ length: lines }, (_, line) => ({ lines: line, events: Math.max(line - head.length, 0), folded: 0 })),
      ...Array.from({ length: Math.ceil(events.length / 7) }, (_, piece) => ({ lines, events: events.length, folded: piece * 7 })),
    ]);
  });
});

describe('a log read a piece at a time', () => {
  /** The text cut at `cuts` (any places, inside a line or between a \r and its \n). */
  const cut = (text: string, cuts: readonly number[]) => {
    const at = [0, ...[...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b), text.length];
    return at.slice(1).map((end, i) => text.slice(at[i], end));
  };
  /** The same pieces, as a stream gives them: one at a time, each after a turn. */
  async function* streamed(pieces: readonly string[]) {
    for (const piece of pieces) {
      await Promise.resolve();
      yield piece;
    }
  }

  it('gives, cut anywhere, what the whole text gives at every event, and grows alike', async () => {
    const { head, events } = await visitLines();
    const text = [...head, ...events.slice(0, 40)].join('\r\n');
    const whole = opened(await openGrowingLog(text, { every: 9 }));
    const grownWhole = await whole.grow(events.slice(40));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        const pieces = opened(await openLogPieces(streamed(cut(text, cuts)), { every: 9 }));
        expect(seen(pieces.log)).toEqual(seen(whole.log));
        const grown = await pieces.grow(events.slice(40));
        expect(seen(grown.log)).toEqual(seen(grownWhole.log));
      }),
      { numRuns: 15 },
    );
  });

  it('names, cut anywhere, every damaged line by its number, as the whole text does', async () => {
    const { head, events } = await visitLines();
    // Line 5 is cut short, line 9 repeats an event, and the last line is not an object.
    const lines = [...head, ...events.slice(0, 20)];
    lines[4] = lines[4]!.slice(0, 30);
    lines[8] = lines[7]!;
    lines.push('[1, 2]');
    const text = lines.join('\n');
    const whole = await openLogText(text);
    expect(E.isLeft(whole) && whole.left.map((problem) => problem.slice(0, 8))).toEqual(['line 5: ', 'line 9: ', 'line 23:']);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        expect(await openLogPieces(streamed(cut(text, cuts)))).toEqual(whole);
      }),
      { numRuns: 30 },
    );
  });
});
