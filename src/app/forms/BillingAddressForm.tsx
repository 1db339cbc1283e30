// The billing address after a card is tokenized (ordering.md sections 4 and 5): the postal code comes from the card
// and is read-only, the state is prefilled from it (the ZIP table loads on first use); Address Line 1, City and
// State are required. Back returns to 'Card Info'.
import { useEffect, useState, type FormEvent } from 'react';
import type { TokenizedCard } from '../../api/payments/cardTokenizer';
import { billingAddressInitialValues, prefillBillingState, validateBillingAddress, type BillingAddressValues } from '../../domain/forms/billingAddress';
import { loadZipTable } from '../../domain/postal/loadZipTable';
import { CardSummaryLine } from '../components/cards/CardSummaryLine';
import { TextField } from './TextField';

export interface BillingAddressFormProps {
  readonly card: TokenizedCard;
  /** Signed-in shoppers may keep the card for next time. */
  readonly canRemember: boolean;
  readonly onBack: () => void;
  readonly onSubmit: (values: BillingAddressValues, remember: boolean) => Promise<string | null>;
}

export function BillingAddressForm({ card, canRemember, onBack, onSubmit }: BillingAddressFormProps) {
  const [values, setValues] = useState<BillingAddressValues>(() => billingAddressInitialValues(card.postalCode, undefined));
  const [remember, setRemember] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = submitted ? validateBillingAddress(values) : {};
  const set = (field: keyof BillingAddressValues) => (value: string) => setValues((v) => ({ ...v, [field]: field === 'state' ? value.toUpperCase() : value }));

  useEffect(() => {
    let live = true;
    loadZipTable().then(
      (table) => live && setValues((v) => prefillBillingState(v, table)),
      // Without the table the shopper types the state.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const form = event.currentTarget;
    if (Object.values(validateBillingAddress(values)).some(Boolean)) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setPending(true);
    const problem = await onSubmit(values, canRemember && remember);
    setPending(false);
    setFailure(problem);
  };

  return (
    <form className="checkout-card-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Billing Address">
      <h3 className="checkout-subheading">Billing Address</h3>
      <p className="checkout-billing-card">
        <CardSummaryLine card={{ key: 'new', brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, saved: false }} />
      </p>
      <TextField
        label="Address Line 1"
        value={values.addressLine1}
        onChange={set('addressLine1')}
        error={errors.addressLine1}
        autoComplete="billing address-line1"
        required
      />
      <TextField label="Address Line 2 (optional)" value={values.addressLine2} onChange={set('addressLine2')} autoComplete="billing address-line2" />
      <div className="checkout-grid-3 checkout-billing-place">
        <TextField label="City" value={values.city} onChange={set('city')} error={errors.city} autoComplete="billing address-level2" required />
        <TextField
          label="State"
          value={values.state}
          onChange={set('state')}
          error={errors.state}
          autoComplete="billing address-level1"
          required
          placeholder="NY"
        />
        <TextField label="Postal Code" value={values.postalCode} onChange={() => undefined} readOnly hint="From your card" />
      </div>
      {canRemember ? (
        <label className="checkout-check">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>Save this card for next time</span>
        </label>
      ) : null}
      {failure ? (
        <p className="notice notice-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="checkout-actions">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
          Use This Card
        </button>
      </div>
    </form>
  );
}
