// POST /api/Inventory/List {locationId}: the live counts of one location (ordering.md sections 3 and 7).
import * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import { Integer, opt } from '../domain/codec';
import type { ApiError } from './apiError';
import { decodeWith, type HttpClient } from './httpClient';

export const InventoryEntryCodec = t.intersection([t.type({ VariationId: t.string, Count: Integer }), t.partial({ LastUpdatedUtc: opt(t.string) })]);
export type InventoryEntry = t.TypeOf<typeof InventoryEntryCodec>;

export const InventoryListCodec = t.type({ Inventory: t.array(InventoryEntryCodec) });
export type InventoryList = t.TypeOf<typeof InventoryListCodec>;

export const InventoryListRequestCodec = t.type({ locationId: t.string });
export type InventoryListRequest = t.TypeOf<typeof InventoryListRequestCodec>;

export interface InventoryCalls {
  listInventory(request: InventoryListRequest): Promise<E.Either<ApiError, InventoryList>>;
}

export function inventoryCalls(http: HttpClient): InventoryCalls {
  return {
    listInventory: (request) => http.call({ name: 'Inventory/List', path: 'Inventory/List', body: request, read: decodeWith(InventoryListCodec) }),
  };
}
