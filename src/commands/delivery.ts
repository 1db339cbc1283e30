// Delivery commands (account-and-session.md sections 3, 4 and 7; ordering.md section 3): the address book (list,
// validate, create or update once the shopper accepted the validated address, delete with the DELETE call), the
// selected address, and the quote for the bag at the current location. Loaded with their first call (lazyGroup).
import * as E from 'fp-ts/lib/Either.js';
import type { AddressValidation } from '../api/delivery';
import type { DeliveryAddressFields } from '../domain/delivery/address';
import { ADDRESS_NOT_CHECKED, ADDRESS_NOT_DELETED, ADDRESS_NOT_SAVED, QUOTE_FAILED, SIGN_IN_FOR_DELIVERY } from '../domain/delivery/messages';
import type { SavedAddress } from '../events/facts/delivery';
import { quoteChoice, selectedAddress } from '../events/selectors/delivery';
import type { Outcome } from './decide/decision';
import { addressDeleted, addressSaved, addressesLoaded, deliveryQuoted, selectAddress } from './decide/delivery';
import { apply, serialQueue, type CommandServices } from './services';

export function deliveryCommands(services: CommandServices, serially = serialQueue()) {
  const { store, api } = services;
  const state = () => store.getState();

  async function loadAddresses(): Promise<Outcome<readonly SavedAddress[]>> {
    if (state().account.profile === null) return E.left(SIGN_IN_FOR_DELIVERY);
    const list = await api.delivery.listAddresses();
    if (E.isLeft(list)) return E.left(ADDRESS_NOT_CHECKED);
    await serially(() => apply(services, addressesLoaded(state(), list.right)));
    return E.right(state().account.addresses);
  }

  return {
    loadAddresses,

    /** Delivery/Address/Validate: the address as the API reads it (FormattedAddress, coordinates) and its problems. */
    async validateDeliveryAddress(address: DeliveryAddressFields): Promise<Outcome<AddressValidation>> {
      if (state().account.profile === null) return E.left(SIGN_IN_FOR_DELIVERY);
      const answer = await api.delivery.validateAddress(address);
      return E.isLeft(answer) ? E.left(ADDRESS_NOT_CHECKED) : E.right(answer.right);
    },

    /** Saves an address the shopper accepted: Create without an id (it becomes selected), Update with one. */
    async saveDeliveryAddress(address: DeliveryAddressFields, id?: string): Promise<Outcome<SavedAddress>> {
      if (state().account.profile === null) return E.left(SIGN_IN_FOR_DELIVERY);
      const answer = id === undefined ? await api.delivery.createAddress(address) : await api.delivery.updateAddress({ ...address, Id: id });
      if (E.isLeft(answer)) return E.left(ADDRESS_NOT_SAVED);
      return serially(() => apply(services, addressSaved(state(), answer.right, id === undefined)));
    },

    /** Delivery/Address/Delete (an HTTP DELETE); a deleted selected address is cleared. */
    async deleteDeliveryAddress(id: string): Promise<Outcome> {
      if (state().account.profile === null) return E.left(SIGN_IN_FOR_DELIVERY);
      const answer = await api.delivery.deleteAddress(id);
      // Already gone at the API: the list is read again below, and it is gone here too.
      if (E.isLeft(answer) && !(answer.left.kind === 'http' && answer.left.status === 404)) return E.left(ADDRESS_NOT_DELETED);
      await serially(() => apply(services, addressDeleted(state(), id)));
      await loadAddresses();
      return E.right(undefined);
    },

    async selectDeliveryAddress(id: string): Promise<Outcome> {
      return serially(() => apply(services, selectAddress(state(), id)));
    },

    /**
     * Whether the current location delivers to the selected address and what it costs, for the current pickup choice
     * (Validate for the availability per location, then Delivery/Quote). Answers whether it delivers there.
     */
    async quoteDelivery(): Promise<Outcome<{ available: boolean }>> {
      const now = state();
      if (now.account.profile === null) return E.left(SIGN_IN_FOR_DELIVERY);
      const address = selectedAddress(now);
      const locationId = now.locationId;
      if (address === null || locationId === null) return E.left(QUOTE_FAILED);
      const choice = quoteChoice(now);
      const validation = await api.delivery.validateAddress(address);
      if (E.isLeft(validation)) return E.left(QUOTE_FAILED);
      const quote = await api.delivery.quote({ LocationId: locationId, AddressId: address.Id, ...(choice === 'ASAP' ? {} : { DeliverAt: choice }) });
      if (E.isLeft(quote)) return E.left(QUOTE_FAILED);
      return serially(() => apply(services, deliveryQuoted(state(), address.Id, choice, validation.right.Locations, quote.right, QUOTE_FAILED)));
    },
  };
}
