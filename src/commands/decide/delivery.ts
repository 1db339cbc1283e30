// Delivery decisions (account-and-session.md sections 3 and 4; ordering.md section 3): the address book as the API
// answers it, the selected address, and the quote for the bag as it stands. Pure: the API's answers come in as values.
import type { DeliveryAddressFields } from '../../domain/delivery/address';
import { ADDRESS_GONE, SIGN_IN_FOR_DELIVERY } from '../../domain/delivery/messages';
import { rangeVerdict, type LocationAvailability } from '../../domain/delivery/range';
import { validFees } from '../../domain/delivery/charges';
import type { SavedAddress } from '../../events/facts/delivery';
import type { State } from '../../events/state';
import { accept, append, event, refuse, type Decision } from './decision';

/** The API's address with only the fields the log declares (an answer may carry more). */
export function savedAddress(address: DeliveryAddressFields & { readonly Id: string }): SavedAddress {
  const picked: Record<string, unknown> = {
    Id: address.Id,
    AddressLine1: address.AddressLine1,
    Locality: address.Locality,
    AdministrativeDistrictLevel1: address.AdministrativeDistrictLevel1,
    PostalCode: address.PostalCode,
  };
  const optional = ['AddressLine2', 'Country', 'FirstName', 'LastName', 'Organization', 'PhoneNumber', 'NickName', 'Instructions'] as const;
  for (const key of optional) if (typeof address[key] === 'string') picked[key] = address[key];
  if (typeof address.Latitude === 'number' && typeof address.Longitude === 'number') {
    picked.Latitude = address.Latitude;
    picked.Longitude = address.Longitude;
  }
  return picked as SavedAddress;
}

const same = (a: readonly SavedAddress[], b: readonly SavedAddress[]) => JSON.stringify(a) === JSON.stringify(b);

export function addressesLoaded(state: State, addresses: readonly (DeliveryAddressFields & { readonly Id: string })[]): Decision {
  if (state.account.profile === null) return append();
  const list = addresses.map(savedAddress);
  return same(list, state.account.addresses) ? append() : append(event('DeliveryAddressesLoaded', { addresses: list }));
}

/** A saved address (Create or Update answered); a created one becomes the selected address. */
export function addressSaved(state: State, address: DeliveryAddressFields & { readonly Id: string }, created: boolean): Decision<SavedAddress> {
  if (state.account.profile === null) return refuse(SIGN_IN_FOR_DELIVERY);
  const saved = savedAddress(address);
  return accept(saved, event('DeliveryAddressSaved', { address: saved, created }));
}

export function addressDeleted(state: State, id: string): Decision {
  return state.account.addresses.some((a) => a.Id === id) ? append(event('DeliveryAddressDeleted', { id })) : append();
}

export function selectAddress(state: State, id: string): Decision {
  if (state.account.profile === null) return refuse(SIGN_IN_FOR_DELIVERY);
  if (!state.account.addresses.some((a) => a.Id === id)) return refuse(ADDRESS_GONE);
  return state.account.selectedAddressId === id ? append() : append(event('DeliveryAddressSelected', { id }));
}

/** The quote Delivery/Quote answered, in minor units and ISO instants. */
export interface QuoteAnswer {
  readonly DeliveryFee: number;
  readonly ServiceFee: number;
  readonly PlaceAt: string;
  readonly LeaveAt: string;
  readonly DeliverAt: string;
  readonly BufferMinimum: number;
  readonly BufferMaximum: number;
}

/**
 * Whether the current location delivers to the selected address (Validate's availability), which others do, and
 * the quote, recorded for this location, address and the pickup choice it was asked for ('ASAP' or an instant). Fees that are not whole minor units are refused.
 */
export function deliveryQuoted(
  state: State,
  addressId: string,
  choice: string,
  availability: readonly LocationAvailability[],
  quote: QuoteAnswer,
  failure: string,
): Decision<{ available: boolean }> {
  const locationId = state.locationId;
  if (state.account.profile === null) return refuse(SIGN_IN_FOR_DELIVERY);
  if (locationId === null || state.account.selectedAddressId !== addressId) return refuse(ADDRESS_GONE);
  const fees = { deliveryFee: quote.DeliveryFee, serviceFee: quote.ServiceFee };
  if (!validFees(fees)) return refuse(failure);
  const verdict = rangeVerdict(locationId, availability);
  const known = new Set(state.catalog.locationIds);
  const data = {
    locationId,
    addressId,
    choice,
    available: verdict.available,
    distance: verdict.distance,
    deliveringIds: verdict.deliveringIds.filter((id) => known.has(id)),
    ...fees,
    deliverAt: quote.DeliverAt,
    bufferMinimum: quote.BufferMinimum,
    bufferMaximum: quote.BufferMaximum,
  };
  // The same quote asked again (an ASAP quote refreshed while nothing moved) is recorded once.
  const held = state.account.deliveryQuote;
  const same = held !== null && (Object.keys(data) as (keyof typeof data)[]).every((k) => JSON.stringify(held[k]) === JSON.stringify(data[k]));
  if (same) return accept({ available: verdict.available });
  return accept({ available: verdict.available }, event('DeliveryQuoted', { ...data, placeAt: quote.PlaceAt, leaveAt: quote.LeaveAt }));
}
