// Redaction for logs shared with support: every field an event declares personal (src/events/facts/) becomes a
// stable placeholder (the same value gets the same placeholder throughout a file); everything else is kept, so the
// replay still explains the bag. An event of a type this app does not know keeps no data: nothing vouches for it.
import { PRIVACY, isEventType } from '../events/catalogue';
import { mapAtPath, type PersonalKind } from '../events/fields';
import type { RawEvent } from './logFile';

export interface Redactor {
  readonly event: (event: RawEvent) => RawEvent;
}

/**
 * Each kind's placeholder for the nth distinct value, and the shape every such placeholder has, side by side: the
 * support inbox refuses a personal field that is not a placeholder (isPlaceholder), so the two are written together.
 */
const PLACEHOLDER: Readonly<Record<PersonalKind, { readonly make: (n: number) => string | number; readonly shape: RegExp | number }>> = {
  first: { make: (n) => `Shopper${n}`, shape: /^Shopper[1-9]\d*$/ },
  last: { make: (n) => `Redacted${n}`, shape: /^Redacted[1-9]\d*$/ },
  name: { make: (n) => `Name ${n}`, shape: /^Name [1-9]\d*$/ },
  email: { make: (n) => `shopper${n}@example.invalid`, shape: /^shopper[1-9]\d*@example\.invalid$/ },
  phone: { make: (n) => `555-01${String(n % 100).padStart(2, '0')}`, shape: /^555-01\d\d$/ },
  address: { make: (n) => `${n} Redacted St`, shape: /^[1-9]\d* Redacted St$/ },
  city: { make: (n) => `City ${n}`, shape: /^City [1-9]\d*$/ },
  // Any five digits: a real ZIP code has the same shape, so a postal code alone cannot be told from its placeholder.
  postal: { make: (n) => String(n % 100000).padStart(5, '0'), shape: /^\d{5}$/ },
  nickname: { make: (n) => `Place ${n}`, shape: /^Place [1-9]\d*$/ },
  instructions: { make: (n) => `Note ${n} (redacted)`, shape: /^Note [1-9]\d* \(redacted\)$/ },
  // Coordinates say where a shopper lives as well as an address does; none is kept.
  coordinate: { make: () => 0, shape: 0 },
  giftCard: { make: (n) => `gift-card-${n}`, shape: /^gift-card-[1-9]\d*$/ },
  // A car's make, model or colour: with the store's address and the time, enough to pick a shopper out.
  vehicle: { make: (n) => `Vehicle ${n}`, shape: /^Vehicle [1-9]\d*$/ },
};

/** What redaction leaves as it is: nothing personal to replace. */
const leftAsIs = (value: unknown): boolean => value === '' || value === null || value === undefined || (typeof value !== 'string' && typeof value !== 'number');

/**
 * Whether a personal field's value is what redaction leaves there: a placeholder of its kind, or a value redaction keeps
 * (empty, null, not text or a number). The support inbox refuses a shared event whose personal field is anything else.
 */
export function isPlaceholder(kind: PersonalKind, value: unknown): boolean {
  if (leftAsIs(value)) return true;
  const { shape } = PLACEHOLDER[kind];
  return typeof shape === 'number' ? value === shape : typeof value === 'string' && shape.test(value);
}

/** A redactor with its own placeholder numbering; use one per exported file. */
export function createRedactor(): Redactor {
  const seen = new Map<string, string | number>();
  const counters = new Map<PersonalKind, number>();
  const placeholder = (kind: PersonalKind, value: unknown): unknown => {
    if (leftAsIs(value)) return value;
    const key = `${kind}\u0000${String(value).trim().toLowerCase()}`;
    let found = seen.get(key);
    if (found === undefined) {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      found = PLACEHOLDER[kind].make(n);
      seen.set(key, found);
    }
    return found;
  };
  return {
    event(event) {
      if (!isEventType(event.type)) return { ...event, data: {} };
      let data: unknown = event.data;
      for (const [path, kind] of Object.entries(PRIVACY[event.type].personal ?? {})) data = mapAtPath(data, path, (leaf) => placeholder(kind, leaf));
      return { ...event, data: data as RawEvent['data'] };
    },
  };
}
