// The order payload (ordering.md section 7) built from the bag: lines by variation id with flat modifier ids, the
// pickup instant (ASAP is now plus the prep time), exactly one fulfillment block, the discount, the guest and card.
import { orderRequestLine } from '../../domain/cart/cartLine';
import type { LocationCatalog } from '../../domain/catalog/catalogIndex';
import type { OrderRequest } from '../../domain/orders/codecs';
import type { Preview } from '../../domain/pricing/priceCart';
import { chargedTotal } from '../../domain/delivery/charges';
import { attemptKey, chosenGiftCard, selectedCard } from '../../events/selectors/checkout';
import { splitWithGiftCard } from '../../domain/payments/giftCardSplit';
import { currentQuote, deliveryFees } from '../../events/selectors/delivery';
import type { State } from '../../events/state';
import { discountToSend } from '../../domain/discounts/unused';

/** When the order is ready: the chosen instant, or for ASAP now plus the location's prep time. */
export function pickupInstant(state: State, now: number, prepMillis: number): string | undefined {
  const choice = state.pickup.choice;
  if (choice === null) return undefined;
  if (choice.time !== 'ASAP') return new Date(Date.parse(choice.time)).toISOString();
  return new Date(now + prepMillis).toISOString();
}

export function buildOrderRequest(
  state: State,
  location: LocationCatalog,
  preview: Preview,
  now: number,
  prepMillis: number,
  nonce: string | undefined,
): OrderRequest {
  const pickupAt = pickupInstant(state, now, prepMillis);
  const checkout = state.checkout;
  const card = selectedCard(state);
  // A saved gift card pays what its balance covers, with the balance the shopper saw; the card pays the rest.
  const giftCard = chosenGiftCard(state);
  const split = splitWithGiftCard(chargedTotal(preview.grandTotal, deliveryFees(state)), giftCard?.balance ?? 0);
  // Sent only when it takes something off: a reward that matches nothing never spends the shopper's points.
  const discount = discountToSend(state.bag.discount, preview.appliedDiscount?.amount);
  const fulfillment = (() => {
    switch (checkout.fulfillmentType) {
      case 'CURBSIDE':
        return { curbsideFulfillment: { pickupAt, ...(checkout.vehicle ? { vehicleDetails: checkout.vehicle } : {}) } };
      case 'DINEIN':
        return { dineInFulfillment: { pickupAt, notes: checkout.dineIn.note } };
      case 'DELIVERY': {
        // The quoted delivery time and the selected address (ordering.md section 7); pickupAt stays the time chosen.
        const quote = currentQuote(state);
        const addressId = state.account.selectedAddressId;
        const deliverAt = quote?.deliverAt ?? pickupAt;
        return { deliveryFulfillment: { ...(deliverAt === undefined ? {} : { deliverAt }), ...(addressId === null ? {} : { deliveryAddressId: addressId }) } };
      }
      default:
        return { pickupFulfillment: { pickupAt, notes: checkout.pickupNotes } };
    }
  })();
  return {
    source: 'Web',
    idempotencyKey: attemptKey(state),
    locationId: location.location.Id,
    lineItems: state.bag.lines.map(orderRequestLine),
    ...(pickupAt === undefined ? {} : { pickupAt }),
    tipAmount: state.bag.tip.amount,
    ...fulfillment,
    ...(discount?.kind === 'coupon' ? { couponId: discount.coupon.Id } : {}),
    ...(discount?.kind === 'reward' ? { rewardId: discount.reward.Id } : {}),
    ...(state.account.profile === null && checkout.guest
      ? {
          guest: {
            firstName: checkout.guest.firstName,
            lastName: checkout.guest.lastName,
            emailAddress: checkout.guest.email,
            phoneNumber: checkout.guest.phone,
          },
        }
      : {}),
    ...(giftCard !== null && split.giftCard > 0 ? { giftCard: { id: giftCard.id, amount: split.giftCard, balance: giftCard.balance ?? 0 } } : {}),
    ...(card && split.card > 0
      ? {
          card: {
            ...(card.saved && card.id ? { id: card.id } : {}),
            ...(nonce === undefined ? {} : { nonce }),
            ...(card.billing?.address1 ? { address1: card.billing.address1 } : {}),
            ...(card.billing?.address2 ? { address2: card.billing.address2 } : {}),
            ...(card.billing?.city ? { city: card.billing.city } : {}),
            ...(card.billing?.state ? { state: card.billing.state } : {}),
            ...(card.billing?.postalCode ? { postalCode: card.billing.postalCode } : {}),
          },
        }
      : {}),
  };
}
