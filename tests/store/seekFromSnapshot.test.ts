// Seeking in an opened log (the support console's `at`): the moment after any event, reached from the nearest
// snapshot, is the moment a replay from the first event reaches, whatever the spacing of the snapshots and whatever
// was sought before (a seek must leave the snapshots it starts from as they were).
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openLogText, type SeekableLog } from '../../src/store/seekableLog';
import { simulatedLog } from '../support/simulatedLog';

const opened = (either: E.Either<string[], SeekableLog>): SeekableLog => {
  if (E.isLeft(either)) throw new Error(either.left.join('\n'));
  return either.right;
};

describe('seeking in an opened log', () => {
  it('property: the moment after event N from the nearest snapshot is the moment a replay from the start reaches', async () => {
    const text = await simulatedLog(400, 7, 2);
    // Snapshots further apart than the log is long: every seek replays from the first event.
    const fromStart = opened(await openLogText(text, { every: 1_000_000 }));
    const last = fromStart.entries.length - 1;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 150 }),
        fc.array(fc.integer({ min: -1, max: last }), { minLength: 1, maxLength: 12 }),
        async (every, seeks) => {
          const log = opened(await openLogText(text, { every }));
          for (const index of seeks) expect(log.at(index)).toEqual(fromStart.at(index));
        },
      ),
      { numRuns: 25 },
    );
  });
});
