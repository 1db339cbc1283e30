// Opening hours as intervals of wall-clock time and of instants (ordering.md sections 4 and 9): each Hours entry is
// [Opens, Closes) on its weekday in the location's zone; a Closes at or before Opens rolls into the next day
// (FRI 17:00-02:00 ends Saturday 02:00), so Opens == Closes is open 24 hours. Several entries per day are allowed.
import type { Location } from '../catalog/codecs';
import { DAY_MS } from './pickupRules';
import { type DayNumber, type WallClock, dayOfWeekOf } from './wallClock';
import { openingsByDay } from './weeklyOpenings';
import { compatibleInstantOf, type ZoneOffsets } from './zoned';

export type { DailyOpening } from './weeklyOpenings';

/** One opening on a business date: wall-clock bounds, and the instants they stand for. */
export interface OpeningInterval {
  readonly opens: WallClock;
  readonly closes: WallClock;
  /** Opens as an instant: an ambiguous time reads as its earlier instant, a time in a gap moves past the gap. */
  readonly opensAt: number;
  readonly closesAt: number;
}

/** Every opening of the business dates `firstDay`..`lastDay`, in order of business date then opening time. */
export function openingIntervals(location: Pick<Location, 'Hours'>, offsets: ZoneOffsets, firstDay: DayNumber, lastDay: DayNumber): OpeningInterval[] {
  const week = openingsByDay(location.Hours);
  const intervals: OpeningInterval[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const midnight = day * DAY_MS;
    for (const opening of week.get(dayOfWeekOf(day)) ?? []) {
      const opens = midnight + opening.opens;
      const closes = midnight + opening.closes;
      const opensAt = compatibleInstantOf(offsets, opens);
      const closesAt = compatibleInstantOf(offsets, closes);
      intervals.push({ opens, closes, opensAt, closesAt });
    }
  }
  return intervals;
}

/** Overlapping or touching openings as continuous stretches of instants, so back-to-back hours do not "close". */
export function openStretches(intervals: readonly OpeningInterval[]): { readonly from: number; readonly to: number }[] {
  const sorted = intervals.filter((i) => i.closesAt > i.opensAt).sort((a, b) => a.opensAt - b.opensAt);
  const stretches: { from: number; to: number }[] = [];
  for (const interval of sorted) {
    const last = stretches[stretches.length - 1];
    if (last !== undefined && interval.opensAt <= last.to) last.to = Math.max(last.to, interval.closesAt);
    else stretches.push({ from: interval.opensAt, to: interval.closesAt });
  }
  return stretches;
}
