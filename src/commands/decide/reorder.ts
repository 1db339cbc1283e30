// Reorder (ordering.md sections 4 and 5, "Reorder of a line"): the lines of an earlier order, or some of them, checked
// against today's menu and stock in the spec's order (domain/items/reorder.ts) and added to the bag the shopper has,
// priced at today's prices. One gesture, one event: the lines added and what the shopper was told.
import type { CartLine } from '../../domain/cart/cartLine';
import { reorderLine } from '../../domain/items/reorder';
import { currentLocation, type ReduceContext } from '../../events/context';
import type { State } from '../../events/state';
import { accept, event, refuse, type Decision, type Given } from './decision';
import { NO_LOCATION } from './shopping';

export const ORDER_NOT_FOUND = 'That order is not in your order history.';
export const NOTHING_TO_REORDER = 'Nothing from this order can be added to your bag today.';

export interface Reordered {
  /** How many lines were added to the bag. */
  readonly added: number;
  /** Lines left out and quantities reduced, worded for the shopper. */
  readonly messages: readonly string[];
}

/** Repeats the order's lines (all of them, or those with the given uids) in the bag; refused when none can be added. */
export function reorder(state: State, context: ReduceContext, orderId: string, lineUids: readonly string[] | null, given: Given): Decision<Reordered> {
  const record = state.orders.history.find((r) => r.orderId === orderId);
  if (!record?.order) return refuse(ORDER_NOT_FOUND);
  const location = currentLocation(state, context);
  if (!location) return refuse(NO_LOCATION);
  const counts = state.inventory.locationId === location.location.Id ? state.inventory.counts : {};
  const wanted = lineUids === null ? record.order.LineItems : record.order.LineItems.filter((line) => lineUids.includes(line.Uid));
  const added: CartLine[] = [];
  const messages: string[] = [];
  let inBag = state.bag.lines;
  for (const orderLine of wanted) {
    const result = reorderLine(location, orderLine, counts, inBag);
    if (result._tag === 'Left') {
      messages.push(result.left);
      continue;
    }
    const line: CartLine = { ...result.right.line, key: given.newKey() };
    added.push(line);
    inBag = [...inBag, line];
    if (result.right.warning) messages.push(result.right.warning);
  }
  if (added.length === 0) return refuse(messages.length > 0 ? messages.join(' ') : NOTHING_TO_REORDER);
  return accept({ added: added.length, messages }, event('OrderReordered', { orderId, lines: added, messages, idempotencyKey: given.newKey() }));
}
