// How an order's progress takes a change the business told (README, "The order's progress"): forward along the
// order type's path only, a new estimate for the same stage, nothing after the last stage or a cancellation. The
// reducer and the commands' decisions use this one rule, so a decision never appends what the reducer would ignore.
import type { FulfillmentType } from '../../domain/orders/codecs';
import { movesForward, type CancelReason, type OrderStage } from '../../domain/orders/progress';
import type { OrderProgress } from '../state';

export interface ProgressChange {
  readonly state: OrderStage;
  readonly changedAt: string;
  readonly estimate: string | null;
  readonly reason: CancelReason | null;
}

/**
 * The progress after `change`, heard at `heardAt`, or null when it changes nothing (the same news again, or a move
 * backwards).
 */
export function progressed(
  current: OrderProgress | null,
  change: ProgressChange,
  type: FulfillmentType | null | undefined,
  heardAt: string,
): OrderProgress | null {
  if (current !== null && current.stage === change.state) {
    if (current.estimate === change.estimate || current.stage === 'Cancelled') return null;
    return { ...current, estimate: change.estimate, heardAt };
  }
  if (!movesForward(current?.stage ?? null, change.state, type)) return null;
  return {
    stage: change.state,
    at: change.changedAt,
    estimate: change.estimate,
    promised: current?.promised ?? change.estimate,
    reason: change.state === 'Cancelled' ? change.reason : null,
    steps: [...(current?.steps ?? []), { stage: change.state, at: change.changedAt }],
    heardAt,
  };
}
