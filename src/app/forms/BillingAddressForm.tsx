// The billing address after a card is tokenized (ordering.md sections 4 and 5): the postal code comes from the card
// and is read-only, the state and the city are prefilled from it (the ZIP table loads on first use, the city names
// once the browser is idle); Address Line 1, City and State are required. Back returns to the provider's 'Card Info' page. An address kept from a refused card opens filled in. The page may
// also send the form itself ('Place Order' using the card without 'Use This Card'): `onBind` hands it the way to.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TokenizedCard } from '../../api/payments/cardTokenizer';
import {
  billingAddressInitialValues,
  prefillBillingCity,
  prefillBillingState,
  validateBillingAddress,
  type BillingAddressValues,
} from '../../domain/forms/billingAddress';
import { loadZipCities } from '../../domain/postal/loadZipCities';
import { loadZipTable } from '../../domain/postal/loadZipTable';
import { CARD_SAVE_WAITS } from '../../domain/payments/messages';
import { CardSummaryLine } from '../components/cards/CardSummaryLine';
import { FormWaiting } from './FormFailure';
import { TextField } from './TextField';
import { useForm } from './useForm';
import '../components/checkoutBlocks.css';

const CITY_AUTOCOMPLETE = 'billing address-level2';

/** What the card line says while a card the shopper asked to keep is being saved to the account. */
export const PENDING_CARD = 'Saving your card…';

export interface BillingAddressFormProps {
  readonly card: TokenizedCard;
  /** Signed-in shoppers may keep the card for next time. */
  readonly canRemember: boolean;
  /**
   * My Cards' 'Add a card': the card is saved to the account, nothing else, so there is no box to tick and the button
   * says 'Save Card'.
   */
  readonly savesToAccount?: boolean;
  /** 'Back' to the card provider's page; without it (the card's fields stay above the form) there is none. */
  readonly onBack?: (() => void) | undefined;
  readonly onSubmit: (values: BillingAddressValues, remember: boolean) => Promise<string | null>;
  /** An address the shopper already gave (with a card that was refused): offered again, not typed again. */
  readonly kept?: Partial<BillingAddressValues>;
  /**
   * Told, as the form changes, whether every field is valid and how to send it as 'Use This Card' does (answering
   * whether it was used; a failure shows in the form, with what was typed kept).
   */
  readonly onBind?: (binding: { readonly complete: boolean; readonly submit: () => Promise<boolean> }) => void;
  /** The fields and buttons wait (the page is using what the form holds). */
  readonly locked?: boolean;
  /** Told each change the shopper (or a prefill) makes, not what the form opened with: the page keeps it as a draft. */
  readonly onEdit?: (values: BillingAddressValues) => void;
}

export function BillingAddressForm({
  card,
  canRemember,
  savesToAccount = false,
  onBack,
  onSubmit,
  kept,
  onBind,
  locked = false,
  onEdit,
}: BillingAddressFormProps) {
  const [ticked, setTicked] = useState(true);
  const remember = savesToAccount || ticked;
  const form = useForm<BillingAddressValues>({
    initial: { ...billingAddressInitialValues(card.postalCode, undefined), ...kept, postalCode: card.postalCode },
    validate: validateBillingAddress,
    normalize: (field, value) => (field === 'state' ? value.toUpperCase() : value),
    submit: async (values) => {
      const problem = await onSubmit(values, (canRemember || savesToAccount) && remember);
      return problem === null ? E.right(undefined) : E.left(problem);
    },
    // A card to remember is registered with the API; one for this order only stays in the page and needs no network.
    ...((canRemember || savesToAccount) && remember ? { waitsForNetwork: CARD_SAVE_WAITS } : {}),
  });
  const { update, submit } = form;
  const pending = form.saving && (canRemember || savesToAccount) && remember;
  // A city the shopper changed, even to nothing, is theirs: names arriving later leave it alone. So is the box while
  // they are in it: a name filled in under the caret would run into what they type next.
  const cityChanged = useRef(false);
  cityChanged.current = form.state.changed.city === true;
  const complete = Object.keys(form.errors).length === 0;
  useEffect(() => onBind?.({ complete, submit }), [onBind, complete, submit]);
  const edited = useRef(form.values);
  const tell = useRef(onEdit);
  tell.current = onEdit;
  useEffect(() => {
    if (edited.current === form.values) return;
    edited.current = form.values;
    tell.current?.(form.values);
  }, [form.values]);

  useEffect(() => {
    let live = true;
    loadZipTable().then(
      (table) => live && update((v) => prefillBillingState(v, table)),
      // Without the table the shopper types the state.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [update]);

  // The city names (about 105 KB gzip, a chunk of their own) are fetched once the form has painted and the browser is
  // idle, so they are in while the shopper types the street; requestIdleCallback, with a timer where it is missing.
  useEffect(() => {
    let live = true;
    const load = () =>
      loadZipCities().then(
        ({ table, cities }) => {
          // Checked and shown in one task: a render scheduled for later could land between the shopper's click into
          // the box and their first key.
          if (live && !cityChanged.current && !cityFocused()) flushSync(() => update((v) => prefillBillingCity(v, table, cities)));
        },
        // Without the names the shopper types the city.
        () => undefined,
      );
    let idleId: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(() => void load(), { timeout: 2000 });
    else timer = setTimeout(() => void load(), 500);
    return () => {
      live = false;
      if (idleId !== undefined) window.cancelIdleCallback(idleId);
      clearTimeout(timer);
    };
  }, [update]);

  return (
    <form className="checkout-card-form" {...form.formProps()} aria-label="Billing Address">
      <h3 className="checkout-subheading">Billing Address</h3>
      <fieldset className="checkout-locked" disabled={locked || pending}>
        <p className="checkout-billing-card">
          <CardSummaryLine card={{ key: 'new', brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, saved: false }} />
          {/* The new card is pending while the API registers it (account-and-session.md section 4), then saved. */}
          <span className="checkout-card-pending" role="status">
            {pending ? PENDING_CARD : ''}
          </span>
        </p>
        <TextField label="Address Line 1" {...form.field('addressLine1')} autoComplete="billing address-line1" required />
        <TextField label="Address Line 2 (optional)" {...form.field('addressLine2')} autoComplete="billing address-line2" />
        <div className="checkout-grid-3 checkout-billing-place">
          <TextField label="City" {...form.field('city')} autoComplete={CITY_AUTOCOMPLETE} required />
          <TextField label="State" {...form.field('state')} autoComplete="billing address-level1" required placeholder="NY" />
          <TextField label="Postal Code" value={card.postalCode} onChange={() => undefined} readOnly hint="From your card" />
        </div>
        {canRemember && !savesToAccount ? (
          <label className="checkout-check">
            <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
            <span>Save this card for next time</span>
          </label>
        ) : null}
        {form.failure ? (
          <p className="notice notice-danger" role="alert">
            {form.failure}
          </p>
        ) : null}
        <FormWaiting words={form.waiting} />
        <div className="checkout-actions">
          {onBack ? (
            <button type="button" className="btn btn-ghost" onClick={onBack}>
              Back
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
            {savesToAccount ? 'Save Card' : 'Use This Card'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** Whether the caret is in the City box (the one field of the form with this autocomplete token). */
function cityFocused(): boolean {
  const focused = document.activeElement;
  return focused instanceof HTMLInputElement && focused.autocomplete === CITY_AUTOCOMPLETE;
}
