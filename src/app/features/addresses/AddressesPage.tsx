// /my-addresses (account-and-session.md sections 3 and 4): the account's delivery addresses, the selected one marked,
// with Deliver Here, Edit and Delete; Add Address. Every address goes through Validate and the shopper accepts the
// formatted address before it is saved. Our empty state: "You don't have any saved addresses."
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useState } from 'react';
import { addressLabel, formatAddress, valuesFromAddress, type DeliveryAddressFields } from '../../../domain/delivery/address';
import { ADDRESS_CHOOSE_WAITS, ADDRESS_DELETE_WAITS, ADDRESS_DELETED, ADDRESS_SAVED } from '../../../domain/delivery/messages';
import type { SavedAddress } from '../../../events/facts/delivery';
import { DeliveryAddressForm } from '../../forms/DeliveryAddressForm';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import './addresses.css';

export const NO_ADDRESSES = "You don't have any saved addresses.";

export function AddressesPage() {
  usePageTitle('My Addresses');
  return <AddressBook />;
}

/** 'new' adds an address; an id edits that one. */
type Editing = 'new' | string | null;

function AddressBook() {
  const commands = useCommands();
  const addresses = useStateSlice((s) => s.account.addresses);
  const selectedId = useStateSlice((s) => s.account.selectedAddressId);
  const [editing, setEditing] = useState<Editing>(null);
  // The list is read when the page opens (a sign-in does not load it).
  useEffect(() => {
    void commands.loadAddresses();
  }, [commands]);

  const check = async (address: DeliveryAddressFields) => {
    const answer = await commands.validateDeliveryAddress(address);
    return E.map((v: { Valid: boolean; Address: DeliveryAddressFields & { FormattedAddress?: string | undefined }; Problems: string[] }) => ({
      valid: v.Valid,
      address: v.Address,
      problems: v.Problems,
    }))(answer);
  };
  const save = (id: string | undefined) => async (address: DeliveryAddressFields) => {
    const saved = await commands.saveDeliveryAddress(address, id);
    if (E.isRight(saved)) {
      setEditing(null);
      notify.success(ADDRESS_SAVED);
    }
    return saved;
  };
  const remove = useNetworkAction({
    waits: ADDRESS_DELETE_WAITS,
    run: async (address: SavedAddress) => {
      const removed = await commands.deleteDeliveryAddress(address.Id);
      if (E.isRight(removed)) notify.success(ADDRESS_DELETED);
      return removed;
    },
  });
  // Choosing is kept in the log alone; only the address book's code may not be on this device yet.
  const select = useNetworkAction({
    waits: ADDRESS_CHOOSE_WAITS,
    tryOffline: true,
    run: (address: SavedAddress) => commands.selectDeliveryAddress(address.Id),
  });

  return (
    <div className="container addresses-page">
      <h1>My Addresses</h1>
      {addresses.length === 0 ? <p className="card addresses-row">{NO_ADDRESSES}</p> : null}
      <ul className="addresses-list">
        {addresses.map((address) => (
          <li key={address.Id} className="card addresses-row">
            {editing === address.Id ? (
              <DeliveryAddressForm
                title={`Edit ${addressLabel(address)}`}
                initial={valuesFromAddress(address)}
                check={check}
                accept={save(address.Id)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <AddressRow
                address={address}
                selected={address.Id === selectedId}
                onSelect={() => select.press(address)}
                onEdit={() => setEditing(address.Id)}
                onDelete={() => remove.press(address)}
              />
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <div className="card addresses-row">
          <DeliveryAddressForm title="Add Address" check={check} accept={save(undefined)} onCancel={() => setEditing(null)} />
        </div>
      ) : (
        <button type="button" className="btn btn-primary addresses-add" onClick={() => setEditing('new')}>
          Add Address
        </button>
      )}
    </div>
  );
}

function AddressRow(props: {
  readonly address: SavedAddress;
  readonly selected: boolean;
  readonly onSelect: () => void;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
}) {
  const { address, selected } = props;
  const label = addressLabel(address);
  const who = [address.FirstName, address.LastName].filter(Boolean).join(' ');
  return (
    <div className="addresses-entry">
      <div className="addresses-text">
        <p className="addresses-label">{label}</p>
        <address className="addresses-address">{formatAddress(address)}</address>
        {who || address.Organization ? <p className="muted">{[who, address.Organization].filter(Boolean).join(', ')}</p> : null}
        {address.Instructions ? <p className="muted addresses-instructions">{address.Instructions}</p> : null}
      </div>
      <div className="addresses-actions">
        {selected ? (
          <span className="addresses-selected">Selected</span>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={props.onSelect}>
            Deliver Here<span className="visually-hidden"> ({label})</span>
          </button>
        )}
        <button type="button" className="btn btn-link" onClick={props.onEdit}>
          Edit<span className="visually-hidden"> {label}</span>
        </button>
        <button type="button" className="btn btn-link" onClick={props.onDelete}>
          Delete<span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </div>
  );
}
