// The parts of the SignalR protocol the inventory hub speaks (ASP.NET Core SignalR, as @microsoft/signalr uses it):
// the JSON hub protocol, version 1, where every message is a JSON text ended by the record separator 0x1E.

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface HubInvocation {
  readonly type: 1;
  readonly invocationId?: string;
  readonly target: string;
  readonly arguments: readonly unknown[];
}

/** Splits received text into complete frames; the unfinished tail is kept for the next chunk. */
export class FrameReader {
  private pending = '';

  /** Characters received that still wait for their record separator. */
  get waiting(): number {
    return this.pending.length;
  }

  push(chunk: string): string[] {
    this.pending += chunk;
    const parts = this.pending.split(RECORD_SEPARATOR);
    this.pending = parts.pop() ?? '';
    return parts.filter((p) => p.length > 0);
  }
}

export function frame(message: unknown): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export const PING_FRAME = frame({ type: MessageType.Ping });

export function invocationFrame(target: string, args: readonly unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function completionFrame(invocationId: string, outcome: { result: unknown } | { error: string }): string {
  return frame({ type: MessageType.Completion, invocationId, ...outcome });
}

export function closeFrame(error: string | undefined, allowReconnect: boolean): string {
  return frame({ type: MessageType.Close, ...(error === undefined ? {} : { error }), allowReconnect });
}

/** The handshake request ({"protocol":"json","version":1}); anything else is refused with a reason. */
export function readHandshake(text: string): { ok: true } | { ok: false; error: string } {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Handshake request is not JSON.' };
  }
  const { protocol, version } = (request ?? {}) as { protocol?: unknown; version?: unknown };
  if (protocol !== 'json') return { ok: false, error: `Requested protocol '${String(protocol)}' is not available.` };
  if (version !== 1) return { ok: false, error: `The server does not support version ${String(version)} of the 'json' protocol.` };
  return { ok: true };
}

export function isInvocation(message: unknown): message is HubInvocation {
  const m = message as Partial<HubInvocation> | null;
  return m !== null && typeof m === 'object' && m.type === MessageType.Invocation && typeof m.target === 'string' && Array.isArray(m.arguments);
}
