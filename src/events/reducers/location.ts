// Catalog and location (ordering.md section 4 "Location selection", account-and-session.md section 4 "Locations").
// Selecting a location drops lines it cannot sell, keeps or re-picks the pickup date and time, resets the tip when
// lines dropped or the location has no tipping, and marks 'must confirm date' when the day is not today.
import { defaultFulfillment, canCheckOutWith } from '../../domain/fulfillment';
import type { LocationCatalog } from '../../domain/catalog/catalogIndex';
import { lineValidAt } from '../../domain/items/lineValidity';
import type { PickupChoice } from '../../domain/time/pickupChoice';
import { tippingEnabled } from '../../domain/tip';
import { allowedLocation, currentLocation } from '../context';
import { emptyCheckout, type Removal, type State } from '../state';
import type { Handlers } from './handler';
import { removedItemNames, settleBag, withSettledBag } from './bagRules';
import { checkoutWith } from './checkout';

const sameChoice = (a: PickupChoice, b: PickupChoice) => a.date === b.date && a.time === b.time;

/** Records how many lines this event took out of the bag in all (invalid here, or no stock left). */
function withRemoval(
  next: State,
  before: State,
  event: { readonly seq: number; readonly at: string },
  reason: Removal['reason'],
  soldFrom: LocationCatalog | undefined,
): State {
  const count = before.bag.lines.length - next.bag.lines.length;
  if (count <= 0) return next;
  const names = removedItemNames(before.bag.lines, next.bag.lines, soldFrom);
  return { ...next, warnings: { ...next.warnings, removal: { seq: event.seq, at: event.at, count, reason, names } } };
}

export const locationHandlers: Handlers<'CatalogLoaded' | 'LocationSelected'> = {
  CatalogLoaded(state, event, ctx) {
    const { hash, locationIds } = event.data;
    const catalog = ctx.catalog(hash);
    if (!catalog) return state;
    // The current location is kept only if it is still in the list (account-and-session.md section 4).
    const kept = state.locationId !== null && locationIds.includes(state.locationId) && catalog.byLocation.has(state.locationId) ? state.locationId : null;
    const next: State = { ...state, catalog: { hash, locationIds }, locationId: kept };
    const location = currentLocation(next, ctx);
    if (!location) {
      const hadLines = state.bag.lines.length > 0;
      return {
        ...next,
        bag: hadLines ? { lines: [], discount: state.bag.discount, tip: { amount: 0, percent: null }, idempotencyKey: state.bag.idempotencyKey } : state.bag,
        warnings: hadLines
          ? {
              ...state.warnings,
              removal: {
                seq: event.seq,
                at: event.at,
                count: state.bag.lines.length,
                reason: 'catalog',
                names: removedItemNames(state.bag.lines, [], currentLocation(state, ctx)),
              },
            }
          : state.warnings,
        inventory: kept === null ? { locationId: null, counts: {}, counted: false } : state.inventory,
      };
    }
    // A new catalog may have dropped items that are in the bag.
    const lines = state.bag.lines.filter((line) => lineValidAt(location, line));
    if (lines.length === state.bag.lines.length) return next;
    const tip = { amount: 0, percent: null };
    return withRemoval(
      withSettledBag(next, settleBag(next, location, { ...state.bag, lines, tip }, event.data.idempotencyKey, event, ctx.memo, 'catalog')),
      state,
      event,
      'catalog',
      currentLocation(state, ctx) ?? location,
    );
  },

  LocationSelected(state, event, ctx) {
    const location = allowedLocation(state, ctx, event.data.locationId);
    if (!location) return state;
    const locationId = location.location.Id;
    const moved = locationId !== state.locationId;
    const base: State = {
      ...state,
      locationId,
      inventory: moved ? { locationId, counts: {}, counted: false } : state.inventory,
    };

    // Lines the location cannot sell are dropped; the tip resets when the count dropped or tipping is off here.
    const lines = state.bag.lines.filter((line) => lineValidAt(location, line));
    const dropped = state.bag.lines.length - lines.length;
    const tip = dropped > 0 || !tippingEnabled(location.location) ? { amount: 0, percent: null } : state.bag.tip;
    const next = withRemoval(
      withSettledBag(base, settleBag(base, location, { ...state.bag, lines, tip }, event.data.idempotencyKey, event, ctx.memo, 'location')),
      state,
      event,
      'location',
      currentLocation(state, ctx),
    );

    // The command resolved the date and time (kept when still valid, else the first valid one).
    const resolved = event.data.pickup;
    const kept = state.pickup.userSelected && resolved.choice !== null && state.pickup.choice !== null && sameChoice(state.pickup.choice, resolved.choice);
    const pickup = { choice: resolved.choice, userSelected: kept, mustConfirmDate: resolved.mustConfirmDate };

    // A fulfillment type the new location does not offer falls back to its default.
    const current = state.checkout.fulfillmentType;
    const fulfillmentType = current !== null && canCheckOutWith(location.location, current) ? current : defaultFulfillment(location.location);
    const checkout =
      fulfillmentType === current
        ? next.checkout
        : checkoutWith(next.checkout, { fulfillmentType, pickupNotes: emptyCheckout.pickupNotes, dineIn: emptyCheckout.dineIn });
    return { ...next, pickup, checkout };
  },
};
