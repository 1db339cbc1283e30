// How pickup choices read to the shopper (labels in the location's zone): a choice in words, the clock's move of it,
// and the date and time options of checkout's pickers (ordering.md sections 2, 4 and 9).
import { formatInstantShort } from './formatInstant';
import { slotOf, type PickupChoice } from './pickupChoice';
import type { PickupSchedule } from './pickupSlots';

const ASAP = 'ASAP';

/** "Today, as soon as possible" / "Tomorrow at 12:00 PM" / "Thu, Dec 3 at 9:15 AM". */
export function describePickupChoice(schedule: PickupSchedule | null, choice: PickupChoice, zone: string): string {
  const day = schedule?.days.find((d) => d.date === choice.date);
  const dayLabel = day?.label ?? (schedule && choice.date === schedule.today ? 'Today' : choice.date);
  if (choice.time === 'ASAP') return `${dayLabel}, as soon as possible`;
  const slot = schedule ? slotOf(schedule, choice) : undefined;
  return slot ? `${dayLabel} at ${slot.label}` : formatInstantShort(choice.time, zone);
}

/** The spec gives no wording for the clock's move; this one says what happened and where the time went. */
function pickupMovedMessage(to: string | null): string {
  return to === null
    ? 'The pickup time you chose is no longer available. Please choose another.'
    : `The pickup time you chose is no longer available, so we moved it to ${to}.`;
}

/** The notice for a recorded move of the pickup time, with the schedule's day labels when they are at hand. */
export function pickupMoveNotice(to: PickupChoice | null, schedule: PickupSchedule | null, zone: string): string {
  return pickupMovedMessage(to === null ? null : describePickupChoice(schedule, to, zone));
}

export interface PickerOption {
  readonly value: string;
  readonly label: string;
}

/** What the date and time pickers show for the current choice: their options and selected values ('' for none). */
export interface PickupPickers {
  readonly dates: readonly PickerOption[];
  readonly times: readonly PickerOption[];
  readonly date: string;
  readonly time: string;
}

/** The dates the picker offers: today while ASAP is left of it, then the days with slots. */
function dateOptions(schedule: PickupSchedule): PickerOption[] {
  const days: PickerOption[] = schedule.days.map((d) => ({ value: d.date, label: d.label }));
  if (schedule.asap !== null && !days.some((d) => d.value === schedule.today)) days.unshift({ value: schedule.today, label: 'Today' });
  return days;
}

export function pickupPickers(schedule: PickupSchedule, choice: PickupChoice | null): PickupPickers {
  const day = choice ? schedule.days.find((d) => d.date === choice.date) : undefined;
  const asap = schedule.asap !== null && choice?.date === schedule.today ? [{ value: ASAP, label: `ASAP (ready around ${schedule.asap.label})` }] : [];
  const times = [...asap, ...(day?.slots ?? []).map((slot) => ({ value: slot.at, label: slot.label }))];
  const time = choice === null ? '' : choice.time === ASAP ? ASAP : (slotOf(schedule, choice)?.at ?? '');
  return { dates: dateOptions(schedule), times, date: choice?.date ?? '', time };
}

/** The first time of a date: ASAP on today while it is offered, else the date's first slot. */
export function firstChoiceOn(schedule: PickupSchedule, date: string): PickupChoice | null {
  if (schedule.asap !== null && date === schedule.today) return { date, time: ASAP };
  const slot = schedule.days.find((d) => d.date === date)?.slots[0];
  return slot ? { date, time: slot.at } : null;
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using it, and the block re-renders.
const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at a moment ("CST"), so a shopper in another zone reads the times right. */
export function zoneAbbreviation(zone: string, at: number): string {
  let format = zoneNames.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    zoneNames.set(zone, format);
  }
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}
