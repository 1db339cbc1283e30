// isoInstantOf writes whole seconds from the calendar arithmetic of their day and the time of day: it must give what
// the Date's own string gives, trimmed of a zero fraction, for every instant.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoInstantOf, isoInstantWriter } from '../../src/domain/time/wallClock';

/** The definition: the Date's ISO string, '.000' left out. */
const definition = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
};

const DAY = 86_400_000;
/** Instants toISOString can write: whole seconds most often (a schedule's), near day and year ends, and any ms. */
const instant = fc.oneof(
  fc.integer({ min: 0, max: 253_402_300_799 }).map((s) => s * 1000),
  fc.integer({ min: 0, max: 2_932_896 }).chain((day) => fc.constantFrom(day * DAY, day * DAY - 1000, day * DAY + 1000, day * DAY - 1)),
  fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
  fc.constantFrom(253_402_300_800_000, 253_402_300_799_000, -1000, 0.5, 1_795_000_000_000.25),
);

describe('an instant as ISO-8601', () => {
  it("gives the Date's own string, without a zero fraction, for any instant", () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) expect(isoInstantOf(ms)).toBe(definition(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same from a writer that keeps the last date it wrote, for instants in any order', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        const write = isoInstantWriter();
        for (const ms of instants) expect(write(ms)).toBe(definition(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the examples of the spec', () => {
    expect(isoInstantOf(Date.parse('2026-11-18T17:03:00Z'))).toBe('2026-11-18T17:03:00Z');
    expect(isoInstantOf(Date.parse('2026-11-18T17:03:00.250Z'))).toBe('2026-11-18T17:03:00.250Z');
    expect(isoInstantOf(Date.parse('2026-12-31T23:59:59Z'))).toBe('2026-12-31T23:59:59Z');
    expect(isoInstantOf(Date.parse('2027-01-01T00:00:00Z'))).toBe('2027-01-01T00:00:00Z');
  });
});
