import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import type { Hours } from '../../src/domain/catalog/codecs';
import { durationMillis, prepTimeMillis } from '../../src/domain/time/duration';
import { weeklyHours } from '../../src/domain/time/hoursDisplay';
import { todaysHours } from '../../src/domain/time/todaysHours';
import { isOpenAt } from '../../src/domain/time/openState';

const everyDay = (Opens: string, Closes: string): Hours[] =>
  (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((DayOfWeek) => ({ DayOfWeek, Opens, Closes }));

const cafe = { Timezone: 'America/New_York', Hours: everyDay('07:00:00', '21:00:00') };
const bar = { Timezone: 'America/New_York', Hours: [{ DayOfWeek: 'FRI', Opens: '17:00:00', Closes: '02:00:00' }] as Hours[] };
const at = (iso: string) => Date.parse(iso);

describe('prep time', () => {
  it('reads ISO-8601 durations as milliseconds', () => {
    expect(prepTimeMillis({ PrepTime: 'PT20M' })).toBe(20 * 60_000);
    expect(prepTimeMillis({ PrepTime: 'PT1H30M' })).toBe(90 * 60_000);
    expect(prepTimeMillis({ PrepTime: 'P1DT30S' })).toBe(86_400_000 + 30_000);
  });

  it('reports a duration it cannot read as a message, not a throw', () => {
    expect(durationMillis('20 minutes')).toEqual(E.left('expected an ISO-8601 duration such as PT20M, got "20 minutes"'));
  });
});

describe('open state', () => {
  it('counts a 07:00-21:00 cafe as closed at 20:50 local, in its last 15 minutes', () => {
    expect(isOpenAt(cafe, at('2026-11-21T01:50:00Z'))).toBe(false); // Friday 20:50 in New York
  });

  it('counts the cafe as open until 15 minutes before closing and from the minute it opens', () => {
    expect(isOpenAt(cafe, at('2026-11-21T01:44:59Z'))).toBe(true); // 20:44:59
    expect(isOpenAt(cafe, at('2026-11-21T01:45:00Z'))).toBe(false); // 20:45:00
    expect(isOpenAt(cafe, at('2026-11-21T12:00:00Z'))).toBe(true); // 07:00 Saturday
    expect(isOpenAt(cafe, at('2026-11-21T11:59:59Z'))).toBe(false); // 06:59:59
  });

  it("keeps a bar open Friday 17:00-02:00 at Saturday 01:00, on Friday's hours", () => {
    expect(isOpenAt(bar, at('2026-11-21T06:00:00Z'))).toBe(true); // Saturday 01:00 in New York
    expect(isOpenAt(bar, at('2026-11-21T06:50:00Z'))).toBe(false); // Saturday 01:50, last 15 minutes
    expect(isOpenAt(bar, at('2026-11-21T21:00:00Z'))).toBe(false); // Saturday 16:00, no Saturday hours
  });

  it('judges open state on the location clock, not the UTC date', () => {
    // 2026-11-21T03:00Z is Friday 22:00 in New York but Saturday 12:00 in Tokyo.
    const tokyoCafe = { ...cafe, Timezone: 'Asia/Tokyo' };
    expect(isOpenAt(cafe, at('2026-11-21T03:00:00Z'))).toBe(false);
    expect(isOpenAt(tokyoCafe, at('2026-11-21T03:00:00Z'))).toBe(true);
  });

  it('never closes a location open 24 hours every day, not even just before midnight', () => {
    const allDay = { Timezone: 'Europe/London', Hours: everyDay('00:00:00', '00:00:00') };
    expect(isOpenAt(allDay, at('2026-11-21T23:55:00Z'))).toBe(true);
  });

  it('treats back-to-back lunch and dinner hours as one stretch, not two closings', () => {
    const split = {
      Timezone: 'America/New_York',
      Hours: [
        { DayOfWeek: 'SAT', Opens: '11:00:00', Closes: '14:30:00' },
        { DayOfWeek: 'SAT', Opens: '14:30:00', Closes: '22:00:00' },
      ] as Hours[],
    };
    expect(isOpenAt(split, at('2026-11-21T19:20:00Z'))).toBe(true); // 14:20
  });

  it('closes 15 real minutes before a closing time that the spring-forward change moved', () => {
    // New York, Sunday 2026-03-08: 02:00 EST jumps to 03:00 EDT; hours 01:00-03:30.
    const early = { Timezone: 'America/New_York', Hours: [{ DayOfWeek: 'SUN', Opens: '01:00:00', Closes: '03:30:00' }] as Hours[] };
    expect(isOpenAt(early, at('2026-03-08T06:59:59Z'))).toBe(true); // 01:59:59 EST
    expect(isOpenAt(early, at('2026-03-08T07:10:00Z'))).toBe(true); // 03:10 EDT
    expect(isOpenAt(early, at('2026-03-08T07:15:00Z'))).toBe(false); // 03:15 EDT
  });
});

describe('hours display', () => {
  it('lists Monday first, 12-hour AM/PM, "Closed" for a day without hours', () => {
    const hours = weeklyHours({ Hours: [{ DayOfWeek: 'SUN', Opens: '08:00:00', Closes: '17:00:00' }, ...everyDay('07:00:00', '21:00:00').slice(0, 5)] });
    expect(hours).toEqual([
      { day: 'MON', dayName: 'Monday', label: '7:00 AM - 9:00 PM' },
      { day: 'TUE', dayName: 'Tuesday', label: '7:00 AM - 9:00 PM' },
      { day: 'WED', dayName: 'Wednesday', label: '7:00 AM - 9:00 PM' },
      { day: 'THU', dayName: 'Thursday', label: '7:00 AM - 9:00 PM' },
      { day: 'FRI', dayName: 'Friday', label: '7:00 AM - 9:00 PM' },
      { day: 'SAT', dayName: 'Saturday', label: 'Closed' },
      { day: 'SUN', dayName: 'Sunday', label: '8:00 AM - 5:00 PM' },
    ]);
  });

  it('joins several entries of a day in opening order', () => {
    const hours = weeklyHours({
      Hours: [
        { DayOfWeek: 'TUE', Opens: '17:00:00', Closes: '22:00:00' },
        { DayOfWeek: 'TUE', Opens: '11:00:00', Closes: '14:30:00' },
      ],
    });
    expect(hours[1]?.label).toBe('11:00 AM - 2:30 PM, 5:00 PM - 10:00 PM');
  });

  it('shows hours past midnight on the day they open, noon and midnight as 12 PM and 12 AM', () => {
    const hours = weeklyHours({
      Hours: [
        { DayOfWeek: 'FRI', Opens: '17:00:00', Closes: '02:00:00' },
        { DayOfWeek: 'SAT', Opens: '12:00:00', Closes: '00:00:00' },
        { DayOfWeek: 'SUN', Opens: '06:00:00', Closes: '06:00:00' },
      ],
    });
    expect(hours.slice(4).map((h) => h.label)).toEqual(['5:00 PM - 2:00 AM', '12:00 PM - 12:00 AM', 'Open 24 hours']);
  });

  it("shows today's hours for the location's today, not the UTC or shopper's day", () => {
    const week = {
      Hours: [
        { DayOfWeek: 'FRI', Opens: '07:00:00', Closes: '21:00:00' },
        { DayOfWeek: 'SAT', Opens: '09:00:00', Closes: '13:00:00' },
      ] as Hours[],
    };
    // 2026-11-21T03:00Z: Friday 22:00 in New York, Saturday 12:00 in Tokyo.
    expect(todaysHours({ ...week, Timezone: 'America/New_York' }, at('2026-11-21T03:00:00Z'))).toBe('7:00 AM - 9:00 PM');
    expect(todaysHours({ ...week, Timezone: 'Asia/Tokyo' }, at('2026-11-21T03:00:00Z'))).toBe('9:00 AM - 1:00 PM');
    expect(todaysHours({ ...week, Timezone: 'Asia/Tokyo' }, at('2026-11-21T16:00:00Z'))).toBe('Closed');
  });
});
