// Live stock (ordering.md section 4 "Inventory"): counts read from Inventory/List and changes told by the hub.
import * as t from 'io-ts';
import { Count, Id, fact } from './shared';

export const inventoryFacts = {
  /** Inventory/List answered: the counts of every tracked variation of the location. */
  InventoryCounted: fact(t.type({ locationId: Id, counts: t.record(t.string, Count), idempotencyKey: Id }), {
    safe: ['locationId', 'counts{}', 'idempotencyKey'],
  }),
  /** The hub said one variation's count changed. */
  InventoryUpdated: fact(t.type({ locationId: Id, variationId: Id, count: Count, idempotencyKey: Id }), {
    safe: ['locationId', 'variationId', 'count', 'idempotencyKey'],
  }),
};
