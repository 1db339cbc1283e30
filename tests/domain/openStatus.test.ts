// Open now and until when, or closed and when it opens next, in the location's own words and clock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hours } from '../../src/domain/catalog/codecs';
import { isOpenAt, openStatusAt } from '../../src/domain/time/openState';
import { openStatusWords } from '../../src/domain/time/openStatusLabel';

const everyDay = (Opens: string, Closes: string): Hours[] =>
  (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((DayOfWeek) => ({ DayOfWeek, Opens, Closes }));
const weekdays = (Opens: string, Closes: string): Hours[] => (['MON', 'TUE', 'WED', 'THU', 'FRI'] as const).map((DayOfWeek) => ({ DayOfWeek, Opens, Closes }));

const NY = 'America/New_York';
const cafe = { Timezone: NY, Hours: everyDay('07:00:00', '21:00:00') };
const office = { Timezone: NY, Hours: weekdays('08:00:00', '17:00:00') };
const bar = { Timezone: NY, Hours: [{ DayOfWeek: 'FRI', Opens: '17:00:00', Closes: '02:00:00' }] as Hours[] };
const at = (iso: string) => Date.parse(iso);
const words = (location: typeof cafe, now: number) => openStatusWords(openStatusAt(location, now), location.Timezone, now);

describe('the open status', () => {
  it('says until when a location is open', () => {
    expect(words(cafe, at('2026-11-21T15:00:00Z'))).toEqual({ state: 'Open now', detail: 'closes at 9:00 PM' }); // Saturday 10:00
  });

  it('says when it opens next: today, tomorrow, or the weekday', () => {
    expect(words(cafe, at('2026-11-21T10:00:00Z'))).toEqual({ state: 'Closed', detail: 'opens today at 7:00 AM' }); // Sat 05:00
    expect(words(cafe, at('2026-11-22T03:00:00Z'))).toEqual({ state: 'Closed', detail: 'opens tomorrow at 7:00 AM' }); // Sat 22:00
    expect(words(office, at('2026-11-21T15:00:00Z'))).toEqual({ state: 'Closed', detail: 'opens Monday at 8:00 AM' }); // Sat 10:00
  });

  it('counts the last 15 minutes as closed, and names the next opening', () => {
    expect(words(cafe, at('2026-11-21T01:50:00Z'))).toEqual({ state: 'Closed', detail: 'opens tomorrow at 7:00 AM' }); // Fri 20:50, next is Sat 07:00
  });

  it("keeps a bar open past midnight on Friday's hours, and says so in the location's zone whatever the viewer's", () => {
    expect(words(bar, at('2026-11-21T06:00:00Z'))).toEqual({ state: 'Open now', detail: 'closes at 2:00 AM' }); // Sat 01:00
  });

  it('says Closed with no opening when the location has no hours', () => {
    expect(words({ Timezone: NY, Hours: [] }, at('2026-11-21T15:00:00Z'))).toEqual({ state: 'Closed', detail: '' });
  });

  it('agrees with isOpenAt at every moment, opens at a moment that takes orders, and closes after now', () => {
    const moments = fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2027-01-01T00:00:00Z') });
    fc.assert(
      fc.property(fc.constantFrom(cafe, office, bar), moments, (location, now) => {
        const status = openStatusAt(location, now);
        expect(status.open).toBe(isOpenAt(location, now));
        if (status.open) expect(status.closesAt).toBeGreaterThan(now);
        else if (status.opensAt !== null) {
          expect(status.opensAt).toBeGreaterThan(now);
          expect(isOpenAt(location, status.opensAt)).toBe(true);
          // Nothing in between takes orders: it is the next opening.
          expect(isOpenAt(location, status.opensAt - 60_000)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
