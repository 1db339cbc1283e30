// The storefront's views of the log: selectors over state$ (and the clock, for what time changes), each recomputed
// only when its inputs change. Pages read them through useView; nothing here mutates state.
import type { OpenStatus } from '../domain/time/openState';
import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { CatalogIndex, LocationCatalog } from '../domain/catalog/catalogIndex';
import type { PickupSchedule } from '../domain/time/pickupSlots';
import { currentLocation, type ReduceContext } from '../events/context';
import { bagView, bagWarnings, currentCounts, type BagView, type Warning } from '../events/selectors/bag';
import { paymentSplit, placeOrderReadiness, selectedCard, type Readiness } from '../events/selectors/checkout';
import type { GiftCardSplit } from '../domain/payments/giftCardSplit';
import { checkoutTotals, sameTotals, type TotalsLines } from '../events/selectors/totals';
import type { CardSummary } from '../events/catalogue';
import type { State } from '../events/state';
import type { TimeRules } from '../events/timeRules';
import { couponExpired } from '../domain/discounts/expiry';
import { derivedView, shallowEqual, toView, type View } from './view';

export interface StorefrontViews {
  readonly state: View<State>;
  readonly catalog: View<CatalogIndex | null>;
  /** Locations the configuration allows, in catalog order. */
  readonly locations: View<readonly LocationCatalog[]>;
  readonly location: View<LocationCatalog | null>;
  readonly bag: View<BagView>;
  readonly itemCount: View<number>;
  readonly readiness: View<Readiness>;
  /** What the order charges and how it is paid: a chosen gift card's part and the card's (see paymentSplit). */
  readonly paymentSplit: View<GiftCardSplit & { readonly total: number }>;
  /** Checkout's totals lines for the bag as it is now (fees, tip, gift card); null until the bag is priced. */
  readonly checkoutTotals: View<TotalsLines | null>;
  readonly warnings: View<readonly Warning[]>;
  readonly card: View<CardSummary | null>;
  /** The current location's stock counts (see currentCounts). */
  readonly counts: View<Readonly<Record<string, number>>>;
  /** The time rules once loaded (see timeRules.ts); null before. */
  readonly timeRules: View<TimeRules | null>;
  /** The current location's schedule, refreshed as the clock moves; null until the time rules are loaded. */
  readonly schedule: View<PickupSchedule | null>;
  readonly open: View<boolean | null>;
  /** Open until when, or closed until when, for the current location; null until the time rules are loaded. */
  readonly openStatus: View<OpenStatus | null>;
  /** Ids of the account's coupons past their ExpiresAt, as the clock moves: one may expire while its page is open. */
  readonly expiredCoupons: View<readonly string[]>;
  /**
   * The clock's time (epoch ms) at the start of its minute: what a page shows of the time now (a location's hours
   * today) reads it here, so the app's clock, which a replay or a test sets, is the page's too.
   */
  readonly minute: View<number>;
  readonly stop: () => void;
}

/** Two schedules offer the same times (the clock ticking inside one slot changes nothing a shopper sees). */
function sameSchedule(a: PickupSchedule | null, b: PickupSchedule | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (a.open !== b.open || a.asap?.at !== b.asap?.at || a.days.length !== b.days.length) return false;
  return a.days.every((day, i) => {
    const other = b.days[i]!;
    return day.date === other.date && day.label === other.label && day.slots.length === other.slots.length && day.slots[0]?.at === other.slots[0]?.at;
  });
}

/**
 * `clock$` emits the time (epoch ms); the app ticks it every few seconds, tests drive it by hand. `time$` gives the
 * time rules once they are loaded.
 */
export function createViews(
  state$: Observable<State>,
  initial: State,
  ctx: ReduceContext,
  clock$: Observable<number>,
  initialNow: number,
  time$: Observable<TimeRules | null>,
  initialTime: TimeRules | null,
): StorefrontViews {
  const stops: (() => void)[] = [];
  const view = <T>(source: Observable<T>, first: T, equal?: (a: T, b: T) => boolean): View<T> => {
    const v = toView(source, first, equal);
    stops.push(v.stop);
    return v;
  };
  const catalogOf = (s: State) => (s.catalog.hash === null ? null : (ctx.catalog(s.catalog.hash) ?? null));
  const locationsOf = (s: State): LocationCatalog[] => {
    const catalog = catalogOf(s);
    if (!catalog) return [];
    return s.catalog.locationIds.flatMap((id) => {
      const found = catalog.byLocation.get(id);
      return found ? [found] : [];
    });
  };
  const bagInputs = (a: State, b: State) => a.bag === b.bag && a.inventory === b.inventory && a.locationId === b.locationId && a.catalog === b.catalog;
  const bag$ = state$.pipe(
    distinctUntilChanged(bagInputs),
    map((s) => bagView(s, ctx)),
  );
  const bag = view(bag$, bagView(initial, ctx));
  const location$ = state$.pipe(
    map((s) => currentLocation(s, ctx) ?? null),
    distinctUntilChanged(),
  );
  const firstLocation = currentLocation(initial, ctx) ?? null;

  const state = view(state$, initial);
  const location = view(location$, firstLocation);

  return {
    state,
    catalog: view(state$.pipe(map(catalogOf)), catalogOf(initial)),
    locations: view(
      state$.pipe(
        distinctUntilChanged((a, b) => a.catalog === b.catalog),
        map(locationsOf),
      ),
      locationsOf(initial),
      shallowEqual,
    ),
    location,
    bag,
    itemCount: view(bag.value$.pipe(map((b) => b.itemCount)), bag.get().itemCount),
    // Checkout's figures are computed only while checkout reads them.
    readiness: derivedView([state, bag] as const, placeOrderReadiness, (a, b) => a.canPlace === b.canPlace && shallowEqual(a.blockers, b.blockers)),
    paymentSplit: derivedView([state, bag] as const, paymentSplit, shallowEqual),
    checkoutTotals: derivedView([state, bag, location] as const, (s, b, l) => (l === null ? null : checkoutTotals(s, b, l.location)), sameTotals),
    warnings: view(
      state$.pipe(
        distinctUntilChanged((a, b) => a.warnings === b.warnings),
        map(bagWarnings),
      ),
      bagWarnings(initial),
      shallowEqual,
    ),
    card: view(state$.pipe(map(selectedCard)), selectedCard(initial)),
    counts: view(state$.pipe(map(currentCounts)), currentCounts(initial)),
    timeRules: view(time$, initialTime),
    schedule: view(
      combineLatest([location$, clock$, time$]).pipe(map(([location, now, time]) => (location && time ? time.pickupSchedule(location.location, now) : null))),
      firstLocation && initialTime ? initialTime.pickupSchedule(firstLocation.location, initialNow) : null,
      sameSchedule,
    ),
    open: view(
      combineLatest([location$, clock$, time$]).pipe(map(([location, now, time]) => (location && time ? time.isOpenAt(location.location, now) : null))),
      firstLocation && initialTime ? initialTime.isOpenAt(firstLocation.location, initialNow) : null,
    ),
    openStatus: view(
      combineLatest([location$, clock$, time$]).pipe(map(([location, now, time]) => (location && time ? time.openStatusAt(location.location, now) : null))),
      firstLocation && initialTime ? initialTime.openStatusAt(firstLocation.location, initialNow) : null,
      (a, b) => a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b)),
    ),
    expiredCoupons: view(
      combineLatest([
        state$.pipe(
          map((s) => s.account.loyalty.coupons),
          distinctUntilChanged(),
        ),
        clock$,
      ]).pipe(map(([coupons, now]) => expiredCouponIds(coupons, now))),
      expiredCouponIds(initial.account.loyalty.coupons, initialNow),
      shallowEqual,
    ),
    minute: view(clock$.pipe(map(startOfMinute)), startOfMinute(initialNow)),
    stop: () => stops.forEach((stop) => stop()),
  };
}

const MINUTE_MS = 60_000;
const startOfMinute = (now: number): number => now - (((now % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);

const expiredCouponIds = (coupons: State['account']['loyalty']['coupons'], now: number): readonly string[] =>
  coupons.filter((coupon) => couponExpired(coupon, now)).map((coupon) => coupon.Id);
