// What keeps the hub from being held open or flooded: every socket must finish the SignalR handshake and then Subscribe
// with the client id in time, messages have a size and a rate, a client that stops reading is cut off, and the
// numbers of sockets and of negotiated tokens waiting for one are capped. The defaults sit far above what the
// storefront's client sends (a handshake, a Subscribe, a SetLocation per location change and a ping every 15 s).

export interface HubLimits {
  /** A socket that has not finished the handshake by then is closed (SignalR's HandshakeTimeout, 15 s). */
  readonly handshakeTimeoutMs: number;
  /** A socket that has not subscribed with the client id by then is closed: only the storefront's client listens. */
  readonly subscribeTimeoutMs: number;
  /** The largest message, and the most text waiting for its record separator (SignalR's default receive limit, 32 KB). */
  readonly maxMessageBytes: number;
  /** At most this many messages in any window of `windowMs`; more closes the socket. */
  readonly maxMessagesPerWindow: number;
  readonly windowMs: number;
  /** Text sent but not yet taken by the client: past this the client is not reading, and its socket is cut. */
  readonly maxBufferedBytes: number;
  /** Sockets open at once; another upgrade answers 503. */
  readonly maxConnections: number;
  /** Negotiated tokens not yet used; the oldest is dropped for a new one. */
  readonly maxPendingTokens: number;
}

export const HUB_LIMITS: HubLimits = {
  handshakeTimeoutMs: 15_000,
  subscribeTimeoutMs: 30_000,
  maxMessageBytes: 32 * 1024,
  maxMessagesPerWindow: 100,
  windowMs: 10_000,
  maxBufferedBytes: 1024 * 1024,
  maxConnections: 1_000,
  maxPendingTokens: 1_000,
};

/** Counts one socket's messages in fixed windows: true while it stays within the limit. */
export function messageRate(limits: Pick<HubLimits, 'maxMessagesPerWindow' | 'windowMs'>, now: () => number = Date.now): () => boolean {
  let windowStart = now();
  let count = 0;
  return () => {
    const at = now();
    if (at - windowStart >= limits.windowMs) {
      windowStart = at;
      count = 0;
    }
    count++;
    return count <= limits.maxMessagesPerWindow;
  };
}
