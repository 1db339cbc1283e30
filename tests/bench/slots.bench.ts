// A week of pickup slots for one location (ordering.md section 9): the date and time pickers and every timer tick
// recompute it, so it must stay well under a frame.
import type { Hours } from '../../src/domain/catalog/codecs';
import { pickupSchedule, type ScheduledLocation } from '../../src/domain/time/pickupSlots';
import { type Benchmark, measure, summarize } from './harness';

const WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const every = (Opens: string, Closes: string): Hours[] => WEEK.map((DayOfWeek) => ({ DayOfWeek, Opens, Closes }));

const cafe: ScheduledLocation = { Timezone: 'America/New_York', PrepTime: 'PT20M', Hours: every('07:00:00', '21:00:00') };
const lunchAndDinner: ScheduledLocation = {
  Timezone: 'Europe/London',
  PrepTime: 'PT25M',
  Hours: [...every('11:00:00', '14:30:00'), ...every('17:00:00', '23:00:00')],
};
const aroundTheClock: ScheduledLocation = { Timezone: 'Australia/Sydney', PrepTime: 'PT10M', Hours: every('00:00:00', '00:00:00') };

function week(label: string, location: ScheduledLocation, now: number, goal: boolean) {
  // A fresh `now` every call, as a timer tick would give, spread over a week.
  let tick = 0;
  const timing = measure(() => pickupSchedule(location, now + (tick++ % 10_080) * 60_000), { iterations: 500, warmup: 100 });
  return [
    { label: `${label} (median)`, value: timing.median, unit: 'ms' as const, ...(goal ? { goal: '< 5' } : {}) },
    { label: `${label} (p95)`, value: timing.p95, unit: 'ms' as const, ...(goal ? { goal: '< 5' } : {}) },
  ];
}

/** The first schedule in a zone also reads the zone's offsets for the year from Temporal (cached afterwards). */
function firstInZone() {
  const zones = ['America/Denver', 'Asia/Tokyo', 'Europe/Paris', 'America/Sao_Paulo', 'Pacific/Auckland', 'Asia/Kolkata'];
  const samples = zones.map((Timezone) => {
    const start = performance.now();
    pickupSchedule({ ...cafe, Timezone }, Date.parse('2026-06-10T12:00:00Z'));
    return performance.now() - start;
  });
  const timing = summarize(samples);
  return [{ label: 'first week in a zone not seen before (median)', value: timing.median, unit: 'ms' as const }];
}

export const benchmarks: Benchmark[] = [
  {
    name: 'pickup slots: a week for one location',
    run: () => {
      const slots = pickupSchedule(aroundTheClock, Date.parse('2026-09-30T12:00:00Z')).days.reduce((n, d) => n + d.slots.length, 0);
      return [
        ...week('cafe 07:00-21:00, New York', cafe, Date.parse('2026-11-21T17:03:00Z'), true),
        ...week('lunch and dinner, London, fall-back week', lunchAndDinner, Date.parse('2026-10-20T10:00:00Z'), true),
        ...week('open 24 hours, Sydney, spring-forward week', aroundTheClock, Date.parse('2026-09-30T12:00:00Z'), true),
        { label: 'slots in that 24-hour week', value: slots, unit: 'count' },
        ...firstInZone(),
      ];
    },
  },
];
