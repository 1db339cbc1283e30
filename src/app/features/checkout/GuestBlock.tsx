// 'Personal Info' for guests (ordering.md sections 2, 4 and 5): first and last name, email and phone, each field
// stopping at its first failing rule; 'Continue' saves them and shows them, 'Change it' goes back to the form.
// A valid form is also saved when the shopper leaves it (or presses 'Place Order'), without 'Continue'; it stays on
// screen as typed, so nothing the shopper is reaching for moves, with its check and no 'Continue' (nothing is left to
// do) until a field changes. Which of the two the block shows is in the log (GuestDetailsSaved's `confirmed`), so a
// replay shows it as the shopper saw it.
// What the form holds is also kept as this tab's draft (formDraft.ts), so a reload finds details only partly typed.
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GuestDetails } from '../../../events/catalogue';
import { withGuestDraft } from '../../../domain/forms/checkoutDraft';
import { GUEST_INITIAL_VALUES, validateGuest, type GuestValues } from '../../../domain/forms/guest';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { rememberReturnUrl } from '../../shell/returnUrl';
import { useOfferDraft } from './checkoutDrafts';
import { keepCheckoutDraft, readCheckoutDraft, useDraftAnchor } from './formDraft';
import { CheckoutSection } from '../../components/CheckoutSection';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useFocusHandoff } from '../../hooks/useFocusHandoff';
import { useStateSlice } from '../../hooks/useStateSlice';
import { FormFailure } from '../../forms/FormFailure';

/** What saving these values would record (the command trims them). */
function sameDetails(values: GuestValues, saved: GuestDetails | null): boolean {
  return (
    saved !== null &&
    values.firstName.trim() === saved.firstName &&
    values.lastName.trim() === saved.lastName &&
    values.email.trim() === saved.email &&
    values.phone.trim() === saved.phone
  );
}

export function GuestBlock({ step }: { readonly step: number }) {
  const commands = useCommands();
  const views = useViews();
  const navigate = useNavigate();
  const guest = useStateSlice((s) => s.checkout.guest);
  const { handOff, focusTarget } = useFocusHandoff<'display' | 'form'>();
  // Saved without 'Continue': the form stays as the shopper left it, until 'Continue'.
  const confirmed = useStateSlice((s) => s.checkout.guestConfirmed);
  // The save under way, so 'Place Order' waits for it rather than saving the same details twice.
  const saving = useRef<Promise<boolean>>(Promise.resolve(true));
  // 'Continue' was pressed: the form is on its way out (the browser may report the focus leaving it as it goes).
  const continuing = useRef(false);

  /** Saves the values unless the log already holds them; the log's guest is read fresh, not from the last render. */
  const persist = useCallback(
    (values: GuestValues): Promise<boolean> => {
      const run = saving.current.then(async () => {
        if (sameDetails(values, views.state.get().checkout.guest)) return true;
        return E.isRight(await commands.saveGuest(values, false));
      });
      saving.current = run;
      return run;
    },
    [commands, views],
  );

  const anchor = useDraftAnchor();
  const showForm = guest === null || !confirmed;
  // The form keeps what was typed across 'Change it', so the shopper edits rather than retypes; after a reload, what
  // was typed before it.
  const [initial] = useState(() => (showForm ? readCheckoutDraft(anchor).guest : null) ?? guest ?? GUEST_INITIAL_VALUES);
  const form = useForm<GuestValues>({
    initial,
    validate: validateGuest,
    normalize: (field, value) => (field === 'phone' ? maskPhoneInput(value) : value),
    submit: async (values) => {
      handOff('display');
      continuing.current = true;
      await saving.current;
      // The same details kept as typed are confirmed now; confirmed ones are not saved again (the command decides).
      const saved = await commands.saveGuest(values, true);
      if (E.isLeft(saved)) continuing.current = false;
      // Given in full, the details are the log's now: no draft of them is kept.
      else keepCheckoutDraft(anchor, (draft) => withGuestDraft(draft, null));
      return saved;
    },
  });
  const valid = Object.keys(form.errors).length === 0;
  const { submit, values } = form;

  // Leaving the whole form (not moving between its fields): valid details are saved; details that no longer pass
  // take back the ones saved before, so an order never goes out with details the shopper has since changed.
  const left = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (continuing.current || (next instanceof Node && event.currentTarget.contains(next))) return;
    if (valid) {
      void persist(values);
    } else if (views.state.get().checkout.guest !== null) {
      void saving.current.then(() => commands.editGuest());
    }
  };

  // Each change the shopper makes is kept (not what the form opened with, nor what it holds once its order is placed).
  const kept = useRef(values);
  useEffect(() => {
    if (kept.current === values) return;
    kept.current = values;
    if (showForm) keepCheckoutDraft(anchor, (draft) => withGuestDraft(draft, values));
  }, [values, showForm, anchor]);

  const draft = useMemo(
    () =>
      showForm
        ? {
            covers: 'identity' as const,
            complete: valid,
            // An incomplete form is judged as 'Continue' judges it: its messages shown, the first field to fix focused.
            save: async () => {
              if (!valid) return submit();
              return persist(values);
            },
          }
        : null,
    [showForm, valid, submit, persist, values],
  );
  useOfferDraft('guest', draft);

  const signIn = () => {
    // As the bag's 'Sign In / Register' does (account-and-session.md section 4): back to checkout once signed in.
    rememberReturnUrl('/checkout');
    navigate('/sign-in');
  };

  if (!showForm && guest !== null) {
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
              continuing.current = false;
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

  const saved = sameDetails(values, guest);
  return (
    // Saved on leaving, the block shows its check while the form still holds what was saved.
    <CheckoutSection step={step} title="Personal Info" done={saved}>
      <form {...form.formProps(focusTarget('form'))} aria-label="Personal Info" onBlur={left}>
        <p className="muted checkout-lead">
          We will send your receipt and order updates here. Have an account?{' '}
          <button type="button" className="btn btn-link checkout-inline-link" onClick={signIn}>
            Sign In / Register
          </button>
        </p>
        <div className="checkout-grid-2">
          <TextField label="First Name" {...form.field('firstName')} autoComplete="given-name" required />
          <TextField label="Last Name" {...form.field('lastName')} autoComplete="family-name" required />
          <TextField label="Email Address" type="email" {...form.field('email')} autoComplete="email" inputMode="email" required />
          <TextField label="Phone Number" type="tel" {...form.field('phone')} autoComplete="tel-national" inputMode="tel" required placeholder="555-555-0100" />
        </div>
        <FormFailure failure={form.failure} />
        {/* Saved as it stands (on leaving the form), there is nothing left to continue: the block's check says so. The
            button's room is kept (hidden, not removed), so the blocks below do not move under the shopper's thumb. */}
        <div className={`checkout-actions${saved ? ' is-settled' : ''}`}>
          <button type="submit" className="btn btn-primary" disabled={form.saving}>
            Continue
          </button>
        </div>
      </form>
    </CheckoutSection>
  );
}
