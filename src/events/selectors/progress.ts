// The order's progress as the shopper reads it (README, "The order's progress"): the steps of its path, the
// estimate in the location's zone, what to do next, which orders are still worth following, and what to tell a
// shopper who is elsewhere. The spec says nothing after placement, so every sentence here is ours.
import type { FulfillmentType } from '../../domain/orders/codecs';
import { orderNumber } from '../../domain/orders/orderNumber';
import { isFinalStage, stagePath, type CancelReason, type OrderStage } from '../../domain/orders/progress';
import { formatClockTime, formatInstantShort } from '../../domain/time/formatInstant';
import type { OrderProgress, OrderRecord, State } from '../state';

export const STAGE_LABELS: Readonly<Record<OrderStage, string>> = {
  Received: 'Received',
  Preparing: 'Preparing',
  Ready: 'Ready',
  HandedOver: 'Handed over',
  OutForDelivery: 'Out for delivery',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

export const CANCEL_REASONS: Readonly<Record<CancelReason, string>> = {
  SoldOut: 'Something in your order sold out.',
  StoreClosed: 'The store had to close.',
  TooBusy: 'The store is too busy to make it in time.',
  Other: 'The store could not make your order.',
};

/** A followed order stops being followed this long after it was placed, whatever its stage. */
export const FOLLOW_FOR_MS = 24 * 60 * 60_000;

/** Later than the business first said. */
export function isLate(progress: OrderProgress): boolean {
  if (progress.estimate === null || progress.promised === null) return false;
  return Date.parse(progress.estimate) > Date.parse(progress.promised);
}

export interface ProgressStep {
  readonly stage: OrderStage;
  readonly label: string;
  readonly status: 'done' | 'current' | 'next';
}

// Each of these reads progress the log holds: an order nothing was heard of yet is a state of its own (no stage is
// shown for it, see OrderProgress.tsx), not 'Received'.

/** The steps the indicator shows: the type's path, or, once cancelled, the stages reached and then Cancelled. */
export function progressSteps(progress: OrderProgress, type: FulfillmentType | null | undefined): ProgressStep[] {
  const { stage } = progress;
  const path =
    stage === 'Cancelled' ? [...stagePath(type).filter((s) => progress.steps.some((step) => step.stage === s)), 'Cancelled' as const] : stagePath(type);
  const at = path.indexOf(stage);
  return path.map((s, i) => ({ stage: s, label: STAGE_LABELS[s], status: i < at ? 'done' : i === at ? 'current' : 'next' }));
}

/** The instant in the zone: the time of day, or the date too when it is another day than `day`'s. */
function when(iso: string, zone: string, day: string): string {
  const sameDay = formatInstantShort(iso, zone).split(',')[0] === formatInstantShort(day, zone).split(',')[0];
  return sameDay ? formatClockTime(iso, zone) : formatInstantShort(iso, zone);
}

/** 'Ready about 12:40 PM', 'Arriving about 1:05 PM', 'Delivered at 1:02 PM'; null when there is nothing to say. */
export function estimateText(progress: OrderProgress, record: OrderRecord, zone: string): string | null {
  const delivery = record.order?.FulfillmentType === 'DELIVERY';
  const { stage } = progress;
  const reachedAt = progress.at;
  if (stage === 'Cancelled') return null;
  if (stage === 'Delivered') return `Delivered at ${when(reachedAt, zone, reachedAt)}`;
  if (stage === 'HandedOver') return `Handed over at ${when(reachedAt, zone, reachedAt)}`;
  if (stage === 'Ready') return `Ready since ${when(reachedAt, zone, reachedAt)}`;
  const estimate = progress.estimate ?? record.order?.PickupAtUtc ?? null;
  if (estimate === null) return null;
  return `${delivery ? 'Arriving' : 'Ready'} about ${when(estimate, zone, reachedAt)}`;
}

/**
 * Offline, what the order's page shows is the log's: 'Last known at 12:31 PM – you’re offline.', the time this browser
 * last heard of the order (with the date when another day than the order's).
 */
export function lastKnownText(progress: OrderProgress, record: OrderRecord, zone: string): string {
  return `Last known at ${when(progress.heardAt, zone, record.placedAt)} – you’re offline.`;
}

/** What the shopper does now, in a sentence. */
export function nextStepText(progress: OrderProgress, record: OrderRecord): string {
  const type = record.order?.FulfillmentType ?? 'PICKUP';
  const number = orderNumber(record.orderId);
  switch (progress.stage) {
    case 'Cancelled':
      return `${CANCEL_REASONS[progress.reason ?? 'Other']} Your order was cancelled. Please call the store with any questions.`;
    case 'Ready':
      // Curbside's instruction is the 'I'm here' prompt's own, said once beside its button (curbside.ts).
      if (type === 'CURBSIDE') return 'Your order is ready.';
      if (type === 'DINEIN') return `Your order is ready. Give order #${number} at the counter.`;
      return `Your order is ready. Come to the counter and give order #${number}.`;
    case 'HandedOver':
      return 'Your order was brought out to you. Enjoy!';
    case 'OutForDelivery':
      return 'Your order is on its way.';
    case 'Delivered':
      return 'Your order was delivered. Enjoy!';
    default:
      return type === 'DELIVERY'
        ? 'The store is making your order; we will tell you when it leaves.'
        : 'The store is making your order; we will tell you when it is ready.';
  }
}

/** The orders to follow now: placed in the last day and not at their last stage, newest first. */
export function ordersToFollow(state: State, now: number): OrderRecord[] {
  return state.orders.history.filter((record) => {
    const progress = state.orders.progress[record.orderId];
    if (progress && isFinalStage(progress.stage, record.order?.FulfillmentType)) return false;
    const placed = Date.parse(record.placedAt);
    return !Number.isNaN(placed) && now - placed < FOLLOW_FOR_MS;
  });
}

export interface ProgressNotice {
  readonly title: string;
  readonly body: string;
  /** Bad news is a warning; good news a success. */
  readonly tone: 'success' | 'warning';
}

/**
 * What a shopper elsewhere is told when an order's progress changes from `before` to `after`: ready, out for
 * delivery, late, or cancelled. Nothing for the other changes.
 */
export function progressNotice(before: OrderProgress | null, after: OrderProgress, record: OrderRecord, zone: string, place: string): ProgressNotice | null {
  const number = orderNumber(record.orderId);
  const type = record.order?.FulfillmentType ?? 'PICKUP';
  if (before?.stage !== after.stage) {
    switch (after.stage) {
      case 'Ready':
        return {
          title: 'Your order is ready',
          body: type === 'CURBSIDE' ? `Order #${number} is ready at ${place}. Tell us when you are here.` : `Order #${number} is ready at ${place}.`,
          tone: 'success',
        };
      case 'OutForDelivery':
        return {
          title: 'Your order is on its way',
          body: after.estimate ? `Order #${number} arrives about ${formatClockTime(after.estimate, zone)}.` : `Order #${number} left ${place}.`,
          tone: 'success',
        };
      case 'Cancelled':
        return {
          title: 'Your order was cancelled',
          body: `${CANCEL_REASONS[after.reason ?? 'Other']} Please call ${place} with any questions.`,
          tone: 'warning',
        };
      default:
        return null;
    }
  }
  if (isLate(after) && after.estimate !== before.estimate && after.estimate !== null) {
    const verb = type === 'DELIVERY' ? 'arrives' : 'is ready';
    return { title: 'Your order is running late', body: `Order #${number} now ${verb} about ${formatClockTime(after.estimate, zone)}.`, tone: 'warning' };
  }
  return null;
}
