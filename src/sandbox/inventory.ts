// Live stock per location and variation (ordering.md section 3, "Inventory entry"): Inventory/List reads it, orders
// take from it, the control surface sets it; every change goes out on the hub as InventoryUpdated.
import { findLocation } from '../domain/catalog/catalogIndex';
import { InventoryListRequestCodec } from '../api/inventory';
import type { SandboxCore } from './core';
import { codes, ok } from './http';
import { withBody, type RouteTable } from './routes';

export function inventoryRoutes(core: SandboxCore): RouteTable {
  return {
    'POST /api/Inventory/List': withBody(InventoryListRequestCodec, (request) => {
      const location = findLocation(core.catalog.index, request.locationId);
      if (!location) return codes(404, 'Inventory - LOCATION_NOT_FOUND', `no location "${request.locationId}"`);
      const counts = core.state.stock[location.location.Id] ?? {};
      return ok({
        Inventory: Object.entries(counts).map(([VariationId, entry]) => ({ VariationId, Count: entry.count, LastUpdatedUtc: entry.updatedAt })),
      });
    }),
  };
}

/** Sets a count (control surface); the variation must be one the location sells. Returns the problem, if any. */
export function setStock(core: SandboxCore, locationId: string, variationId: string, count: number): string | null {
  const location = findLocation(core.catalog.index, locationId);
  if (!location) return `no location "${locationId}"`;
  if (!location.variations.has(variationId)) return `location "${location.location.Id}" does not sell variation "${variationId}"`;
  const counts = (core.state.stock[location.location.Id] ??= {});
  counts[variationId] = { count, updatedAt: new Date(core.now()).toISOString() };
  core.changed();
  core.stockChanged(location.location.Id, variationId, count);
  return null;
}
