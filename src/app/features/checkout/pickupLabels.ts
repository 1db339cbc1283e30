// How a pickup choice reads to the shopper, from the schedule the pickers offer (labels are in the location's zone).
import { formatInstantShort } from '../../../domain/time/formatInstant';
import type { PickupChoice } from '../../../domain/time/pickupChoice';
import type { PickupSchedule, PickupSlot } from '../../../domain/time/pickupSlots';

const sameInstant = (a: string, b: string) => a === b || Date.parse(a) === Date.parse(b);

/** The offered slot a choice's instant stands for, however its ISO string is written. */
export function slotOf(schedule: PickupSchedule, choice: PickupChoice): PickupSlot | undefined {
  return schedule.days.find((d) => d.date === choice.date)?.slots.find((slot) => sameInstant(slot.at, choice.time));
}

/** "Today, as soon as possible" / "Tomorrow at 12:00 PM" / "Thu, Dec 3 at 9:15 AM". */
export function describePickupChoice(schedule: PickupSchedule | null, choice: PickupChoice, zone: string): string {
  const day = schedule?.days.find((d) => d.date === choice.date);
  const dayLabel = day?.label ?? (schedule && choice.date === schedule.today ? 'Today' : choice.date);
  if (choice.time === 'ASAP') return `${dayLabel}, as soon as possible`;
  const slot = schedule ? slotOf(schedule, choice) : undefined;
  return slot ? `${dayLabel} at ${slot.label}` : formatInstantShort(choice.time, zone);
}

/** The zone's short name at a moment ("CST"), so a shopper in another zone reads the times right. */
export function zoneAbbreviation(zone: string, at: number): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}
