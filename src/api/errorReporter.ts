// The error-reporting adapter (ARCHITECTURE.md "Real parts"): the console by default, a DSN when configured.
// Account-and-session.md section 9: breadcrumbs from the console are dropped, messages over 1024 characters are cut.
//
// With a DSN, each event is POSTed to it as JSON:
//   { "timestamp": ISO-8601, "level": "error", "message": string (<= 1024 chars), "call": string,
//     "tags": { "call": string, "status"?: string }, "extra": {...}, "breadcrumbs": [{ category, message, timestamp }] }

export const MAX_MESSAGE_LENGTH = 1024;

export interface Breadcrumb {
  readonly category: string;
  readonly message: string;
  readonly timestamp?: string;
}

export interface ErrorEvent {
  /** The API call or the part that failed ('Order/Place', 'InventoryHub'); always present in what is sent. */
  readonly call: string;
  readonly message: string;
  readonly status?: number;
  readonly extra?: Readonly<Record<string, unknown>>;
  readonly breadcrumbs?: readonly Breadcrumb[];
}

export interface ReportedEvent {
  readonly timestamp: string;
  readonly level: 'error';
  readonly message: string;
  readonly call: string;
  readonly tags: Readonly<Record<string, string>>;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly breadcrumbs: readonly Breadcrumb[];
}

export type ReportError = (event: ErrorEvent) => void;

export interface ConsoleLike {
  error(...args: unknown[]): void;
}

export interface ErrorReporterOptions {
  readonly dsn?: string | undefined;
  readonly console?: ConsoleLike;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

/** Cuts a message to 1024 characters, the last three being '...'. */
export function truncateMessage(message: string): string {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 3)}...` : message;
}

/** The event as it leaves the browser: console breadcrumbs dropped, message cut, the call name as a tag. */
export function toReportedEvent(event: ErrorEvent, now: number): ReportedEvent {
  const tags: Record<string, string> = { call: event.call };
  if (event.status !== undefined) tags.status = String(event.status);
  return {
    timestamp: new Date(now).toISOString(),
    level: 'error',
    message: truncateMessage(event.message),
    call: event.call,
    tags,
    extra: event.extra ?? {},
    breadcrumbs: (event.breadcrumbs ?? []).filter((b) => b.category !== 'console'),
  };
}

/**
 * A reporter that never throws and never blocks: a failed POST to the DSN is written to the console instead,
 * and nothing is reported about reporting.
 */
export function createErrorReporter(options: ErrorReporterOptions = {}): ReportError {
  const out = options.console ?? console;
  const now = options.now ?? Date.now;
  const dsn = options.dsn;
  const post = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  return (event) => {
    const reported = toReportedEvent(event, now());
    if (!dsn || !post) {
      out.error(`[${reported.call}] ${reported.message}`);
      return;
    }
    void post(dsn, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(reported) }).then(
      (response) => {
        if (!response.ok) out.error(`[${reported.call}] ${reported.message} (error reporting answered ${response.status})`);
      },
      () => out.error(`[${reported.call}] ${reported.message} (error reporting unreachable)`),
    );
  };
}
