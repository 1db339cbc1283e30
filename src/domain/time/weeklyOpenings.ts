// The weekly hours as data (ordering.md sections 4 and 9): each Hours entry is [Opens, Closes) on its weekday; a
// Closes at or before Opens rolls into the next day, so Opens == Closes is open 24 hours. No time zone is needed here
// (the footer's weekly hours use only this), which keeps the zone rules out of the pages that only show hours.
import { DAYS_OF_WEEK, type DayOfWeek, type Hours } from '../catalog/codecs';
import { DAY_MS } from './pickupRules';
import { secondsOfClockTime } from './wallClock';

/** One entry of the hours as milliseconds after the business day's midnight; `closes` may pass the next midnight. */
export interface DailyOpening {
  readonly opens: number;
  readonly closes: number;
}

// Keyed by the Hours array itself: catalog data is immutable, so each location's hours are parsed once.
const weekCache = new WeakMap<readonly Hours[], ReadonlyMap<DayOfWeek, readonly DailyOpening[]>>();

/** The hours of each weekday, sorted by opening time, identical entries once. */
export function openingsByDay(hours: readonly Hours[]): ReadonlyMap<DayOfWeek, readonly DailyOpening[]> {
  let week = weekCache.get(hours);
  if (week === undefined) {
    const byDay = new Map<DayOfWeek, DailyOpening[]>(DAYS_OF_WEEK.map((day) => [day, []]));
    for (const entry of hours) {
      const opens = secondsOfClockTime(entry.Opens) * 1000;
      const closesSameDay = secondsOfClockTime(entry.Closes) * 1000;
      const closes = closesSameDay <= opens ? closesSameDay + DAY_MS : closesSameDay;
      const list = byDay.get(entry.DayOfWeek);
      if (list && !list.some((o) => o.opens === opens && o.closes === closes)) list.push({ opens, closes });
    }
    for (const list of byDay.values()) list.sort((a, b) => a.opens - b.opens || a.closes - b.closes);
    week = byDay;
    weekCache.set(hours, week);
  }
  return week;
}
