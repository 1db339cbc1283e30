// 'Personal Info' for guests (ordering.md sections 2, 4 and 5): first and last name, email and phone, each field
// stopping at its first failing rule; 'Continue' saves them and shows them, 'Change it' goes back to the form.
import * as E from 'fp-ts/lib/Either.js';
import { useRef, useState, type FormEvent } from 'react';
import { GUEST_INITIAL_VALUES, validateGuest, type GuestValues } from '../../../domain/forms/guest';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { useCommands } from '../../runtime/RuntimeContext';
import { CheckoutSection } from '../../components/CheckoutSection';
import { TextField } from '../../forms/TextField';
import { useFocusHandoff } from '../../hooks/useFocusHandoff';
import { useStateSlice } from '../../hooks/useStateSlice';

export function GuestBlock({ step }: { readonly step: number }) {
  const commands = useCommands();
  const guest = useStateSlice((s) => s.checkout.guest);
  // The form keeps what was typed across 'Change it', so the shopper edits rather than retypes.
  const [values, setValues] = useState<GuestValues>(guest ?? GUEST_INITIAL_VALUES);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { handOff, focusTarget } = useFocusHandoff<'display' | 'form'>();
  const errors = validateGuest(values);
  const shown = submitted ? errors : {};
  const set = (field: keyof GuestValues) => (value: string) => setValues((v) => ({ ...v, [field]: field === 'phone' ? maskPhoneInput(value) : value }));

  if (guest !== null) {
    return (
      <CheckoutSection
        step={step}
        title="Personal Info"
        done
        action={
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setValues(guest);
              setSubmitted(false);
              handOff('form');
              void commands.editGuest();
            }}
          >
            Change it<span className="visually-hidden"> (personal info)</span>
          </button>
        }
      >
        <div className="checkout-display-lines" ref={focusTarget('display')} tabIndex={-1} role="group" aria-label="Your personal info">
          <p className="checkout-display-title">
            {guest.firstName} {guest.lastName}
          </p>
          <p className="checkout-display-line">{guest.email}</p>
          <p className="checkout-display-line">{formatPhone(guest.phone)}</p>
        </div>
      </CheckoutSection>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    handOff('display');
    const result = await commands.saveGuest(values);
    setSaving(false);
    if (E.isLeft(result)) setSubmitted(true);
  };

  return (
    <CheckoutSection step={step} title="Personal Info">
      <form
        ref={(element) => {
          formRef.current = element;
          focusTarget('form')(element);
        }}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Personal Info"
      >
        <p className="muted checkout-lead">We will send your receipt and order updates here.</p>
        <div className="checkout-grid-2">
          <TextField label="First Name" value={values.firstName} onChange={set('firstName')} error={shown.firstName} autoComplete="given-name" required />
          <TextField label="Last Name" value={values.lastName} onChange={set('lastName')} error={shown.lastName} autoComplete="family-name" required />
          <TextField
            label="Email Address"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={shown.email}
            autoComplete="email"
            inputMode="email"
            required
          />
          <TextField
            label="Phone Number"
            type="tel"
            value={values.phone}
            onChange={set('phone')}
            error={shown.phone}
            autoComplete="tel-national"
            inputMode="tel"
            required
            placeholder="555-555-0100"
          />
        </div>
        <div className="checkout-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            Continue
          </button>
        </div>
      </form>
    </CheckoutSection>
  );
}
