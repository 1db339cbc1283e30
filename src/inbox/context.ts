// What every part of the inbox is handed: the database, the clock and randomness (injected, so tests need no sleeps
// and can say which code a share gets), the limits, and where to say what happened.
import type { InboxDatabase } from './database';
import type { InboxLimits } from './limits';
import type { RandomBytes } from './secrets';

export interface InboxContext {
  readonly db: InboxDatabase;
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly randomBytes: RandomBytes;
  readonly limits: InboxLimits;
  readonly log: (line: string) => void;
}

/** The context's clock as an ISO instant, for a timestamptz parameter. */
export const nowIso = (ctx: Pick<InboxContext, 'now'>, plusMs = 0): string => new Date(ctx.now() + plusMs).toISOString();
