// Delivery addresses a demo account starts with (fixtures/{name}.seed.json, Users[].addresses). They carry their
// coordinates, so a fresh sandbox places them without the ZIP table; their ids are stable across resets.
import * as t from 'io-ts';
import { NewDeliveryAddressCodec } from '../../api/delivery';
import type { AddressRecord } from '../state';

export const SeedAddressCodec = t.intersection([NewDeliveryAddressCodec, t.type({ Latitude: t.number, Longitude: t.number })]);
export type SeedAddress = t.TypeOf<typeof SeedAddressCodec>;

/** The seed's addresses of one account, as the sandbox stores them: `addr_seed_{user}_{n}`. */
export function seededAddresses(userIndex: number, userId: string, addresses: readonly SeedAddress[]): Record<string, AddressRecord> {
  const records: Record<string, AddressRecord> = {};
  addresses.forEach((address, i) => {
    const id = `addr_seed_${userIndex + 1}_${i + 1}`;
    records[id] = { ...address, Id: id, userId };
  });
  return records;
}
