// How a pickup choice reads to the shopper, from the schedule the pickers offer (labels are in the location's zone).
import { formatInstantShort } from '../../../domain/time/formatInstant';
import { slotOf, type PickupChoice } from '../../../domain/time/pickupChoice';
import type { PickupSchedule } from '../../../domain/time/pickupSlots';

/** "Today, as soon as possible" / "Tomorrow at 12:00 PM" / "Thu, Dec 3 at 9:15 AM". */
export function describePickupChoice(schedule: PickupSchedule | null, choice: PickupChoice, zone: string): string {
  const day = schedule?.days.find((d) => d.date === choice.date);
  const dayLabel = day?.label ?? (schedule && choice.date === schedule.today ? 'Today' : choice.date);
  if (choice.time === 'ASAP') return `${dayLabel}, as soon as possible`;
  const slot = schedule ? slotOf(schedule, choice) : undefined;
  return slot ? `${dayLabel} at ${slot.label}` : formatInstantShort(choice.time, zone);
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
