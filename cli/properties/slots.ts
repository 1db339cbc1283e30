// Rule properties of hours, open state and pickup slots (ordering.md sections 4 and 9). Each law checks the schedule
// against an oracle built independently from Temporal and Intl, at `now` drawn around the location zone's
// daylight-saving changes and at random times of the year, so the change days are tested without being named in
// the code under test.
import * as fc from 'fast-check';
import { Temporal } from '@js-temporal/polyfill';
import { DAYS_OF_WEEK, type DayOfWeek, type Hours } from '../../src/domain/catalog/codecs';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { isOpenAt } from '../../src/domain/time/openState';
import { type PickupSchedule, type ScheduledLocation, pickupSchedule } from '../../src/domain/time/pickupSlots';
import { type RuleProperty, ruleProperty } from './ruleProperty';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The parts of a location the laws need, small enough to read in a counterexample. */
export type SlotLocation = ScheduledLocation & { readonly Id: string };

/** One generated situation: a location, the moment the shopper looks, and grid times to check. */
export interface SlotCase {
  readonly location: SlotLocation;
  readonly now: number;
  readonly nowIso: string;
  /** Grid times to check for membership: 15-minute steps after today's local midnight. */
  readonly probes: readonly number[];
}

// ---------------------------------------------------------------------------------------------------------------
// Oracle: wall clocks from Intl, conversions from Temporal, hours read straight from the Hours entries.

interface Wall {
  readonly y: number;
  readonly m: number;
  readonly d: number;
  readonly minutes: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallOf(zone: string, ms: number): Wall {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return { y: parts.year!, m: parts.month!, d: parts.day!, minutes: (parts.hour! % 24) * 60 + parts.minute!, second: parts.second! };
}

const isoDate = (w: { y: number; m: number; d: number }) => new Date(Date.UTC(w.y, w.m - 1, w.d)).toISOString().slice(0, 10);
const addDays = (w: { y: number; m: number; d: number }, days: number) => {
  const date = new Date(Date.UTC(w.y, w.m - 1, w.d) + days * DAY);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
};
const weekdayOf = (w: { y: number; m: number; d: number }): DayOfWeek => DAYS_OF_WEEK[(new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay() + 6) % 7]!;
const seconds = (time: string) => time.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
const timeLabel = (minutes: number) =>
  `${Math.floor(minutes / 60) % 12 === 0 ? 12 : Math.floor(minutes / 60) % 12}:${String(minutes % 60).padStart(2, '0')} ${minutes < 720 ? 'AM' : 'PM'}`;
const dayLabelFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** Whether a wall-clock time (date, seconds after midnight) is in [Opens, Closes - 15 min] of some entry. */
function withinHours(hours: readonly Hours[], date: { y: number; m: number; d: number }, secondOfDay: number): boolean {
  return [0, 1].some((back) => {
    const business = addDays(date, -back);
    const at = back * 86_400 + secondOfDay;
    return hours.some((h) => {
      if (h.DayOfWeek !== weekdayOf(business)) return false;
      const opens = seconds(h.Opens);
      const closes = seconds(h.Closes) <= opens ? seconds(h.Closes) + 86_400 : seconds(h.Closes);
      return opens <= at && at <= closes - 15 * 60;
    });
  });
}

function instantOf(zone: string, date: { y: number; m: number; d: number }, secondOfDay: number, disambiguation: 'earlier' | 'compatible'): number {
  const { y, m, d } = addDays(date, Math.floor(secondOfDay / 86_400));
  const s = secondOfDay % 86_400;
  const pdt = new Temporal.PlainDateTime(y, m, d, Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60);
  return pdt.toZonedDateTime(zone, { disambiguation }).epochMilliseconds;
}

const prepOf = (location: SlotLocation) => Temporal.Duration.from(location.PrepTime).total({ unit: 'milliseconds' });

/** Open per the spec, read with Temporal: inside merged openings of yesterday..tomorrow, not in the last 15 minutes. */
function oracleOpen(location: SlotLocation, now: number): boolean {
  const today = wallOf(location.Timezone, now);
  const spans: [number, number][] = [];
  for (const back of [-1, 0, 1]) {
    const business = addDays(today, back);
    for (const h of location.Hours.filter((x) => x.DayOfWeek === weekdayOf(business))) {
      const opens = seconds(h.Opens);
      const closes = seconds(h.Closes) <= opens ? seconds(h.Closes) + 86_400 : seconds(h.Closes);
      spans.push([instantOf(location.Timezone, business, opens, 'compatible'), instantOf(location.Timezone, business, closes, 'compatible')]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of spans) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged.some(([from, to]) => from <= now && now < to - 15 * MINUTE);
}

// ---------------------------------------------------------------------------------------------------------------
// Laws: each returns what is wrong, or null.

type Law = (c: SlotCase, schedule: PickupSchedule) => string | null;
const slotsOf = (s: PickupSchedule) => s.days.flatMap((day) => day.slots.map((slot) => ({ day, slot, at: Date.parse(slot.at) })));

const laws: readonly { readonly name: string; readonly law: Law }[] = [
  {
    name: 'pickup slots are strictly increasing across the whole schedule, on ascending dates, with no empty day',
    law: (_, s) => {
      const all = slotsOf(s);
      const i = all.findIndex((x, k) => k > 0 && !(x.at > all[k - 1]!.at));
      if (i >= 0) return `slot ${all[i]!.slot.at} does not follow ${all[i - 1]!.slot.at}`;
      const j = s.days.findIndex((d, k) => d.slots.length === 0 || (k > 0 && !(d.date > s.days[k - 1]!.date)));
      return j >= 0 ? `day ${s.days[j]!.date} is empty or out of order` : null;
    },
  },
  {
    name: "every slot's label and date are its own wall-clock time on the 15-minute grid in the location's zone",
    law: (c, s) => {
      for (const { day, slot, at } of slotsOf(s)) {
        const w = wallOf(c.location.Timezone, at);
        if (w.minutes % 15 !== 0 || w.second !== 0) return `${slot.at} is off the grid`;
        if (timeLabel(w.minutes) !== slot.label || isoDate(w) !== day.date)
          return `${slot.at} shows ${day.date} ${slot.label}, wall clock is ${isoDate(w)} ${timeLabel(w.minutes)}`;
      }
      return null;
    },
  },
  {
    name: 'every slot lies in an opening of the hours, from Opens to 15 minutes before Closes',
    law: (c, s) => {
      const bad = slotsOf(s).find(({ at }) => {
        const w = wallOf(c.location.Timezone, at);
        return !withinHours(c.location.Hours, w, w.minutes * 60);
      });
      return bad ? `${bad.slot.at} (${bad.day.date} ${bad.slot.label}) is outside the hours` : null;
    },
  },
  {
    name: "no slot is before now plus PrepTime, and the dates are today and the 6 following dates in the location's zone",
    law: (c, s) => {
      const earliest = c.now + prepOf(c.location);
      const bad = slotsOf(s).find((x) => x.at < earliest);
      if (bad) return `${bad.slot.at} is before now + PrepTime`;
      const today = wallOf(c.location.Timezone, c.now);
      const dates = new Set(Array.from({ length: 7 }, (_, k) => isoDate(addDays(today, k))));
      if (s.today !== isoDate(today)) return `today is ${isoDate(today)}, not ${s.today}`;
      const labelOf = (k: number) => (k === 0 ? 'Today' : k === 1 ? 'Tomorrow' : dayLabelFormat.format(Date.parse(`${[...dates][k]}T12:00:00Z`)));
      const day = s.days.find((d) => !dates.has(d.date) || d.label !== labelOf([...dates].indexOf(d.date)));
      return day ? `day ${day.date} "${day.label}" is not one of the 7 dates or is mislabelled` : null;
    },
  },
  {
    name: 'a wall-clock time repeated by a fall-back change gives one slot, its earlier instant',
    law: (c, s) => {
      const local = (w: Wall) => Date.UTC(w.y, w.m - 1, w.d) + w.minutes * MINUTE + w.second * 1000;
      for (const { slot, at } of slotsOf(s)) {
        const w = wallOf(c.location.Timezone, at);
        // Without an offset change in the 3 hours before, no earlier instant shows this time; ask Temporal otherwise.
        if (local(w) - local(wallOf(c.location.Timezone, at - 180 * MINUTE)) === 180 * MINUTE) continue;
        if (instantOf(c.location.Timezone, w, w.minutes * 60, 'earlier') !== at) return `${slot.at} is the later instant of ${isoDate(w)} ${slot.label}`;
      }
      return null;
    },
  },
  {
    name: 'every grid time that exists, lies in the hours and is not before now plus PrepTime is offered, and nothing else',
    law: (c, s) => {
      const zone = c.location.Timezone;
      const today = wallOf(zone, c.now);
      const earliest = c.now + prepOf(c.location);
      const e = wallOf(zone, earliest);
      const edge = Math.round((Date.UTC(e.y, e.m - 1, e.d) - Date.UTC(today.y, today.m - 1, today.d)) / DAY) * 96 + Math.ceil(e.minutes / 15);
      for (const k of [...c.probes, edge - 1, edge, edge + 1].filter((p) => p >= 0 && p < 7 * 96)) {
        const date = addDays(today, Math.floor(k / 96));
        const minutes = (k % 96) * 15;
        const at = instantOf(zone, date, minutes * 60, 'earlier');
        const w = wallOf(zone, at);
        const exists = isoDate(w) === isoDate(date) && w.minutes === minutes;
        const expected = exists && c.location.ShowScheduledOrders !== false && at >= earliest && withinHours(c.location.Hours, date, minutes * 60);
        const day = s.days.find((d) => d.date === isoDate(date));
        const offered = day?.slots.some((slot) => slot.label === timeLabel(minutes) && (!exists || Date.parse(slot.at) === at)) ?? false;
        if (offered !== expected) return `${isoDate(date)} ${timeLabel(minutes)} should ${expected ? '' : 'not '}be offered`;
      }
      return null;
    },
  },
  {
    name: 'a location is open exactly when now is inside its hours and not in the last 15 minutes before closing',
    law: (c, s) => {
      const expected = oracleOpen(c.location, c.now);
      if (s.open !== expected) return `schedule says open=${s.open}, hours say ${expected}`;
      return isOpenAt(c.location, c.now) === expected ? null : `isOpenAt disagrees with the hours (${expected})`;
    },
  },
  {
    name: 'ASAP is offered exactly when the location is open and shows ASAP orders, at now plus PrepTime',
    law: (c, s) => {
      const expected = c.location.ShowAsSoonAsPossibleOrders !== false && oracleOpen(c.location, c.now);
      if ((s.asap !== null) !== expected) return `asap is ${JSON.stringify(s.asap)}, expected ${expected ? 'one' : 'none'}`;
      if (s.asap === null) return null;
      const at = Math.ceil((c.now + prepOf(c.location)) / 1000) * 1000;
      const label = timeLabel(wallOf(c.location.Timezone, at).minutes);
      return Date.parse(s.asap.at) === at && s.asap.label === label ? null : `asap ${JSON.stringify(s.asap)}, expected ${new Date(at).toISOString()} ${label}`;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Generators

const transitionsByZone = new Map<string, number[]>();
/** The zone's offset changes from mid-2025 to mid-2027, read from Temporal. */
export function transitionsNear2026(zone: string): readonly number[] {
  let list = transitionsByZone.get(zone);
  if (!list) {
    list = [];
    let at: Temporal.ZonedDateTime | null = Temporal.Instant.fromEpochMilliseconds(Date.UTC(2025, 5, 1)).toZonedDateTimeISO(zone);
    while ((at = at.getTimeZoneTransition('next')) !== null && at.epochMilliseconds < Date.UTC(2027, 5, 1)) list.push(at.epochMilliseconds);
    transitionsByZone.set(zone, list);
  }
  return list;
}

/** `now` around the zone's change days (a week before to two days after) or anywhere in 2026, sometimes on the grid. */
export function nowAround(zone: string): fc.Arbitrary<number> {
  const transitions = transitionsNear2026(zone);
  const anyTime = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) });
  const nearChange = transitions.length === 0 ? anyTime : fc.constantFrom(...transitions).chain((t) => fc.integer({ min: t - 8 * DAY, max: t + 2 * DAY }));
  const raw = fc.oneof({ weight: 3, arbitrary: nearChange }, { weight: 1, arbitrary: anyTime });
  return fc.tuple(raw, fc.constantFrom(1, MINUTE, 15 * MINUTE)).map(([now, unit]) => now - (now % unit));
}

const probes = fc.array(
  fc.oneof(
    fc.integer({ min: 0, max: 7 * 96 - 1 }),
    // 1:00-4:45 AM, where daylight-saving changes happen.
    fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 4, max: 19 })).map(([day, q]) => day * 96 + q),
  ),
  { minLength: 1, maxLength: 8 },
);

/** `now` within 20 minutes of one of the location's openings or closings, in the week after `base`. */
function nowNearHours(location: SlotLocation, base: fc.Arbitrary<number>): fc.Arbitrary<number> {
  const zone = location.Timezone;
  return fc.tuple(base, fc.constantFrom(...location.Hours), fc.boolean(), fc.integer({ min: -20 * 60, max: 20 * 60 })).map(([from, entry, closing, shift]) => {
    const start = wallOf(zone, from);
    const ahead = (DAYS_OF_WEEK.indexOf(entry.DayOfWeek) - DAYS_OF_WEEK.indexOf(weekdayOf(start)) + 7) % 7;
    const opens = seconds(entry.Opens);
    const closes = seconds(entry.Closes) <= opens ? seconds(entry.Closes) + 86_400 : seconds(entry.Closes);
    return instantOf(zone, addDays(start, ahead), closing ? closes : opens, 'compatible') + shift * 1000;
  });
}

/** A case for a location: a `now` around its zone's changes or its hours' edges, and some grid times to probe. */
export function slotCase(location: SlotLocation): fc.Arbitrary<SlotCase> {
  const around = nowAround(location.Timezone);
  const now = location.Hours.length === 0 ? around : fc.oneof(around, nowNearHours(location, around));
  return fc.tuple(now, probes).map(([at, p]) => ({ location, now: at, nowIso: new Date(at).toISOString(), probes: p }));
}

/** Every law the case breaks, each as "law: what is wrong". */
export function slotLawViolations(c: SlotCase): string[] {
  const schedule = pickupSchedule(c.location, c.now);
  return laws.flatMap(({ name, law }) => {
    const wrong = law(c, schedule);
    return wrong === null ? [] : [`${name}: ${wrong}`];
  });
}

function locationsOf(catalogs: readonly CatalogIndex[]): SlotLocation[] {
  return catalogs.flatMap((c) =>
    c.locations.map(({ Id, Timezone, Hours, PrepTime, ShowAsSoonAsPossibleOrders, ShowScheduledOrders }) => ({
      Id,
      Timezone,
      Hours,
      PrepTime,
      ShowAsSoonAsPossibleOrders,
      ShowScheduledOrders,
    })),
  );
}

/** The slot laws over every location of the catalogs, as `countertop check` and the tests run them. */
export const slotProperties: RuleProperty[] = laws.map(({ name, law }) =>
  ruleProperty(name, (catalogs) => {
    const locations = locationsOf(catalogs);
    const cases = locations.length === 0 ? fc.constant(null) : fc.constantFrom(...locations).chain(slotCase);
    return fc.property(cases, (c) => {
      if (c === null) return true;
      const wrong = law(c, pickupSchedule(c.location, c.now));
      if (wrong !== null) throw new Error(wrong);
      return true;
    });
  }),
);
