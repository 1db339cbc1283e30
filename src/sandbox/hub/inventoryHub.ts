// The live inventory hub (ordering.md sections 4 and 7) as a SignalR server: negotiate (version 1), WebSockets, the
// JSON hub protocol with handshake, pings and close. Methods a client invokes:
//   Subscribe(clientId, locationId | null)  - checks the client id, then sends that location's updates
//   SetLocation(locationId)                 - the shopper chose another location
//   FollowOrders(accessToken | null, keys)  - the shopper's own orders: the account's by its live token, a guest's by
//                                             the idempotency keys the guest holds (README, "The order's progress")
// and the ones the hub invokes on clients: InventoryUpdated(locationId, variationId, count) and
// OrderStatusChanged(orderId, state, at, estimate, reason).
// Only pages of the storefront's origins connect; sockets, messages and waiting tokens are bounded (hubLimits.ts).
import { idKey } from '../../domain/ids';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { originAllowed } from '../http';
import { HUB_LIMITS, messageRate, type HubLimits } from './hubLimits';
import {
  FrameReader,
  MessageType,
  PING_FRAME,
  RECORD_SEPARATOR,
  closeFrame,
  completionFrame,
  frame,
  invocationFrame,
  isInvocation,
  readHandshake,
  type HubInvocation,
} from './signalrProtocol';

export interface HubOptions {
  /** The hub's path, e.g. /hubs/inventory. */
  readonly path: string;
  readonly clientId: string;
  /** Server pings this often (SignalR's default keep-alive is 15 s). */
  readonly keepAliveMs?: number;
  /** A client silent this long is dropped (SignalR's default client time-out is 30 s). */
  readonly clientTimeoutMs?: number;
  /** Origins of a storefront served elsewhere whose pages may connect (the API's CORS list); the hub's own always may. */
  readonly allowedOrigins?: readonly string[];
  readonly limits?: Partial<HubLimits>;
  /** Whose orders a FollowOrders call may follow: the user of a live token, and the keys of guests' orders among `keys`. */
  readonly follow?: (accessToken: string | null, keys: readonly string[]) => OrderFollower;
}

/** The orders a connection follows: the account's (by user id) and guests' (by idempotency key). */
export interface OrderFollower {
  readonly userId: string | null;
  readonly keys: readonly string[];
}

/** At most this many guest keys in one FollowOrders call. */
export const MAX_FOLLOWED_KEYS = 50;

interface Connection {
  readonly id: string;
  readonly ws: WebSocket;
  readonly reader: FrameReader;
  handshaken: boolean;
  subscribed: boolean;
  location: string | null;
  lastHeard: number;
  /** False once the socket sends more messages than its window allows. */
  readonly withinRate: () => boolean;
  /** The handshake or Subscribe it has yet to make in time; cleared when it does, or closes. */
  deadline: ReturnType<typeof setTimeout> | null;
  /** The shopper's orders it was told of (FollowOrders); null until then. */
  following: { readonly userId: string | null; readonly keys: ReadonlySet<string> } | null;
}

export interface HubConnectionInfo {
  readonly id: string;
  readonly subscribed: boolean;
  readonly locationId: string | null;
}

export interface InventoryHub {
  readonly path: string;
  /** POST {path}/negotiate: the connection token the WebSocket request then names as ?id=. */
  negotiate(query: URLSearchParams): { status: number; body: unknown };
  /** Takes the upgrade when it is for the hub's path; false leaves it to others (Vite's HMR socket). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  broadcast(locationId: string, variationId: string, count: number): void;
  /** OrderStatusChanged to the connections that follow this order: its account's, or the guests holding its key. */
  orderStatusChanged(owner: { readonly userId: string | null; readonly key: string }, args: readonly unknown[]): void;
  /** 'close' sends a Close message that allows reconnecting; 'drop' cuts the sockets without a word. */
  disconnectAll(mode: 'close' | 'drop'): number;
  connections(): HubConnectionInfo[];
  close(): Promise<void>;
}

const PENDING_TOKEN_MS = 60_000;

export function createInventoryHub(options: HubOptions): InventoryHub {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const clientTimeoutMs = options.clientTimeoutMs ?? 30_000;
  const limits: HubLimits = { ...HUB_LIMITS, ...options.limits };
  // ws would take 100 MiB in one message; a longer one closes the socket with 1009.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const pending = new Map<string, { connectionId: string; expires: number }>();
  const live = new Set<Connection>();
  const byLocation = new Map<string, Set<Connection>>();

  const keepAlive = setInterval(() => {
    const now = Date.now();
    for (const c of live) {
      if (!c.handshaken) continue;
      if (now - c.lastHeard > clientTimeoutMs) {
        send(c, closeFrame('Server timeout elapsed without receiving a message from the client.', true));
        c.ws.close(1000);
        continue;
      }
      send(c, PING_FRAME);
    }
    for (const [token, entry] of pending) if (entry.expires < now) pending.delete(token);
  }, keepAliveMs);
  keepAlive.unref();

  /** Sends unless the client has stopped reading: then what waits for it would only grow, and it is cut off. */
  function send(c: Connection, text: string): void {
    if (c.ws.bufferedAmount > limits.maxBufferedBytes) c.ws.terminate();
    else c.ws.send(text);
  }

  /** Closes the socket unless it does what it must within `ms` (finish the handshake, then Subscribe). */
  function requireWithin(c: Connection, ms: number, reason: string): void {
    if (c.deadline !== null) clearTimeout(c.deadline);
    c.deadline = setTimeout(() => {
      if (c.handshaken) send(c, closeFrame(reason, false));
      c.ws.close(1008, reason);
    }, ms);
    c.deadline.unref();
  }

  function done(c: Connection): void {
    if (c.deadline !== null) clearTimeout(c.deadline);
    c.deadline = null;
  }

  function setLocation(c: Connection, locationId: string | null): void {
    if (c.location !== null) byLocation.get(c.location)?.delete(c);
    c.location = locationId === null ? null : idKey(locationId);
    if (c.location !== null) {
      let set = byLocation.get(c.location);
      if (!set) byLocation.set(c.location, (set = new Set()));
      set.add(c);
    }
  }

  function invoke(c: Connection, message: HubInvocation): void {
    const reply = (outcome: { result: unknown } | { error: string }) => {
      if (message.invocationId !== undefined) send(c, completionFrame(message.invocationId, outcome));
    };
    const [first, second] = message.arguments;
    switch (message.target) {
      case 'Subscribe':
        if (first !== options.clientId) return reply({ error: `Unknown client id '${String(first)}'.` });
        c.subscribed = true;
        done(c);
        setLocation(c, typeof second === 'string' ? second : null);
        return reply({ result: null });
      case 'SetLocation':
        if (!c.subscribed) return reply({ error: 'Subscribe with the client id first.' });
        setLocation(c, typeof first === 'string' ? first : null);
        return reply({ result: null });
      case 'FollowOrders': {
        if (!c.subscribed) return reply({ error: 'Subscribe with the client id first.' });
        const keys = Array.isArray(second) ? second : [];
        if (
          (first !== null && typeof first !== 'string') ||
          keys.length > MAX_FOLLOWED_KEYS ||
          !keys.every((key): key is string => typeof key === 'string' && key.length <= 200)
        )
          return reply({ error: `FollowOrders takes a token or null and at most ${MAX_FOLLOWED_KEYS} idempotency keys.` });
        const follower = options.follow?.(first, keys) ?? { userId: null, keys: [] };
        c.following = { userId: follower.userId, keys: new Set(follower.keys) };
        // The answer says whether the token was taken, so a client with a stale one can follow again after a refresh.
        return reply({ result: { Account: follower.userId !== null, Keys: follower.keys.length } });
      }
      default:
        return reply({ error: `Failed to invoke '${message.target}' because it does not exist.` });
    }
  }

  function receive(c: Connection, data: RawData): void {
    // Closing: what a flood still sends meanwhile is not read.
    if (c.ws.readyState !== c.ws.OPEN) return;
    c.lastHeard = Date.now();
    if (!c.withinRate()) {
      send(c, closeFrame('Connection closed with an error: too many messages.', false));
      c.ws.close(1008, 'too many messages');
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const parts = c.reader.push(text);
    // Text that never ends its message would otherwise be kept, piece after piece.
    if (c.reader.waiting > limits.maxMessageBytes) {
      send(c, closeFrame('Connection closed with an error: a message is too large.', false));
      c.ws.close(1009, 'message too large');
      return;
    }
    for (const part of parts) {
      if (!c.handshaken) {
        const handshake = readHandshake(part);
        if (!handshake.ok) {
          send(c, JSON.stringify({ error: handshake.error }) + RECORD_SEPARATOR);
          c.ws.close(1002);
          return;
        }
        c.handshaken = true;
        send(c, frame({}));
        requireWithin(c, limits.subscribeTimeoutMs, `Subscribe with the client id within ${limits.subscribeTimeoutMs / 1000} s.`);
        continue;
      }
      let message: unknown;
      try {
        message = JSON.parse(part);
      } catch {
        send(c, closeFrame('Connection closed with an error: a message was not JSON.', false));
        c.ws.close(1003);
        return;
      }
      const type = (message as { type?: unknown }).type;
      if (isInvocation(message)) invoke(c, message);
      else if (type === MessageType.StreamInvocation) {
        const id = (message as { invocationId?: string }).invocationId;
        if (id !== undefined) send(c, completionFrame(id, { error: 'This hub has no streaming methods.' }));
      } else if (type === MessageType.Close) c.ws.close(1000);
      // Pings and cancellations need no answer.
    }
  }

  function accept(ws: WebSocket, connectionId: string): void {
    const c: Connection = {
      id: connectionId,
      ws,
      reader: new FrameReader(),
      handshaken: false,
      subscribed: false,
      location: null,
      lastHeard: Date.now(),
      withinRate: messageRate(limits),
      deadline: null,
      following: null,
    };
    live.add(c);
    requireWithin(c, limits.handshakeTimeoutMs, 'Handshake was canceled.');
    ws.on('message', (data) => receive(c, data));
    ws.on('close', () => {
      done(c);
      live.delete(c);
      setLocation(c, null);
    });
    ws.on('error', () => ws.terminate());
  }

  return {
    path: options.path,
    negotiate(query) {
      const connectionId = randomBytes(16).toString('base64url');
      const version = query.get('negotiateVersion') === '1' ? 1 : 0;
      const token = version === 1 ? randomBytes(16).toString('base64url') : connectionId;
      // A Map keeps insertion order: the first key is the oldest token.
      if (pending.size >= limits.maxPendingTokens) pending.delete(pending.keys().next().value!);
      pending.set(token, { connectionId, expires: Date.now() + PENDING_TOKEN_MS });
      return {
        status: 200,
        body: {
          negotiateVersion: version,
          connectionId,
          ...(version === 1 ? { connectionToken: token } : {}),
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
        },
      };
    },
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://hub');
      if (url.pathname !== options.path) return false;
      // Browsers send Origin with every WebSocket request, and CORS does not apply to it: the hub checks it itself.
      if (!originAllowed(req, options.allowedOrigins ?? [])) {
        socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nThis origin may not connect to the hub');
        return true;
      }
      if (live.size >= limits.maxConnections) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nToo many connections');
        return true;
      }
      const id = url.searchParams.get('id');
      let connectionId: string;
      if (id === null) {
        // skipNegotiation: true connects straight to the WebSocket.
        connectionId = randomBytes(16).toString('base64url');
      } else {
        const entry = pending.get(id);
        if (!entry) {
          socket.end('HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nNo Connection with that ID');
          return true;
        }
        pending.delete(id);
        connectionId = entry.connectionId;
      }
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, connectionId));
      return true;
    },
    broadcast(locationId, variationId, count) {
      const listeners = byLocation.get(idKey(locationId));
      if (!listeners || listeners.size === 0) return;
      const text = invocationFrame('InventoryUpdated', [locationId, variationId, count]);
      for (const c of listeners) if (c.subscribed) send(c, text);
    },
    orderStatusChanged(owner, args) {
      const text = invocationFrame('OrderStatusChanged', [...args]);
      for (const c of live) {
        const f = c.following;
        if (f === null) continue;
        if (owner.userId !== null ? f.userId === owner.userId : f.keys.has(owner.key)) send(c, text);
      }
    },
    disconnectAll(mode) {
      const n = live.size;
      for (const c of [...live]) {
        if (mode === 'drop') c.ws.terminate();
        else {
          send(c, closeFrame('The server is restarting.', true));
          c.ws.close(1000);
        }
      }
      return n;
    },
    connections: () => [...live].map((c) => ({ id: c.id, subscribed: c.subscribed, locationId: c.location })),
    async close() {
      clearInterval(keepAlive);
      for (const c of live) {
        done(c);
        c.ws.terminate();
      }
      live.clear();
      byLocation.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
