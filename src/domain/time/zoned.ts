// A location's UTC offsets over a stretch of time, read once per zone and year (its changes), so converting between
// instants and wall-clock times is plain arithmetic: a week of slots needs hundreds of conversions. The offsets come
// from the platform's Intl through zoneClock.ts, which finds exactly the changes Temporal finds; nothing here knows a
// daylight-saving rule.
import type { WallClock } from './wallClock';
import { nextOffsetChange, zoneOffsetAt } from './zoneClock';

/** One UTC offset (milliseconds, local minus UTC) in force from `from` (epoch ms) until the next span's `from`. */
export interface OffsetSpan {
  readonly from: number;
  readonly offset: number;
}

/** A zone's offsets over a window, oldest first; the first span also covers all earlier instants. */
export type ZoneOffsets = readonly OffsetSpan[];

// Keyed by zone and UTC year: both immutable inputs, so the cache cannot change any answer.
const yearCache = new Map<string, readonly OffsetSpan[]>();

// The instants Temporal can hold: an instant outside them (or not a whole millisecond) reads as UTC, as before.
const isInstant = (ms: number): boolean => Number.isInteger(ms) && Math.abs(ms) <= 8.64e15;

function readYear(zone: string, year: number): readonly OffsetSpan[] {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  try {
    if (!isInstant(start)) throw new RangeError(`no instant starts the year ${year}`);
    const spans: OffsetSpan[] = [{ from: start, offset: zoneOffsetAt(zone, start) }];
    for (let at = start; ;) {
      const next = nextOffsetChange(zone, at, end);
      if (next === null || next >= end) break;
      spans.push({ from: next, offset: zoneOffsetAt(zone, next) });
      at = next;
    }
    return spans;
  } catch {
    // Only an undecoded Location can carry an unknown zone; reading it as UTC keeps callers (reducers) total.
    return [{ from: start, offset: 0 }];
  }
}

function spansOfYear(zone: string, year: number): readonly OffsetSpan[] {
  const key = `${zone}\u0000${year}`;
  let spans = yearCache.get(key);
  if (spans === undefined) {
    spans = readYear(zone, year);
    yearCache.set(key, spans);
  }
  return spans;
}

/** The zone's offsets for every instant from `from` to `to` (epoch ms). */
export function zoneOffsets(zone: string, from: number, to: number): ZoneOffsets {
  const firstYear = new Date(from).getUTCFullYear();
  const lastYear = new Date(to).getUTCFullYear();
  const spans: OffsetSpan[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const span of spansOfYear(zone, year)) {
      const previous = spans[spans.length - 1];
      if (previous === undefined) spans.push({ from: -Infinity, offset: span.offset });
      else if (previous.offset !== span.offset) spans.push(span);
    }
  }
  return spans;
}

/**
 * The zone's UTC offset at one instant: from the year's offsets when they are already read, otherwise from one Intl
 * call. A card that shows today's hours needs one offset, on the chooser's first paint, not a year of them.
 */
export function offsetOfZoneAt(zone: string, instant: number): number {
  const known = yearCache.get(`${zone}\u0000${new Date(instant).getUTCFullYear()}`);
  if (known !== undefined) return offsetAt(known, instant);
  try {
    return isInstant(instant) ? zoneOffsetAt(zone, instant) : 0;
  } catch {
    // As readYear: an unknown zone reads as UTC.
    return 0;
  }
}

/** The UTC offset in force at an instant. */
export function offsetAt(offsets: ZoneOffsets, instant: number): number {
  for (let i = offsets.length - 1; i > 0; i--) {
    const span = offsets[i]!;
    if (instant >= span.from) return span.offset;
  }
  return offsets[0]?.offset ?? 0;
}

/** The local wall-clock time of an instant. */
export function wallClockAt(offsets: ZoneOffsets, instant: number): WallClock {
  return instant + offsetAt(offsets, instant);
}

/**
 * The earliest instant showing this wall-clock time, or null when the time does not exist (a spring-forward gap).
 * An ambiguous time (fall back) gives its earlier instant, as Temporal's disambiguation 'earlier' does.
 */
export function earliestInstantOf(offsets: ZoneOffsets, wall: WallClock): number | null {
  for (let i = 0; i < offsets.length; i++) {
    const instant = wall - offsets[i]!.offset;
    const next = offsets[i + 1];
    if (instant >= offsets[i]!.from && (next === undefined || instant < next.from)) return instant;
  }
  return null;
}

/**
 * The instant of a wall-clock time as Temporal's disambiguation 'compatible' reads it: the earlier instant when
 * ambiguous, and a time in a gap moved forward by the gap's length. Used for opening and closing times.
 */
export function compatibleInstantOf(offsets: ZoneOffsets, wall: WallClock): number {
  const earliest = earliestInstantOf(offsets, wall);
  if (earliest !== null) return earliest;
  for (let i = 1; i < offsets.length; i++) {
    const before = offsets[i - 1]!.offset;
    const span = offsets[i]!;
    if (wall - span.offset < span.from && span.from <= wall - before) return wall - before;
  }
  return wall - (offsets[0]?.offset ?? 0);
}
