// Redaction for logs shared with support: names, emails, phones and addresses become stable placeholders (the same
// value gets the same placeholder throughout a file), everything else is kept so the replay still explains the bag.
import type { RawEvent } from './logFile';

type Kind = 'first' | 'last' | 'email' | 'phone' | 'address' | 'city' | 'postal';

export interface Redactor {
  readonly event: (event: RawEvent) => RawEvent;
}

const PLACEHOLDER: Readonly<Record<Kind, (n: number) => string>> = {
  first: (n) => `Shopper${n}`,
  last: (n) => `Redacted${n}`,
  email: (n) => `shopper${n}@example.invalid`,
  phone: (n) => `555-01${String(n % 100).padStart(2, '0')}`,
  address: (n) => `${n} Redacted St`,
  city: (n) => `City ${n}`,
  postal: (n) => String(n % 100000).padStart(5, '0'),
};

const FIELD_KIND: Readonly<Record<string, Kind>> = {
  firstName: 'first',
  lastName: 'last',
  FirstName: 'first',
  LastName: 'last',
  email: 'email',
  emailAddress: 'email',
  Email: 'email',
  phone: 'phone',
  phoneNumber: 'phone',
  PhoneNumber: 'phone',
  address1: 'address',
  address2: 'address',
  AddressLine1: 'address',
  AddressLine2: 'address',
  AddressLine3: 'address',
  city: 'city',
  Locality: 'city',
  postalCode: 'postal',
  PostalCode: 'postal',
};

/** A redactor with its own placeholder numbering; use one per exported file. */
export function createRedactor(): Redactor {
  const seen = new Map<string, string>();
  const counters = new Map<Kind, number>();
  const placeholder = (kind: Kind, value: string): string => {
    if (value === '') return value;
    const key = `${kind}\u0000${value.trim().toLowerCase()}`;
    let found = seen.get(key);
    if (found === undefined) {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      found = PLACEHOLDER[kind](n);
      seen.set(key, found);
    }
    return found;
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(value)) {
      const kind = FIELD_KIND[field];
      out[field] = kind !== undefined && typeof inner === 'string' ? placeholder(kind, inner) : walk(inner);
    }
    return out;
  };
  return { event: (event) => ({ ...event, data: walk(event.data) }) };
}
