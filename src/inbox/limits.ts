// What the support inbox allows, in one place: the README names these, and the tests read them rather than copy them.

export const INBOX_LIMITS = {
  /** A share holds at most this many bytes of event lines (as the shopper's device wrote them): 5 MB. */
  maxShareBytes: 5_000_000,
  /** A share holds at most this many events: a long visit is a few thousand. */
  maxShareEvents: 20_000,
  /** One chunk's body, after gzip is undone: catalogs of thousands of items fit. */
  maxChunkBytes: 8_000_000,
  /** This many wrong share codes from one staff token or one address within `wrongCodeWindowMs` lock its look-ups. */
  maxWrongCodes: 10,
  wrongCodeWindowMs: 15 * 60_000,
  lookupLockoutMs: 15 * 60_000,
  /** Shares (with their events) and CSP reports older than this are deleted, at start and by `support purge`. */
  retentionMs: 30 * 24 * 60 * 60_000,
  /** A CSP report's body: browsers send a few hundred bytes. */
  maxCspReportBytes: 64_000,
  /** Recent shares and CSP reports listed at once. */
  defaultListLimit: 50,
  maxListLimit: 500,
} as const;

export type InboxLimits = { readonly [K in keyof typeof INBOX_LIMITS]: number };
