// What checkout shows and needs for delivery: the selected address, the quote that matches the bag as it stands
// (this location, this address, this pickup choice), and the fees the shopper pays with it.
import type { DeliveryFees } from '../../domain/delivery/charges';
import type { SavedAddress } from '../facts/delivery';
import type { DeliveryQuoteState, State } from '../state';

export function selectedAddress(state: State): SavedAddress | null {
  const id = state.account.selectedAddressId;
  return id === null ? null : (state.account.addresses.find((a) => a.Id === id) ?? null);
}

/** The pickup choice a quote is asked for: 'ASAP' or the chosen instant. */
export function quoteChoice(state: State): string {
  return state.pickup.choice?.time ?? 'ASAP';
}

/** The quote for this location, the selected address and the current pickup choice; null when it must be asked for. */
export function currentQuote(state: State): DeliveryQuoteState | null {
  const quote = state.account.deliveryQuote;
  if (quote === null || state.locationId === null) return null;
  const fits = quote.locationId === state.locationId && quote.addressId === state.account.selectedAddressId && quote.choice === quoteChoice(state);
  return fits ? quote : null;
}

/** The fees the order carries: only for a delivery, with a quote that fits and an address in range. */
export function deliveryFees(state: State): DeliveryFees | null {
  if (state.checkout.fulfillmentType !== 'DELIVERY') return null;
  const quote = currentQuote(state);
  return quote !== null && quote.available ? { deliveryFee: quote.deliveryFee, serviceFee: quote.serviceFee } : null;
}

export type DeliveryBlocker = 'deliverySignIn' | 'address' | 'quote' | 'outOfRange';

/** What a delivery still needs before the order can be placed. */
export function deliveryBlocker(state: State): DeliveryBlocker | null {
  if (state.checkout.fulfillmentType !== 'DELIVERY') return null;
  if (state.account.profile === null) return 'deliverySignIn';
  if (selectedAddress(state) === null) return 'address';
  const quote = currentQuote(state);
  if (quote === null) return 'quote';
  return quote.available ? null : 'outOfRange';
}
