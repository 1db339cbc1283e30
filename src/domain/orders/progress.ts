// An order's progress after it is placed: the stages a kitchen takes it through, by fulfillment type, and the
// timeline a business would keep (README, "The order's progress"). Pure: every time is a parameter (epoch ms), so
// the sandbox's kitchen, the storefront's reducer and the properties all read the same rules.
import * as t from 'io-ts';
import type { FulfillmentType } from './codecs';

export const OrderStageCodec = t.keyof(
  { Received: null, Preparing: null, Ready: null, HandedOver: null, OutForDelivery: null, Delivered: null, Cancelled: null },
  'OrderStage',
);
export type OrderStage = t.TypeOf<typeof OrderStageCodec>;

/** Why a business cancels an order: a closed list, so the log holds no free text and the storefront says it in its words. */
export const CancelReasonCodec = t.keyof({ SoldOut: null, StoreClosed: null, TooBusy: null, Other: null }, 'CancelReason');
export type CancelReason = t.TypeOf<typeof CancelReasonCodec>;

/** The stages of each fulfillment type, in order; Cancelled may follow any stage but the last. */
export function stagePath(type: FulfillmentType | null | undefined): readonly OrderStage[] {
  switch (type) {
    case 'CURBSIDE':
      return ['Received', 'Preparing', 'Ready', 'HandedOver'];
    case 'DELIVERY':
      return ['Received', 'Preparing', 'OutForDelivery', 'Delivered'];
    default:
      return ['Received', 'Preparing', 'Ready'];
  }
}

/** Whether nothing follows this stage: the path's last, or Cancelled. */
export function isFinalStage(stage: OrderStage, type: FulfillmentType | null | undefined): boolean {
  const path = stagePath(type);
  return stage === 'Cancelled' || stage === path[path.length - 1];
}

/**
 * Whether `next` may follow `current` for an order of this type: later on the path, or Cancelled before the end.
 * The same stage again is not a move (a new estimate for it is, see `progressMove`).
 */
export function movesForward(current: OrderStage | null, next: OrderStage, type: FulfillmentType | null | undefined): boolean {
  const path = stagePath(type);
  if (current === null) return next === 'Cancelled' || path.includes(next);
  if (isFinalStage(current, type)) return false;
  if (next === 'Cancelled') return true;
  return path.indexOf(next) > path.indexOf(current);
}

const MINUTE = 60_000;
/** Preparing takes 4 minutes plus 2 an item, at most 40: a bigger order starts earlier, never later. */
export const prepMillis = (items: number): number => Math.min(40, 4 + 2 * Math.max(0, Math.floor(items))) * MINUTE;
/** A curbside order is brought out this long after both it is ready and the shopper said 'I'm here'. */
export const HANDOVER_MS = 3 * MINUTE;

export interface KitchenStep {
  readonly stage: OrderStage;
  /** Epoch ms. */
  readonly at: number;
  readonly reason?: CancelReason;
}

/** One order in the kitchen: what it reached, and when each later stage of its path is planned (null: it waits). */
export interface KitchenOrder {
  readonly type: FulfillmentType;
  readonly reached: readonly KitchenStep[];
  /** Planned times of the stages not reached yet, by stage; HandedOver waits for 'I'm here'. */
  readonly planned: Readonly<Partial<Record<OrderStage, number | null>>>;
}

export interface KitchenTicket {
  readonly type: FulfillmentType;
  readonly placedAt: number;
  /** The pickup time the order was placed for (for a delivery, when it leaves the store). */
  readonly dueAt: number;
  /** A delivery's quoted arrival; absent for other types. */
  readonly deliverAt?: number;
  /** How many items the order holds (its lines' quantities). */
  readonly items: number;
}

/**
 * The timeline of a new order: received when placed; ready (or out for delivery) at its due time, or when it can be
 * made if that is later; preparing for its size before that; delivered at the quoted time.
 */
export function planKitchen(ticket: KitchenTicket): KitchenOrder {
  const prep = prepMillis(ticket.items);
  const done = Math.max(ticket.dueAt, ticket.placedAt + prep);
  const preparing = Math.max(ticket.placedAt, done - prep);
  const planned: Partial<Record<OrderStage, number | null>> =
    ticket.type === 'DELIVERY'
      ? { Preparing: preparing, OutForDelivery: done, Delivered: Math.max(done, ticket.deliverAt ?? done) }
      : { Preparing: preparing, Ready: done, ...(ticket.type === 'CURBSIDE' ? { HandedOver: null } : {}) };
  return { type: ticket.type, reached: [{ stage: 'Received', at: ticket.placedAt }], planned };
}

export function currentStep(order: KitchenOrder): KitchenStep {
  return order.reached[order.reached.length - 1]!;
}

const isOver = (order: KitchenOrder) => isFinalStage(currentStep(order).stage, order.type);

/** The stages still to come, in path order. */
function ahead(order: KitchenOrder): OrderStage[] {
  const path = stagePath(order.type);
  return path.slice(path.indexOf(currentStep(order).stage) + 1);
}

/** The order as it stands at `now`: every stage whose planned time has come is reached, at that time. */
export function kitchenAt(order: KitchenOrder, now: number): KitchenOrder {
  let next = order;
  for (const stage of ahead(order)) {
    const at = next.planned[stage];
    if (at === undefined || at === null || at > now) break;
    next = reach(next, stage, Math.max(at, currentStep(next).at));
  }
  return next;
}

function reach(order: KitchenOrder, stage: OrderStage, at: number, reason?: CancelReason): KitchenOrder {
  const planned = { ...order.planned };
  delete planned[stage];
  const step: KitchenStep = reason === undefined ? { stage, at } : { stage, at, reason };
  return { ...order, reached: [...order.reached, step], planned };
}

/** The next time something is planned to happen, if any (the kitchen wakes then). */
export function nextDue(order: KitchenOrder): number | null {
  if (isOver(order)) return null;
  for (const stage of ahead(order)) {
    const at = order.planned[stage];
    if (at === undefined || at === null) return null;
    return at;
  }
  return null;
}

/** Moves the order on to its next stage now (the control surface's advance); later plans move no earlier than now. */
export function advanceKitchen(order: KitchenOrder, now: number): KitchenOrder {
  const current = kitchenAt(order, now);
  const next = ahead(current)[0];
  if (next === undefined || isOver(current)) return current;
  const at = Math.max(now, currentStep(current).at);
  const moved = reach(current, next, at);
  const planned = Object.fromEntries(
    Object.entries(moved.planned).map(([stage, when]) => [stage, when === null || when === undefined ? when : Math.max(when, at)]),
  );
  return { ...moved, planned };
}

/** The kitchen runs late: every stage still to come is planned `ms` later. */
export function delayKitchen(order: KitchenOrder, now: number, ms: number): KitchenOrder {
  const current = kitchenAt(order, now);
  if (isOver(current) || ms <= 0) return current;
  const planned = Object.fromEntries(Object.entries(current.planned).map(([stage, when]) => [stage, when === null || when === undefined ? when : when + ms]));
  return { ...current, planned };
}

/** The business cancels the order; nothing follows. An order at its last stage is not cancelled. */
export function cancelKitchen(order: KitchenOrder, now: number, reason: CancelReason): KitchenOrder {
  const current = kitchenAt(order, now);
  if (isOver(current)) return current;
  return { ...reach(current, 'Cancelled', Math.max(now, currentStep(current).at), reason), planned: {} };
}

/** Curbside: the shopper said 'I'm here'; the order is brought out once it is ready. */
export function arriveAtKitchen(order: KitchenOrder, now: number): KitchenOrder {
  const current = kitchenAt(order, now);
  if (current.type !== 'CURBSIDE' || isOver(current) || current.planned.HandedOver !== null) return current;
  const ready = current.planned.Ready ?? currentStep(current).at;
  return kitchenAt({ ...current, planned: { ...current.planned, HandedOver: Math.max(ready, now) + HANDOVER_MS } }, now);
}

/**
 * When the shopper can expect the order: ready (or, for a delivery, delivered), as planned now; once reached, when it
 * was. None for a cancelled order.
 */
export function kitchenEstimate(order: KitchenOrder): number | null {
  const target: OrderStage = order.type === 'DELIVERY' ? 'Delivered' : 'Ready';
  if (currentStep(order).stage === 'Cancelled') return null;
  const reached = order.reached.find((step) => step.stage === target);
  return reached?.at ?? order.planned[target] ?? null;
}
