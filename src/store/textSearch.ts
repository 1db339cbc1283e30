// The text a support search looks in, made as a log is folded: each event's text (its seq, type and summary) in lower
// case, kept in blocks of BLOCK texts joined into one string each, so a million events' texts are a thousand strings
// and a search is the engine's own string search over each block, not a million calls. A log's search is ready the
// moment the log is open, and a search of a million events answers in tens of milliseconds. The texts as they were
// are kept the same way, for the rows to show: a thousand strings for the collector to pass over, not a million.

/** How many texts a block joins. */
const BLOCK = 1024;

/** Between two texts in a block: no text a search finds may run over it (a match that would is not counted). */
const SEPARATOR = '\u0000';

/**
 * One block: its texts joined, in lower case, and where each starts (`starts[n]` is one past the last's end); and the
 * texts as they were, joined, with theirs (the same unless a letter lower-cased to two).
 */
interface Block {
  readonly text: string;
  readonly starts: Int32Array;
  readonly original: string;
  readonly originalStarts: Int32Array;
}

/** A log's texts, searchable. */
export interface TextSearch {
  /** How many texts it holds. */
  readonly count: number;
  /**
   * The places, in order, of the texts that hold `search` in any case (trimmed: a search of spaces alone, or of
   * nothing, finds every text).
   */
  readonly find: (search: string) => number[];
  /** The text at a place, as it was added (a RangeError outside them). */
  readonly text: (place: number) => string;
}

/** Where each of `parts` starts once joined by SEPARATOR, and one past the last's end. */
function startsOf(parts: readonly string[]): Int32Array {
  const starts = new Int32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i++) starts[i + 1] = starts[i]! + parts[i]!.length + 1;
  return starts;
}

/** Joins texts into a block, lower-cased, and keeps them as they were. */
function blockOf(texts: readonly string[]): Block {
  const original = texts.join(SEPARATOR);
  const originalStarts = startsOf(texts);
  const text = original.toLowerCase();
  if (text.length === original.length) return { text, starts: originalStarts, original, originalStarts };
  // A few letters lower-case to two (İ to i̇): then each text is lower-cased alone, so the starts count its own.
  const lower = texts.map((t) => t.toLowerCase());
  return { text: lower.join(SEPARATOR), starts: startsOf(lower), original, originalStarts };
}

/** Adds the places (from `base`) of the block's texts that hold `needle` to `out`. */
function findIn(block: Block, base: number, needle: string, out: number[]): void {
  const { text, starts } = block;
  const count = starts.length - 1;
  let k = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at === -1) return;
    while (starts[k + 1]! <= at) k++;
    if (at + needle.length < starts[k + 1]!) {
      out.push(base + k);
      // The next text, since this one is found.
      if (++k === count) return;
      from = starts[k]!;
    } else from = at + 1;
  }
}

/**
 * The texts of a log as it is folded: `add` each event's text in order, `view` for a search of those added so far.
 * `size` texts make a block (BLOCK; tests choose small ones to search across many).
 */
export function textSearchMaker(size = BLOCK) {
  const blocks: Block[] = [];
  // The texts since the last whole block, as they came.
  let tail: string[] = [];
  return {
    add(text: string) {
      tail.push(text);
      if (tail.length === size) {
        blocks.push(blockOf(tail));
        tail = [];
      }
    },
    /** A search of the texts added so far: a later add leaves it as it was. */
    view(): TextSearch {
      const whole = [...blocks, ...(tail.length > 0 ? [blockOf(tail)] : [])];
      const count = blocks.length * size + tail.length;
      return {
        count,
        find(search) {
          const needle = search.trim().toLowerCase();
          if (needle === '') return Array.from({ length: count }, (_, i) => i);
          const out: number[] = [];
          whole.forEach((block, b) => findIn(block, b * size, needle, out));
          return out;
        },
        text(place) {
          if (!Number.isInteger(place) || place < 0 || place >= count) throw new RangeError(`no text ${place} of ${count}`);
          const { original, originalStarts } = whole[Math.floor(place / size)]!;
          const at = place % size;
          return original.slice(originalStarts[at]!, originalStarts[at + 1]! - 1);
        },
      };
    },
  };
}

/** A search of `texts` (what the fold makes a piece at a time), in blocks of `size`. */
export function textSearch(texts: Iterable<string>, size = BLOCK): TextSearch {
  const maker = textSearchMaker(size);
  for (const text of texts) maker.add(text);
  return maker.view();
}
