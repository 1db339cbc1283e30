// What every sandbox module shares: the catalog being served, the state, the clock and the settings tests change.
import type { Config } from '../domain/config';
import type { LoadedCatalog } from './catalogSource';
import type { OrderStage } from '../domain/orders/progress';
import type { SandboxState, StoredOrder } from './state';

/** One change of an order's progress, as the hub's OrderStatusChanged carries it (instants in ISO-8601 UTC). */
export interface OrderStatusMessage {
  readonly orderId: string;
  readonly state: OrderStage;
  readonly at: string;
  readonly estimate: string | null;
  readonly reason: string | null;
}

export interface SandboxSettings {
  /** Access tokens live this long (default 5 minutes): the API has no sign-out call, so a copied one dies soon. */
  accessTokenTtlMs: number;
  /** Refresh tokens live this long (default 30 days); each use replaces the token. */
  refreshTokenTtlMs: number;
  /**
   * A refresh token presented again this soon after it was exchanged answers the same new pair (default 10 s): the
   * browser's other tab, or a retry after a lost answer. Later, it is a copy: its whole family is revoked.
   */
  refreshReuseGraceMs: number;
  /** Verification, login, reset and enrollment codes live this long (default 15 minutes). */
  codeTtlMs: number;
  /** A queued order stays Pending this long before it is placed (default 4 s). */
  queueDelayMs: number;
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  accessTokenTtlMs: 5 * 60_000,
  refreshTokenTtlMs: 30 * 24 * 60 * 60_000,
  refreshReuseGraceMs: 10_000,
  codeTtlMs: 15 * 60_000,
  queueDelayMs: 4_000,
};

export interface SandboxCore {
  /** The client id the API accepts (fixtures/config.json's ClientId unless told otherwise). */
  readonly clientId: string;
  /** fixtures/config.json, served as /config.json. */
  readonly config: Config;
  readonly fixturesDir: string;
  readonly now: () => number;
  readonly settings: SandboxSettings;
  /**
   * Settings the host's config.json carries on top of the fixture's until the next reset (POST /__sandbox/config): a
   * business configured otherwise, served as its host would serve it (config.json and the page's policy).
   */
  hostConfig: Readonly<Record<string, unknown>>;
  catalog: LoadedCatalog;
  state: SandboxState;
  /** Something in the state changed: persist it (with --data). */
  changed(): void;
  /** A count changed: tell the hub's listeners of that location. */
  stockChanged(locationId: string, variationId: string, count: number): void;
  /** An order's progress changed: tell the hub's connections that follow it (its shopper's). */
  progressChanged(order: StoredOrder, message: OrderStatusMessage): void;
  /** One line for the developer's console (outbox messages, queue outcomes). */
  log(line: string): void;
  /** Run `task` after `ms` unless the sandbox closes first (timers never keep the process alive). */
  schedule(ms: number, task: () => void): void;
}

export function isoNow(core: Pick<SandboxCore, 'now'>): string {
  return new Date(core.now()).toISOString();
}
