// The state the screens show: the fold of the log. Plain data with a version, so snapshots and `replay --json`
// can be compared byte for byte.
import type { CartLine } from '../domain/cart/cartLine';
import type { BagDiscount, Coupon, Reward } from '../domain/discounts/codecs';
import type { FulfillmentType, Order } from '../domain/orders/codecs';
import type { PickupChoice } from '../domain/time/pickupChoice';
import type { CardSummary, GuestDetails, Vehicle } from './catalogue';
import type { SavedAddress } from './facts/delivery';
import type { CancelReason, OrderStage } from '../domain/orders/progress';

// 2: the account's own slice (profile, loyalty, saved cards, ...) and the log's count of reducer faults.
// 3: the clock's last move of the pickup time and the last reorder, kept as warnings; the prompts a browser saw; local favorites.
// 4: the account's delivery addresses as records, the selected one, and the delivery quote.
// 5: the card the API refused, kept so the card block asks for another.
// 6: whether the guest's details were confirmed with 'Continue' (shown) or kept as typed (the form stays).
// 7: each order's progress after placement, and the key a guest's order was placed with.
export const STATE_VERSION = 7;

export type { BagDiscount };

/**
 * The bag's key: renewed on every change to the bag or checkout (their events carry it as `idempotencyKey`), so it
 * names one version of the bag; the next bag gets a fresh one when an order is placed. An order attempt goes out
 * under it, unless an earlier attempt is still in doubt.
 */
export type BagKey = string;

/**
 * One order attempt's key: the idempotency key the API was sent with the order (the bag's key when the attempt
 * started, or, for a retry, the key of the attempt still in doubt). The order events carry it as `idempotencyKey`.
 */
export type AttemptKey = string;

export interface BagState {
  readonly lines: readonly CartLine[];
  /** At most one coupon or reward (ordering.md section 9). */
  readonly discount: BagDiscount | null;
  readonly tip: { readonly amount: number; readonly percent: number | null };
  /** Renewed on every cart change; a retry of an unchanged bag reuses it, so a lost response never makes two orders. */
  readonly idempotencyKey: BagKey;
}

export interface PickupState {
  readonly choice: PickupChoice | null;
  readonly userSelected: boolean;
  readonly mustConfirmDate: boolean;
}

export interface CheckoutState {
  readonly fulfillmentType: FulfillmentType | null;
  readonly pickupNotes: string;
  readonly dineIn: { readonly note: string; readonly skipNote: boolean };
  /** Remembered across orders (the spec's persisted curbside state), not cleared by placing an order. */
  readonly vehicle: Vehicle | null;
  readonly guest: GuestDetails | null;
  /** The guest's details were given with 'Continue' and are shown; false while the form holds them as typed. */
  readonly guestConfirmed: boolean;
  /** A card registered for this order only (not remembered); saved cards belong to the account. */
  readonly transientCard: CardSummary | null;
  readonly selectedCardKey: string | null;
  /** A saved gift card (by id) paying this order, or the part its balance covers; cleared by the order. */
  readonly giftCardId: string | null;
}

export interface InventoryState {
  readonly locationId: string | null;
  /** Known counts by variation id; a tracked variation without a count is not limited until counted. */
  readonly counts: Readonly<Record<string, number>>;
  readonly counted: boolean;
}

export interface PlacementState {
  readonly status: 'idle' | 'pending' | 'failed' | 'placed';
  /** The key of the last attempt (its state is `status`). */
  readonly idempotencyKey: AttemptKey | null;
  readonly queued: boolean;
  readonly message: string | null;
  readonly codes: readonly string[];
  readonly orderId: string | null;
  readonly at: string | null;
  /** The key of an attempt whose outcome is not known (no answer came); it is asked about before any retry. */
  readonly unconfirmedKey: AttemptKey | null;
  /** The card the last failure refused (a decline, a bad CVV...), while it stands: the shopper is asked for another. */
  readonly refusedCardKey: string | null;
}

export interface OrderRecord {
  readonly orderId: string;
  readonly placedAt: string;
  readonly locationId: string;
  readonly order: Order | null;
  /** A guest's order: the idempotency key it was placed with, which asks for its progress (null for the account's). */
  readonly guestKey: string | null;
}

/** Where an order stands after placement (OrderProgressed events), as the business last told it. */
export interface OrderProgress {
  readonly stage: OrderStage;
  /** When it reached that stage (ISO-8601 UTC). */
  readonly at: string;
  /** When it is expected ready (or delivered); null once cancelled or when the business gives none. */
  readonly estimate: string | null;
  /** The first estimate the business gave: a later estimate means the order is running late. */
  readonly promised: string | null;
  readonly reason: CancelReason | null;
  /** Every stage reached, in order. */
  readonly steps: readonly { readonly stage: OrderStage; readonly at: string }[];
  /** When this browser last learned something of it (the event's time): what an offline page calls 'last known'. */
  readonly heardAt: string;
}

export interface Profile {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

/** A gift card on the account: its id and the last four digits of its number (the number itself never is). */
export interface GiftCardSummary {
  readonly id: string;
  readonly last4: string;
  /** The balance in minor units, once checked (GiftCard/Balance, or a reload's answer). */
  readonly balance: number | null;
}

/** Loyalty (account-and-session.md sections 3 and 4): the business's availability, and the member's status. */
export interface LoyaltyState {
  readonly available: boolean;
  readonly enrolled: boolean;
  readonly balance: number;
  /** What a point is called: One and Other (default Point and Points). */
  readonly terminology: { readonly one: string; readonly other: string };
  readonly rewards: readonly Reward[];
  readonly coupons: readonly Coupon[];
}

/**
 * What the signed-in shopper's account holds (account-and-session.md sections 3 and 4). Sign-out resets all of it but
 * loyalty availability, which is the business's, not the shopper's.
 */
export interface AccountState {
  readonly profile: Profile | null;
  readonly verified: boolean;
  readonly textNotificationOptIn: boolean | null;
  readonly customerSince: string | null;
  readonly loyalty: LoyaltyState;
  readonly savedCards: readonly CardSummary[];
  readonly defaultCardKey: string | null;
  readonly giftCards: readonly GiftCardSummary[];
  /** Item ids. */
  readonly favorites: readonly string[];
  /** The delivery address book (Delivery/Address), in the API's order. */
  readonly addresses: readonly SavedAddress[];
  /** The address to deliver to; kept only while it is in the list (account-and-session.md section 4). */
  readonly selectedAddressId: string | null;
  /** The last delivery quote, for one location, address and pickup choice. */
  readonly deliveryQuote: DeliveryQuoteState | null;
}

/** A delivery quote with the chosen location's availability (ordering.md section 3); money in minor units. */
export interface DeliveryQuoteState {
  readonly locationId: string;
  readonly addressId: string;
  /** The pickup choice's time it was asked for: 'ASAP' or an instant. */
  readonly choice: string;
  readonly available: boolean;
  readonly distance: number | null;
  /** Other locations that deliver to the address, nearest first. */
  readonly deliveringIds: readonly string[];
  readonly deliveryFee: number;
  readonly serviceFee: number;
  readonly deliverAt: string;
  readonly bufferMinimum: number;
  readonly bufferMaximum: number;
}

/** Lines the rules took out of the bag, kept so the warning shows on screen and in a replay alike. */
export interface Removal {
  readonly seq: number;
  readonly at: string;
  readonly count: number;
  readonly reason: 'location' | 'stock' | 'catalog';
  /** The names of the items taken out, once each in bag order (catalog words, not personal), so the bag can say which. */
  readonly names: readonly string[];
}

export interface Clamp {
  readonly seq: number;
  readonly at: string;
  readonly lines: readonly { readonly key: string; readonly from: number; readonly to: number }[];
}

/** The clock moved the shopper's chosen pickup time (a PickupTimeAdjusted event): from what, to what. */
export interface PickupMove {
  readonly seq: number;
  readonly at: string;
  readonly from: PickupChoice;
  /** null when the schedule offers nothing at all. */
  readonly to: PickupChoice | null;
}

/** What the last reorder told the shopper: lines left out and quantities reduced. */
export interface ReorderNotice {
  readonly seq: number;
  readonly at: string;
  readonly orderId: string;
  readonly messages: readonly string[];
}

export interface LogStats {
  readonly events: number;
  readonly lastSeq: number;
  readonly lastAt: string | null;
  /** Events of unknown types or newer versions, skipped and counted (never fatal). */
  readonly skipped: Readonly<Record<string, number>>;
  /** Events the reducers ignored because they made no sense in the state they met (e.g. a line for another location). */
  readonly ignored: number;
  /** Events whose reducer threw (a rule bug or a bad catalog): kept from stopping a replay, and counted here. */
  readonly faults: number;
}

export interface State {
  readonly version: typeof STATE_VERSION;
  readonly account: AccountState;
  readonly catalog: { readonly hash: string | null; readonly locationIds: readonly string[] };
  readonly locationId: string | null;
  readonly bag: BagState;
  readonly pickup: PickupState;
  readonly checkout: CheckoutState;
  readonly inventory: InventoryState;
  readonly placement: PlacementState;
  readonly orders: { readonly history: readonly OrderRecord[]; readonly progress: Readonly<Record<string, OrderProgress>> };
  readonly warnings: {
    readonly removal: Removal | null;
    readonly clamp: Clamp | null;
    readonly pickupMoved: PickupMove | null;
    readonly reorder: ReorderNotice | null;
  };
  /** Curbside (ordering.md section 4): arrivals told to the store by order id, and orders whose prompt was put away. */
  readonly curbside: { readonly arrivals: Readonly<Record<string, string>>; readonly ignoredOrders: readonly string[] };
  /** A guest's favorite item ids, kept in this browser across sign-ins (the account's are in account.favorites). */
  readonly localFavorites: readonly string[];
  /** What this browser has been shown once (account-and-session.md section 4): kept across sign-outs. */
  readonly prompts: { readonly textNotifications: boolean };
  readonly log: LogStats;
}

export const emptyCheckout: CheckoutState = {
  fulfillmentType: null,
  pickupNotes: '',
  dineIn: { note: '', skipNote: false },
  vehicle: null,
  guest: null,
  guestConfirmed: false,
  transientCard: null,
  selectedCardKey: null,
  giftCardId: null,
};

/** The account as it is when nobody is signed in. */
/** The spec's default loyalty terminology (account-and-session.md section 9). */
export const DEFAULT_TERMINOLOGY = { one: 'Point', other: 'Points' } as const;

export function signedOutAccount(loyaltyAvailable: boolean): AccountState {
  return {
    profile: null,
    verified: false,
    textNotificationOptIn: null,
    customerSince: null,
    loyalty: { available: loyaltyAvailable, enrolled: false, balance: 0, terminology: DEFAULT_TERMINOLOGY, rewards: [], coupons: [] },
    savedCards: [],
    defaultCardKey: null,
    giftCards: [],
    favorites: [],
    addresses: [],
    selectedAddressId: null,
    deliveryQuote: null,
  };
}

export const idlePlacement: PlacementState = {
  status: 'idle',
  idempotencyKey: null,
  queued: false,
  message: null,
  codes: [],
  orderId: null,
  at: null,
  unconfirmedKey: null,
  refusedCardKey: null,
};

export const initialState: State = {
  version: STATE_VERSION,
  account: signedOutAccount(false),
  catalog: { hash: null, locationIds: [] },
  locationId: null,
  bag: { lines: [], discount: null, tip: { amount: 0, percent: null }, idempotencyKey: '' },
  pickup: { choice: null, userSelected: false, mustConfirmDate: false },
  checkout: emptyCheckout,
  inventory: { locationId: null, counts: {}, counted: false },
  placement: idlePlacement,
  orders: { history: [], progress: {} },
  warnings: { removal: null, clamp: null, pickupMoved: null, reorder: null },
  curbside: { arrivals: {}, ignoredOrders: [] },
  localFavorites: [],
  prompts: { textNotifications: false },
  log: { events: 0, lastSeq: 0, lastAt: null, skipped: {}, ignored: 0, faults: 0 },
};
