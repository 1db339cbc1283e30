// 'Personal Info' for guests (ordering.md sections 2, 4 and 5): first and last name, email and phone, each field
// stopping at its first failing rule; 'Continue' saves them and shows them, 'Change it' goes back to the form.
import { GUEST_INITIAL_VALUES, validateGuest, type GuestValues } from '../../../domain/forms/guest';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { useCommands } from '../../runtime/RuntimeContext';
import { CheckoutSection } from '../../components/CheckoutSection';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useFocusHandoff } from '../../hooks/useFocusHandoff';
import { useStateSlice } from '../../hooks/useStateSlice';

export function GuestBlock({ step }: { readonly step: number }) {
  const commands = useCommands();
  const guest = useStateSlice((s) => s.checkout.guest);
  const { handOff, focusTarget } = useFocusHandoff<'display' | 'form'>();
  // The form keeps what was typed across 'Change it', so the shopper edits rather than retypes.
  const form = useForm<GuestValues>({
    initial: guest ?? GUEST_INITIAL_VALUES,
    validate: validateGuest,
    normalize: (field, value) => (field === 'phone' ? maskPhoneInput(value) : value),
    submit: (values) => {
      handOff('display');
      return commands.saveGuest(values);
    },
  });

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
              form.reset(guest);
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

  return (
    <CheckoutSection step={step} title="Personal Info">
      <form {...form.formProps(focusTarget('form'))} aria-label="Personal Info">
        <p className="muted checkout-lead">We will send your receipt and order updates here.</p>
        <div className="checkout-grid-2">
          <TextField label="First Name" {...form.field('firstName')} autoComplete="given-name" required />
          <TextField label="Last Name" {...form.field('lastName')} autoComplete="family-name" required />
          <TextField label="Email Address" type="email" {...form.field('email')} autoComplete="email" inputMode="email" required />
          <TextField label="Phone Number" type="tel" {...form.field('phone')} autoComplete="tel-national" inputMode="tel" required placeholder="555-555-0100" />
        </div>
        {form.failure ? (
          <p className="field-error" role="alert">
            {form.failure}
          </p>
        ) : null}
        <div className="checkout-actions">
          <button type="submit" className="btn btn-primary" disabled={form.saving}>
            Continue
          </button>
        </div>
      </form>
    </CheckoutSection>
  );
}
