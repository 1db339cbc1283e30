// The compact text form of each ZIP code's USPS city name (the billing City prefill, ordering.md section 5) and its
// decoder. It has no codes of its own: its picks follow the ZIP table's order (codes ascending), so it is read beside
// that table. Names are stored once, sorted and front-coded; each code then picks its name as one of the 30 most
// recently picked (most codes: a city's codes sit together), as a name never picked before (by its rank among those,
// as a step from the previous one: a sectional center numbers its post offices alphabetically), or as a name picked
// long ago (by its rank among those picked, as a step too: a name met again in another state, also alphabetically).
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { readColumn, readUnsigned, writeUnsigned } from './zipEncoding';

/** One ZIP code's city as the public data set gives it (title-cased). */
export interface ZipCityRecord {
  readonly code: string;
  readonly city: string;
}

/** The generated module's shape: one string per column, like the ZIP table's. */
export interface EncodedZipCities {
  readonly version: 1;
  /** Which data set and version the names were built from; the same as the ZIP table's. */
  readonly source: string;
  /** Codes covered: the ZIP table's count. */
  readonly count: number;
  /** Per name, in sorted order, how many leading characters it shares with the name before it. */
  readonly prefixes: string;
  /** Per name, the rest after the shared prefix, separated by '|'. */
  readonly suffixes: string;
  /** Per code: 0 a name never picked before, 1-30 the nth most recently picked name, 31 a name picked long ago. */
  readonly picks: string;
  /** Per pick of a new name: the step from the previous such rank to its rank among the names not picked yet, / 32. */
  readonly newSteps: string;
  /** The same steps' remainders (% 32), one digit each. */
  readonly newStepsLow: string;
  /** Per pick of a name picked long ago: the step from the previous such rank to its rank among names picked, / 32. */
  readonly reuseSteps: string;
  /** The same steps' remainders (% 32), one digit each. */
  readonly reuseStepsLow: string;
}

/** The decoded names: the city of the ZIP table's code i is names[cityIndex[i]]. */
export interface ZipCities {
  readonly names: readonly string[];
  readonly cityIndex: Uint16Array;
}

const RECENT = 30;
const PICK_NEW = 0;
const PICK_REUSE = RECENT + 1;
const SEPARATOR = '|';
/** A name: no separator, no line breaks or tabs, no space at either end. */
const NAME = /^[^|\s](?:[^|\t\n\v\f\r]*[^|\s])?$/;

/** A set of name positions as a Fenwick tree of ones: rank and select in O(log n) over 19,000 names. */
function positionSet(size: number, full: boolean) {
  const tree = new Int32Array(size + 1);
  if (full) {
    for (let i = 1; i <= size; i++) {
      tree[i]! += 1;
      const parent = i + (i & -i);
      if (parent <= size) tree[parent]! += tree[i]!;
    }
  }
  let top = 1;
  while (top * 2 <= size) top *= 2;
  return {
    /** How many positions before `at` are in the set. */
    rank(at: number): number {
      let sum = 0;
      for (let i = at; i > 0; i -= i & -i) sum += tree[i]!;
      return sum;
    },
    /** The position in the set with `rank` others of the set before it (the caller checks it exists). */
    select(rank: number): number {
      let at = 0;
      let rest = rank;
      for (let step = top; step > 0; step >>= 1) {
        if (at + step <= size && tree[at + step]! <= rest) {
          at += step;
          rest -= tree[at]!;
        }
      }
      return at;
    },
    change(at: number, by: 1 | -1): void {
      for (let i = at + 1; i <= size; i += i & -i) tree[i]! += by;
    },
  };
}

/** The step from one rank to the next, going round a set of `size`: never negative, always below `size`. */
const stepRound = (from: number, to: number, size: number): number => (((to - from) % size) + size) % size;

// Gaps are skewed in their high digits and even in their low five bits: kept apart, gzip codes each well.
function writeGaps(gaps: readonly number[]): { readonly high: string; readonly low: string } {
  return { high: gaps.map((gap) => writeUnsigned(Math.floor(gap / 32))).join(''), low: gaps.map((gap) => writeUnsigned(gap % 32)).join('') };
}

function readGaps(column: string, high: string, low: string): E.Either<string, number[]> {
  return pipe(
    E.Do,
    E.bind('highs', () => readUnsigned(column, high)),
    E.bind('lows', ({ highs }) => readColumn(`${column}Low`, low, highs.length)),
    E.filterOrElse(
      ({ lows }) => lows.every((l) => l < 32),
      ({ lows }) => `${column}Low: remainder ${lows.find((l) => l >= 32)} at ${lows.findIndex((l) => l >= 32)} is not below 32`,
    ),
    E.map(({ highs, lows }) => highs.map((h, i) => h * 32 + lows[i]!)),
  );
}

/** Moves a name to the front of the recent list, which keeps at most RECENT names. */
function touch(recent: number[], name: number, from: number): void {
  if (from >= 0) recent.splice(from, 1);
  recent.unshift(name);
  if (recent.length > RECENT) recent.pop();
}

/** Builds the compact form from the data set's records; fails on a malformed or repeated code or an unusable name. */
export function encodeZipCities(records: readonly ZipCityRecord[], source: string): E.Either<string, EncodedZipCities> {
  for (const r of records) {
    if (!/^\d{5}$/.test(r.code)) return E.left(`ZIP code ${JSON.stringify(r.code)} is not five digits`);
    if (!NAME.test(r.city)) return E.left(`ZIP code ${r.code} has city ${JSON.stringify(r.city)}, which cannot be stored`);
  }
  const sorted = [...records].sort((a, b) => Number(a.code) - Number(b.code));
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.code === sorted[i - 1]!.code) return E.left(`ZIP code ${sorted[i]!.code} appears twice`);
  const names = [...new Set(sorted.map((r) => r.city))].sort();
  if (names.length > 0xffff) return E.left('more than 65,535 city names do not fit the city index');
  const position = new Map(names.map((name, i) => [name, i]));

  let prefixes = '';
  let previousName = '';
  const suffixes: string[] = [];
  for (const name of names) {
    let shared = 0;
    while (shared < name.length && name[shared] === previousName[shared]) shared++;
    prefixes += writeUnsigned(shared);
    suffixes.push(name.slice(shared));
    previousName = name;
  }

  const unpicked = positionSet(names.length, true);
  const picked = positionSet(names.length, false);
  const isPicked = new Uint8Array(names.length);
  let pickedCount = 0;
  const recent: number[] = [];
  let picks = '';
  const newSteps: number[] = [];
  const reuseSteps: number[] = [];
  let newRank = 0;
  let reuseRank = 0;
  for (const r of sorted) {
    const name = position.get(r.city)!;
    const from = recent.indexOf(name);
    if (from >= 0) picks += writeUnsigned(from + 1);
    else if (isPicked[name] === 0) {
      const rank = unpicked.rank(name);
      picks += writeUnsigned(PICK_NEW);
      newSteps.push(stepRound(newRank, rank, names.length - pickedCount));
      newRank = rank;
      unpicked.change(name, -1);
      picked.change(name, 1);
      isPicked[name] = 1;
      pickedCount++;
    } else {
      const rank = picked.rank(name);
      picks += writeUnsigned(PICK_REUSE);
      reuseSteps.push(stepRound(reuseRank, rank, pickedCount));
      reuseRank = rank;
    }
    touch(recent, name, from);
  }
  const news = writeGaps(newSteps);
  const reuses = writeGaps(reuseSteps);
  return E.right({
    version: 1,
    source,
    count: sorted.length,
    prefixes,
    suffixes: suffixes.join(SEPARATOR),
    picks,
    newSteps: news.high,
    newStepsLow: news.low,
    reuseSteps: reuses.high,
    reuseStepsLow: reuses.low,
  });
}

/** The sorted names back from their front-coded columns; a name out of order or malformed means damage. */
function decodeNames(encoded: EncodedZipCities): E.Either<string, string[]> {
  const suffixes = encoded.suffixes === '' ? [] : encoded.suffixes.split(SEPARATOR);
  return pipe(
    readColumn('prefixes', encoded.prefixes, suffixes.length),
    E.flatMap((shared) => {
      const names: string[] = [];
      let previous = '';
      for (let i = 0; i < suffixes.length; i++) {
        if (shared[i]! > previous.length) return E.left(`prefixes: name ${i} shares ${shared[i]} characters with a name of ${previous.length}`);
        const name = previous.slice(0, shared[i]) + suffixes[i]!;
        if (!NAME.test(name)) return E.left(`suffixes: name ${i} (${JSON.stringify(name)}) is not a city name`);
        if (i > 0 && !(previous < name)) return E.left(`suffixes: name ${i} (${JSON.stringify(name)}) is out of order`);
        names.push(name);
        previous = name;
      }
      return E.right(names);
    }),
  );
}

/** Decodes the compact form, checking every reference, so a damaged table is refused, not half-read. */
export function decodeZipCities(encoded: EncodedZipCities): E.Either<string, ZipCities> {
  if (encoded.version !== 1) return E.left(`ZIP city table version ${String(encoded.version)} is not supported`);
  const { count } = encoded;
  const columns = pipe(
    E.Do,
    E.bind('names', () => decodeNames(encoded)),
    E.bind('picks', () => readColumn('picks', encoded.picks, count)),
    E.bind('newSteps', () => readGaps('newSteps', encoded.newSteps, encoded.newStepsLow)),
    E.bind('reuseSteps', () => readGaps('reuseSteps', encoded.reuseSteps, encoded.reuseStepsLow)),
  );
  if (E.isLeft(columns)) return columns;
  const { names, picks, newSteps, reuseSteps } = columns.right;
  if (newSteps.length !== names.length) return E.left(`newSteps: ${newSteps.length} new names for ${names.length} names`);

  const cityIndex = new Uint16Array(count);
  const unpicked = positionSet(names.length, true);
  const picked = positionSet(names.length, false);
  let pickedCount = 0;
  let reuseCount = 0;
  const recent: number[] = [];
  let newRank = 0;
  let reuseRank = 0;
  for (let i = 0; i < count; i++) {
    const pick = picks[i]!;
    let name: number;
    let from = -1;
    if (pick === PICK_NEW) {
      const left = names.length - pickedCount;
      const step = newSteps[pickedCount];
      if (step === undefined || step >= left) return E.left(`newSteps: code ${i} steps ${String(step)} among ${left} names not picked yet`);
      newRank = (newRank + step) % left;
      name = unpicked.select(newRank);
      unpicked.change(name, -1);
      picked.change(name, 1);
      pickedCount++;
    } else if (pick === PICK_REUSE) {
      const step = reuseSteps[reuseCount++];
      if (step === undefined || step >= pickedCount) return E.left(`reuseSteps: code ${i} steps ${String(step)} among ${pickedCount} names picked`);
      reuseRank = (reuseRank + step) % pickedCount;
      name = picked.select(reuseRank);
    } else {
      from = pick - 1;
      if (pick > PICK_REUSE || from >= recent.length) return E.left(`picks: code ${i} picks recent name ${pick} of ${recent.length}`);
      name = recent[from]!;
    }
    cityIndex[i] = name;
    touch(recent, name, from);
  }
  if (pickedCount !== names.length) return E.left(`newSteps: ${names.length - pickedCount} names never picked`);
  if (reuseCount !== reuseSteps.length) return E.left(`reuseSteps: ${reuseSteps.length} steps for ${reuseCount} picks`);
  return E.right({ names, cityIndex });
}
