// Delivery addresses and quotes (ordering.md sections 3 and 7; account-and-session.md section 4). All (auth);
// Delete is an HTTP DELETE with the id in the query (?id=) and the body.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { MinorUnits, opt } from '../domain/codec';
import type { ApiError } from './apiError';
import { decodeWith, noContent, type HttpClient } from './httpClient';

const AddressFields = {
  AddressLine2: opt(t.string),
  Country: opt(t.string),
  FirstName: opt(t.string),
  LastName: opt(t.string),
  Organization: opt(t.string),
  PhoneNumber: opt(t.string),
  NickName: opt(t.string),
  Instructions: opt(t.string),
  Latitude: opt(t.number),
  Longitude: opt(t.number),
};

/** An address as the shopper enters it (no Id yet). */
export const NewDeliveryAddressCodec = t.intersection([
  t.type({ AddressLine1: t.string, Locality: t.string, AdministrativeDistrictLevel1: t.string, PostalCode: t.string }),
  t.partial(AddressFields),
]);
export type NewDeliveryAddress = t.TypeOf<typeof NewDeliveryAddressCodec>;

export const DeliveryAddressCodec = t.intersection([t.type({ Id: t.string }), NewDeliveryAddressCodec]);
export type DeliveryAddress = t.TypeOf<typeof DeliveryAddressCodec>;

export const AddressListCodec = t.type({ Addresses: t.array(DeliveryAddressCodec) });

const PointCodec = t.type({ Latitude: t.number, Longitude: t.number });

export const DeliveryAvailabilityCodec = t.type({
  LocationId: t.string,
  Available: t.boolean,
  Distance: t.union([t.number, t.null]),
  Score: t.number,
  Source: t.union([PointCodec, t.null]),
  Destination: t.union([PointCodec, t.null]),
});
export type DeliveryAvailability = t.TypeOf<typeof DeliveryAvailabilityCodec>;

export const AddressValidationCodec = t.type({
  Valid: t.boolean,
  /** The address as the sandbox read it, with FormattedAddress and coordinates when it could place it. */
  Address: t.intersection([NewDeliveryAddressCodec, t.partial({ FormattedAddress: opt(t.string) })]),
  Locations: t.array(DeliveryAvailabilityCodec),
  Problems: t.array(t.string),
});
export type AddressValidation = t.TypeOf<typeof AddressValidationCodec>;

export const QuoteRequestCodec = t.intersection([t.type({ LocationId: t.string, AddressId: t.string }), t.partial({ DeliverAt: opt(t.string) })]);
export type QuoteRequest = t.TypeOf<typeof QuoteRequestCodec>;

export const DeliveryQuoteCodec = t.type({
  Valid: t.boolean,
  DeliveryFee: MinorUnits,
  ServiceFee: MinorUnits,
  PlaceAt: t.string,
  LeaveAt: t.string,
  DeliverAt: t.string,
  /** Minutes the delivery may come early (minimum) and late (maximum). */
  BufferMinimum: t.number,
  BufferMaximum: t.number,
});
export type DeliveryQuote = t.TypeOf<typeof DeliveryQuoteCodec>;

export const DeleteAddressRequestCodec = t.type({ Id: t.string });

type Result<A> = Promise<E.Either<ApiError, A>>;

export interface DeliveryCalls {
  listAddresses(): Result<DeliveryAddress[]>;
  createAddress(address: NewDeliveryAddress): Result<DeliveryAddress>;
  updateAddress(address: DeliveryAddress): Result<DeliveryAddress>;
  deleteAddress(id: string): Result<void>;
  validateAddress(address: NewDeliveryAddress): Result<AddressValidation>;
  quote(request: QuoteRequest): Result<DeliveryQuote>;
}

export function deliveryCalls(http: HttpClient): DeliveryCalls {
  return {
    listAddresses: async () =>
      E.map((r: t.TypeOf<typeof AddressListCodec>) => r.Addresses)(
        await http.call({ name: 'Delivery/Address', path: 'Delivery/Address', body: {}, auth: true, read: decodeWith(AddressListCodec) }),
      ),
    createAddress: (address) =>
      http.call({ name: 'Delivery/Address/Create', path: 'Delivery/Address/Create', body: address, auth: true, read: decodeWith(DeliveryAddressCodec) }),
    updateAddress: (address) =>
      http.call({ name: 'Delivery/Address/Update', path: 'Delivery/Address/Update', body: address, auth: true, read: decodeWith(DeliveryAddressCodec) }),
    deleteAddress: (id) =>
      http.call({
        name: 'Delivery/Address/Delete',
        path: 'Delivery/Address/Delete',
        method: 'DELETE',
        query: { id },
        body: { Id: id },
        auth: true,
        read: noContent,
      }),
    validateAddress: (address) =>
      http.call({ name: 'Delivery/Address/Validate', path: 'Delivery/Address/Validate', body: address, auth: true, read: decodeWith(AddressValidationCodec) }),
    quote: (request) => http.call({ name: 'Delivery/Quote', path: 'Delivery/Quote', body: request, auth: true, read: decodeWith(DeliveryQuoteCodec) }),
  };
}
