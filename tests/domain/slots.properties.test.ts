import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { DAYS_OF_WEEK } from '../../src/domain/catalog/codecs';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { type SlotLocation, slotCase, slotLawViolations, slotProperties, transitionsNear2026 } from '../../cli/properties/slots';
import type { CheckOutcome } from '../../cli/properties/ruleProperty';
import { decodedCatalog, fixtureCatalogs } from '../support/fixtureCatalog';

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (secondOfDay: number) => `${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor(secondOfDay / 60) % 60)}:${pad(secondOfDay % 60)}`;

/** Clock times biased to quarter hours and to the small hours when clocks change; sometimes any second. */
const clockTime = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 95 }).map((q) => clock(q * 900)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 16 }).map((q) => clock(q * 900)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 86_399 }).map(clock) },
);

const day = fc.constantFrom(...DAYS_OF_WEEK);
const nextDay = (d: (typeof DAYS_OF_WEEK)[number]) => DAYS_OF_WEEK[(DAYS_OF_WEEK.indexOf(d) + 1) % 7]!;

/** One entry, or two back to back (a split shift, or a day that runs into the next one). */
const hoursEntries = fc.oneof(
  fc.record({ DayOfWeek: day, Opens: clockTime, Closes: clockTime }).map((h) => [h]),
  // Opens == Closes: open 24 hours.
  fc.record({ DayOfWeek: day, Opens: clockTime }).map((h) => [{ ...h, Closes: h.Opens }]),
  fc.record({ DayOfWeek: day, Opens: clockTime, Middle: clockTime, Closes: clockTime }).map(({ DayOfWeek, Opens, Middle, Closes }) => [
    { DayOfWeek, Opens, Closes: Middle },
    { DayOfWeek: Middle <= Opens ? nextDay(DayOfWeek) : DayOfWeek, Opens: Middle, Closes },
  ]),
);

const prepTime = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `PT${h}H${m}M`),
  fc.constantFrom('PT0S', 'PT20M', 'PT7M30S', 'P1D'),
);

function locationIn(zone: string): fc.Arbitrary<SlotLocation> {
  return fc.record(
    {
      Id: fc.constant(`generated-${zone}`),
      Timezone: fc.constant(zone),
      Hours: fc.array(hoursEntries, { maxLength: 8 }).map((groups) => groups.flat()),
      PrepTime: prepTime,
      ShowAsSoonAsPossibleOrders: fc.boolean(),
      ShowScheduledOrders: fc.boolean(),
    },
    { requiredKeys: ['Id', 'Timezone', 'Hours', 'PrepTime'] },
  );
}

/** A decoded catalog of generated locations in one zone, so the properties run exactly as `countertop check` runs them. */
function generatedCatalog(zone: string): CatalogIndex {
  const locations = fc.sample(locationIn(zone), { numRuns: 40, seed: 20_261_101 }).map((location, i) => ({
    ...location,
    Id: `${zone}-${i}`,
    Name: `Generated ${i}`,
    Address: { AddressLine1: '1 Main St', Locality: 'Town', PostalCode: '00000' },
  }));
  return decodedCatalog({ Name: 'Generated', Locations: locations });
}

const explain = (outcome: CheckOutcome) => `${outcome.error}\ncounterexample: ${outcome.counterexample}\nseed: ${outcome.seed} path: ${outcome.path}`;

describe('pickup slot laws', () => {
  it('aim at the change days 2026-03-08/11-01 (New York), 03-29/10-25 (London) and 04-05/10-04 (Sydney)', () => {
    const changeDays = (zone: string) =>
      transitionsNear2026(zone)
        .filter((t) => new Date(t).getUTCFullYear() === 2026)
        .map((t) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t));
    expect(changeDays('America/New_York')).toEqual(['2026-03-08', '2026-11-01']);
    expect(changeDays('Europe/London')).toEqual(['2026-03-29', '2026-10-25']);
    expect(changeDays('Australia/Sydney')).toEqual(['2026-04-05', '2026-10-04']);
  });

  for (const zone of ZONES) {
    const catalogs = [generatedCatalog(zone)];
    for (const property of slotProperties) {
      it(`${property.name} (generated hours in ${zone})`, () => {
        const outcome = property.check(catalogs, { numRuns: 60 });
        expect(outcome.ok, explain(outcome)).toBe(true);
      });
    }

    it(`every law holds for freshly generated hours in ${zone}, shrinking to the smallest failing hours`, () => {
      fc.assert(
        fc.property(locationIn(zone).chain(slotCase), (c) => {
          expect(slotLawViolations(c)).toEqual([]);
        }),
        { numRuns: 150 },
      );
    });
  }

  const fixtures = fixtureCatalogs().map((fixture) => fixture.index);
  for (const property of slotProperties) {
    it(`${property.name} (fixture catalogs)`, () => {
      const outcome = property.check(fixtures, { numRuns: 60 });
      expect(outcome.ok, explain(outcome)).toBe(true);
    });
  }
});
