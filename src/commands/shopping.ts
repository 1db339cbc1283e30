// Commands for browsing and the bag (ordering.md section 4): load the catalog, pick a location, keep stock live,
// add / edit / remove lines, coupons and rewards, tips. Each reads the current state, asks its decision in
// ./decide/shopping.ts, and appends what it decided; pages never touch the log themselves.
import * as E from 'fp-ts/lib/Either.js';
import type { CartLine } from '../domain/cart/cartLine';
import type { Coupon, Reward } from '../domain/discounts/codecs';
import { filterLocations } from '../domain/locationFilter';
import type { Outcome } from './decide/decision';
import type { Reordered } from './decide/reorder';
import * as decide from './decide/shopping';
import { apply, given, serialQueue, type CommandServices } from './services';

export type { Outcome } from './decide/decision';

export function shoppingCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();

  async function selectLocationNow(locationId: string): Promise<Outcome> {
    return apply(services, decide.selectLocation(state(), store.context, locationId, given(services), await services.rules.time.load()));
  }

  /**
   * The only location, as the catalog loads: with a pickup choice of the shopper's to keep, checked against it now;
   * otherwise the start-up need not wait for the time rules when they are not in yet (a named decision of its own).
   */
  async function selectOnlyLocation(locationId: string): Promise<Outcome> {
    const time = state().pickup.userSelected ? await services.rules.time.load() : services.rules.time.ifLoaded();
    if (time !== null) return apply(services, decide.selectLocation(state(), store.context, locationId, given(services), time));
    return apply(services, decide.selectOnlyLocationAtStart(state(), store.context, locationId, given(services)));
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
        await apply(services, decide.catalogLoaded(state(), { hash: put.right.hash, locationIds }, given(services)));
        const only = decide.onlyLocation(state());
        if (only !== null) await selectOnlyLocation(only);
        return E.right(undefined);
      }),

    selectLocation: (locationId: string): Promise<Outcome> => serially(() => selectLocationNow(locationId)),

    /** Reads the location's counts (start-up, location change, hub reconnect) so no update missed while away is lost. */
    refreshInventory: (): Promise<Outcome> =>
      serially(async () => {
        const locationId = state().locationId;
        if (locationId === null) return E.right(undefined);
        const answer = await api.inventory.listInventory({ locationId });
        // Inventory failures go to error reporting only (ordering.md section 8), which the API client does.
        if (E.isLeft(answer)) return E.right(undefined);
        const counts: Record<string, number> = {};
        for (const entry of answer.right.Inventory) counts[entry.VariationId] = entry.Count;
        return apply(services, decide.inventoryCounted(state(), locationId, counts, given(services)));
      }),

    /** A hub InventoryUpdated message. */
    applyInventoryUpdate: (locationId: string, variationId: string, count: number): Promise<Outcome> =>
      serially(() => apply(services, decide.inventoryUpdated(state(), { locationId, variationId, count }, given(services)))),

    /** Adds what the item panel (or a quick add) built; the key is issued here. */
    addToBag: (line: Omit<CartLine, 'key'>): Promise<Outcome<string>> =>
      serially(() => apply(services, decide.addToBag(state(), store.context, line, given(services)))),

    /** Saves a line edited in the panel; quantity 0 removes it. */
    updateLine: (line: CartLine): Promise<Outcome> => serially(() => apply(services, decide.updateLine(state(), store.context, line, given(services)))),

    /** Plus and minus in the bag; 0 removes the line. Plus stops at the stock left. */
    changeQuantity: (lineKey: string, quantity: number): Promise<Outcome> =>
      serially(() => apply(services, decide.changeQuantity(state(), store.context, lineKey, quantity, given(services)))),

    removeLine: (lineKey: string): Promise<Outcome> => serially(() => apply(services, decide.removeLine(state(), lineKey, given(services)))),

    applyCoupon: (coupon: Coupon): Promise<Outcome> => serially(() => apply(services, decide.applyCoupon(coupon, given(services)))),

    /** Redeeming a reward adds it only if the balance is at least its Points (account-and-session.md section 4). */
    applyReward: (reward: Reward, balance: number): Promise<Outcome> =>
      serially(() => apply(services, decide.applyReward(state(), reward, balance, given(services)))),

    removeDiscount: (): Promise<Outcome> => serially(() => apply(services, decide.removeDiscount(state(), given(services)))),

    /** A preset percentage (with the amount it came to) or a custom amount (percent null); checked against the maximum. */
    setTip: (amount: number, percent: number | null): Promise<Outcome> =>
      serially(() => apply(services, decide.setTip(state(), store.context, { amount, percent }, given(services)))),

    resetTip: (): Promise<Outcome> => serially(() => apply(services, decide.resetTip(state(), given(services)))),

    /**
     * Repeats an earlier order (or the lines with the given uids) in the bag at today's menu and prices; answers how
     * many lines were added and what the shopper must be told. The rules come with the first reorder.
     */
    reorder: (orderId: string, lineUids: readonly string[] | null = null): Promise<Outcome<Reordered>> =>
      serially(async () => {
        const { reorder } = await services.rules.reorder.load();
        return apply(services, reorder(state(), store.context, orderId, lineUids, given(services)));
      }),
  };
}

export type ShoppingCommands = ReturnType<typeof shoppingCommands>;
