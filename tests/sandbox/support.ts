// Starting a sandbox on a free port for a test file, and the small builders the contract tests share.
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findLocation } from '../../src/domain/catalog/catalogIndex';
import type { OrderRequest } from '../../src/domain/orders/codecs';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { createApiClient, type ApiClient } from '../../src/api/apiClient';
import type { ErrorEvent } from '../../src/api/errorReporter';
import { memoryTokenStore, type TokenStore } from '../../src/api/tokenStore';
import { loadCatalog } from '../../src/sandbox/catalogSource';
import { DEFAULT_FIXTURES_DIR, createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/createSandbox';

export const CLIENT_ID = 'countertop-sandbox';

export interface RunningSandbox {
  readonly sandbox: Sandbox;
  readonly server: Server;
  readonly origin: string;
  readonly apiBase: string;
  readonly hubUrl: string;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox({ log: () => undefined, ...options });
  const server = createServer((req, res) => {
    void sandbox.handle(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  sandbox.attachHub(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sandbox,
    server,
    origin,
    apiBase: `${origin}${sandbox.apiBasePath}`,
    hubUrl: `${origin}${sandbox.hubPath}`,
    async close() {
      await sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A sandbox that `useSandbox` starts and closes: read its fields inside hooks and tests, once it has started. */
export type LiveSandbox = Omit<RunningSandbox, 'close'>;

/**
 * Starts a sandbox before the tests of the file (or of the describe block it is called in) and closes it after them;
 * unless `resetEach` is false, resets its state before every test, back to the catalog it started with (a test may
 * switch to another fixture; the next one starts from the file's own). `options` may be a function, called when the
 * sandbox starts, for a catalog the file writes first.
 */
export function useSandbox(options: SandboxOptions | (() => SandboxOptions), { resetEach = true }: { resetEach?: boolean } = {}): LiveSandbox {
  let current: RunningSandbox | undefined;
  let catalog: string | undefined;
  const started = (): RunningSandbox => {
    if (!current) throw new Error('the sandbox is not running: read it inside a hook or a test');
    return current;
  };
  const live: LiveSandbox = {
    get sandbox() {
      return started().sandbox;
    },
    get server() {
      return started().server;
    },
    get origin() {
      return started().origin;
    },
    get apiBase() {
      return started().apiBase;
    },
    get hubUrl() {
      return started().hubUrl;
    },
  };
  beforeAll(async () => {
    const given = typeof options === 'function' ? options() : options;
    catalog = given.catalog;
    current = await startSandbox(given);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  if (resetEach) {
    beforeEach(async () => {
      await control(live, 'reset', catalog === undefined ? {} : { catalog });
    });
  }
  return live;
}

export interface TestClient {
  readonly api: ApiClient;
  readonly tokens: TokenStore;
  readonly reports: ErrorEvent[];
  signedOut: number;
}

export function newClient(
  running: Pick<RunningSandbox, 'apiBase'>,
  overrides: { fetch?: typeof fetch; timeoutMs?: number; clientId?: string; pause?: () => Promise<void> } = {},
): TestClient {
  const tokens = memoryTokenStore();
  const reports: ErrorEvent[] = [];
  const client: TestClient = {
    tokens,
    reports,
    signedOut: 0,
    api: createApiClient({
      baseUrl: running.apiBase,
      clientId: overrides.clientId ?? CLIENT_ID,
      tokens,
      reportError: (event) => reports.push(event),
      onSignedOut: () => {
        client.signedOut++;
      },
      ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
      ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
      ...(overrides.pause ? { pause: overrides.pause } : {}),
    }),
  };
  return client;
}

export async function control(running: Pick<RunningSandbox, 'origin'>, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${running.origin}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export interface TestCard {
  cardNumber?: string;
  expMonth?: number;
  expYear?: number;
  cvv?: string;
  postalCode?: string;
}

/** A nonce from the sandbox tokenizer; a Visa that is approved unless told otherwise. */
export async function nonceFor(running: Pick<RunningSandbox, 'origin'>, card: TestCard = {}): Promise<string> {
  const response = await fetch(`${running.origin}/__sandbox/payments/tokenize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      cardNumber: '4111 1111 1111 1111',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvv: '123',
      postalCode: '11217',
      ...card,
    }),
  });
  const body = (await response.json()) as { token?: string; errors?: string[] };
  if (!body.token) throw new Error(`tokenize failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** The first pickup time a location offers now (ASAP when offered), as the storefront would send it. */
export function firstPickupAt(catalog: string, locationId: string, now = Date.now()): string {
  const loaded = loadCatalog(catalog, DEFAULT_FIXTURES_DIR);
  if (loaded._tag === 'Left') throw new Error(loaded.left.join('\n'));
  const location = findLocation(loaded.right.index, locationId);
  if (!location) throw new Error(`no location ${locationId}`);
  const schedule = pickupSchedule(location.location, now);
  const at = schedule.asap?.at ?? schedule.days[0]?.slots[0]?.at;
  if (at === undefined) throw new Error(`${locationId} offers no pickup time`);
  return at;
}

let keys = 0;
export function newKey(label = 'key'): string {
  keys++;
  return `${label}-${Date.now().toString(36)}-${keys}-${Math.random().toString(36).slice(2, 8)}`;
}

export const GUEST = { firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace@example.com', phoneNumber: '(212) 555-0142' };

/** A pickup order of two cheese slices at Brooklyn (pizza-chain), paid with `nonce`. */
export function sliceOrder(nonce: string | null, overrides: Partial<OrderRequest> = {}): OrderRequest {
  const pickupAt = firstPickupAt('pizza-chain', 'chain-brooklyn');
  return {
    source: 'Web',
    idempotencyKey: newKey('order'),
    locationId: 'chain-brooklyn',
    lineItems: [{ key: 'line-1', id: 'cheese-slice-each', quantity: 2, note: '', modifiers: [] }],
    pickupAt,
    tipAmount: 0,
    pickupFulfillment: { pickupAt, notes: '' },
    ...(nonce === null ? {} : { card: { nonce, postalCode: '11217' } }),
    ...overrides,
  };
}

/** The success of a call, or the test fails with what came back instead. */
export function right<A>(result: E.Either<unknown, A>): A {
  if (E.isLeft(result)) throw new Error(`expected success, got ${JSON.stringify(result.left)}`);
  return result.right;
}

/** The failure of a call, or the test fails with what came back instead. */
export function left<L>(result: E.Either<L, unknown>): L {
  if (E.isRight(result)) throw new Error(`expected failure, got ${JSON.stringify(result.right)}`);
  return result.left;
}
