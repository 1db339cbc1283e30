// Curbside arrival (ordering.md section 4; account-and-session.md section 7, Presence/ImHere): the arrival the store
// recorded, and a prompt the shopper put away. When the prompt is offered is a selector (events/selectors/curbside.ts).
import type { State } from '../../events/state';
import { append, event, type Decision } from './decision';

export function arrivalAnnounced(state: State, orderId: string, arrivedAt: string): Decision {
  return state.curbside.arrivals[orderId] === arrivedAt ? append() : append(event('ArrivalAnnounced', { orderId, arrivedAt }));
}

export function arrivalPromptDismissed(state: State, orderId: string): Decision {
  return state.curbside.ignoredOrders.includes(orderId) ? append() : append(event('ArrivalPromptDismissed', { orderId }));
}
