// Instants shown to people, always in the location's time zone and en-US (account-and-session.md section 2), so
// the page, the confirmation and a support replay read the same whatever the viewer's own zone.

/** A format of instants in a zone: one Intl formatter per zone, made on first use; an unreadable instant as given. */
function inZone(options: Intl.DateTimeFormatOptions): (iso: string, zone: string) => string {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (iso, zone) => {
    const time = Date.parse(iso);
    if (Number.isNaN(time)) return iso;
    let found = byZone.get(zone);
    if (!found) byZone.set(zone, (found = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })));
    return found.format(time);
  };
}

/** "Wednesday, November 18, 2026 at 10:25 AM EST": the confirmation page's pickup time. */
export const formatInstantLong = inZone({
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Nov 18, 10:25 AM": compact, for lists and replays. */
export const formatInstantShort = inZone({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "12:40 PM": a time of day in the zone, for an order's estimate ('Ready about 12:40 PM'). */
export const formatClockTime = inZone({ hour: 'numeric', minute: '2-digit' });

/** "Dec 31": the day in the zone, for a date a shopper reads as a day (a coupon's expiry). */
export const formatDayShort = inZone({ month: 'short', day: 'numeric' });
