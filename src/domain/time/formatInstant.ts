// Instants shown to people, always in the location's time zone and en-US (account-and-session.md section 2), so
// the page, the confirmation and a support replay read the same whatever the viewer's own zone.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, style: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${zone}|${style}`;
  let found = formats.get(key);
  if (!found) {
    found =
      style === 'long'
        ? new Intl.DateTimeFormat('en-US', {
            timeZone: zone,
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          })
        : new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    formats.set(key, found);
  }
  return found;
}

/** "Wednesday, November 18, 2026 at 10:25 AM EST": the confirmation page's pickup time. */
export function formatInstantLong(iso: string, zone: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatter(zone, 'long').format(time);
}

/** "Nov 18, 10:25 AM": compact, for lists and replays. */
export function formatInstantShort(iso: string, zone: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatter(zone, 'short').format(time);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "12:40 PM": a time of day in the zone, for an order's estimate ('Ready about 12:40 PM'). */
export function formatClockTime(iso: string, zone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  let found = clocks.get(zone);
  if (!found) clocks.set(zone, (found = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })));
  return found.format(time);
}

const days = new Map<string, Intl.DateTimeFormat>();

/** "Dec 31": the day in the zone, for a date a shopper reads as a day (a coupon's expiry). */
export function formatDayShort(iso: string, zone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  let found = days.get(zone);
  if (!found) days.set(zone, (found = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric' })));
  return found.format(time);
}
