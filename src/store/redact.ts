// Redaction for logs shared with support: every field an event declares personal (src/events/facts/) becomes a
// stable placeholder (the same value gets the same placeholder throughout a file); everything else is kept, so the
// replay still explains the bag. An event of a type this app does not know keeps no data: nothing vouches for it.
import { PRIVACY, isEventType } from '../events/catalogue';
import { mapAtPath, type PersonalKind } from '../events/fields';
import type { RawEvent } from './logFile';

export interface Redactor {
  readonly event: (event: RawEvent) => RawEvent;
}

const PLACEHOLDER: Readonly<Record<PersonalKind, (n: number) => string | number>> = {
  first: (n) => `Shopper${n}`,
  last: (n) => `Redacted${n}`,
  name: (n) => `Name ${n}`,
  email: (n) => `shopper${n}@example.invalid`,
  phone: (n) => `555-01${String(n % 100).padStart(2, '0')}`,
  address: (n) => `${n} Redacted St`,
  city: (n) => `City ${n}`,
  postal: (n) => String(n % 100000).padStart(5, '0'),
  nickname: (n) => `Place ${n}`,
  instructions: (n) => `Note ${n} (redacted)`,
  // Coordinates say where a shopper lives as well as an address does; none is kept.
  coordinate: () => 0,
  giftCard: (n) => `gift-card-${n}`,
};

/** A redactor with its own placeholder numbering; use one per exported file. */
export function createRedactor(): Redactor {
  const seen = new Map<string, string | number>();
  const counters = new Map<PersonalKind, number>();
  const placeholder = (kind: PersonalKind, value: unknown): unknown => {
    if (value === '' || value === null || value === undefined) return value;
    if (typeof value !== 'string' && typeof value !== 'number') return value;
    const key = `${kind}\u0000${String(value).trim().toLowerCase()}`;
    let found = seen.get(key);
    if (found === undefined) {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      found = PLACEHOLDER[kind](n);
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
