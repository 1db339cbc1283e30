// One offset at one instant (what a location card's "Today" needs) agrees with the year of offsets read from Temporal
// that the pickup rules use, before that year is read and after.
import * as fc from 'fast-check';
import { Temporal } from '@js-temporal/polyfill';
import { describe, expect, it } from 'vitest';
import { offsetAt, offsetOfZoneAt, zoneOffsets } from '../../src/domain/time/zoned';

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Phoenix',
  'Pacific/Honolulu',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'UTC',
];
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });

describe("a zone's offset at one instant", () => {
  it('is the offset Temporal gives, whether or not the year has been read', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (zone, at) => {
        const temporal = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
        const alone = offsetOfZoneAt(zone, at);
        const year = offsetAt(zoneOffsets(zone, at, at), at);
        expect(alone).toBe(temporal);
        expect(year).toBe(temporal);
        // Now the year is read: the same answer from it.
        expect(offsetOfZoneAt(zone, at)).toBe(temporal);
      }),
      { numRuns: 300 },
    );
  });

  it('on both sides of a change of clocks, and as UTC for a zone nobody knows', () => {
    // New York springs forward at 2026-03-08 07:00 UTC.
    const change = Date.UTC(2026, 2, 8, 7);
    expect(offsetOfZoneAt('America/New_York', change - 1)).toBe(-5 * 3_600_000);
    expect(offsetOfZoneAt('America/New_York', change)).toBe(-4 * 3_600_000);
    expect(offsetOfZoneAt('Mars/Base', change)).toBe(0);
  });
});
