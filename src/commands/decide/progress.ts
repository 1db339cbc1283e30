// The order's progress (README, "The order's progress"): what the hub's OrderStatusChanged and a fresh read of
// Order/Progress add to the log. Only what moves the order's progress on is appended (the reducer's own rule,
// progressed), so the same news told twice, by the hub and by a re-read, is one event.
import type { CancelReason, OrderStage } from '../../domain/orders/progress';
import { progressed, type ProgressChange } from '../../events/reducers/progressRules';
import type { OrderProgress, State } from '../../events/state';
import { append, event, type Decision, type Fact } from './decision';

/** One change as the hub tells it. */
export interface ProgressUpdate {
  readonly orderId: string;
  readonly state: OrderStage;
  readonly at: string;
  readonly estimate: string | null;
  readonly reason: CancelReason | null;
}

/** Order/Progress's answer in plain terms: every stage reached, and the estimate now. */
export interface ProgressAnswer {
  readonly orderId: string;
  readonly history: readonly { readonly state: OrderStage; readonly at: string; readonly reason: CancelReason | null }[];
  readonly estimate: string | null;
}

function changes(state: State, orderId: string, updates: readonly ProgressChange[]): Fact[] {
  const record = state.orders.history.find((r) => r.orderId === orderId);
  if (!record) return [];
  let current: OrderProgress | null = state.orders.progress[orderId] ?? null;
  const facts: Fact[] = [];
  for (const change of updates) {
    // When it is heard (the event's time, given on append) does not decide whether it moves the order on.
    const next = progressed(current, change, record.order?.FulfillmentType, change.changedAt);
    if (next === null) continue;
    current = next;
    facts.push(event('OrderProgressed', { orderId, state: change.state, changedAt: change.changedAt, estimate: change.estimate, reason: change.reason }));
  }
  return facts;
}

export function progressTold(state: State, update: ProgressUpdate): Decision {
  return append(...changes(state, update.orderId, [{ state: update.state, changedAt: update.at, estimate: update.estimate, reason: update.reason }]));
}

/** Every stage the log missed, in order, each with the estimate as it stands now. */
export function progressRead(state: State, answer: ProgressAnswer): Decision {
  return append(
    ...changes(
      state,
      answer.orderId,
      answer.history.map((step) => ({
        state: step.state,
        changedAt: step.at,
        estimate: step.state === 'Cancelled' ? null : answer.estimate,
        reason: step.reason,
      })),
    ),
  );
}
