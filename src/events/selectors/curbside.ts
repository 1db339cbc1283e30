// Curbside arrival (ordering.md section 4): whether an order offers 'I'm here', and when the shopper arrived.
import type { Order } from '../../domain/orders/codecs';
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
