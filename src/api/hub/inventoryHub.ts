// The live inventory connection (ordering.md sections 4 and 7): a SignalR hub connection started at start-up that
// subscribes with the client id, tells the hub the location id on connect and on every change, and delivers
// InventoryUpdated(locationId, variationId, count). After a reconnect it re-subscribes, then calls onReconnected so
// the caller re-reads Inventory/List and nothing missed while away is lost. Failures go to error reporting only;
// nothing here throws or blocks start-up.
// The same connection carries the shopper's own orders' progress (src/sandbox/README.md, "The order's progress"):
// FollowOrders(accessToken | null, guest keys) after Subscribe and whenever what to follow changes, and
// OrderStatusChanged(orderId, state, at, estimate, reason) from the hub.
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { Config } from '../../domain/config';
import type { ReportError } from '../errorReporter';
import { HUB_START_ATTEMPTS, HUB_START_RETRY_MS, inventoryHubRetryPolicy } from './hubRetryPolicy';
import { CancelReasonCodec, OrderStageCodec, type CancelReason, type OrderStage } from '../../domain/orders/progress';

export const HUB_CALL = 'InventoryHub';

export interface InventoryUpdate {
  readonly locationId: string;
  readonly variationId: string;
  readonly count: number;
}

/** OrderStatusChanged: one of the shopper's orders moved on, or its estimate did. */
export interface OrderStatusUpdate {
  readonly orderId: string;
  readonly state: OrderStage;
  /** ISO-8601 UTC. */
  readonly at: string;
  readonly estimate: string | null;
  readonly reason: CancelReason | null;
}

/** Whose orders to follow: the account's by its access token, a guest's by the idempotency keys of their orders. */
export interface OrdersToFollow {
  readonly accessToken: string | null;
  readonly guestKeys: readonly string[];
}

export interface InventoryHubOptions {
  /** The hub's URL: `${MessagingUrlBasePath}/inventory` (see inventoryHubUrl). */
  readonly url: string;
  readonly clientId: string;
  /** The location chosen now (null before the shopper chooses one). */
  readonly getLocationId: () => string | null;
  readonly onInventoryUpdated: (update: InventoryUpdate) => void;
  /** The connection came back: re-read Inventory/List for the current location (and the followed orders' progress). */
  readonly onReconnected?: () => void;
  /** The orders to follow now; null (or absent) follows none. */
  readonly getOrdersToFollow?: () => OrdersToFollow | null;
  readonly onOrderStatusChanged?: (update: OrderStatusUpdate) => void;
  readonly reportError: ReportError;
  /** Random source of the 4-8 s reconnect wait (Math.random by default). */
  readonly random?: () => number;
  /** SignalR's own console logging; off by default (failures are reported instead). */
  readonly logLevel?: LogLevel;
}

export interface InventoryHubHandle {
  /** True once connected and subscribed; false when both start attempts failed. */
  readonly started: Promise<boolean>;
  /** The shopper chose another location: tell the hub (now if connected, else on the next connect). */
  setLocation(locationId: string | null): Promise<void>;
  /** What to follow changed (an order placed, a sign-in): tell the hub now if connected, else on the next connect. */
  followOrders(): Promise<void>;
  readonly state: () => HubConnectionState;
  stop(): Promise<void>;
}

/** The hub URL from config.json: the messaging base path (default /hubs) plus /inventory. */
export function inventoryHubUrl(config: Pick<Config, 'MessagingUrlBasePath'>): string {
  return `${(config.MessagingUrlBasePath ?? '/hubs').replace(/\/+$/, '')}/inventory`;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function connectInventoryHub(options: InventoryHubOptions): InventoryHubHandle {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(options.url)
    .withAutomaticReconnect(inventoryHubRetryPolicy(options.random))
    .configureLogging(options.logLevel ?? LogLevel.None)
    .build();
  let stopping = false;

  const report = (what: string, error: unknown) => options.reportError({ call: `${HUB_CALL}/${what}`, message: message(error) });

  connection.on('InventoryUpdated', (locationId: unknown, variationId: unknown, count: unknown) => {
    if (typeof locationId !== 'string' || typeof variationId !== 'string' || typeof count !== 'number' || !Number.isInteger(count)) {
      report('InventoryUpdated', `unexpected arguments ${JSON.stringify([locationId, variationId, count])}`);
      return;
    }
    options.onInventoryUpdated({ locationId, variationId, count });
  });

  connection.on('OrderStatusChanged', (orderId: unknown, state: unknown, at: unknown, estimate: unknown, reason: unknown) => {
    const known = typeof orderId === 'string' && OrderStageCodec.is(state) && typeof at === 'string';
    const estimated = estimate === null || typeof estimate === 'string';
    const why = reason === null || reason === undefined ? null : CancelReasonCodec.is(reason) ? reason : undefined;
    if (!known || !estimated || why === undefined) {
      report('OrderStatusChanged', `unexpected arguments ${JSON.stringify([orderId, state, at, estimate, reason])}`);
      return;
    }
    options.onOrderStatusChanged?.({ orderId, state, at, estimate, reason: why });
  });

  const follow = async (): Promise<void> => {
    const orders = options.getOrdersToFollow?.() ?? null;
    if (orders === null) return;
    try {
      await connection.invoke('FollowOrders', orders.accessToken, orders.guestKeys);
    } catch (error) {
      report('FollowOrders', error);
    }
  };

  const subscribe = async (): Promise<boolean> => {
    try {
      await connection.invoke('Subscribe', options.clientId, options.getLocationId());
    } catch (error) {
      report('Subscribe', error);
      return false;
    }
    await follow();
    return true;
  };

  connection.onreconnecting((error) => {
    if (error) report('Reconnecting', error);
  });
  connection.onreconnected(() => {
    void subscribe().then(() => options.onReconnected?.());
  });
  connection.onclose((error) => {
    if (!stopping && error) report('Closed', error);
  });

  const started = (async () => {
    for (let attempt = 1; attempt <= HUB_START_ATTEMPTS; attempt++) {
      if (stopping) return false;
      try {
        await connection.start();
        return await subscribe();
      } catch (error) {
        report('Start', error);
        if (attempt < HUB_START_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, HUB_START_RETRY_MS));
      }
    }
    return false;
  })();

  return {
    started,
    async setLocation(locationId) {
      if (connection.state !== HubConnectionState.Connected) return;
      try {
        await connection.invoke('SetLocation', locationId);
      } catch (error) {
        report('SetLocation', error);
      }
    },
    async followOrders() {
      if (connection.state === HubConnectionState.Connected) await follow();
    },
    state: () => connection.state,
    async stop() {
      stopping = true;
      await connection.stop();
    },
  };
}
