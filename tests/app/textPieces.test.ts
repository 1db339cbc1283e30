// A log file read for the console a piece at a time (textPieces): the pieces join to the text `Blob.text()` gives,
// however the file's bytes fall across the stream's chunks (a character of two to four bytes cut between two, a
// byte-order mark, a damaged byte), and the bytes counted reach the file's size; a log file opens as its text does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { openSupportLog, textPieces } from '../../src/app/runtime/replayRuntime';
import { simulatedLog } from '../support/simulatedLog';

/** All the pieces, and the byte counts told as they were read. */
async function read(file: Blob): Promise<{ text: string; counts: number[] }> {
  const counts: number[] = [];
  let text = '';
  for await (const piece of textPieces(file, (bytes) => counts.push(bytes))) text += piece;
  return { text, counts };
}

describe('a file read a piece at a time', () => {
  it('joins to the text Blob.text() gives, over chunks of the stream that cut characters anywhere', async () => {
    const encoder = new TextEncoder();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 5 }),
        async (line, bom, damaged, parts) => {
          // Past a stream's chunk (64 KB), in parts of odd sizes, so characters fall across chunks and parts.
          const bytes = encoder.encode(`${line}\n`.repeat(Math.ceil(150_000 / line.length)));
          if (damaged) bytes[70_001] = 0xff;
          const head = bom ? [new Uint8Array([0xef, 0xbb, 0xbf])] : [];
          const size = Math.ceil(bytes.length / parts) + 1;
          const file = new Blob([...head, ...Array.from({ length: parts }, (_, i) => bytes.slice(i * size, (i + 1) * size))]);
          const { text, counts } = await read(file);
          expect(text).toBe(await file.text());
          expect(counts.at(-1)).toBe(file.size);
          expect(counts).toEqual([...counts].sort((a, b) => a - b));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('opens a log file as the console opens its text', async () => {
    const text = await simulatedLog(3_000, 4);
    const [fromFile, fromText] = await Promise.all([openSupportLog(new Blob([text]), () => undefined), openSupportLog(text, () => undefined)]);
    if (E.isLeft(fromFile) || E.isLeft(fromText)) throw new Error('the log did not open');
    const [file, whole] = [fromFile.right.log, fromText.right.log];
    expect(file.entries).toHaveLength(3_000);
    expect(file.entries).toEqual(whole.entries);
    expect(file.entries.map((_, i) => file.info(i))).toEqual(whole.entries.map((_, i) => whole.info(i)));
    for (const search of ['declined', 'pizza', '42']) expect(file.search.find(search)).toEqual(whole.search.find(search));
    expect(file.at(-1)).toEqual(whole.at(-1));
  });

  it('reads an empty file as no text', async () => {
    expect((await read(new Blob([]))).text).toBe('');
  });
});
