// A zone's UTC offset at an instant and its next change, read from the platform's Intl.DateTimeFormat (one cached
// formatter per zone) with plain number arithmetic. It asks Intl the same question, the same way, as the Temporal
// polyfill does (an en-US formatter with era, its 24:00 quirk, a search in steps of two weeks from 1847 on, then
// bisection to the millisecond), so every offset and change is the one Temporal gives, at a small part of its cost:
// the polyfill does this arithmetic with an emulated BigInt. Nothing here knows a daylight-saving rule.

// Keyed by the zone's name, which is immutable; null for a zone the runtime does not know.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(zone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-us', {
        timeZone: zone,
        hour12: false,
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    formatters.set(zone, format);
  }
  return format;
}

/** Days from 1970-01-01 to a proleptic Gregorian date, for any integer year (no Date.UTC two-digit-year quirk). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * The offset (ms, local minus UTC) at an integer epoch millisecond, as the formatter's wall clock minus the
 * instant: "11/26/2026 AD, 13:05:09", hour 24 read as 0 (an old Chromium habit), BC years counted astronomically.
 */
function offsetWith(format: Intl.DateTimeFormat, epochMs: number): number {
  const parts = format.format(epochMs).split(/[^\w]+/);
  if (parts.length !== 7) throw new RangeError(`unexpected date format ${parts.join(' ')}`);
  const era = parts[3]!;
  let year = Number(parts[2]);
  if (era[0] === 'b' || era[0] === 'B') year = 1 - year;
  else if (era[0] !== 'a' && era[0] !== 'A') throw new RangeError(`unexpected era ${era}`);
  const hour = parts[4] === '24' ? 0 : Number(parts[4]);
  const millisecond = ((epochMs % 1000) + 1000) % 1000;
  const days = daysFromCivil(year, Number(parts[0]), Number(parts[1]));
  const wall = days * 86_400_000 + hour * 3_600_000 + Number(parts[5]) * 60_000 + Number(parts[6]) * 1000 + millisecond;
  return wall - epochMs;
}

/** The zone's offset at an integer epoch millisecond within ±8.64e15; throws for an unknown zone. */
export function zoneOffsetAt(zone: string, epochMs: number): number {
  const format = formatterOf(zone);
  if (format === null) throw new RangeError(`unknown time zone ${zone}`);
  return offsetWith(format, epochMs);
}

const DAY_MS = 86_400_000;
// Temporal's own bounds: no change is looked for before 1847 (the first one anywhere), none after the last instant.
const BEFORE_FIRST_CHANGE = Date.UTC(1847, 0, 1);
const LAST_INSTANT = 8.64e15;
const SEARCH_STEP = 14 * DAY_MS;

/**
 * The first instant after `from` (integer epoch ms) at which the zone's offset changes, looking no further than
 * `before` (exclusive): null when there is none by then. Sampling every two weeks can step over a change that is
 * undone within the same two weeks, and Temporal's search does exactly this, so both see the same changes.
 */
export function nextOffsetChange(zone: string, from: number, before: number): number | null {
  const format = formatterOf(zone);
  if (format === null) throw new RangeError(`unknown time zone ${zone}`);
  let left = Math.max(from, BEFORE_FIRST_CHANGE);
  const leftOffset = offsetWith(format, left);
  for (; left < before; left += SEARCH_STEP) {
    const right = left + SEARCH_STEP;
    if (right > LAST_INSTANT) return null;
    const rightOffset = offsetWith(format, right);
    if (rightOffset !== leftOffset) return bisect(format, left, right, leftOffset, rightOffset);
  }
  return null;
}

/** The first millisecond in (left, right] with the right side's offset, as Temporal bisects. */
function bisect(format: Intl.DateTimeFormat, leftMs: number, rightMs: number, leftOffset: number, rightOffset: number): number {
  let left = leftMs;
  let right = rightMs;
  while (right - left > 1) {
    const middle = Math.trunc((left + right) / 2);
    const offset = offsetWith(format, middle);
    if (offset === leftOffset) left = middle;
    else if (offset === rightOffset) right = middle;
    // A third offset between two samples: Temporal gives up here too (and the year reads as UTC).
    else throw new RangeError(`three offsets between ${left} and ${right}`);
  }
  return right;
}
