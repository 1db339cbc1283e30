// Curbside arrival (ordering.md section 4): whether an order offers 'I'm here', and when the shopper arrived.
import type { Order } from '../../domain/orders/codecs';
import type { State } from '../state';

/** 'I'm here' is offered for a signed-in shopper's curbside order not yet announced nor put away. */
export function arrivalOffered(state: State, orderId: string, order: Pick<Order, 'FulfillmentType'> | null): boolean {
  return (
    state.account.profile !== null &&
    order?.FulfillmentType === 'CURBSIDE' &&
    state.curbside.arrivals[orderId] === undefined &&
    !state.curbside.ignoredOrders.includes(orderId)
  );
}

/** When the store recorded the shopper's arrival for the order, if it did. */
export function arrivedAt(state: State, orderId: string): string | null {
  return state.curbside.arrivals[orderId] ?? null;
}
