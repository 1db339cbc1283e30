// Live stock (ordering.md section 4 "Inventory updates"): counts from Inventory/List and the hub clamp the bag to
// stock, drop zero-stock lines, record the removed count and reset the tip if the count fell.
import { currentLocation, type ReduceContext } from '../context';
import type { State } from '../state';
import type { Handlers } from './handler';
import { settleBag, withSettledBag } from './bagRules';

function applyCounts(
  state: State,
  counts: Readonly<Record<string, number>>,
  counted: boolean,
  idempotencyKey: string,
  event: { readonly seq: number; readonly at: string },
  ctx: ReduceContext,
): State {
  const withCounts: State = { ...state, inventory: { locationId: state.locationId, counts, counted } };
  const location = currentLocation(withCounts, ctx);
  if (!location || withCounts.bag.lines.length === 0) return withCounts;
  const settled = settleBag(withCounts, location, withCounts.bag, idempotencyKey, event, ctx.memo);
  // An unchanged bag keeps its key: only a cart change renews it.
  if (settled.bag.lines === withCounts.bag.lines && settled.bag.tip === withCounts.bag.tip) return withCounts;
  return withSettledBag(withCounts, settled);
}

export const inventoryHandlers: Handlers<'InventoryCounted' | 'InventoryUpdated'> = {
  InventoryCounted(state, event, ctx) {
    // Counts for a location the shopper has left are stale.
    if (state.locationId === null || event.data.locationId.toLowerCase() !== state.locationId.toLowerCase()) return state;
    return applyCounts(state, event.data.counts, true, event.data.idempotencyKey, event, ctx);
  },

  InventoryUpdated(state, event, ctx) {
    const { locationId, variationId, count, idempotencyKey } = event.data;
    if (state.locationId === null || locationId.toLowerCase() !== state.locationId.toLowerCase()) return state;
    if (state.inventory.counts[variationId] === count && state.inventory.locationId === state.locationId) return state;
    const same = state.inventory.locationId === state.locationId;
    const base = same ? state.inventory.counts : {};
    return applyCounts(state, { ...base, [variationId]: count }, same && state.inventory.counted, idempotencyKey, event, ctx);
  },
};
