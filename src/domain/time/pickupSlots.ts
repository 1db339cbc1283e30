// Pickup slots (ordering.md sections 4 and 9): a pure function of the location's hours, zone and prep time and of
// `now`. Slots sit on the 15-minute wall-clock grid; a slot t of an opening satisfies Opens <= t <= Closes - 15 min
// (wall clock) and t >= now + PrepTime. Openings of business dates today-1 .. today+6 are scanned (yesterday's may
// run past midnight), and slots are grouped by their own local date, today and the 6 following dates; a date
// without slots is left out. A wall-clock time skipped by a spring-forward change gives no slot; one repeated by a
// fall-back change gives one slot, its earlier instant; overlapping hours give each instant once.
import type { Location } from '../catalog/codecs';
import { prepTimeMillis } from './duration';
import { openingIntervals } from './hours';
import { isOpenAmong } from './openState';
import { DAY_MS, LAST_ORDER_MS, PICKUP_DATES, SLOT_MS } from './pickupRules';
import { type DayNumber, clockLabelOf, dateLabelOf, dayNumberOf, isoDateOf, isoInstantOf, isoInstantWriter } from './wallClock';
import { earliestInstantOf, wallClockAt, zoneOffsets } from './zoned';

/** A time the shopper can pick: the instant (ISO UTC, Z) and its wall-clock label in the location's zone. */
export interface PickupSlot {
  readonly at: string;
  readonly label: string;
}

/** One pickup date: 'YYYY-MM-DD' local, 'Today' | 'Tomorrow' | 'Mon, Nov 23', and its slots in order. */
export interface PickupDay {
  readonly date: string;
  readonly label: string;
  readonly slots: readonly PickupSlot[];
}

/** What the date and time pickers offer at `now`; `today` is the local date ASAP orders belong to. */
export interface PickupSchedule {
  readonly open: boolean;
  readonly asap: PickupSlot | null;
  readonly days: readonly PickupDay[];
  readonly today: string;
}

/** The parts of a Location a schedule depends on, so callers and tests need not build a whole catalog entry. */
export type ScheduledLocation = Pick<Location, 'Timezone' | 'Hours' | 'PrepTime' | 'ShowAsSoonAsPossibleOrders' | 'ShowScheduledOrders'>;

/** The pickup choices of a location at `now` (epoch ms): open state, ASAP, and a week of scheduled slots. */
export function pickupSchedule(location: ScheduledLocation, now: number): PickupSchedule {
  const earliest = now + prepTimeMillis(location);
  const offsets = zoneOffsets(location.Timezone, now - 3 * DAY_MS, Math.max(now, earliest) + (PICKUP_DATES + 3) * DAY_MS);
  const today = dayNumberOf(wallClockAt(offsets, now));
  const lastDay = today + PICKUP_DATES - 1;
  const intervals = openingIntervals(location, offsets, today - 1, lastDay);
  const open = isOpenAmong(intervals, now);

  let asap: PickupSlot | null = null;
  if (open && location.ShowAsSoonAsPossibleOrders !== false) {
    // Whole seconds, rounded up, so the instant is never before now + PrepTime.
    const at = Math.ceil(earliest / 1000) * 1000;
    asap = { at: isoInstantOf(at), label: clockLabelOf(wallClockAt(offsets, at)) };
  }

  const days: PickupDay[] = [];
  if (location.ShowScheduledOrders !== false) {
    const instantText = isoInstantWriter();
    const found: { at: number; wall: number }[] = [];
    const firstWall = today * DAY_MS;
    const endWall = (lastDay + 1) * DAY_MS;
    for (const interval of intervals) {
      const from = Math.max(Math.ceil(interval.opens / SLOT_MS) * SLOT_MS, firstWall);
      const to = Math.min(interval.closes - LAST_ORDER_MS, endWall - 1);
      for (let wall = from; wall <= to; wall += SLOT_MS) {
        const at = earliestInstantOf(offsets, wall);
        if (at !== null && at >= earliest) found.push({ at, wall });
      }
    }
    found.sort((a, b) => a.at - b.at);
    let day: { number: DayNumber; slots: PickupSlot[] } | undefined;
    let previous = -Infinity;
    for (const slot of found) {
      if (slot.at === previous) continue;
      previous = slot.at;
      const number = dayNumberOf(slot.wall);
      if (day === undefined || day.number !== number) {
        day = { number, slots: [] };
        days.push({ date: isoDateOf(number), label: dateLabelOf(number, today), slots: day.slots });
      }
      day.slots.push({ at: instantText(slot.at), label: clockLabelOf(slot.wall) });
    }
  }

  return { open, asap, days, today: isoDateOf(today) };
}
