// The sandbox's kitchen (README "The order's progress"): each placed order moves through the stages of its type on
// the timeline `planKitchen` derives from its pickup or delivery time and its size, on the sandbox clock. What is due
// is settled whenever the order is read and when the kitchen wakes (a timer at the next planned moment, again after
// the clock is moved), so an injected clock needs no timers. Every change is told to the hub (OrderStatusChanged).
import {
  advanceKitchen,
  arriveAtKitchen,
  cancelKitchen,
  currentStep,
  delayKitchen,
  kitchenAt,
  kitchenEstimate,
  nextDue,
  planKitchen,
  type CancelReason,
  type KitchenOrder,
  type OrderStage,
} from '../../domain/orders/progress';
import type { SandboxCore } from '../core';
import type { StoredOrder } from '../state';

/** What Order/Progress answers and OrderStatusChanged carries (the hub sends the first four, and the reason). */
export interface OrderProgressAnswer {
  readonly OrderId: string;
  readonly State: OrderStage;
  readonly At: string;
  readonly Estimate: string | null;
  readonly Reason?: string;
  readonly History: readonly { readonly State: OrderStage; readonly At: string; readonly Reason?: string }[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The kitchen's record of an order; an order kept from before the kitchen starts its timeline from its charge time. */
export function kitchenOf(stored: StoredOrder): KitchenOrder {
  if (stored.kitchen) return stored.kitchen;
  const placedAt = Date.parse(stored.createdAt);
  const due = Date.parse(stored.order.PickupAtUtc ?? stored.createdAt);
  return planKitchen({
    type: stored.order.FulfillmentType ?? 'PICKUP',
    placedAt,
    dueAt: Number.isNaN(due) ? placedAt : due,
    items: stored.order.LineItems.reduce((n, line) => n + line.Quantity, 0),
  });
}

export function progressAnswer(orderId: string, kitchen: KitchenOrder): OrderProgressAnswer {
  const step = currentStep(kitchen);
  const estimate = kitchenEstimate(kitchen);
  return {
    OrderId: orderId,
    State: step.stage,
    At: iso(step.at),
    Estimate: estimate === null ? null : iso(estimate),
    ...(step.reason ? { Reason: step.reason } : {}),
    History: kitchen.reached.map((s) => ({ State: s.stage, At: iso(s.at), ...(s.reason ? { Reason: s.reason } : {}) })),
  };
}

/**
 * Applies a change to one order's kitchen record, stores it, and tells the hub of every stage reached and of a new
 * estimate (unless `quiet`: the control surface's stand-in for a message lost on its way). Answers the order's
 * progress afterwards.
 */
export function changeKitchen(
  core: SandboxCore,
  stored: StoredOrder,
  change: (kitchen: KitchenOrder, now: number) => KitchenOrder,
  quiet = false,
): OrderProgressAnswer {
  const before = kitchenOf(stored);
  const after = change(kitchenAt(before, core.now()), core.now());
  const changed = after !== before;
  if (changed) {
    stored.kitchen = after;
    core.changed();
    const estimate = kitchenEstimate(after);
    const tell = (step: { stage: OrderStage; at: number; reason?: CancelReason }) =>
      core.progressChanged(stored, {
        orderId: stored.order.Id,
        state: step.stage,
        at: iso(step.at),
        estimate: estimate === null ? null : iso(estimate),
        reason: step.reason ?? null,
      });
    const fresh = after.reached.slice(before.reached.length);
    if (!quiet) for (const step of fresh) tell(step);
    if (!quiet && fresh.length === 0 && kitchenEstimate(before) !== estimate) tell(currentStep(after));
    wakeKitchen(core);
  }
  return progressAnswer(stored.order.Id, after);
}

/** Settles every order whose planned moments have come. */
export function sweepKitchen(core: SandboxCore): void {
  for (const stored of Object.values(core.state.orders)) {
    const kitchen = kitchenOf(stored);
    const due = nextDue(kitchen);
    if (due !== null && due <= core.now()) changeKitchen(core, stored, (k) => k);
  }
}

// One wake-up per sandbox core is current; an older timer that fires finds itself outdated and does nothing.
const wakeups = new WeakMap<SandboxCore, number>();
/** setTimeout's longest wait; a later moment is checked again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** Sets the kitchen's timer for its next planned moment (after a change, and after the clock moved). */
export function wakeKitchen(core: SandboxCore): void {
  const generation = (wakeups.get(core) ?? 0) + 1;
  wakeups.set(core, generation);
  let next: number | null = null;
  for (const stored of Object.values(core.state.orders)) {
    const due = nextDue(kitchenOf(stored));
    if (due !== null && (next === null || due < next)) next = due;
  }
  if (next === null) return;
  core.schedule(Math.min(LONGEST_WAIT_MS, Math.max(0, next - core.now())), () => {
    if (wakeups.get(core) !== generation) return;
    sweepKitchen(core);
    wakeKitchen(core);
  });
}

/** The control surface's and 'I'm here''s changes, by order id; null for an unknown order. `quiet`: the hub is not told. */
export function kitchenCommand(
  core: SandboxCore,
  orderId: string,
  command: { kind: 'advance' } | { kind: 'cancel'; reason: CancelReason } | { kind: 'late'; minutes: number } | { kind: 'arrive' },
  quiet = false,
): OrderProgressAnswer | null {
  const stored = core.state.orders[orderId];
  if (!stored) return null;
  return changeKitchen(
    core,
    stored,
    (kitchen, now) => {
      switch (command.kind) {
        case 'advance':
          return advanceKitchen(kitchen, now);
        case 'cancel':
          return cancelKitchen(kitchen, now, command.reason);
        case 'late':
          return delayKitchen(kitchen, now, command.minutes * 60_000);
        case 'arrive':
          return arriveAtKitchen(kitchen, now);
      }
    },
    quiet,
  );
}
