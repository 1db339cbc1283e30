// The bag's pickup date and time (ordering.md section 4, "Location selection"; "A timer tick refreshes dates, times
// and open state"): keep the shopper's choice while the schedule still offers it, otherwise pick the first valid
// one, and say whether the shopper must confirm the date. The bag reducer and the checkout page share these.
import type { PickupSchedule, PickupSlot } from './pickupSlots';
import { isoInstantOf } from './wallClock';

/** A pickup choice: a local date 'YYYY-MM-DD' and either 'ASAP' or a slot's ISO instant. */
export interface PickupChoice {
  readonly date: string;
  readonly time: 'ASAP' | string;
}

/** The choice to keep, and what the bag must tell the shopper about it. */
export interface ResolvedPickupChoice {
  /** null only when the schedule offers nothing at all. */
  readonly choice: PickupChoice | null;
  /** The chosen date is not today in the location's zone. */
  readonly mustConfirmDate: boolean;
  /** The choice differs from the one wanted (a null wanted choice counts as different from any choice). */
  readonly adjusted: boolean;
}

/** The offered slot a choice's instant stands for, however its ISO string is written (none for ASAP). */
export function slotOf(schedule: PickupSchedule, choice: PickupChoice): PickupSlot | undefined {
  if (choice.time === 'ASAP') return undefined;
  const day = schedule.days.find((d) => d.date === choice.date);
  if (day === undefined) return undefined;
  // Slots are written by isoInstantOf; writing the wanted instant the same way makes the match a string compare.
  const wanted = Date.parse(choice.time);
  if (!Number.isFinite(wanted)) return undefined;
  const at = isoInstantOf(wanted);
  return day.slots.find((slot) => slot.at === at);
}

/** Whether the schedule still offers this choice; an instant matches a slot however its ISO string is written. */
export function isPickupChoiceValid(schedule: PickupSchedule, choice: PickupChoice): boolean {
  if (choice.time === 'ASAP') return schedule.asap !== null && choice.date === schedule.today;
  return slotOf(schedule, choice) !== undefined;
}

function firstValidChoice(schedule: PickupSchedule, wantedDate: string | undefined): PickupChoice | null {
  if (schedule.asap !== null) return { date: schedule.today, time: 'ASAP' };
  const wantedDay = schedule.days.find((d) => d.date === wantedDate && d.slots.length > 0);
  const day = wantedDay ?? schedule.days.find((d) => d.slots.length > 0);
  const slot = day?.slots[0];
  return day !== undefined && slot !== undefined ? { date: day.date, time: slot.at } : null;
}

/** Keep the wanted choice if still valid; otherwise ASAP when offered, else the wanted date's first slot, else the first slot. */
export function resolvePickupChoice(schedule: PickupSchedule, wanted: PickupChoice | null): ResolvedPickupChoice {
  if (wanted !== null && isPickupChoiceValid(schedule, wanted)) {
    return { choice: wanted, mustConfirmDate: wanted.date !== schedule.today, adjusted: false };
  }
  const choice = firstValidChoice(schedule, wanted?.date);
  const adjusted = choice === null ? wanted !== null : wanted === null || choice.date !== wanted.date || choice.time !== wanted.time;
  return { choice, mustConfirmDate: choice !== null && choice.date !== schedule.today, adjusted };
}
