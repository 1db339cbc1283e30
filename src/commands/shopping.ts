// Commands for browsing and the bag (ordering.md section 4): load the catalog, pick a location, keep stock live,
// add / edit / remove lines, coupons and rewards, tips. Each validates intent against the current state with the
// domain rules, then appends the event; pages never touch the log themselves.
import * as E from 'fp-ts/lib/Either.js';
import type { CartLine } from '../domain/cart/cartLine';
import type { Coupon, Reward } from '../domain/discounts/codecs';
import { filterLocations } from '../domain/locations';
import { lineValidAt } from '../domain/items/lineValidity';
import { remainingForPanel } from '../domain/items/stock';
import { onlyAvailable } from '../domain/items/messages';
import { maximumTip, tippingEnabled } from '../domain/tip';
import { formatMoney } from '../domain/money';
import { currentLocation } from '../events/context';
import { loadTimeRules, timeRulesIfLoaded } from '../store/timeRules';
import { bagView } from '../events/selectors/bag';
import { record, serialQueue, type CommandServices } from './services';
import { matchingId, sameId } from '../domain/ids';

export type Outcome<T = void> = E.Either<string, T>;

const ok = E.right(undefined);

export function shoppingCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();
  const key = () => services.newId();

  async function selectLocationNow(locationId: string): Promise<Outcome> {
    const s = state();
    const catalog = s.catalog.hash === null ? undefined : store.context.catalog(s.catalog.hash);
    const id = matchingId(s.catalog.locationIds, locationId);
    const location = id === undefined ? undefined : catalog?.byLocation.get(id);
    if (!location) return E.left(`There is no location "${locationId}" here.`);
    // A shopper's own choice must be checked against the new location now; with none to keep, the start-up need not
    // wait for the time rules: the clock's command picks the first valid time as soon as they arrive.
    const time = s.pickup.userSelected ? await loadTimeRules() : timeRulesIfLoaded();
    const pickup = time ? time.pickupOnSelection(s, location.location, services.now()) : { choice: null, mustConfirmDate: false };
    await record(services, 'LocationSelected', { locationId: location.location.Id, idempotencyKey: key(), pickup });
    return ok;
  }

  return {
    /**
     * Fetches the catalog, stores it by content hash and records CatalogLoaded when it changed. One allowed
     * location is selected at once; with several, the saved choice stays if still allowed (the reducer keeps it).
     */
    loadCatalog: (): Promise<Outcome> =>
      serially(async () => {
        const answer = await api.catalog.getCatalog();
        // The API client reports every failed call; the shopper gets the message.
        if (E.isLeft(answer)) return E.left('We could not load the menu.');
        const put = await store.catalogs.put(answer.right);
        if (E.isLeft(put)) return E.left(`The menu has problems: ${put.left.slice(0, 3).join('; ')}`);
        const locationIds = filterLocations(put.right.index.locations, services.config).map((l) => l.Id);
        const s = state();
        const same =
          s.catalog.hash === put.right.hash &&
          s.catalog.locationIds.length === locationIds.length &&
          s.catalog.locationIds.every((id, i) => id === locationIds[i]);
        if (!same) await record(services, 'CatalogLoaded', { hash: put.right.hash, locationIds, idempotencyKey: key() });
        const after = state();
        if (locationIds.length === 1 && after.locationId !== locationIds[0]) await selectLocationNow(locationIds[0]!);
        return ok;
      }),

    selectLocation: (locationId: string): Promise<Outcome> => serially(() => selectLocationNow(locationId)),

    /** Reads the location's counts (start-up, location change, hub reconnect) so no update missed while away is lost. */
    refreshInventory: (): Promise<Outcome> =>
      serially(async () => {
        const locationId = state().locationId;
        if (locationId === null) return ok;
        const answer = await api.inventory.listInventory({ locationId });
        // Inventory failures go to error reporting only (ordering.md section 8), which the API client does.
        if (E.isLeft(answer)) return ok;
        if (state().locationId !== locationId) return ok;
        const counts: Record<string, number> = {};
        for (const entry of answer.right.Inventory) counts[entry.VariationId] = entry.Count;
        await record(services, 'InventoryCounted', { locationId, counts, idempotencyKey: key() });
        return ok;
      }),

    /** A hub InventoryUpdated message. */
    applyInventoryUpdate: (locationId: string, variationId: string, count: number): Promise<Outcome> =>
      serially(async () => {
        const s = state();
        if (s.locationId === null || !sameId(s.locationId, locationId)) return ok;
        if (s.inventory.counts[variationId] === count) return ok;
        await record(services, 'InventoryUpdated', { locationId: s.locationId, variationId, count, idempotencyKey: key() });
        return ok;
      }),

    /** Adds what the item panel (or a quick add) built; the key is issued here. */
    addToBag: (line: Omit<CartLine, 'key'>): Promise<Outcome<string>> =>
      serially(async () => {
        const s = state();
        const location = currentLocation(s, store.context);
        if (!location) return E.left('Choose a location first.');
        const candidate: CartLine = { ...line, key: key() };
        if (!lineValidAt(location, candidate)) return E.left('This item cannot be ordered as chosen.');
        const entry = location.variations.get(line.variationId)!;
        const left = remainingForPanel(s.inventory.counts, entry.variation, s.bag.lines);
        if (left <= 0) return E.left('Out of Stock');
        if (line.quantity > left) return E.left(onlyAvailable(left));
        await record(services, 'BagLineAdded', { line: candidate, idempotencyKey: key() });
        return E.right(candidate.key);
      }),

    /** Saves a line edited in the panel; quantity 0 removes it. */
    updateLine: (line: CartLine): Promise<Outcome> =>
      serially(async () => {
        const s = state();
        const location = currentLocation(s, store.context);
        if (!location || !s.bag.lines.some((l) => l.key === line.key)) return E.left('That line is no longer in your bag.');
        if (line.quantity > 0) {
          const entry = location.variations.get(line.variationId);
          if (!entry || !lineValidAt(location, line)) return E.left('This item cannot be ordered as chosen.');
          const left = remainingForPanel(s.inventory.counts, entry.variation, s.bag.lines, line.key);
          if (line.quantity > left) return E.left(onlyAvailable(Math.max(0, left)));
        }
        await record(services, 'BagLineUpdated', { line, idempotencyKey: key() });
        return ok;
      }),

    /** Plus and minus in the bag; 0 removes the line. Plus stops at the stock left. */
    changeQuantity: (lineKey: string, quantity: number): Promise<Outcome> =>
      serially(async () => {
        const s = state();
        const line = s.bag.lines.find((l) => l.key === lineKey);
        const location = currentLocation(s, store.context);
        if (!line || !location) return E.left('That line is no longer in your bag.');
        if (quantity > line.quantity) {
          const entry = location.variations.get(line.variationId);
          const left = entry ? remainingForPanel(s.inventory.counts, entry.variation, s.bag.lines, line.key) : 0;
          if (quantity > left) return E.left(onlyAvailable(Math.max(0, left)));
        }
        await record(services, 'BagLineQuantityChanged', { key: lineKey, quantity: Math.max(0, quantity), idempotencyKey: key() });
        return ok;
      }),

    removeLine: (lineKey: string): Promise<Outcome> =>
      serially(async () => {
        if (!state().bag.lines.some((l) => l.key === lineKey)) return ok;
        await record(services, 'BagLineRemoved', { key: lineKey, idempotencyKey: key() });
        return ok;
      }),

    applyCoupon: (coupon: Coupon): Promise<Outcome> =>
      serially(async () => {
        const expires = coupon.ExpiresAt ? Date.parse(coupon.ExpiresAt) : NaN;
        if (!Number.isNaN(expires) && expires < services.now()) return E.left('This coupon has expired.');
        await record(services, 'CouponApplied', { coupon, idempotencyKey: key() });
        return ok;
      }),

    /** Redeeming a reward adds it only if the balance is at least its Points (account-and-session.md section 4). */
    applyReward: (reward: Reward, balance: number): Promise<Outcome> =>
      serially(async () => {
        if (balance < reward.Points) return E.left(`You need ${reward.Points} points for this reward.`);
        await record(services, 'RewardApplied', { reward, idempotencyKey: key() });
        return ok;
      }),

    removeDiscount: (): Promise<Outcome> =>
      serially(async () => {
        const discount = state().bag.discount;
        if (discount?.kind === 'coupon') await record(services, 'CouponRemoved', { couponId: discount.coupon.Id, idempotencyKey: key() });
        if (discount?.kind === 'reward') await record(services, 'RewardRemoved', { rewardId: discount.reward.Id, idempotencyKey: key() });
        return ok;
      }),

    /** A preset percentage (with the amount it came to) or a custom amount (percent null); checked against the maximum. */
    setTip: (amount: number, percent: number | null): Promise<Outcome> =>
      serially(async () => {
        const s = state();
        const location = currentLocation(s, store.context);
        const preview = bagView(s, store.context).preview;
        if (!location || !preview || !tippingEnabled(location.location)) return E.left('This location does not take tips.');
        const max = maximumTip(location.location, preview);
        if (amount > max) return E.left(`Tip Amount must not exceed ${formatMoney(max, location.currency)}`);
        await record(services, 'TipSet', { amount, percent, idempotencyKey: key() });
        return ok;
      }),

    resetTip: (): Promise<Outcome> =>
      serially(async () => {
        await record(services, 'TipReset', { idempotencyKey: key() });
        return ok;
      }),
  };
}

export type ShoppingCommands = ReturnType<typeof shoppingCommands>;
