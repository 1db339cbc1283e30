// PrepTime is an ISO-8601 duration ('PT20M', 'PT1H30M'); ASAP is now plus it and no slot comes before it
// (ordering.md section 9). Read as Temporal.Duration.from reads it (same grammar, limits and exact total), without
// loading Temporal: the time rules need nothing else from it.
import * as E from 'fp-ts/lib/Either.js';
import type { Location } from '../catalog/codecs';

// Keyed by the duration text, which is immutable, so parsing happens once per distinct PrepTime.
const parsed = new Map<string, E.Either<string, number>>();

// Temporal's duration grammar: a sign, P, years to days, then T with hours to seconds; only the last may be fractional.
const FRACTION = String.raw`(\d+)(?:[.,](\d{1,9}))?`;
const DURATION = new RegExp(
  String.raw`^([+-])?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?!$)(?:${FRACTION}H)?(?:${FRACTION}M)?(?:${FRACTION}S)?)?$`,
  'i',
);
const MAX_NANOSECONDS = BigInt(2 ** 53 - 1) * 1_000_000_000n + 999_999_999n;
const NS_PER_MS = 1_000_000n;

/** A duration's sign, whether it has years, months or weeks, and its days and time in nanoseconds; null if not one. */
function readDuration(text: string): { sign: number; calendar: boolean; nanoseconds: bigint } | null {
  const match = DURATION.exec(text);
  if (!match || match.every((part, i) => i < 2 || part === undefined)) return null;
  const [, signText, y, mo, w, d, h, fh, mi, fmi, s, fs] = match;
  const sign = signText === '-' ? -1 : 1;
  const integer = (digits: string | undefined): number => (digits === undefined ? 0 : Math.trunc(Number(digits)));
  const [years, months, weeks, days, hours] = [y, mo, w, d, h].map(integer) as [number, number, number, number, number];
  let minutes = 0;
  let seconds = 0;
  let excess = 0; // the fraction of the smallest unit, in nanoseconds
  const nanosOf = (fraction: string): number => Number(`${fraction}000000000`.slice(0, 9));
  if (fh !== undefined) {
    if (mi ?? fmi ?? s ?? fs) return null;
    excess = nanosOf(fh) * 3600;
  } else {
    minutes = integer(mi);
    if (fmi !== undefined) {
      if (s ?? fs) return null;
      excess = nanosOf(fmi) * 60;
    } else {
      seconds = integer(s);
      if (fs !== undefined) excess = nanosOf(fs);
    }
  }
  const subSecond = excess % 1e9;
  seconds += Math.trunc(excess / 1e9) % 60;
  minutes += Math.trunc(excess / 60e9);
  // Temporal's limits, checked the way it checks them (in floating point for the seconds).
  const fields = [years, months, weeks, days, hours, minutes, seconds, subSecond];
  if (fields.some((f) => !Number.isFinite(f))) return null;
  if (years >= 2 ** 32 || months >= 2 ** 32 || weeks >= 2 ** 32) return null;
  const totalSeconds = days * 86400 + hours * 3600 + minutes * 60 + seconds;
  if (!Number.isSafeInteger(totalSeconds)) return null;
  const nanoseconds = (((BigInt(days) * 24n + BigInt(hours)) * 60n + BigInt(minutes)) * 60n + BigInt(seconds)) * 1_000_000_000n + BigInt(subSecond);
  const zero = fields.every((f) => f === 0);
  return { sign: zero ? 0 : sign, calendar: years !== 0 || months !== 0 || weeks !== 0, nanoseconds };
}

/** Nanoseconds as milliseconds, rounded as Temporal's total() rounds: 50 decimals, then one Number(). */
function millisOf(nanoseconds: bigint): number {
  let remainder = nanoseconds % NS_PER_MS;
  const digits: number[] = [];
  while (remainder !== 0n && digits.length < 50) {
    remainder *= 10n;
    digits.push(Number(remainder / NS_PER_MS));
    remainder %= NS_PER_MS;
  }
  return Number(`${nanoseconds / NS_PER_MS}.${digits.join('')}`);
}

/** Milliseconds of an ISO-8601 duration of days, hours, minutes and seconds; a day counts as 24 hours. */
export function durationMillis(text: string): E.Either<string, number> {
  let result = parsed.get(text);
  if (result === undefined) {
    const duration = readDuration(text);
    if (duration === null) result = E.left(`expected an ISO-8601 duration such as PT20M, got ${JSON.stringify(text)}`);
    else if (duration.calendar || duration.sign < 0) result = E.left(`expected a duration of days, hours, minutes and seconds, got ${JSON.stringify(text)}`);
    // Temporal checks the exact sum only when it totals the duration, after the checks above.
    else if (duration.nanoseconds > MAX_NANOSECONDS) result = E.left(`expected an ISO-8601 duration such as PT20M, got ${JSON.stringify(text)}`);
    else result = E.right(millisOf(duration.nanoseconds));
    parsed.set(text, result);
  }
  return result;
}

/** How long the kitchen needs, in milliseconds; a decoded Location always parses, anything else counts as none. */
export function prepTimeMillis(location: Pick<Location, 'PrepTime'>): number {
  const result = durationMillis(location.PrepTime);
  return E.isRight(result) ? result.right : 0;
}
