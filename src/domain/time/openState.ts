// Open state (ordering.md sections 4 and 9): open at `now` when inside some opening, yesterday's past-midnight
// hours included, but closed in the last 15 minutes before closing. Back-to-back or overlapping hours entries
// count as one stretch, so a location open around the clock never "closes" at midnight.
import type { Location } from '../catalog/codecs';
import { type OpeningInterval, openingIntervals, openStretches } from './hours';
import { DAY_MS, LAST_ORDER_MS } from './pickupRules';
import { dayNumberOf } from './wallClock';
import { wallClockAt, zoneOffsets } from './zoned';

/** Whether `now` falls in an opening stretch and at least 15 minutes before the stretch ends. */
export function isOpenAmong(intervals: readonly OpeningInterval[], now: number): boolean {
  return openStretches(intervals).some((s) => s.from <= now && now < s.to - LAST_ORDER_MS);
}

/** Whether the location takes ASAP orders at `now` (epoch ms), judged on its own wall clock. */
export function isOpenAt(location: Pick<Location, 'Hours' | 'Timezone'>, now: number): boolean {
  const offsets = zoneOffsets(location.Timezone, now - 3 * DAY_MS, now + 3 * DAY_MS);
  const today = dayNumberOf(wallClockAt(offsets, now));
  return isOpenAmong(openingIntervals(location, offsets, today - 1, today + 1), now);
}

/**
 * Open now and until when, or closed and when it opens next: what the home, category and bag pages say before the
 * shopper types anything. `closesAt` is the end of the opening stretch (orders stop 15 minutes before it, as
 * isOpenAt says); `opensAt` is the start of the next stretch that takes orders, within a week, or null.
 */
export type OpenStatus = { readonly open: true; readonly closesAt: number } | { readonly open: false; readonly opensAt: number | null };

export function openStatusAt(location: Pick<Location, 'Hours' | 'Timezone'>, now: number): OpenStatus {
  const offsets = zoneOffsets(location.Timezone, now - 3 * DAY_MS, now + 10 * DAY_MS);
  const today = dayNumberOf(wallClockAt(offsets, now));
  const stretches = openStretches(openingIntervals(location, offsets, today - 1, today + 8));
  const current = stretches.find((s) => s.from <= now && now < s.to - LAST_ORDER_MS);
  if (current !== undefined) return { open: true, closesAt: current.to };
  // The next stretch that still takes orders: one starting later, or this one if it starts later than now.
  const next = stretches.find((s) => s.from > now && s.to - LAST_ORDER_MS > s.from);
  return { open: false, opensAt: next?.from ?? null };
}
