// The storefront API client: every call of both specs' section 7, grouped as the specs group them. Each call is
// `(input) => Promise<Either<ApiError, Decoded>>`; commands call these and turn the results into events.
import type * as E from 'fp-ts/lib/Either.js';
import type { OrderRequest, OrderResult } from '../domain/orders/codecs';
import { accountCalls, type AccountCalls } from './account';
import { cardCalls, type CardCalls } from './cards';
import { catalogCalls, type CatalogCalls } from './catalog';
import { deliveryCalls, type DeliveryCalls } from './delivery';
import { favoriteCalls, type FavoriteCalls } from './favorites';
import { giftCardCalls, type GiftCardCalls } from './giftCards';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './httpClient';
import { inventoryCalls, type InventoryCalls } from './inventory';
import { placeQueuedOrder, type QueueOptions, type QueuedOrderFailure } from './orderQueue';
import { loyaltyCalls, type LoyaltyCalls } from './loyalty';
import { orderCalls, type OrderCalls } from './orders';
import { presenceCalls, type PresenceCalls } from './presence';

export type ApiClientOptions = HttpClientOptions;

export interface ApiClient {
  readonly http: HttpClient;
  readonly account: AccountCalls;
  readonly catalog: CatalogCalls;
  readonly inventory: InventoryCalls;
  readonly orders: OrderCalls;
  readonly cards: CardCalls;
  readonly favorites: FavoriteCalls;
  readonly giftCards: GiftCardCalls;
  readonly loyalty: LoyaltyCalls;
  readonly delivery: DeliveryCalls;
  readonly presence: PresenceCalls;
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
    cards: cardCalls(http),
    favorites: favoriteCalls(http),
    giftCards: giftCardCalls(http),
    loyalty: loyaltyCalls(http),
    delivery: deliveryCalls(http),
    presence: presenceCalls(http),
    placeQueuedOrder: (request, queueOptions) => placeQueuedOrder(orders, request, queueOptions),
  };
}
