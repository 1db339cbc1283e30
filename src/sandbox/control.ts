/**
 * The sandbox control surface: for tests and demos only, never part of the storefront API. It lives under
 * /__sandbox/ and exists only where the sandbox runs (`npm start`, `vite preview`, `countertop serve`, tests);
 * `createSandbox({ controlSurface: false })` turns it off (the tokenizer below stays: it stands in for the card provider).
 * Bodies are JSON; answers are JSON; a bad body is 400 {error}.
 *
 *   GET  /__sandbox/                       what is running: catalog, settings, faults, hub connections, endpoints
 *   POST /__sandbox/reset     {catalog?}   fresh state from the catalog's seed; faults and settings back to defaults;
 *                                          `catalog` (a fixture name or a path) switches the catalog served
 *   POST /__sandbox/stock     {locationId, variationId, count}
 *                                          set a count; broadcasts InventoryUpdated on the hub
 *   POST /__sandbox/latency   {ms}         wait this long before answering every /api call (0 turns it off)
 *   POST /__sandbox/fail      {path, times, status?, codes?}
 *                                          the next `times` calls of `path` (e.g. /api/Order/Place) answer `status`
 *                                          (default 503) with `codes` (default ["Sandbox - INJECTED_FAILURE"]),
 *                                          without running: a refusal no test card stands for, such as
 *                                          ["Payment failed - VALUE_TOO_LOW"]
 *   POST /__sandbox/drop      {path, times}
 *                                          the next `times` calls of `path` run and commit, then the connection is
 *                                          destroyed without an answer (a response lost on the way back)
 *   POST /__sandbox/hold      {path}       every call of `path` waits, unanswered and not run, until released
 *   POST /__sandbox/release   {path?}      runs the held calls of `path` (of every path when omitted), oldest first
 *   GET  /__sandbox/outbox    ?to=         verification, login, reset and enrollment codes sent, newest last;
 *                                          `to` filters by email address or phone number
 *   GET  /__sandbox/orders                 every order with its idempotency key, and every key with its status
 *   POST /__sandbox/queue     {delayMs}    how long a queued order stays Pending (default 4000)
 *   POST /__sandbox/tokens    {accessTokenTtlMs?, expireNow?}
 *                                          access-token lifetime for new tokens; expireNow expires every access token
 *   POST /__sandbox/clock     {at}         the sandbox's "now" continues from `at` (ISO instant); null goes back to real time
 *   POST /__sandbox/config    {settings}   the host's config.json carries these settings on top of the fixture's until
 *                                          the next reset (a business configured otherwise: a card-capture page, a
 *                                          push service), and the built page's policy follows them; refused when the
 *                                          result is not a valid config.json
 *   GET  /__sandbox/kitchen                every order's progress (orders/kitchen.ts), settled at the sandbox's now
 *   POST /__sandbox/kitchen/advance {orderId}
 *                                          the order moves on to its next stage now (later stages no earlier)
 *   POST /__sandbox/kitchen/cancel  {orderId, reason}
 *                                          the business cancels it: reason SoldOut, StoreClosed, TooBusy or Other
 *   POST /__sandbox/kitchen/late    {orderId, minutes}
 *                                          every stage still to come is planned `minutes` later (1 to 240)
 *   GET  /__sandbox/hub                    hub connections: id, subscribed, locationId
 *   POST /__sandbox/hub/disconnect {mode}  'close' (Close message, reconnect allowed) or 'drop' (sockets cut)
 *   POST /__sandbox/payments/tokenize {cardNumber, expMonth, expYear, cvv, postalCode}
 *                                          the sandbox card tokenizer (see payments/testCards.ts for test values)
 *   GET  /__sandbox/payments/capture ?clientId=&locationId=&language=&country=
 *                                          the sandbox provider's card-capture page (payments/capturePage.ts)
 */
import * as E from 'fp-ts/lib/Either.js';
import type { SandboxCore } from './core';
import { describeFaults, release, type Faults } from './faults';
import type { HubConnectionInfo, InventoryHub } from './hub/inventoryHub';
import type { Call, Reply } from './http';
import { setStock } from './inventory';
import { expireAccessTokens } from './auth';
import { phoneKey, type OutboxMessage } from './state';
import { tokenize } from './payments/tokenizer';
import { capturePage } from './payments/capturePage';
import { servedConfig } from './staticFiles';
import { decode } from '../domain/codec';
import { ConfigCodec } from '../domain/config';
import { changeKitchen, kitchenCommand, type OrderProgressAnswer } from './orders/kitchen';
import { CancelReasonCodec } from '../domain/orders/progress';

export const CONTROL_PREFIX = '/__sandbox';

export interface OrderSummary {
  readonly orderId: string | null;
  readonly idempotencyKey: string;
  readonly clientId: string;
  readonly owner: string;
  readonly status: 'Complete' | 'Pending' | 'Error';
  readonly locationId: string | null;
  readonly grandTotal: number | null;
  readonly createdAt: string | null;
}

export interface SandboxControl {
  reset(catalog?: string): E.Either<string[], { catalog: string }>;
  setStock(locationId: string, variationId: string, count: number): string | null;
  setLatency(ms: number): void;
  /** `codes`: the answer's 'prefix - CODE' lines (a refusal no test card stands for, e.g. 'Payment - VALUE_TOO_LOW'). */
  failNext(path: string, times: number, status?: number, codes?: readonly string[]): void;
  dropNext(path: string, times: number): void;
  hold(path: string): void;
  /** Answers how many waiting calls went on. */
  release(path?: string): number;
  /** Messages sent, oldest first; `to` matches an email case-insensitively or a phone by its digits. */
  outbox(to?: string): OutboxMessage[];
  /** Every order (by key), for the idempotency checks. */
  orders(): OrderSummary[];
  setQueueDelay(ms: number): void;
  /** Moves the sandbox clock so it reads `at` now and runs on from there (null: real time); answers the new now. */
  setClock(at: number | null): number;
  setAccessTokenTtl(ms: number): void;
  expireAccessTokens(): number;
  disconnectHub(mode: 'close' | 'drop'): number;
  /** Every order's progress, settled now. */
  kitchen(): OrderProgressAnswer[];
  /** Moves one order's progress; null for an unknown order. */
  kitchenCommand: (orderId: string, command: Parameters<typeof kitchenCommand>[2], quiet?: boolean) => OrderProgressAnswer | null;
  hubConnections(): HubConnectionInfo[];
  /** The host's config.json gets `settings` on top of the fixture's; Left with what is wrong when it would be invalid. */
  setHostConfig(settings: Readonly<Record<string, unknown>>): E.Either<string[], Record<string, unknown>>;
}

/** Sane maxima for the control numbers: a typo must not hang every call for a day or grow a map without bound. */
export const LIMITS = { latencyMs: 60_000, queueDelayMs: 600_000, times: 1_000, tokenTtlMs: 7 * 24 * 3_600_000, lateMinutes: 240 } as const;

const countable = (times: number) => Number.isInteger(times) && times >= 0 && times <= LIMITS.times;

export function createControl(
  core: SandboxCore,
  faults: Faults,
  hub: InventoryHub,
  reset: (catalog?: string) => E.Either<string[], { catalog: string }>,
  setClock: (at: number | null) => number,
): SandboxControl {
  return {
    setClock,
    reset,
    setStock: (locationId, variationId, count) => setStock(core, locationId, variationId, count),
    setLatency: (ms) => {
      faults.latencyMs = Math.max(0, ms);
    },
    failNext: (path, times, status = 503, codes) => {
      faults.fail.set(path, { times, status, ...(codes ? { codes: [...codes] } : {}) });
    },
    dropNext: (path, times) => {
      faults.drop.set(path, times);
    },
    hold: (path) => {
      if (!faults.held.has(path)) faults.held.set(path, []);
    },
    release: (path) => release(faults, path),
    outbox: (to) => {
      if (to === undefined || to === '') return [...core.state.outbox];
      const email = to.toLowerCase();
      const phone = phoneKey(to);
      return core.state.outbox.filter((m) => m.to.toLowerCase() === email || (phone !== '' && phoneKey(m.to) === phone));
    },
    orders: () =>
      Object.values(core.state.keys).map((k) => {
        const stored = k.orderId === null ? undefined : core.state.orders[k.orderId];
        return {
          orderId: k.orderId,
          idempotencyKey: k.key,
          clientId: k.clientId,
          owner: k.owner,
          status: k.orderId !== null ? 'Complete' : (k.queue?.status ?? 'Pending'),
          locationId: stored?.order.LocationId ?? k.queue?.draft.locationId ?? null,
          grandTotal: stored?.order.GrandTotal ?? null,
          createdAt: stored?.createdAt ?? null,
        };
      }),
    setQueueDelay: (ms) => {
      core.settings.queueDelayMs = Math.max(0, ms);
    },
    setAccessTokenTtl: (ms) => {
      core.settings.accessTokenTtlMs = Math.max(0, ms);
    },
    expireAccessTokens: () => expireAccessTokens(core),
    disconnectHub: (mode) => hub.disconnectAll(mode),
    kitchen: () => Object.values(core.state.orders).map((stored) => changeKitchen(core, stored, (k) => k)),
    kitchenCommand: (orderId, command, quiet = false) => kitchenCommand(core, orderId, command, quiet),
    hubConnections: () => hub.connections(),
    setHostConfig: (settings) => {
      const served = { ...(servedConfig(core.fixturesDir, {}, core.catalog.name) ?? {}), ...settings };
      const valid = decode(ConfigCodec, served);
      if (E.isLeft(valid)) return valid;
      core.hostConfig = { ...settings };
      return E.right(served);
    },
  };
}

const bad = (error: string): Reply => ({ status: 400, body: { error } });
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Answers a /__sandbox/ call, or null when the path is not a control endpoint. */
export function controlCall(core: SandboxCore, control: SandboxControl, faults: Faults, call: Call, enabled: boolean): Reply | null {
  const path = call.path.slice(CONTROL_PREFIX.length) || '/';
  const body = (call.body ?? {}) as Record<string, unknown>;
  const route = `${call.method} ${path}`;
  if (route === 'POST /payments/tokenize') return tokenize(core, call.body);
  if (route === 'GET /payments/capture') return capturePage(core, call.query);
  if (!enabled) return null;
  switch (route) {
    case 'GET /':
      return {
        status: 200,
        body: {
          catalog: core.catalog.name,
          clientId: core.clientId,
          settings: core.settings,
          faults: describeFaults(faults),
          hubConnections: control.hubConnections().length,
          endpoints: [
            'reset',
            'config',
            'stock',
            'latency',
            'fail',
            'drop',
            'hold',
            'release',
            'outbox',
            'orders',
            'queue',
            'clock',
            'tokens',
            'kitchen',
            'kitchen/advance',
            'kitchen/cancel',
            'kitchen/late',
            'hub',
            'hub/disconnect',
            'payments/tokenize',
          ],
        },
      };
    case 'POST /config': {
      const settings = body.settings;
      if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return bad('expected {settings}: an object of config.json settings');
      const result = control.setHostConfig(settings as Record<string, unknown>);
      return E.isLeft(result) ? bad(result.left.join('\n')) : { status: 200, body: result.right };
    }
    case 'POST /reset': {
      const result = control.reset(str(body.catalog) ?? undefined);
      return result._tag === 'Left' ? { status: 400, body: { error: result.left.join('\n') } } : { status: 200, body: result.right };
    }
    case 'POST /stock': {
      const locationId = str(body.locationId);
      const variationId = str(body.variationId);
      const count = num(body.count);
      if (locationId === null || variationId === null || count === null || !Number.isInteger(count)) return bad('expected {locationId, variationId, count}');
      const problem = control.setStock(locationId, variationId, count);
      return problem === null ? { status: 200, body: { locationId, variationId, count } } : bad(problem);
    }
    case 'POST /latency': {
      const ms = num(body.ms);
      if (ms === null || ms < 0 || ms > LIMITS.latencyMs) return bad(`expected {ms} between 0 and ${LIMITS.latencyMs}`);
      control.setLatency(ms);
      return { status: 200, body: { latencyMs: ms } };
    }
    case 'POST /fail': {
      const failPath = str(body.path);
      const times = num(body.times) ?? 1;
      const status = num(body.status) ?? 503;
      const lines =
        body.codes === undefined
          ? undefined
          : Array.isArray(body.codes) && body.codes.every((c) => typeof c === 'string' && c.length <= 200) && body.codes.length <= 20
            ? (body.codes as string[])
            : null;
      if (failPath === null || !countable(times) || !Number.isInteger(status) || status < 100 || status > 599 || lines === null)
        return bad(`expected {path, times (0 to ${LIMITS.times}), status?, codes? (up to 20 lines)}`);
      control.failNext(failPath, times, status, lines);
      return { status: 200, body: { path: failPath, times, status, ...(lines ? { codes: lines } : {}) } };
    }
    case 'POST /drop': {
      const dropPath = str(body.path);
      const times = num(body.times) ?? 1;
      if (dropPath === null || !countable(times)) return bad(`expected {path, times (0 to ${LIMITS.times})}`);
      control.dropNext(dropPath, times);
      return { status: 200, body: { path: dropPath, times } };
    }
    case 'POST /hold': {
      const heldPath = str(body.path);
      if (heldPath === null) return bad('expected {path}');
      control.hold(heldPath);
      return { status: 200, body: { path: heldPath } };
    }
    case 'POST /release': {
      const heldPath = body.path === undefined ? undefined : str(body.path);
      if (heldPath === null) return bad('expected {path?}');
      return { status: 200, body: { released: control.release(heldPath) } };
    }
    case 'GET /outbox':
      return { status: 200, body: control.outbox(call.query.get('to') ?? undefined) };
    case 'GET /orders':
      return { status: 200, body: control.orders() };
    case 'POST /clock': {
      const at = body.at === null ? null : typeof body.at === 'string' ? Date.parse(body.at) : NaN;
      if (at !== null && Number.isNaN(at)) return bad('expected {at: ISO instant or null}');
      return { status: 200, body: { now: new Date(control.setClock(at)).toISOString() } };
    }
    case 'POST /queue': {
      const delayMs = num(body.delayMs);
      if (delayMs === null || delayMs < 0 || delayMs > LIMITS.queueDelayMs) return bad(`expected {delayMs} between 0 and ${LIMITS.queueDelayMs}`);
      control.setQueueDelay(delayMs);
      return { status: 200, body: { queueDelayMs: delayMs } };
    }
    case 'POST /tokens': {
      const ttl = num(body.accessTokenTtlMs);
      if (ttl !== null && (ttl < 1000 || ttl > LIMITS.tokenTtlMs)) return bad(`expected {accessTokenTtlMs} between 1000 and ${LIMITS.tokenTtlMs}`);
      if (ttl !== null) control.setAccessTokenTtl(ttl);
      const expired = body.expireNow === true ? control.expireAccessTokens() : 0;
      return { status: 200, body: { accessTokenTtlMs: core.settings.accessTokenTtlMs, expired } };
    }
    case 'GET /kitchen':
      return { status: 200, body: control.kitchen() };
    case 'POST /kitchen/advance':
    case 'POST /kitchen/cancel':
    case 'POST /kitchen/late': {
      const orderId = str(body.orderId);
      const minutes = num(body.minutes);
      const reason = CancelReasonCodec.is(body.reason) ? body.reason : null;
      const command =
        route === 'POST /kitchen/advance'
          ? { kind: 'advance' as const }
          : route === 'POST /kitchen/cancel'
            ? reason === null
              ? null
              : { kind: 'cancel' as const, reason }
            : minutes === null || !Number.isInteger(minutes) || minutes < 1 || minutes > LIMITS.lateMinutes
              ? null
              : { kind: 'late' as const, minutes };
      if (orderId === null || command === null)
        return bad(
          `expected {orderId}, with {reason: SoldOut | StoreClosed | TooBusy | Other} to cancel, {minutes: 1 to ${LIMITS.lateMinutes}} to make it late`,
        );
      // {quiet: true}: the hub is not told, as if its message were lost on the way.
      const answer = control.kitchenCommand(orderId, command, body.quiet === true);
      return answer === null ? { status: 404, body: { error: `no order ${orderId}` } } : { status: 200, body: answer };
    }
    case 'GET /hub':
      return { status: 200, body: control.hubConnections() };
    case 'POST /hub/disconnect': {
      const mode = body.mode === 'drop' ? 'drop' : 'close';
      return { status: 200, body: { mode, disconnected: control.disconnectHub(mode) } };
    }
    default:
      return { status: 404, body: { error: `no control endpoint ${route}` } };
  }
}
