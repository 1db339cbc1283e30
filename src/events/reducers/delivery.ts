// The delivery address book and quote (account-and-session.md section 4, "Delivery addresses"): the selected address
// is kept only while it is in the list, a new address becomes selected, a deleted selected address is cleared. A
// quote belongs to one location, address and pickup choice; changing the address it was for drops it.
import { keptSelection } from '../../domain/delivery/range';
import type { AccountState, State } from '../state';
import type { Handlers } from './handler';

type DeliveryEvents = 'DeliveryAddressesLoaded' | 'DeliveryAddressSaved' | 'DeliveryAddressDeleted' | 'DeliveryAddressSelected' | 'DeliveryQuoted';

const withAccount = (state: State, account: Partial<AccountState>): State => ({ ...state, account: { ...state.account, ...account } });

/** A quote survives only while its address is still the selected one. */
function keptQuote(account: AccountState, selected: string | null): AccountState['deliveryQuote'] {
  return account.deliveryQuote !== null && account.deliveryQuote.addressId === selected ? account.deliveryQuote : null;
}

export const deliveryHandlers: Handlers<DeliveryEvents> = {
  DeliveryAddressesLoaded(state, event) {
    if (state.account.profile === null) return state;
    const addresses = event.data.addresses;
    const selected = keptSelection(
      state.account.selectedAddressId,
      addresses.map((a) => a.Id),
    );
    return withAccount(state, { addresses, selectedAddressId: selected, deliveryQuote: keptQuote(state.account, selected) });
  },

  DeliveryAddressSaved(state, event) {
    if (state.account.profile === null) return state;
    const { address, created } = event.data;
    const known = state.account.addresses.some((a) => a.Id === address.Id);
    if (!created && !known) return state;
    const addresses = known ? state.account.addresses.map((a) => (a.Id === address.Id ? address : a)) : [...state.account.addresses, address];
    const selectedAddressId = created ? address.Id : state.account.selectedAddressId;
    // An edited address may have moved: its quote is asked for again.
    const quote = state.account.deliveryQuote;
    const deliveryQuote = quote !== null && quote.addressId !== address.Id && quote.addressId === selectedAddressId ? quote : null;
    return withAccount(state, { addresses, selectedAddressId, deliveryQuote });
  },

  DeliveryAddressDeleted(state, event) {
    const { id } = event.data;
    if (!state.account.addresses.some((a) => a.Id === id)) return state;
    const addresses = state.account.addresses.filter((a) => a.Id !== id);
    const selected = keptSelection(
      state.account.selectedAddressId,
      addresses.map((a) => a.Id),
    );
    return withAccount(state, { addresses, selectedAddressId: selected, deliveryQuote: keptQuote(state.account, selected) });
  },

  DeliveryAddressSelected(state, event) {
    const { id } = event.data;
    if (state.account.selectedAddressId === id || !state.account.addresses.some((a) => a.Id === id)) return state;
    return withAccount(state, { selectedAddressId: id, deliveryQuote: keptQuote(state.account, id) });
  },

  DeliveryQuoted(state, event) {
    const d = event.data;
    if (state.account.profile === null || d.addressId !== state.account.selectedAddressId) return state;
    return withAccount(state, {
      deliveryQuote: {
        locationId: d.locationId,
        addressId: d.addressId,
        choice: d.choice,
        available: d.available,
        distance: d.distance,
        deliveringIds: d.deliveringIds,
        deliveryFee: d.deliveryFee,
        serviceFee: d.serviceFee,
        deliverAt: d.deliverAt,
        bufferMinimum: d.bufferMinimum,
        bufferMaximum: d.bufferMaximum,
      },
    });
  },
};
