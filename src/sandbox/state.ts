// Everything the sandbox remembers, as plain JSON (records, not Maps) so `--data DIR` can write it as it is.
// One SandboxState per running sandbox; `reset` builds a fresh one from the catalog and its seed.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CatalogIndex } from '../domain/catalog/catalogIndex';
import type { Order, OrderError } from '../domain/orders/codecs';
import { BUILT_IN_GIFT_CARDS, type Seed } from './seed';
import { seededAddresses } from './delivery/seedAddresses';
import type { PaymentOutcome } from './payments/testCards';
import type { OrderDraft } from './orders/orderDraft';
import type { KitchenOrder } from '../domain/orders/progress';

export const STATE_VERSION = 1;

export interface UserRecord {
  readonly id: string;
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  /** salt:sha256 of the password; null for accounts that sign in with one-time codes only. */
  passwordHash: string | null;
  verified: boolean;
  /** Whether the account takes texts; null until the shopper makes a choice. */
  textNotificationOptIn: boolean | null;
  customerSince: string;
  favorites: string[];
  giftCardIds: string[];
  usedCouponIds: string[];
  loyalty: { phoneNumber: string; enrolled: boolean; balance: number } | null;
}

export interface TokenRecord {
  readonly userId: string;
  readonly clientId: string;
  expiresAt: number;
  /** The sign-in this token descends from through every refresh (absent in state saved before families: its own). */
  readonly familyId?: string;
}

/** A refresh token already exchanged, kept until it would have expired: presented again, it is either the same
 * browser within the grace window (answered with the same new pair) or a copy in other hands (accounts/tokenFamilies.ts). */
export interface SpentRefreshRecord {
  readonly familyId: string;
  readonly spentAt: number;
  readonly expiresAt: number;
  /** What it was exchanged for. */
  readonly accessToken: string;
  readonly refreshToken: string;
}

export type CodePurpose = 'verify' | 'login' | 'reset' | 'enroll';

export interface CodeRecord {
  readonly code: string;
  readonly userId: string;
  /** Email address or phone number the code went to. */
  readonly to: string;
  purposes: CodePurpose[];
  readonly expiresAt: number;
  /** Wrong tries against this code so far (absent in state saved before it was counted: none). */
  wrongTries?: number;
}

/** One code sent, by destination (see `destinationKey`), for the per-destination send limits. */
export interface SendRecord {
  readonly to: string;
  readonly at: number;
}

/** An account's recent failed sign-ins or gift card adds (instants) and the end of its lockout, if any. */
export interface LoginAttempts {
  failures: number[];
  lockedUntil: number | null;
}

/** What the guessing limits remember (accounts/guessing.ts). */
export interface GuessingRecord {
  sends: SendRecord[];
  /** By user id. */
  logins: Record<string, LoginAttempts>;
  /** GiftCard/Add calls with an unknown number, by user id (absent in state saved before they were limited). */
  giftCardAdds?: Record<string, LoginAttempts>;
}

export interface OutboxMessage {
  readonly id: string;
  readonly at: string;
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly purpose: CodePurpose;
  readonly code: string;
  readonly text: string;
}

export interface StoredOrder {
  readonly order: Order;
  readonly idempotencyKey: string;
  readonly clientId: string;
  readonly userId: string | null;
  readonly guestEmail: string | null;
  readonly guestPhone: string | null;
  readonly createdAt: string;
  arrivedAt: string | null;
  /** The kitchen's timeline of the order (orders/kitchen.ts); absent in state saved before the kitchen: planned when read. */
  kitchen?: KitchenOrder;
}

/** One idempotency key of one client: the order it made, or the queued placement it stands for. */
export interface KeyRecord {
  readonly clientId: string;
  readonly key: string;
  /** 'user:{id}' or 'guest'; a key is never shared between owners. */
  readonly owner: string;
  orderId: string | null;
  queue: { status: 'Pending' | 'Complete' | 'Error'; readyAt: number; draft: OrderDraft; errors: OrderError[] } | null;
}

export interface NonceRecord {
  readonly nonce: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly postalCode: string;
  readonly outcome: PaymentOutcome;
  used: boolean;
}

export interface CardRecord {
  readonly id: string;
  readonly userId: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly outcome: PaymentOutcome;
  readonly name: string;
  readonly address: { address1: string; address2: string; city: string; state: string; postalCode: string; country: string };
}

export interface GiftCardRecord {
  readonly id: string;
  readonly gan: string;
  balance: number;
}

export interface AddressRecord {
  readonly Id: string;
  readonly userId: string;
  [field: string]: string | number | undefined;
}

export interface SandboxState {
  version: number;
  catalogName: string;
  stock: Record<string, Record<string, { count: number; updatedAt: string }>>;
  users: Record<string, UserRecord>;
  accessTokens: Record<string, TokenRecord>;
  refreshTokens: Record<string, TokenRecord>;
  /** Absent in state saved before refresh tokens were tracked after use: none. */
  spentRefreshTokens?: Record<string, SpentRefreshRecord>;
  codes: CodeRecord[];
  outbox: OutboxMessage[];
  orders: Record<string, StoredOrder>;
  keys: Record<string, KeyRecord>;
  nonces: Record<string, NonceRecord>;
  cards: Record<string, CardRecord>;
  giftCards: Record<string, GiftCardRecord>;
  giftCardReloads: Record<string, unknown>;
  addresses: Record<string, AddressRecord>;
  /** Absent in state saved before the guessing limits: read it through `guessingOf` (accounts/guessing.ts). */
  guessing?: GuessingRecord;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`;
}

export function hashPassword(password: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}:${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

export function passwordMatches(hash: string | null, password: string): boolean {
  if (hash === null) return false;
  const [salt = '', digest = ''] = hash.split(':');
  return (
    createHash('sha256')
      .update(salt + password)
      .digest('hex') === digest
  );
}

/** Digits of a US phone number without the country code, so '+1 (212) 555-0100' and '2125550100' are one user. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export function keyOf(clientId: string, idempotencyKey: string): string {
  return `${clientId}|${idempotencyKey}`;
}

/** A fresh state: seed stock for every tracked variation at every location, the seed's accounts and gift cards. */
export function initialState(catalogName: string, index: CatalogIndex, seed: Seed, now: number): SandboxState {
  const at = new Date(now).toISOString();
  const stock: SandboxState['stock'] = {};
  for (const [locationId, location] of index.byLocation) {
    const counts: Record<string, { count: number; updatedAt: string }> = {};
    const seeded = seed.Inventory?.[locationId] ?? {};
    for (const [variationId, { variation }] of location.variations) {
      if (variation.TrackInventory !== true) continue;
      counts[variationId] = { count: seeded[variationId] ?? seed.DefaultStock, updatedAt: at };
    }
    stock[locationId] = counts;
  }
  const users: SandboxState['users'] = {};
  const addresses: SandboxState['addresses'] = {};
  for (const [index, u] of (seed.Users ?? []).entries()) {
    const id = newId('usr');
    Object.assign(addresses, seededAddresses(index, id, u.addresses ?? []));
    users[id] = {
      id,
      email: u.email,
      phoneNumber: u.phoneNumber,
      firstName: u.firstName,
      lastName: u.lastName,
      passwordHash: u.password ? hashPassword(u.password) : null,
      verified: u.verified ?? true,
      textNotificationOptIn: u.textNotificationOptIn ?? null,
      customerSince: at,
      favorites: [],
      giftCardIds: [],
      usedCouponIds: [],
      loyalty: u.loyaltyBalance === undefined ? null : { phoneNumber: u.phoneNumber, enrolled: true, balance: u.loyaltyBalance },
    };
  }
  const giftCards: SandboxState['giftCards'] = {};
  // Ids say nothing of the number: an id travels in logs and exports, a number must not.
  for (const [i, g] of [...BUILT_IN_GIFT_CARDS, ...(seed.GiftCards ?? [])].entries()) {
    const id = `gftc_${String(i + 1).padStart(4, '0')}`;
    giftCards[id] = { id, gan: g.Gan, balance: g.BalanceAmount };
  }
  return {
    version: STATE_VERSION,
    catalogName,
    stock,
    users,
    accessTokens: {},
    refreshTokens: {},
    spentRefreshTokens: {},
    codes: [],
    outbox: [],
    orders: {},
    keys: {},
    nonces: {},
    cards: {},
    giftCards,
    giftCardReloads: {},
    addresses,
    guessing: { sends: [], logins: {} },
  };
}
