// A zone's offsets and their changes, read from Intl (zoneClock.ts, zoned.ts), are exactly the ones Temporal gives,
// for every zone the runtime lists and the odd ones (half-hour and negative daylight saving, Ramadan suspensions,
// a two-hour summer change, a date-line jump), over 1990-2040.
import * as fc from 'fast-check';
import { Temporal } from '@js-temporal/polyfill';
import { describe, expect, it } from 'vitest';
import { nextOffsetChange, zoneOffsetAt } from '../../src/domain/time/zoneClock';
import { type OffsetSpan, offsetAt, offsetOfZoneAt, zoneOffsets } from '../../src/domain/time/zoned';

const ODD_ZONES = [
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Africa/Casablanca',
  'America/Santiago',
  'Antarctica/Troll',
  'Pacific/Apia',
  'Europe/Dublin',
  'Pacific/Chatham',
  'America/St_Johns',
  // A change undone within two weeks (October 2000, October 2040), which a search in two-week steps cannot see.
  'America/Fortaleza',
  'Asia/Gaza',
] as const;
// Aliases and legacy names a catalog may carry; the runtime accepts them though it does not list them.
const ALIASES = ['UTC', 'EST5EDT', 'US/Eastern', 'Asia/Calcutta', 'Europe/Kiev', 'Etc/GMT+5', 'GMT0'] as const;
const ZONES = [...Intl.supportedValuesOf('timeZone'), ...ALIASES];
const zone = fc.oneof(fc.constantFrom(...ZONES), fc.constantFrom(...ODD_ZONES));
const YEAR = { min: 1990, max: 2040 };
const instant = fc.integer({ min: Date.UTC(YEAR.min, 0, 1), max: Date.UTC(YEAR.max + 1, 0, 1) - 1 });
const DAY_MS = 86_400_000;

const temporalOffset = (z: string, at: number) => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(z).offsetNanoseconds / 1e6;

/** A UTC year's offsets as Temporal reads them: the offset at its start, then each transition in the year. */
function temporalYear(z: string, year: number): OffsetSpan[] {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  let at = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(z);
  const spans: OffsetSpan[] = [{ from: start, offset: at.offsetNanoseconds / 1e6 }];
  for (;;) {
    const next = at.getTimeZoneTransition('next');
    if (next === null || next.epochMilliseconds >= end) return spans;
    spans.push({ from: next.epochMilliseconds, offset: next.offsetNanoseconds / 1e6 });
    at = next;
  }
}

/** What zoneOffsets gives for a year: the first span open to the past, then every change of offset. */
function asZoneOffsets(spans: readonly OffsetSpan[]): OffsetSpan[] {
  const merged: OffsetSpan[] = [{ from: -Infinity, offset: spans[0]!.offset }];
  for (const span of spans.slice(1)) if (span.offset !== merged[merged.length - 1]!.offset) merged.push(span);
  return merged;
}

describe("a zone's offset from Intl", () => {
  it('is the offset Temporal gives at any millisecond, in any zone the runtime knows', () => {
    fc.assert(
      fc.property(zone, instant, (z, at) => {
        expect(zoneOffsetAt(z, at)).toBe(temporalOffset(z, at));
      }),
      { numRuns: 2000 },
    );
  });

  it('is right around every change: the last millisecond before it and the first one of it', () => {
    fc.assert(
      fc.property(zone, instant, (z, at) => {
        const change = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(z).getTimeZoneTransition('next');
        fc.pre(change !== null);
        const ms = change!.epochMilliseconds;
        expect(zoneOffsetAt(z, ms - 1)).toBe(temporalOffset(z, ms - 1));
        expect(zoneOffsetAt(z, ms)).toBe(temporalOffset(z, ms));
      }),
      { numRuns: 300 },
    );
  });

  it('reads years before 1000 and BC years as Temporal does', () => {
    for (const at of [Date.UTC(-500, 5, 1), -62_135_596_800_001, -62_135_596_800_000, Date.UTC(50, 0, 1) - 1900 * 365 * DAY_MS, -8.64e15, 8.64e15]) {
      for (const z of ['America/New_York', 'Asia/Kathmandu', 'UTC']) expect(zoneOffsetAt(z, at)).toBe(temporalOffset(z, at));
    }
  });
});

describe("a zone's next change of offset", () => {
  it('is the transition Temporal finds next, to the millisecond, from any instant', () => {
    fc.assert(
      fc.property(zone, instant, (z, at) => {
        const next = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(z).getTimeZoneTransition('next');
        const within = at + 400 * DAY_MS;
        const expected = next === null || next.epochMilliseconds >= within ? null : next.epochMilliseconds;
        const found = nextOffsetChange(z, at, within);
        expect(found === null || found >= within ? null : found).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe("a year of a zone's offsets", () => {
  it('is the offsets and transitions Temporal gives, for any zone and year', () => {
    fc.assert(
      fc.property(zone, fc.integer(YEAR), (z, year) => {
        expect(zoneOffsets(z, Date.UTC(year, 0, 1), Date.UTC(year, 11, 31))).toEqual(asZoneOffsets(temporalYear(z, year)));
      }),
      { numRuns: 400 },
    );
  });

  it.each(ODD_ZONES)('is the offsets and transitions Temporal gives in %s, every year 1990-2040', (z) => {
    for (let year = YEAR.min; year <= YEAR.max; year++) {
      expect(zoneOffsets(z, Date.UTC(year, 0, 1), Date.UTC(year, 11, 31)), `${z} ${year}`).toEqual(asZoneOffsets(temporalYear(z, year)));
    }
  });

  it('spans a new year with the same answers as the two years read apart', () => {
    fc.assert(
      fc.property(zone, instant, (z, at) => {
        const from = at - 3 * DAY_MS;
        const to = at + 10 * DAY_MS;
        const years: OffsetSpan[] = [];
        for (let year = new Date(from).getUTCFullYear(); year <= new Date(to).getUTCFullYear(); year++) years.push(...temporalYear(z, year));
        expect(zoneOffsets(z, from, to)).toEqual(asZoneOffsets(years));
      }),
      { numRuns: 300 },
    );
  });

  it('steps over a change undone within two weeks, as Temporal does, so old answers stay', () => {
    // Fortaleza kept summer time for two weeks of October 2000 only: Intl knows, a search in two-week steps does not.
    const z = 'America/Fortaleza';
    const during = Date.UTC(2000, 9, 12, 12);
    expect(zoneOffsetAt(z, during)).toBe(-2 * 3_600_000);
    expect(offsetAt(zoneOffsets(z, during, during), during)).toBe(-3 * 3_600_000);
    expect(zoneOffsets(z, during, during)).toEqual(asZoneOffsets(temporalYear(z, 2000)));
  });

  it('shows the changes people know of: Lord Howe by half an hour, Dublin negative, Troll by two hours', () => {
    const transitions = (z: string, year: number) => zoneOffsets(z, Date.UTC(year, 0, 1), Date.UTC(year, 11, 31)).slice(1);
    // Lord Howe: +11 in summer, +10:30 from the first Sunday of April (02:00 local) to the first of October.
    expect(transitions('Australia/Lord_Howe', 2026)).toEqual([
      { from: Date.UTC(2026, 3, 4, 15), offset: 10.5 * 3_600_000 },
      { from: Date.UTC(2026, 9, 3, 15, 30), offset: 11 * 3_600_000 },
    ]);
    // Troll: UTC in winter, +2 in summer, on the European change days.
    expect(transitions('Antarctica/Troll', 2026)).toEqual([
      { from: Date.UTC(2026, 2, 29, 1), offset: 2 * 3_600_000 },
      { from: Date.UTC(2026, 9, 25, 1), offset: 0 },
    ]);
    // Kathmandu moved from +5:30 to +5:45 in 1986 and has not changed since.
    expect(transitions('Asia/Kathmandu', 2026)).toEqual([]);
    expect(offsetOfZoneAt('Asia/Kathmandu', Date.UTC(2026, 5, 1))).toBe(5.75 * 3_600_000);
  });
});

describe('a zone or an instant nobody can read', () => {
  it('reads as UTC, as it did through Temporal', () => {
    expect(zoneOffsets('Mars/Base', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31))).toEqual([{ from: -Infinity, offset: 0 }]);
    expect(offsetOfZoneAt('Mars/Base', Date.UTC(2026, 0, 1))).toBe(0);
    expect(offsetOfZoneAt('', Date.UTC(2026, 0, 1))).toBe(0);
    // Temporal holds whole milliseconds within ±8.64e15 only; anything else read as UTC before the year was known.
    expect(offsetOfZoneAt('Asia/Kolkata', 8.64e15 + 1)).toBe(0);
    expect(offsetOfZoneAt('Asia/Tokyo', Date.UTC(1971, 0, 1) + 0.5)).toBe(0);
    expect(offsetOfZoneAt('Asia/Tokyo', Number.NaN)).toBe(0);
  });
});
