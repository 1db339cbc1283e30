// A delivery address, added or edited (account-and-session.md sections 3 and 5): the form's own rules first, then
// Delivery/Address/Validate; the API's problems show beside their fields, and a valid address is shown as the API
// formatted it for the shopper to accept before it is saved. The state is prefilled from the postal code.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useState } from 'react';
import {
  EMPTY_ADDRESS,
  addressFromValues,
  prefillAddressState,
  problemsByField,
  validateAddress,
  type AddressField,
  type AddressValues,
  type DeliveryAddressFields,
} from '../../domain/delivery/address';
import { ADDRESS_CHECK_WAITS, ADDRESS_PROBLEMS, ADDRESS_SAVE_WAITS } from '../../domain/delivery/messages';
import { NAME_LIMIT, NOTES_LIMIT } from '../../domain/forms/messages';
import { loadZipTable } from '../../domain/postal/loadZipTable';
import { useNetworkAction } from '../hooks/useNetworkAction';
import { FormWaiting } from './FormFailure';
import { TextField } from './TextField';
import { useForm } from './useForm';
import './deliveryAddressForm.css';

/** What Validate answered, as the form needs it. */
export interface CheckedAddress {
  readonly valid: boolean;
  readonly address: DeliveryAddressFields & { readonly FormattedAddress?: string | undefined };
  readonly problems: readonly string[];
}

export interface DeliveryAddressFormProps {
  readonly title: string;
  readonly initial?: AddressValues | undefined;
  readonly check: (address: DeliveryAddressFields) => Promise<E.Either<string, CheckedAddress>>;
  /** Saves the accepted address; a Left is shown and the shopper may try again. */
  readonly accept: (address: DeliveryAddressFields) => Promise<E.Either<string, unknown>>;
  readonly onCancel?: (() => void) | undefined;
}

export function DeliveryAddressForm({ title, initial, check, accept, onCancel }: DeliveryAddressFormProps) {
  const [problems, setProblems] = useState<Partial<Record<AddressField | 'form', string>>>({});
  const [checked, setChecked] = useState<CheckedAddress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Use This Address saves the address at the API: offline it waits, and goes on by itself once back.
  const acceptAddress = useNetworkAction({
    waits: ADDRESS_SAVE_WAITS,
    run: (address: DeliveryAddressFields) => accept(address),
    onFailure: setFailure,
  });
  const saving = acceptAddress.busy;
  const form = useForm<AddressValues>({
    initial: initial ?? EMPTY_ADDRESS,
    validate: validateAddress,
    normalize: (field, value) => (field === 'state' ? value.toUpperCase() : value),
    submit: async (values) => {
      const answer = await check(addressFromValues(values));
      if (E.isLeft(answer)) return answer;
      if (!answer.right.valid) {
        setProblems(problemsByField(answer.right.problems));
        return E.left(ADDRESS_PROBLEMS);
      }
      setProblems({});
      setChecked(answer.right);
      return E.right(undefined);
    },
    waitsForNetwork: ADDRESS_CHECK_WAITS,
  });
  const { update } = form;
  const postalCode = form.values.postalCode;

  useEffect(() => {
    let live = true;
    loadZipTable().then(
      (table) => live && update((v) => prefillAddressState(v, table)),
      // Without the table the shopper types the state.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [update, postalCode]);

  const field = (name: AddressField) => {
    const own = form.field(name);
    return {
      ...own,
      error: own.error ?? problems[name],
      onChange: (value: string) => {
        if (problems[name]) setProblems((p) => ({ ...p, [name]: undefined }));
        own.onChange(value);
      },
    };
  };

  if (checked) {
    const { FormattedAddress: _formatted, ...address } = checked.address;
    return (
      <section className="address-form-confirm" aria-label="Confirm Address">
        <h3 className="address-form-title">Is this your address?</h3>
        <address className="address-form-formatted">{checked.address.FormattedAddress}</address>
        {failure ? (
          <p className="notice notice-danger" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="address-form-actions">
          <button type="button" className="btn btn-primary" onClick={() => acceptAddress.press(address)} disabled={saving} aria-busy={saving || undefined}>
            Use This Address
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setChecked(null)} disabled={saving}>
            Edit Address
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="address-form" {...form.formProps()} aria-label={title}>
      <h3 className="address-form-title">{title}</h3>
      <div className="address-form-row">
        <TextField label="First Name" {...field('firstName')} autoComplete="shipping given-name" required />
        <TextField label="Last Name" {...field('lastName')} autoComplete="shipping family-name" required />
      </div>
      <TextField label="Organization (optional)" {...field('organization')} autoComplete="shipping organization" />
      <TextField label="Address Line 1" {...field('addressLine1')} autoComplete="shipping address-line1" required />
      <TextField label="Address Line 2 (optional)" {...field('addressLine2')} autoComplete="shipping address-line2" />
      <div className="address-form-place">
        <TextField label="City" {...field('city')} autoComplete="shipping address-level2" required />
        <TextField label="State" {...field('state')} autoComplete="shipping address-level1" required placeholder="NY" />
        <TextField label="Postal Code" {...field('postalCode')} autoComplete="shipping postal-code" inputMode="numeric" required />
      </div>
      <div className="address-form-row">
        <TextField label="Phone Number (optional)" {...field('phone')} type="tel" autoComplete="shipping tel" />
        <TextField label="Nickname (optional)" {...field('nickname')} placeholder="Home" limit={NAME_LIMIT} />
      </div>
      <TextField label="Delivery Instructions (optional)" {...field('instructions')} multiline limit={NOTES_LIMIT} />
      {problems.form ? (
        <p className="notice notice-danger" role="alert">
          {problems.form}
        </p>
      ) : null}
      {form.failure && form.failure !== ADDRESS_PROBLEMS ? (
        <p className="notice notice-danger" role="alert">
          {form.failure}
        </p>
      ) : null}
      <FormWaiting words={form.waiting} />
      <div className="address-form-actions">
        <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          Check Address
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
