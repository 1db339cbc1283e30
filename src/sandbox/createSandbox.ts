// The sandbox: a local implementation of the storefront API and the inventory hub on a fixture catalog. One handler
// serves the Vite plugin (dev and preview), `countertop serve` and the tests.
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import { CLIENT_ID_HEADER } from '../api/httpClient';
import { accountRoutes } from './accounts/accountRoutes';
import { catalogRoutes } from './catalogRoute';
import { dirname, resolve } from 'node:path';
import { catalogFile, loadCatalog, loadConfig, type LoadedCatalog } from './catalogSource';
import { CONTROL_PREFIX, controlCall, createControl, type SandboxControl } from './control';
import { DEFAULT_SETTINGS, type SandboxCore, type SandboxSettings } from './core';
import { deliveryRoutes } from './delivery/deliveryRoutes';
import { noFaults, release, takeDrop, takeFailure, waitWhileHeld } from './faults';
import { createInventoryHub, type InventoryHub, type OrderFollower } from './hub/inventoryHub';
import type { HubLimits } from './hub/hubLimits';
import {
  BodyError,
  codes,
  corsHeaders,
  crossOrigin,
  directHost,
  headerValue,
  originAllowed,
  parseBody,
  readRaw,
  send,
  sleep,
  type Call,
  type Reply,
  type Route,
} from './http';
import { inventoryRoutes } from './inventory';
import { orderRoutes } from './orders/orderRoutes';
import { createPersistence, type Persistence } from './persistence';
import type { RouteTable } from './routes';
import { initialState, keyOf } from './state';
import { servedConfig, staticFile } from './staticFiles';
import { cardRoutes } from './wallet/cards';
import { giftCardRoutes } from './wallet/giftCards';
import { favoriteRoutes } from './favorites';
import { loyaltyRoutes } from './loyalty';
import { presenceRoutes } from './presence';
import { sweepKitchen, wakeKitchen } from './orders/kitchen';
import { userOf } from './auth';

export interface SandboxOptions {
  /** A fixture name ('cafe', 'pizza-chain') or a path to a catalog file; default config.json's SandboxCatalog. */
  readonly catalog?: string;
  /** Where fixtures live (catalogs, seeds, config.json, img/); default the repository's fixtures folder. */
  readonly fixturesDir?: string;
  /** Keep the state across restarts in this folder (`--data DIR`); in memory only when absent. */
  readonly dataDir?: string;
  /** The sandbox clock (epoch ms); real time by default. */
  readonly now?: () => number;
  /** The client id the API accepts; default config.json's ClientId. */
  readonly clientId?: string;
  readonly settings?: Partial<SandboxSettings>;
  /** Console lines (outbox codes, queue outcomes); default console.log with a [sandbox] prefix. */
  readonly log?: (line: string) => void;
  /** The /__sandbox/ control endpoints (default on; the tokenizer answers either way). */
  readonly controlSurface?: boolean;
  /**
   * Origins of a storefront served elsewhere that may call the API cross-origin (`countertop serve --origin`). No
   * other origin gets CORS headers, and the control surface answers no cross-origin request at all.
   */
  readonly allowedOrigins?: readonly string[];
  /** A folder whose catalog files a reset may also name by path (`COUNTERTOP_CATALOG_DIR` for `npm start`, tests). */
  readonly catalogDir?: string;
  readonly hub?: { readonly keepAliveMs?: number; readonly clientTimeoutMs?: number; readonly limits?: Partial<HubLimits> };
}

export interface Sandbox {
  /** Answers the request when it is the sandbox's (API, hub negotiate, control, /config.json, /img/); false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Takes WebSocket upgrades for the hub path only, so other upgrade listeners (Vite's HMR) keep working. */
  attachHub(server: EventEmitter): void;
  readonly control: SandboxControl;
  readonly apiBasePath: string;
  readonly hubPath: string;
  readonly catalogName: () => string;
  /** config.json as the host serves it now: the fixture's with the control surface's settings on top. */
  servedConfig(): Record<string, unknown>;
  close(): Promise<void>;
}

export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures', import.meta.url));

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const fixturesDir = options.fixturesDir ?? DEFAULT_FIXTURES_DIR;
  const config = orThrow(loadConfig(fixturesDir));
  const catalogName = options.catalog ?? config.SandboxCatalog ?? 'pizza-chain';
  const first = orThrow(loadCatalog(catalogName, fixturesDir));
  // The control surface can move the sandbox clock (POST /__sandbox/clock) so a test's page and API agree on "now".
  const baseNow = options.now ?? Date.now;
  let clockOffsetMs = 0;
  const now = () => baseNow() + clockOffsetMs;
  const log = options.log ?? ((line: string) => console.log(`[sandbox] ${line}`));
  const apiBasePath = (config.ApiBasePath ?? '/api').replace(/\/+$/, '');
  const hubPath = `${(config.MessagingUrlBasePath ?? '/hubs').replace(/\/+$/, '')}/inventory`;
  const clientId = options.clientId ?? config.ClientId;
  const persistence: Persistence | null = options.dataDir ? createPersistence(options.dataDir, log) : null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const faults = noFaults();
  const hub: InventoryHub = createInventoryHub({
    path: hubPath,
    clientId,
    allowedOrigins: options.allowedOrigins ?? [],
    ...options.hub,
    follow: (accessToken, keys) => orderFollower(core, accessToken, keys),
  });

  const core: SandboxCore = {
    clientId,
    config,
    fixturesDir,
    now,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    hostConfig: {},
    catalog: first,
    state: persistence?.load(first.name) ?? initialState(first.name, first.index, first.seed, now()),
    changed: () => persistence?.schedule(core.state),
    stockChanged: (locationId, variationId, count) => hub.broadcast(locationId, variationId, count),
    progressChanged: (order, m) =>
      hub.orderStatusChanged({ userId: order.userId, key: order.idempotencyKey }, [m.orderId, m.state, m.at, m.estimate, m.reason]),
    log,
    schedule: (ms, task) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
  };

  const routes: Map<string, Route> = buildRoutes(core);

  // The catalogs a reset may switch to: the fixtures by name, and the catalog the sandbox was started with. A path is
  // never taken from the control surface, so it cannot be made to read (or echo) any other file on the machine.
  const startedWith = first.file;
  const catalogDir = options.catalogDir === undefined ? null : resolve(options.catalogDir);
  const switchable = (catalog: string): string | null => {
    if (/^[\w-]+$/.test(catalog) && !catalog.endsWith('.seed')) return catalog;
    const file = catalogFile(catalog, fixturesDir);
    if (file === startedWith) return startedWith;
    return catalogDir !== null && dirname(file) === catalogDir && file.endsWith('.json') && !file.endsWith('.seed.json') ? file : null;
  };
  const reset = (catalog?: string): E.Either<string[], { catalog: string }> => {
    let next: LoadedCatalog = core.catalog;
    if (catalog !== undefined) {
      const allowed = switchable(catalog);
      if (allowed === null)
        return E.left([
          `unknown catalog "${catalog.slice(0, 80)}": name a fixture (cafe, pizza-chain, retail, retail-phone) or the catalog the sandbox was started with`,
        ]);
      const loaded = loadCatalog(allowed, fixturesDir);
      if (E.isLeft(loaded)) return loaded;
      next = loaded.right;
    }
    core.catalog = next;
    // A reset starts over from the real clock too: a clock a test moved does not leak into the next test.
    clockOffsetMs = 0;
    core.state = initialState(next.name, next.index, next.seed, now());
    Object.assign(core.settings, DEFAULT_SETTINGS, options.settings);
    core.hostConfig = {};
    faults.latencyMs = 0;
    faults.fail.clear();
    faults.drop.clear();
    release(faults);
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    core.changed();
    log(`reset: serving ${next.name}`);
    return E.right({ catalog: next.name });
  };
  const setClock = (at: number | null): number => {
    clockOffsetMs = at === null ? 0 : at - baseNow();
    // The kitchen catches up with the moved clock, and waits for its next moment on it.
    sweepKitchen(core);
    wakeKitchen(core);
    return now();
  };
  const control = createControl(core, faults, hub, reset, setClock);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const isApi = path.startsWith(`${apiBasePath}/`);
    const isControl = path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
    const isNegotiate = path === `${hubPath}/negotiate`;
    const cors = isControl ? {} : corsHeaders(req, options.allowedOrigins ?? []);
    const reply = (r: Reply) => send(res, { ...r, headers: { ...cors, ...r.headers } }, req.headers['accept-encoding']);

    if (!isApi && !isControl && !isNegotiate) {
      if (method !== 'GET' && method !== 'HEAD') return false;
      const file = staticFile(fixturesDir, path, core.catalog.name, core.catalog.index.catalog, core.hostConfig);
      if (file === null) return false;
      reply(file);
      return true;
    }
    // A page on another origin can still send a simple POST without asking first: the control surface refuses any
    // request that says it comes from elsewhere (browsers always send Origin on cross-origin POSTs).
    if (isControl && crossOrigin(req)) {
      reply(codes(403, 'Sandbox - FORBIDDEN_ORIGIN', 'the control surface answers only its own origin'));
      return true;
    }
    // Nor a page whose own name was made to resolve here (DNS rebinding): to the browser it is its own origin, and
    // its GETs carry no Origin at all. The card provider's stand-ins (payments/) answer any host, as a provider does.
    if (isControl && !path.startsWith(`${CONTROL_PREFIX}/payments/`) && !directHost(req)) {
      reply(codes(403, 'Sandbox - FORBIDDEN_HOST', 'the control surface answers only localhost or an address, not a name'));
      return true;
    }
    if (method === 'OPTIONS') {
      reply({ status: 204 });
      return true;
    }
    // The storefront's reachability check (a HEAD of the API's base path, with no client id: reachability.ts): any
    // answer says the host is there; a plain 204 keeps a shopper's console free of a refusal.
    if (method === 'HEAD' && path === `${apiBasePath}/`) {
      reply({ status: 204 });
      return true;
    }
    if (isNegotiate) {
      // The hub's pages are the storefront's: another origin is refused here as its WebSocket is at the upgrade.
      if (!originAllowed(req, options.allowedOrigins ?? [])) reply(codes(403, 'Hub - FORBIDDEN_ORIGIN', 'this origin may not connect to the hub'));
      else reply(method === 'POST' ? hub.negotiate(url.searchParams) : codes(405, 'Request - METHOD_NOT_ALLOWED', `${method} ${path}: use POST`));
      return true;
    }
    let body: unknown;
    try {
      body = parseBody(await readRaw(req), headerValue(req, 'content-type'));
    } catch (error) {
      const tooLarge = error instanceof BodyError && error.tooLarge;
      reply(
        codes(tooLarge ? 413 : 400, tooLarge ? 'Request - TOO_LARGE' : 'Request - INVALID_BODY', error instanceof BodyError ? error.message : String(error)),
      );
      return true;
    }
    const call: Call = { method, path, query: url.searchParams, headers: req.headers, body };
    if (isControl) {
      const answer = controlCall(core, control, faults, call, options.controlSurface !== false);
      if (answer === null) return false;
      reply(answer);
      return true;
    }

    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    await waitWhileHeld(faults, path);
    const injected = takeFailure(faults, path);
    if (injected !== null) {
      reply(codes(injected.status, ...injected.codes));
      return true;
    }
    const apiPath = `/api${path.slice(apiBasePath.length)}`;
    if (headerValue(req, CLIENT_ID_HEADER) !== clientId) {
      reply(codes(400, 'Client - INVALID_CLIENT_ID', `send the ${CLIENT_ID_HEADER} header with the storefront's client id`));
      return true;
    }
    const route = routes.get(`${method} ${apiPath}`);
    let answer: Reply;
    if (!route) {
      const other = [...routes.keys()].some((key) => key.endsWith(` ${apiPath}`));
      answer = other
        ? codes(405, 'Request - METHOD_NOT_ALLOWED', `${method} ${path} is not allowed`)
        : codes(404, 'Sandbox - NOT_FOUND', `no call ${method} ${path}`);
    } else {
      try {
        answer = await route(call);
      } catch (error) {
        log(`${method} ${path} failed: ${(error as Error).stack ?? String(error)}`);
        answer = codes(500, 'Sandbox - INTERNAL_ERROR', (error as Error).message);
      }
    }
    if (takeDrop(faults, path)) {
      res.socket?.destroy();
      res.destroy();
      return true;
    }
    reply(answer);
    return true;
  }

  return {
    handle,
    attachHub(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        hub.handleUpgrade(req, socket, head);
      });
    },
    control,
    apiBasePath,
    hubPath,
    catalogName: () => core.catalog.name,
    servedConfig: () => servedConfig(fixturesDir, core.hostConfig, core.catalog.name) ?? {},
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      persistence?.flush();
      await hub.close();
    },
  };
}

function buildRoutes(core: SandboxCore): Map<string, Route> {
  const tables: RouteTable[] = [
    catalogRoutes(core),
    inventoryRoutes(core),
    orderRoutes(core),
    accountRoutes(core),
    cardRoutes(core),
    giftCardRoutes(core),
    favoriteRoutes(core),
    loyaltyRoutes(core),
    deliveryRoutes(core),
    presenceRoutes(core),
  ];
  const routes = new Map<string, Route>();
  for (const table of tables) for (const [key, route] of Object.entries(table)) routes.set(key, route);
  return routes;
}

/**
 * FollowOrders: the account of a live access token (as a bearer header would name it), and the keys among `keys` that
 * made a guest's order. A key of an account's order is not followed by key: the account follows it by its token.
 */
function orderFollower(core: SandboxCore, accessToken: string | null, keys: readonly string[]): OrderFollower {
  const user = accessToken === null ? null : userOf(core, { headers: { authorization: `Bearer ${accessToken}` } });
  const guestKeys = keys.filter((key) => {
    const record = core.state.keys[keyOf(core.clientId, key)];
    return record !== undefined && record.orderId !== null && record.owner.startsWith('guest');
  });
  return { userId: user?.id ?? null, keys: guestKeys };
}

function orThrow<A>(result: E.Either<string[], A>): A {
  if (E.isLeft(result)) throw new Error(result.left.join('\n'));
  return result.right;
}
