// Order placement (ordering.md section 4 "Order placement"): pending while in flight; on success the cart, coupons,
// rewards, tip, guest, fulfillment settings and user-selected time are cleared (the order type stays the one just
// used, where the location takes it, so a returning shopper starts with it), a new key is issued and the order is prepended to history; on failure
// nothing the shopper entered is lost.
import { isCardFailure } from '../../domain/orders/cardFailure';
import { canCheckOutWith, defaultFulfillment } from '../../domain/fulfillment';
import type { Location } from '../../domain/catalog/codecs';
import type { FulfillmentType } from '../../domain/orders/codecs';
import { currentLocation } from '../context';
import { emptyCheckout, idlePlacement, type OrderRecord } from '../state';
import type { Handlers } from './handler';
import { checkoutWith } from './checkout';
import { progressed } from './progressRules';

type OrderEvents =
  'OrderPlacementStarted' | 'OrderPlaced' | 'OrderPlacementFailed' | 'OrderHistoryLoaded' | 'OrderProgressed' | 'ArrivalAnnounced' | 'ArrivalPromptDismissed';

export const orderHandlers: Handlers<OrderEvents> = {
  ArrivalAnnounced(state, event) {
    const { orderId, arrivedAt } = event.data;
    if (state.curbside.arrivals[orderId] === arrivedAt) return state;
    return { ...state, curbside: { ...state.curbside, arrivals: { ...state.curbside.arrivals, [orderId]: arrivedAt } } };
  },

  ArrivalPromptDismissed(state, event) {
    if (state.curbside.ignoredOrders.includes(event.data.orderId)) return state;
    return { ...state, curbside: { ...state.curbside, ignoredOrders: [...state.curbside.ignoredOrders, event.data.orderId] } };
  },

  OrderPlacementStarted(state, event) {
    const { idempotencyKey: attempt, queued } = event.data;
    if (state.bag.lines.length === 0) return state;
    return { ...state, placement: { ...idlePlacement, status: 'pending', idempotencyKey: attempt, queued, at: event.at, unconfirmedKey: attempt } };
  },

  OrderPlaced(state, event, ctx) {
    const { orderId, order, idempotencyKey: attempt, nextIdempotencyKey: nextBagKey } = event.data;
    // The same order told twice (a second tab, a retried call) is recorded once.
    if (state.orders.history.some((record) => record.orderId === orderId)) return state;
    // A guest's order is followed by the key it was placed with; the account's by the session.
    const guestKey = state.account.profile === null ? attempt : null;
    const record: OrderRecord = { orderId, placedAt: event.at, locationId: order?.LocationId ?? state.locationId ?? '', order, guestKey };
    // The order is of this bag when its attempt went out under the bag's key, or is the attempt this page made.
    const clearsBag = attempt === state.bag.idempotencyKey || state.placement.idempotencyKey === attempt;
    const location = currentLocation(state, ctx);
    return {
      ...state,
      bag: clearsBag ? { lines: [], discount: null, tip: { amount: 0, percent: null }, idempotencyKey: nextBagKey } : state.bag,
      checkout: clearsBag
        ? checkoutWith(state.checkout, {
            // The type this order went with, for the next one (a returning shopper gets what they used last), where
            // the location still takes it; else the location's default.
            fulfillmentType: location ? nextFulfillment(location.location, state.checkout.fulfillmentType) : emptyCheckout.fulfillmentType,
            pickupNotes: '',
            dineIn: emptyCheckout.dineIn,
            guest: null,
            transientCard: null,
            selectedCardKey: state.account.defaultCardKey,
            giftCardId: null,
          })
        : state.checkout,
      pickup: clearsBag ? { choice: null, userSelected: false, mustConfirmDate: false } : state.pickup,
      placement: { ...idlePlacement, status: 'placed', idempotencyKey: attempt, orderId, at: event.at },
      orders: { history: [record, ...state.orders.history], progress: state.orders.progress },
      warnings: clearsBag ? { removal: null, clamp: null, pickupMoved: null, reorder: null } : state.warnings,
    };
  },

  OrderPlacementFailed(state, event) {
    const { idempotencyKey: attempt, codes, message, outcome } = event.data;
    // A refusal settles only the attempt it answers; another attempt still in doubt stays so.
    const unconfirmedKey = outcome === 'unknown' ? attempt : state.placement.unconfirmedKey === attempt ? null : state.placement.unconfirmedKey;
    // A refusal of the card marks the card then selected, so checkout asks for another one there.
    const refusedCardKey = isCardFailure(codes) ? state.checkout.selectedCardKey : null;
    return {
      ...state,
      placement: { ...idlePlacement, status: 'failed', idempotencyKey: attempt, message, codes, at: event.at, unconfirmedKey, refusedCardKey },
    };
  },

  OrderHistoryLoaded(state, event) {
    const history = [...event.data.orders]
      .sort((a, b) => (b.ChargeDateUtc ?? '').localeCompare(a.ChargeDateUtc ?? ''))
      .map((order): OrderRecord => ({ orderId: order.Id, placedAt: order.ChargeDateUtc ?? event.at, locationId: order.LocationId, order, guestKey: null }));
    return { ...state, orders: { history, progress: state.orders.progress } };
  },

  OrderProgressed(state, event) {
    const { orderId } = event.data;
    const record = state.orders.history.find((r) => r.orderId === orderId);
    // Progress of an order this browser does not know, or a move its path does not allow, is ignored.
    const next = record ? progressed(state.orders.progress[orderId] ?? null, event.data, record.order?.FulfillmentType, event.at) : null;
    if (next === null) return state;
    return { ...state, orders: { history: state.orders.history, progress: { ...state.orders.progress, [orderId]: next } } };
  },
};

/** The type the next order starts with: the one just used, while the location takes it; else the location's default. */
function nextFulfillment(location: Location, used: FulfillmentType | null): FulfillmentType | null {
  return used !== null && canCheckOutWith(location, used) ? used : defaultFulfillment(location);
}
