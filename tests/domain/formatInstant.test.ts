// Days and instants in the location's zone: a coupon's expiry is said as its day there ('Expires Dec 31').
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDayShort, formatInstantShort } from '../../src/domain/time/formatInstant';

describe('a day in the location’s zone', () => {
  it('is the day there, without the minute', () => {
    expect(formatDayShort('2027-12-31T23:59:59Z', 'America/New_York')).toBe('Dec 31');
    expect(formatDayShort('2027-12-31T23:59:59Z', 'Asia/Tokyo')).toBe('Jan 1');
    expect(formatDayShort('soon', 'America/New_York')).toBe('soon');
  });

  it('is the day the instant is shown on, for any instant and zone', () => {
    const zones = fc.constantFrom('America/New_York', 'America/Los_Angeles', 'America/Chicago', 'Europe/London', 'Asia/Tokyo', 'Pacific/Auckland');
    const instants = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2035-01-01T00:00:00Z') }).map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(instants, zones, (iso, zone) => {
        expect(formatInstantShort(iso, zone).startsWith(`${formatDayShort(iso, zone)}, `)).toBe(true);
      }),
    );
  });
});
