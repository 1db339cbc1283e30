// Delivery (ordering.md sections 3 and 4; account-and-session.md sections 3, 4 and 9): the account's address book as
// the API answered it, the address the shopper selected, and the quote for delivering the bag there. Every address
// field but the state and country is personal; the quote's fees and times are not, so a redacted replay still shows
// that a delivery was chosen and what it cost.
import * as t from 'io-ts';
import { Count, Id, fact, under } from './shared';
import type { PersonalKind } from '../fields';

/** A saved delivery address (Delivery/Address and friends). */
const SavedAddressCodec = t.intersection([
  t.type({ Id, AddressLine1: t.string, Locality: t.string, AdministrativeDistrictLevel1: t.string, PostalCode: t.string }),
  t.partial({
    AddressLine2: t.string,
    Country: t.string,
    FirstName: t.string,
    LastName: t.string,
    Organization: t.string,
    PhoneNumber: t.string,
    NickName: t.string,
    Instructions: t.string,
    Latitude: t.number,
    Longitude: t.number,
  }),
]);
export type SavedAddress = t.TypeOf<typeof SavedAddressCodec>;

/** Names, phone, address lines, city, postal code, nickname, instructions and coordinates. */
const ADDRESS_PERSONAL: Readonly<Record<string, PersonalKind>> = {
  AddressLine1: 'address',
  AddressLine2: 'address',
  Locality: 'city',
  PostalCode: 'postal',
  FirstName: 'first',
  LastName: 'last',
  Organization: 'name',
  PhoneNumber: 'phone',
  NickName: 'nickname',
  Instructions: 'instructions',
  Latitude: 'coordinate',
  Longitude: 'coordinate',
};
const ADDRESS_SAFE = ['Id', 'AdministrativeDistrictLevel1', 'Country'];

export const deliveryFacts = {
  /** Delivery/Address answered: the account's addresses. The selection is kept only if still in the list. */
  DeliveryAddressesLoaded: fact(t.type({ addresses: t.array(SavedAddressCodec) }), {
    personal: under('addresses[]', ADDRESS_PERSONAL),
    safe: under('addresses[]', ADDRESS_SAFE),
  }),
  /** The shopper accepted a validated address and the API saved it; a new address becomes the selected one. */
  DeliveryAddressSaved: fact(t.type({ address: SavedAddressCodec, created: t.boolean }), {
    personal: under('address', ADDRESS_PERSONAL),
    safe: under('address', ADDRESS_SAFE),
  }),
  /** Delivery/Address/Delete answered; a deleted selected address is cleared. */
  DeliveryAddressDeleted: fact(t.type({ id: Id }), { safe: ['id'] }),
  /** The shopper chose the address to deliver to. */
  DeliveryAddressSelected: fact(t.type({ id: Id }), { safe: ['id'] }),
  /**
   * Whether the location delivers to the selected address (Validate's availability), which others do, and the
   * quote (Delivery/Quote) for the pickup choice it was asked for ('ASAP' or an instant). Fees in minor units.
   */
  DeliveryQuoted: fact(
    t.type({
      locationId: Id,
      addressId: Id,
      choice: t.string,
      available: t.boolean,
      distance: t.union([Count, t.null]),
      deliveringIds: t.array(Id),
      deliveryFee: Count,
      serviceFee: Count,
      placeAt: t.string,
      leaveAt: t.string,
      deliverAt: t.string,
      bufferMinimum: Count,
      bufferMaximum: Count,
    }),
    {
      personal: { distance: 'coordinate' },
      safe: [
        'locationId',
        'addressId',
        'choice',
        'deliveringIds[]',
        'deliveryFee',
        'serviceFee',
        'placeAt',
        'leaveAt',
        'deliverAt',
        'bufferMinimum',
        'bufferMaximum',
      ],
    },
  ),
};
