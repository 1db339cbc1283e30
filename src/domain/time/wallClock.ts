// Wall-clock arithmetic: a local date and time in some zone, counted in milliseconds as if it were UTC, so midnight
// is a multiple of a day and the slot grid is a multiple of 15 minutes. No zone is involved here (see zoned.ts).
import { DAYS_OF_WEEK, type DayOfWeek } from '../catalog/codecs';
import { DAY_MS } from './pickupRules';

/** Local date and time in milliseconds since 1970-01-01T00:00 local; which zone is the caller's business. */
export type WallClock = number;

/** A local calendar date as a count of days since 1970-01-01. */
export type DayNumber = number;

const SHORT_DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const LONG_DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The local date a wall-clock time falls on. */
export function dayNumberOf(wall: WallClock): DayNumber {
  return Math.floor(wall / DAY_MS);
}

/** Monday = 0 .. Sunday = 6; 1970-01-01 was a Thursday. */
function weekdayIndex(day: DayNumber): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The weekday of a local date, in the catalog's spelling, so Hours entries can be matched to it. */
export function dayOfWeekOf(day: DayNumber): DayOfWeek {
  return DAYS_OF_WEEK[weekdayIndex(day)] ?? 'MON';
}

/** The weekday's full English name ('Monday'), for the hours list. */
export function dayNameOf(day: DayOfWeek): string {
  return LONG_DAY_NAMES[DAYS_OF_WEEK.indexOf(day)] ?? day;
}

/** 'YYYY-MM-DD' of a local date: the form a pickup choice and the CLI carry. */
export function isoDateOf(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Seconds after midnight of an Hours time 'HH:mm:ss' (the codec guarantees the shape). */
export function secondsOfClockTime(time: string): number {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** '5:15 PM' for a number of minutes after midnight: 12-hour AM/PM as the spec shows hours and slots. */
export function clockLabelOfMinutes(minutesOfDay: number): string {
  const hour24 = Math.floor(minutesOfDay / 60) % 24;
  const minute = minutesOfDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${minute < 10 ? '0' : ''}${minute} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** '5:15 PM' for a wall-clock time (seconds are not shown). */
export function clockLabelOf(wall: WallClock): string {
  return clockLabelOfMinutes(Math.floor((wall - dayNumberOf(wall) * DAY_MS) / 60_000));
}

/** 'Today', 'Tomorrow', else 'Mon, Nov 23': how the date picker names a pickup date. */
export function dateLabelOf(day: DayNumber, today: DayNumber): string {
  if (day === today) return 'Today';
  if (day === today + 1) return 'Tomorrow';
  const date = new Date(day * DAY_MS);
  return `${SHORT_DAY_NAMES[weekdayIndex(day)]}, ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** The first instant of year 10000, where toISOString starts writing six-digit years. */
const YEAR_10000_MS = 253_402_300_800_000;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** 'YYYY-MM-DD' of a day from 1970 to 9999, by the Gregorian calendar's arithmetic (H. Hinnant's civil_from_days). */
function civilDate(day: DayNumber): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${twoDigits(month)}-${twoDigits(date)}`;
}

/** A whole second from 1970 to 9999: what the short way below writes (every instant of a schedule is one). */
const wholeSecondInRange = (epochMs: number) => Number.isSafeInteger(epochMs) && epochMs % 1000 === 0 && epochMs >= 0 && epochMs < YEAR_10000_MS;

/** 'HH:mm:ssZ' of a whole second `seconds` after its day's midnight. */
const timeOfDay = (seconds: number) => `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}Z`;

/**
 * An instant as an ISO-8601 UTC string ending in Z, whole seconds shown without a fraction. A whole second from 1970
 * to 9999 is written from its day's date and its time of day, without a Date.
 */
export function isoInstantOf(epochMs: number): string {
  if (wholeSecondInRange(epochMs)) {
    const day = Math.floor(epochMs / DAY_MS);
    return `${civilDate(day)}T${timeOfDay((epochMs - day * DAY_MS) / 1000)}`;
  }
  const iso = new Date(epochMs).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * `isoInstantOf` for a run of instants (a week of pickup slots writes hundreds, a few days' worth): this writer keeps
 * the date of the last day it wrote, for its caller alone.
 */
export function isoInstantWriter(): (epochMs: number) => string {
  let lastDay = NaN;
  let datePart = '';
  return (epochMs) => {
    if (!wholeSecondInRange(epochMs)) return isoInstantOf(epochMs);
    const day = Math.floor(epochMs / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      datePart = `${civilDate(day)}T`;
    }
    return `${datePart}${timeOfDay((epochMs - day * DAY_MS) / 1000)}`;
  };
}
