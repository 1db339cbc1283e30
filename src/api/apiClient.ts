// The storefront API client: every call of both specs' section 7, grouped as the specs group them. Each call is
// `(input) => Promise<Either<ApiError, Decoded>>`; commands call these and turn the results into events.
import type * as E from 'fp-ts/lib/Either.js';
import type { OrderRequest, OrderResult } from '../domain/orders/codecs';
import { accountCalls, type AccountCalls } from './account';
import { cardCalls, type CardCalls } from './cards';
import { catalogCalls, type CatalogCalls } from './catalog';
import type { DeliveryCalls } from './delivery';
import type { FavoriteCalls } from './favorites';
import type { GiftCardCalls } from './giftCards';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './httpClient';
import { inventoryCalls, type InventoryCalls } from './inventory';
import type { QueueOptions, QueuedOrderFailure } from './orderQueue';
import { loyaltyCalls, type LoyaltyCalls } from './loyalty';
import { orderCalls, type OrderCalls } from './orders';
import type { PresenceCalls } from './presence';

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

/**
 * A group of calls whose module (its codecs included) loads on the first call: groups no first page uses stay off
 * it. Every call returns a promise already, so callers cannot tell.
 */
function onDemand<T extends object>(http: HttpClient, load: () => Promise<(http: HttpClient) => T>): T {
  let calls: Promise<T> | undefined;
  return new Proxy({} as T, {
    get:
      (_target, name) =>
      (...args: unknown[]) => {
        calls ??= load().then((make) => make(http));
        return calls.then((group) => (group[name as keyof T] as (...a: unknown[]) => unknown)(...args));
      },
  });
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
    favorites: onDemand(http, async () => (await import('./favorites')).favoriteCalls),
    giftCards: onDemand(http, async () => (await import('./giftCards')).giftCardCalls),
    loyalty: loyaltyCalls(http),
    delivery: onDemand(http, async () => (await import('./delivery')).deliveryCalls),
    presence: onDemand(http, async () => (await import('./presence')).presenceCalls),
    // The queue's polling loads with the first queued order, not with the first page.
    placeQueuedOrder: async (request, queueOptions) => (await import('./orderQueue')).placeQueuedOrder(orders, request, queueOptions),
  };
}
