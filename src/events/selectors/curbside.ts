// Curbside arrival (ordering.md section 4): whether an order offers 'I'm here', and when the shopper arrived.
import type { Order } from '../../domain/orders/codecs';
import { CURBSIDE_INSTRUCTION, CURBSIDE_INSTRUCTION_EARLY } from '../../domain/orders/messages';
import { isFinalStage } from '../../domain/orders/progress';
import type { State } from '../state';

/**
 * 'I'm here' is offered for a curbside order once the store said it is ready (README, "The order's progress"), not
 * yet announced nor put away: to the signed-in shopper, and to a guest by the key their order was placed with. Before
 * it is ready the shopper has nothing to come out to; once handed over or cancelled, nothing to announce.
 */
export function arrivalOffered(state: State, orderId: string, order: Pick<Order, 'FulfillmentType'> | null): boolean {
  const record = state.orders.history.find((r) => r.orderId === orderId);
  return (
    record !== undefined &&
    (record.guestKey !== null || state.account.profile !== null) &&
    state.orders.progress[orderId]?.stage === 'Ready' &&
    order?.FulfillmentType === 'CURBSIDE' &&
    state.curbside.arrivals[orderId] === undefined &&
    !state.curbside.ignoredOrders.includes(orderId)
  );
}

/** When the store recorded the shopper's arrival for the order, if it did. */
export function arrivedAt(state: State, orderId: string): string | null {
  return state.curbside.arrivals[orderId] ?? null;
}

/**
 * The one thing a curbside order's page tells the shopper to do (README, "Curbside arrival"): tap 'I'm here' when they
 * arrive; before the order is ready, that the button comes once it is. Nothing before the store has said anything of
 * the order, once they said it, put the prompt away, or the order was brought out or cancelled, nor to someone who
 * could not send it.
 */
export function curbsideInstruction(state: State, orderId: string, order: Pick<Order, 'FulfillmentType'> | null): string | null {
  const record = state.orders.history.find((r) => r.orderId === orderId);
  if (record === undefined || order?.FulfillmentType !== 'CURBSIDE') return null;
  if (record.guestKey === null && state.account.profile === null) return null;
  if (state.curbside.arrivals[orderId] !== undefined || state.curbside.ignoredOrders.includes(orderId)) return null;
  const stage = state.orders.progress[orderId]?.stage;
  // Nothing heard of the order yet (its first read is under way, or an old order of the account nobody follows).
  if (stage === undefined || isFinalStage(stage, 'CURBSIDE')) return null;
  return stage === 'Ready' ? CURBSIDE_INSTRUCTION : CURBSIDE_INSTRUCTION_EARLY;
}
