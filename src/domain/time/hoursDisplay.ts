// Hours as the footer and the location card show them (account-and-session.md section 9, ordering.md section 9):
// 12-hour AM/PM in the location's zone, "7:00 AM - 9:00 PM", several entries of a day joined by ", ", "Open 24 hours"
// when Opens equals Closes, "Closed" for a day without hours. Hours past midnight stay on the day they open.
import { DAYS_OF_WEEK, type DayOfWeek, type Location } from '../catalog/codecs';
import { type DailyOpening, openingsByDay } from './weeklyOpenings';
import { DAY_MS } from './pickupRules';
import { clockLabelOfMinutes, dayNameOf } from './wallClock';

/** One line of the weekly hours list. */
export interface WeekdayHours {
  readonly day: DayOfWeek;
  readonly dayName: string;
  readonly label: string;
}

/** A weekday without hours. */
const CLOSED_LABEL = 'Closed';
/** An entry whose Opens equals its Closes: open around the clock, not "12:00 AM - 12:00 AM". */
const OPEN_24_HOURS_LABEL = 'Open 24 hours';

function openingLabel(opening: DailyOpening): string {
  if (opening.closes - opening.opens === DAY_MS) return OPEN_24_HOURS_LABEL;
  const minutes = (ms: number) => Math.floor(ms / 60_000) % (24 * 60);
  return `${clockLabelOfMinutes(minutes(opening.opens))} - ${clockLabelOfMinutes(minutes(opening.closes))}`;
}

/** One day's entries as shown, or 'Closed'. */
export function dayLabel(openings: readonly DailyOpening[]): string {
  return openings.length === 0 ? CLOSED_LABEL : openings.map(openingLabel).join(', ');
}

/** Monday-first hours of every weekday, for the footer. */
export function weeklyHours(location: Pick<Location, 'Hours'>): WeekdayHours[] {
  const week = openingsByDay(location.Hours);
  return DAYS_OF_WEEK.map((day) => ({ day, dayName: dayNameOf(day), label: dayLabel(week.get(day) ?? []) }));
}
