// A delivery's time as the shopper reads it at checkout: the quote's time for ASAP, and its window (BufferMinimum
// early to BufferMaximum late) once, in plain words, in the location's zone.
import { formatClockTime } from '../time/formatInstant';

export interface DeliveryTimes {
  /** The quoted delivery time, ISO-8601 UTC. */
  readonly deliverAt: string;
  /** Minutes the delivery may come early and late. */
  readonly bufferMinimum: number;
  readonly bufferMaximum: number;
}

const shifted = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** The ASAP option of a delivery: 'ASAP (arrives around 12:17 PM)' with a quote for it, else 'ASAP'. */
export function deliveryAsapLabel(quoted: Pick<DeliveryTimes, 'deliverAt'> | null, zone: string): string {
  return quoted === null ? 'ASAP' : `ASAP (arrives around ${formatClockTime(quoted.deliverAt, zone)})`;
}

/**
 * 'Arrives between 12:12 PM and 12:32 PM', or with the day when it is not today ('Arrives Tomorrow, between 11:55 AM
 * and 12:15 PM'); dayLabel is the pickers' label of the chosen day, null for today.
 */
export function deliveryWindowWords(times: DeliveryTimes, zone: string, dayLabel: string | null): string {
  const early = formatClockTime(shifted(times.deliverAt, -times.bufferMinimum), zone);
  const late = formatClockTime(shifted(times.deliverAt, times.bufferMaximum), zone);
  return dayLabel === null ? `Arrives between ${early} and ${late}` : `Arrives ${dayLabel}, between ${early} and ${late}`;
}
