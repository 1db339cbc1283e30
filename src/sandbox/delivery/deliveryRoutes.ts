// Delivery addresses and quotes (ordering.md sections 3 and 7). Addresses are placed by their ZIP code's centroid
// (offline, the storefront's own ZIP table) unless the request gives coordinates. Validate answers which locations
// deliver there; Quote prices a delivery: $2.99 plus $0.50 a mile, a $1.00 service fee, leaving after PrepTime
// and driving 3 minutes a mile plus 10, delivered within 5 minutes early to 15 late.
import { ADDRESS_LIMIT, CITY_LIMIT, NAME_LIMIT, NOTES_LIMIT, tooLong } from '../../domain/forms/messages';
import { findLocation } from '../../domain/catalog/catalogIndex';
import { centroidForPostalCode, normalizePostalCode } from '../../domain/postal/zipLookup';
import { loadZipTable } from '../../domain/postal/loadZipTable';
import { prepTimeMillis } from '../../domain/time/duration';
import { DeleteAddressRequestCodec, DeliveryAddressCodec, NewDeliveryAddressCodec, QuoteRequestCodec, type NewDeliveryAddress } from '../../api/delivery';
import { authed } from '../auth';
import type { SandboxCore } from '../core';
import { codes, ok, type Reply } from '../http';
import { withBody, type RouteTable } from '../routes';
import { newId, type AddressRecord, type UserRecord } from '../state';
import { deliveryAvailability, type Point } from './deliveryRange';
import { deliveryTo, driveMinutes } from './deliveryCharge';

export { BASE_DELIVERY_FEE, FEE_PER_MILE, SERVICE_FEE } from './deliveryCharge';

async function placeOf(address: NewDeliveryAddress): Promise<Point | null> {
  if (address.Latitude !== undefined && address.Longitude !== undefined) return { Latitude: address.Latitude, Longitude: address.Longitude };
  const centroid = centroidForPostalCode(await loadZipTable(), address.PostalCode);
  return centroid ? { Latitude: centroid.latitude, Longitude: centroid.longitude } : null;
}

function problemsOf(address: NewDeliveryAddress, point: Point | null): string[] {
  const problems: string[] = [];
  if (address.AddressLine1.trim() === '') problems.push('Address Line 1 is required');
  // The same limits as the storefront's forms: nothing over-long is stored.
  const limits: [string, string | undefined, number][] = [
    ['Address Line 1', address.AddressLine1, ADDRESS_LIMIT],
    ['Address Line 2', address.AddressLine2, ADDRESS_LIMIT],
    ['City', address.Locality, CITY_LIMIT],
    ['First Name', address.FirstName, NAME_LIMIT],
    ['Last Name', address.LastName, NAME_LIMIT],
    ['Organization', address.Organization, NAME_LIMIT],
    ['Nickname', address.NickName, NAME_LIMIT],
    ['Phone Number', address.PhoneNumber, NAME_LIMIT],
    ['Delivery Instructions', address.Instructions, NOTES_LIMIT],
  ];
  for (const [field, value, limit] of limits) if (value !== undefined && value !== null && value.length > limit) problems.push(tooLong(field, limit));
  if (address.Locality.trim() === '') problems.push('City is required');
  if (address.AdministrativeDistrictLevel1.trim() === '') problems.push('State is required');
  if (normalizePostalCode(address.PostalCode) === undefined) problems.push('The postal code is missing or malformed.');
  else if (point === null) problems.push('The postal code is not a known US ZIP code.');
  return problems;
}

function publicAddress(record: AddressRecord): Record<string, unknown> {
  const { userId: _owner, ...address } = record;
  return address;
}

export function deliveryRoutes(core: SandboxCore): RouteTable {
  const owned = (user: UserRecord, id: string) => {
    const record = core.state.addresses[id];
    return record && record.userId === user.id ? record : undefined;
  };
  const notFound = (id: string): Reply => codes(404, 'Delivery - ADDRESS_NOT_FOUND', `no delivery address "${id}"`);
  const save = async (user: UserRecord, address: NewDeliveryAddress, id: string): Promise<Reply> => {
    const point = await placeOf(address);
    const problems = problemsOf(address, point);
    if (problems.length > 0) return codes(400, 'Delivery - INVALID_ADDRESS', ...problems);
    const record: AddressRecord = { ...address, ...(point ?? {}), Id: id, userId: user.id };
    core.state.addresses[id] = record;
    core.changed();
    return ok(publicAddress(record));
  };
  const remove = (user: UserRecord, id: string | undefined): Reply => {
    if (id === undefined || !owned(user, id)) return notFound(id ?? '');
    delete core.state.addresses[id];
    core.changed();
    return ok({});
  };

  return {
    'POST /api/Delivery/Address': authed(core, (_call, user) =>
      ok({
        Addresses: Object.values(core.state.addresses)
          .filter((a) => a.userId === user.id)
          .map(publicAddress),
      }),
    ),
    'POST /api/Delivery/Address/Create': authed(core, (call, user) => withBody(NewDeliveryAddressCodec, (address) => save(user, address, newId('addr')))(call)),
    'POST /api/Delivery/Address/Update': authed(core, (call, user) =>
      withBody(DeliveryAddressCodec, (address) => (owned(user, address.Id) ? save(user, address, address.Id) : notFound(address.Id)))(call),
    ),
    'DELETE /api/Delivery/Address/Delete': authed(core, (call, user) => {
      const fromQuery = call.query.get('id') ?? undefined;
      const fromBody = DeleteAddressRequestCodec.is(call.body) ? call.body.Id : undefined;
      return remove(user, fromQuery ?? fromBody);
    }),
    'POST /api/Delivery/Address/Validate': authed(core, (call) =>
      withBody(NewDeliveryAddressCodec, async (address) => {
        const point = await placeOf(address);
        const problems = problemsOf(address, point);
        const formatted = [address.AddressLine1, address.AddressLine2, `${address.Locality}, ${address.AdministrativeDistrictLevel1} ${address.PostalCode}`]
          .filter((line) => line !== undefined && line.trim() !== '')
          .join(', ');
        return ok({
          Valid: problems.length === 0,
          Address: { ...address, ...(point ?? {}), FormattedAddress: formatted },
          Locations: core.catalog.index.locations.map((location) => deliveryAvailability(location, point)),
          Problems: problems,
        });
      })(call),
    ),
    'POST /api/Delivery/Quote': authed(core, (call, user) =>
      withBody(QuoteRequestCodec, (request) => {
        const address = owned(user, request.AddressId);
        if (!address) return notFound(request.AddressId);
        const catalog = findLocation(core.catalog.index, request.LocationId);
        if (!catalog) return codes(404, 'Delivery - LOCATION_NOT_FOUND', `no location "${request.LocationId}"`);
        const { availability, fees, miles } = deliveryTo(catalog.location, address);
        const now = core.now();
        const leaveAt = now + prepTimeMillis(catalog.location);
        const earliest = leaveAt + driveMinutes(miles) * 60_000;
        const wanted = request.DeliverAt === undefined ? Number.NaN : Date.parse(request.DeliverAt);
        const deliverAt = Number.isFinite(wanted) && wanted > earliest ? wanted : earliest;
        return ok({
          Valid: availability.Available,
          DeliveryFee: fees.deliveryFee,
          ServiceFee: fees.serviceFee,
          PlaceAt: new Date(now).toISOString(),
          LeaveAt: new Date(deliverAt - (earliest - leaveAt)).toISOString(),
          DeliverAt: new Date(deliverAt).toISOString(),
          BufferMinimum: 5,
          BufferMaximum: 15,
        });
      })(call),
    ),
  };
}
