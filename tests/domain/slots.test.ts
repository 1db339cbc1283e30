import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DayOfWeek, Hours } from '../../src/domain/catalog/codecs';
import { type ScheduledLocation, pickupSchedule } from '../../src/domain/time/pickupSlots';
import { isPickupChoiceValid, resolvePickupChoice, slotOf } from '../../src/domain/time/pickupChoice';

const days = (list: readonly DayOfWeek[], Opens: string, Closes: string): Hours[] => list.map((DayOfWeek) => ({ DayOfWeek, Opens, Closes }));
const WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const at = (iso: string) => Date.parse(iso);
const labels = (location: ScheduledLocation, now: number, date: string) =>
  pickupSchedule(location, now)
    .days.find((d) => d.date === date)
    ?.slots.map((s) => s.label);

const cafe: ScheduledLocation = { Timezone: 'America/New_York', PrepTime: 'PT20M', Hours: days(WEEK, '07:00:00', '21:00:00') };
const bar: ScheduledLocation = { Timezone: 'America/New_York', PrepTime: 'PT0S', Hours: days(['FRI'], '17:00:00', '02:00:00') };
const saturdayNoon = at('2026-11-21T17:03:00Z'); // Saturday 12:03 PM in New York

describe('pickup schedule', () => {
  it('offers ASAP at now plus PrepTime, labelled on the location clock', () => {
    const schedule = pickupSchedule(cafe, saturdayNoon);
    expect(schedule.open).toBe(true);
    expect(schedule.asap).toEqual({ at: '2026-11-21T17:23:00Z', label: '12:23 PM' });
  });

  it('offers a week of 15-minute slots from now plus PrepTime to 15 minutes before closing', () => {
    const schedule = pickupSchedule(cafe, saturdayNoon);
    expect(schedule.today).toBe('2026-11-21');
    expect(schedule.days.map((d) => [d.date, d.label, d.slots.length])).toEqual([
      ['2026-11-21', 'Today', 34],
      ['2026-11-22', 'Tomorrow', 56],
      ['2026-11-23', 'Mon, Nov 23', 56],
      ['2026-11-24', 'Tue, Nov 24', 56],
      ['2026-11-25', 'Wed, Nov 25', 56],
      ['2026-11-26', 'Thu, Nov 26', 56],
      ['2026-11-27', 'Fri, Nov 27', 56],
    ]);
    const today = schedule.days[0]!.slots;
    expect(today[0]).toEqual({ at: '2026-11-21T17:30:00Z', label: '12:30 PM' });
    expect(today[today.length - 1]).toEqual({ at: '2026-11-22T01:45:00Z', label: '8:45 PM' });
    expect(schedule.days[1]!.slots[0]).toEqual({ at: '2026-11-22T12:00:00Z', label: '7:00 AM' });
  });

  it('offers a slot exactly at now plus PrepTime when it falls on the grid', () => {
    const schedule = pickupSchedule(cafe, at('2026-11-21T17:10:00Z'));
    expect(schedule.days[0]!.slots[0]).toEqual({ at: '2026-11-21T17:30:00Z', label: '12:30 PM' });
  });

  it('keeps scheduled slots but offers no ASAP while the location is closed', () => {
    const schedule = pickupSchedule(cafe, at('2026-11-22T03:00:00Z')); // Saturday 10:00 PM
    expect(schedule.open).toBe(false);
    expect(schedule.asap).toBeNull();
    expect(schedule.days[0]).toMatchObject({ date: '2026-11-22', label: 'Tomorrow' });
    expect(schedule.days[0]!.slots[0]).toEqual({ at: '2026-11-22T12:00:00Z', label: '7:00 AM' });
    expect(schedule.days).toHaveLength(6);
  });

  it('offers only ASAP when scheduled orders are hidden, and no ASAP when ASAP orders are hidden', () => {
    const asapOnly = pickupSchedule({ ...cafe, ShowScheduledOrders: false }, saturdayNoon);
    expect(asapOnly.asap).not.toBeNull();
    expect(asapOnly.days).toEqual([]);
    const scheduledOnly = pickupSchedule({ ...cafe, ShowAsSoonAsPossibleOrders: false }, saturdayNoon);
    expect(scheduledOnly.open).toBe(true);
    expect(scheduledOnly.asap).toBeNull();
    expect(scheduledOnly.days).toHaveLength(7);
  });

  it('leaves out the dates the location is closed', () => {
    const weekdays = { ...cafe, Hours: days(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'], '07:00:00', '21:00:00') };
    expect(pickupSchedule(weekdays, saturdayNoon).days.map((d) => d.date)).toEqual([
      '2026-11-21',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
  });

  it('files slots past midnight under the date they fall on', () => {
    const schedule = pickupSchedule(bar, at('2026-11-20T17:00:00Z')); // Friday noon
    expect(schedule.days.map((d) => [d.date, d.label, d.slots.length])).toEqual([
      ['2026-11-20', 'Today', 28],
      ['2026-11-21', 'Tomorrow', 8],
    ]);
    expect(schedule.days[1]!.slots.map((s) => s.label)).toEqual(['12:00 AM', '12:15 AM', '12:30 AM', '12:45 AM', '1:00 AM', '1:15 AM', '1:30 AM', '1:45 AM']);
  });

  it("offers yesterday's hours that run past midnight, and drops slots after the seventh date", () => {
    const schedule = pickupSchedule(bar, at('2026-11-21T05:30:00Z')); // Saturday 12:30 AM
    expect(schedule.open).toBe(true);
    expect(schedule.asap).toEqual({ at: '2026-11-21T05:30:00Z', label: '12:30 AM' });
    expect(schedule.days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-11-21', 6],
      ['2026-11-27', 28],
    ]);
    expect(schedule.days[1]!.slots.at(-1)?.label).toBe('11:45 PM');
  });

  it('offers each instant once when hours entries overlap', () => {
    const overlapping = { ...cafe, PrepTime: 'PT0S', Hours: [...days(['MON'], '09:00:00', '12:00:00'), ...days(['MON'], '11:00:00', '14:00:00')] };
    const monday = labels(overlapping, at('2026-11-22T17:00:00Z'), '2026-11-23');
    expect(monday).toHaveLength(20);
    expect(new Set(monday).size).toBe(20);
  });

  it('skips the wall-clock hour that springs forward (New York, 2026-03-08)', () => {
    const early = { ...bar, Hours: days(['SUN'], '00:00:00', '05:00:00') };
    const sunday = pickupSchedule(early, at('2026-03-07T17:00:00Z')).days.find((d) => d.date === '2026-03-08')!;
    expect(sunday.slots.map((s) => s.label)).toEqual([
      '12:00 AM',
      '12:15 AM',
      '12:30 AM',
      '12:45 AM',
      '1:00 AM',
      '1:15 AM',
      '1:30 AM',
      '1:45 AM',
      '3:00 AM',
      '3:15 AM',
      '3:30 AM',
      '3:45 AM',
      '4:00 AM',
      '4:15 AM',
      '4:30 AM',
      '4:45 AM',
    ]);
    expect(sunday.slots[7]).toEqual({ at: '2026-03-08T06:45:00Z', label: '1:45 AM' });
    expect(sunday.slots[8]).toEqual({ at: '2026-03-08T07:00:00Z', label: '3:00 AM' });
  });

  it('offers the repeated hour once, at its earlier instant, when clocks fall back (New York, 2026-11-01)', () => {
    const early = { ...bar, Hours: days(['SUN'], '00:00:00', '04:00:00') };
    const sunday = pickupSchedule(early, at('2026-10-31T16:00:00Z')).days.find((d) => d.date === '2026-11-01')!;
    expect(sunday.slots.map((s) => s.label)).toEqual([
      '12:00 AM',
      '12:15 AM',
      '12:30 AM',
      '12:45 AM',
      '1:00 AM',
      '1:15 AM',
      '1:30 AM',
      '1:45 AM',
      '2:00 AM',
      '2:15 AM',
      '2:30 AM',
      '2:45 AM',
      '3:00 AM',
      '3:15 AM',
      '3:30 AM',
      '3:45 AM',
    ]);
    expect(sunday.slots[4]).toEqual({ at: '2026-11-01T05:00:00Z', label: '1:00 AM' });
    expect(sunday.slots[7]).toEqual({ at: '2026-11-01T05:45:00Z', label: '1:45 AM' });
    expect(sunday.slots[8]).toEqual({ at: '2026-11-01T07:00:00Z', label: '2:00 AM' });
  });

  it('handles the southern spring-forward (Sydney, 2026-10-04) and the London fall-back (2026-10-25)', () => {
    const sydney = { ...bar, Timezone: 'Australia/Sydney', Hours: days(['SUN'], '01:00:00', '04:00:00') };
    const sydneySunday = pickupSchedule(sydney, at('2026-10-03T02:00:00Z')).days.find((d) => d.date === '2026-10-04')!;
    expect(sydneySunday.slots.map((s) => s.at.slice(11, 16) + ' ' + s.label)).toEqual([
      '15:00 1:00 AM',
      '15:15 1:15 AM',
      '15:30 1:30 AM',
      '15:45 1:45 AM',
      '16:00 3:00 AM',
      '16:15 3:15 AM',
      '16:30 3:30 AM',
      '16:45 3:45 AM',
    ]);
    const london = { ...bar, Timezone: 'Europe/London', Hours: days(['SUN'], '00:30:00', '02:30:00') };
    const londonSunday = pickupSchedule(london, at('2026-10-24T11:00:00Z')).days.find((d) => d.date === '2026-10-25')!;
    expect(londonSunday.slots.map((s) => s.at.slice(11, 16) + ' ' + s.label)).toEqual([
      '23:30 12:30 AM',
      '23:45 12:45 AM',
      '00:00 1:00 AM',
      '00:15 1:15 AM',
      '00:30 1:30 AM',
      '00:45 1:45 AM',
      '02:00 2:00 AM',
      '02:15 2:15 AM',
    ]);
  });
});

describe('pickup choice', () => {
  const schedule = pickupSchedule(cafe, saturdayNoon);
  const closed = pickupSchedule(cafe, at('2026-11-22T03:00:00Z'));

  it('keeps a wanted slot that is still offered, and asks to confirm a date other than today', () => {
    const wanted = { date: '2026-11-22', time: '2026-11-22T15:00:00Z' };
    expect(resolvePickupChoice(schedule, wanted)).toEqual({ choice: wanted, mustConfirmDate: true, adjusted: false });
  });

  it('keeps ASAP for today while ASAP is offered', () => {
    const wanted = { date: '2026-11-21', time: 'ASAP' };
    expect(resolvePickupChoice(schedule, wanted)).toEqual({ choice: wanted, mustConfirmDate: false, adjusted: false });
  });

  it('moves a slot that has slipped before now plus PrepTime to ASAP', () => {
    const wanted = { date: '2026-11-21', time: '2026-11-21T17:15:00Z' };
    expect(resolvePickupChoice(schedule, wanted)).toEqual({ choice: { date: '2026-11-21', time: 'ASAP' }, mustConfirmDate: false, adjusted: true });
  });

  it('moves ASAP to the first slot when the location has closed, marking the date to confirm', () => {
    const wanted = { date: '2026-11-21', time: 'ASAP' };
    expect(resolvePickupChoice(closed, wanted)).toEqual({
      choice: { date: '2026-11-22', time: '2026-11-22T12:00:00Z' },
      mustConfirmDate: true,
      adjusted: true,
    });
  });

  it('stays on the wanted date, at its first slot, when its time is gone and ASAP is not offered', () => {
    const wanted = { date: '2026-11-24', time: '2026-11-24T03:00:00Z' }; // 10 PM, after closing
    expect(resolvePickupChoice(closed, wanted)).toEqual({
      choice: { date: '2026-11-24', time: '2026-11-24T12:00:00Z' },
      mustConfirmDate: true,
      adjusted: true,
    });
  });

  it('picks ASAP when nothing was chosen yet', () => {
    expect(resolvePickupChoice(schedule, null)).toEqual({ choice: { date: '2026-11-21', time: 'ASAP' }, mustConfirmDate: false, adjusted: true });
  });

  it('chooses nothing when the schedule offers nothing', () => {
    const nothing = pickupSchedule({ ...cafe, Hours: [] }, saturdayNoon);
    expect(resolvePickupChoice(nothing, { date: '2026-11-21', time: 'ASAP' })).toEqual({ choice: null, mustConfirmDate: false, adjusted: true });
    expect(resolvePickupChoice(nothing, null)).toEqual({ choice: null, mustConfirmDate: false, adjusted: false });
  });

  it('matches a slot instant however its ISO string is written, but only under its own date', () => {
    expect(isPickupChoiceValid(schedule, { date: '2026-11-22', time: '2026-11-22T15:00:00.000Z' })).toBe(true);
    expect(isPickupChoiceValid(schedule, { date: '2026-11-23', time: '2026-11-22T15:00:00Z' })).toBe(false);
    expect(isPickupChoiceValid(schedule, { date: '2026-11-22', time: 'ASAP' })).toBe(false);
    expect(isPickupChoiceValid(schedule, { date: '2026-11-22', time: 'soon' })).toBe(false);
    // The slot found is the schedule's own, written its way.
    expect(slotOf(schedule, { date: '2026-11-22', time: '2026-11-22T10:00:00-05:00' })?.at).toBe('2026-11-22T15:00:00Z');
    expect(slotOf(schedule, { date: '2026-11-22', time: 'ASAP' })).toBeUndefined();
  });
});

describe('independence from the machine', () => {
  const script = `Promise.all([import('./src/domain/time/pickupSlots.ts'), import('./src/domain/time/hoursDisplay.ts'), import('./src/domain/time/openState.ts'), import('./src/domain/time/todaysHours.ts')])
    .then(([slots, display, open, today]) => {
      const { cases } = JSON.parse(process.env.SLOT_CASES);
      const out = cases.map(([location, now]) => [slots.pickupSchedule(location, now), display.weeklyHours(location), today.todaysHours(location, now), open.isOpenAt(location, now)]);
      process.stdout.write(JSON.stringify(out));
    })`;
  const cases = [
    [cafe, saturdayNoon],
    [cafe, at('2026-11-22T04:59:00Z')],
    [bar, at('2026-11-21T05:30:00Z')],
    [{ ...bar, Hours: days(['SUN'], '00:00:00', '04:00:00') }, at('2026-10-31T16:00:00Z')],
    [{ ...cafe, Timezone: 'Australia/Sydney' }, at('2026-10-03T13:50:00Z')],
  ] as const;
  const runUnder = (TZ: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: process.cwd(),
      env: { ...process.env, TZ, LANG: TZ === 'Asia/Tokyo' ? 'ja_JP.UTF-8' : 'en_US.UTF-8', SLOT_CASES: JSON.stringify({ cases }) },
      encoding: 'utf8',
    });

  it('gives byte-identical hours, open state and slots under TZ=Asia/Tokyo and TZ=America/Chicago', () => {
    const tokyo = runUnder('Asia/Tokyo');
    const chicago = runUnder('America/Chicago');
    expect(tokyo.length).toBeGreaterThan(1000);
    expect(tokyo).toBe(chicago);
    expect(JSON.parse(tokyo)[0][0].asap).toEqual({ at: '2026-11-21T17:23:00Z', label: '12:23 PM' });
  });

  it('reads no clock and no randomness in the time rules', () => {
    const dir = join(process.cwd(), 'src/domain/time');
    for (const file of readdirSync(dir)) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/Date\.now|new Date\(\)|Temporal\.Now|Math\.random|performance\.now/);
    }
  });
});
