// The storefront API client: every call of both specs' section 7, grouped as the specs group them. Each call is
// `(input) => Promise<Either<ApiError, Decoded>>`; commands call these and turn the results into events.
import type * as E from 'fp-ts/lib/Either.js';
import type { OrderRequest, OrderResult } from '../domain/orders/codecs';
import { accountCalls, type AccountCalls } from './account';
import { catalogCalls, type CatalogCalls } from './catalog';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './httpClient';
import { inventoryCalls, type InventoryCalls } from './inventory';
import { placeQueuedOrder, type QueueOptions, type QueuedOrderFailure } from './orderQueue';
import { orderCalls, type OrderCalls } from './orders';

export type ApiClientOptions = HttpClientOptions;

export interface ApiClient {
  readonly http: HttpClient;
  readonly account: AccountCalls;
  readonly catalog: CatalogCalls;
  readonly inventory: InventoryCalls;
  readonly orders: OrderCalls;
  /** Queue then poll by idempotency key (ordering.md section 4); see orderQueue.ts. */
  placeQueuedOrder(request: OrderRequest, options?: QueueOptions): Promise<E.Either<QueuedOrderFailure, OrderResult>>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = createHttpClient(options);
  const orders = orderCalls(http);
  return {
    http,
    account: accountCalls(http),
    catalog: catalogCalls(http),
    inventory: inventoryCalls(http),
    orders,
    placeQueuedOrder: (request, queueOptions) => placeQueuedOrder(orders, request, queueOptions),
  };
}
