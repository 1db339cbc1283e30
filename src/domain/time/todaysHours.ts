// Today's hours at a location, for the location card: "today" is the location's date, not the shopper's. Kept apart
// from hoursDisplay.ts because it needs the location's time zone (zoned.ts), which the weekly hours do not.
import type { Location } from '../catalog/codecs';
import { openingsByDay } from './weeklyOpenings';
import { dayLabel } from './hoursDisplay';
import { dayNumberOf, dayOfWeekOf } from './wallClock';
import { offsetOfZoneAt } from './zoned';

/** The hours of today in the location's zone (not the shopper's), for the location card. */
export function todaysHours(location: Pick<Location, 'Hours' | 'Timezone'>, now: number): string {
  const today = dayOfWeekOf(dayNumberOf(now + offsetOfZoneAt(location.Timezone, now)));
  return dayLabel(openingsByDay(location.Hours).get(today) ?? []);
}
