// The open state in words, on the location's own clock and in en-US (as every time shown is): "Open now · closes at
// 9:00 PM", "Closed · opens today at 5:00 PM", "Closed · opens tomorrow at 7:00 AM", "Closed · opens Wednesday at
// 7:00 AM". It needs no time-zone rules of its own: Intl names the day and the time in the zone.
import type { OpenStatus } from './openState';

const formats = new Map<string, { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat }>();

function formatsFor(zone: string) {
  let found = formats.get(zone);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }),
      day: new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      weekday: new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }),
    };
    formats.set(zone, found);
  }
  return found;
}

const DAY_MS = 86_400_000;

export interface OpenStatusWords {
  /** 'Open now' or 'Closed'. */
  readonly state: string;
  /** 'closes at 9:00 PM', 'opens tomorrow at 7:00 AM', or '' when no opening is known. */
  readonly detail: string;
}

export function openStatusWords(status: OpenStatus, zone: string, now: number): OpenStatusWords {
  const f = formatsFor(zone);
  if (status.open) return { state: 'Open now', detail: `closes at ${f.time.format(status.closesAt)}` };
  if (status.opensAt === null) return { state: 'Closed', detail: '' };
  const day = f.day.format(status.opensAt);
  const when = day === f.day.format(now) ? 'today' : day === f.day.format(now + DAY_MS) ? 'tomorrow' : f.weekday.format(status.opensAt);
  return { state: 'Closed', detail: `opens ${when} at ${f.time.format(status.opensAt)}` };
}
